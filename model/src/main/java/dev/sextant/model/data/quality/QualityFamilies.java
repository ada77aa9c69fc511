package dev.sextant.model.data.quality;

import dev.sextant.model.InputError;
import java.util.List;

/** The rule families in the order datatrove's FineWeb pipeline runs them (examples/fineweb.py). */
public final class QualityFamilies {

    private QualityFamilies() {}

    /**
     * Language identification (first, as in FineWeb's pipeline), Gopher repetition, Gopher quality, C4 (whose kept lines the next family sees), FineWeb; then the score a document
     * carries, which comes from a later stage (a classifier run on what the heuristics kept).
     */
    public static final List<QualityFamily> ALL = List.of(
            new LanguageFilter(),
            new GopherRepetition(),
            new GopherQuality(),
            new C4Quality(),
            new FineWebQuality(),
            new ScoreFilter());

    /**
     * The heuristic families a run takes when it names none: Gopher's, C4's and FineWeb's (not the language, which needs
     * the languages to keep, nor the score, which needs a field).
     */
    public static List<QualityFamily> heuristics() {
        return ALL.stream()
                .filter(f -> !f.name().equals(ScoreFilter.NAME) && !f.name().equals(LanguageFilter.NAME))
                .toList();
    }

    /** The family that identifies the language. */
    public static QualityFamily language() {
        return byName(LanguageFilter.NAME, "quality.rules");
    }

    /** The family that keeps documents by a score they carry. */
    public static QualityFamily score() {
        return byName(ScoreFilter.NAME, "quality.rules");
    }

    /** The family a name names; an unknown name is an input error about {@code field}. */
    public static QualityFamily byName(String name, String field) {
        return ALL.stream()
                .filter(f -> f.name().equals(name))
                .findFirst()
                .orElseThrow(() -> new InputError(
                        field,
                        "unknown rule family " + name + ": one of "
                                + String.join(
                                        ", ",
                                        ALL.stream().map(QualityFamily::name).toList())));
    }
}
