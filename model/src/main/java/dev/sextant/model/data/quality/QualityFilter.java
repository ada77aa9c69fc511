package dev.sextant.model.data.quality;

import dev.sextant.model.data.language.LanguageIdentifier;
import java.util.ArrayList;
import java.util.List;

/**
 * The chosen families chained as datatrove's FineWeb pipeline chains them: in {@link QualityFamilies#ALL}'s order, each
 * family after C4 judging the lines C4 kept, the first family that removes the document deciding. Each family is also
 * asked on its own (on the text it would see), so that a run can say which documents several families would remove.
 * Thread-safe when its {@link Words} is.
 */
public final class QualityFilter {

    private final List<QualityFamily> families;
    private final QualitySettings settings;
    private final Words words;
    private final LanguageIdentifier languages;

    /** @param chosen the families to run, in any order (they run in datatrove's) */
    public QualityFilter(List<QualityFamily> chosen, QualitySettings settings, Words words) {
        this(chosen, settings, words, null);
    }

    /**
     * @param languages the identifier the {@code language} family asks (needed when it is chosen), or null
     */
    public QualityFilter(
            List<QualityFamily> chosen, QualitySettings settings, Words words, LanguageIdentifier languages) {
        List<String> names = chosen.stream().map(QualityFamily::name).toList();
        this.families = QualityFamilies.ALL.stream()
                .filter(f -> names.contains(f.name()))
                .toList();
        this.settings = settings;
        this.words = words;
        this.languages = languages;
        if (languages == null && this.families.stream().anyMatch(f -> f.name().equals(LanguageFilter.NAME))) {
            throw new IllegalArgumentException("the language family needs a language identifier");
        }
    }

    /** The identifier the language family asks, or null. */
    public LanguageIdentifier languages() {
        return languages;
    }

    public List<QualityFamily> families() {
        return families;
    }

    public QualitySettings settings() {
        return settings;
    }

    /**
     * A document's judgement.
     *
     * @param removal      the pipeline's: the first family's removal, or null when the document stays
     * @param wouldRemove  every family that removes it when asked on its own
     * @param keptText     the text the pipeline passes on when it stays (C4 rewrites it), else null
     * @param language     the language the {@code language} family identified, or null
     */
    public record Judgement(Removal removal, List<Removal> wouldRemove, String keptText, String language) {}

    public Judgement judge(String text) {
        return judge(text, Double.NaN);
    }

    /** @param score the document's score field value (NaN: none), for the {@code score} family */
    public Judgement judge(String text, double score) {
        Text seen = new Text(text, words, score, languages);
        Removal first = null;
        List<Removal> would = new ArrayList<>(families.size());
        for (QualityFamily f : families) {
            Removal r = f.judge(seen, settings);
            if (r != null) {
                would.add(r);
                if (first == null) {
                    first = r;
                }
            } else {
                seen = seen.next(); // C4's kept lines from here on
            }
        }
        return new Judgement(first, List.copyOf(would), first == null ? seen.text() : null, seen.language());
    }

    /**
     * Records what every rule of the chosen families measures on a document, each family on the text it would see if
     * every family before it kept the document (C4's kept lines after C4).
     */
    public void measure(String text, double score, Probe.Measuring into) {
        Text seen = new Text(text, words, score, languages);
        into.document();
        for (QualityFamily f : families) {
            f.judge(seen, settings, into);
            seen = seen.next();
        }
    }
}
