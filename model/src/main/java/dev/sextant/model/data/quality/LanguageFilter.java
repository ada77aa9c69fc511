package dev.sextant.model.data.quality;

import dev.sextant.model.data.language.LanguageIdentifier;
import dev.sextant.model.data.language.LanguageScores;
import dev.sextant.model.data.quality.QualityParam.Kind;
import java.util.List;
import java.util.Map;

/**
 * Language identification as datatrove's {@code LanguageFilter} applies it, first in FineWeb's pipeline (Penedo et al.
 * 2024, §3.2: fastText's lid.176, English kept above 0.65): the text with its line breaks as spaces is scored for every
 * language; with languages named, a document stays when one of them scores above its threshold (each language may
 * have its own, else the family's); with none named, when its likeliest language does. The identifier is the run's
 * ({@link Text#languages}): a fastText model gives datatrove's scores; another identifier's confidences are its own.
 */
final class LanguageFilter implements QualityFamily {

    static final String NAME = "language";

    private static final List<QualityParam> PARAMS = List.of(new QualityParam(
            NAME,
            "language_threshold",
            Kind.RATIO,
            0.65,
            0.65,
            "least score a kept language needs (off: the likeliest language decides)"));

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public List<QualityParam> params() {
        return PARAMS;
    }

    @Override
    public Removal judge(Text doc, QualitySettings s, Probe probe) {
        LanguageIdentifier identifier = doc.languages();
        if (identifier == null) {
            throw new IllegalStateException("the language family needs the run's language identifier");
        }
        LanguageScores scores = identifier.scores(doc.text().replace('\n', ' '));
        String top = scores.top();
        doc.identified(top);
        double threshold = s.get(NAME, "language_threshold");
        Map<String, Double> languages = s.languages();
        if (languages.isEmpty()) {
            double v = scores.topScore();
            boolean fails = !Double.isNaN(threshold) && !(v > threshold);
            return probe.removes(NAME, "language_score", "language_threshold", v, true, fails)
                    ? new Removal(NAME, "language_score", v, threshold, top)
                    : null;
        }
        if (Double.isNaN(threshold) && languages.values().stream().allMatch(t -> Double.isNaN(t))) {
            // no threshold: the likeliest language decides
            boolean kept = languages.containsKey(top);
            return probe.removes(NAME, "other_language", null, Double.NaN, true, !kept)
                    ? new Removal(NAME, "other_language", scores.topScore(), Double.NaN, top)
                    : null;
        }
        double best = Double.NEGATIVE_INFINITY;
        double bestThreshold = threshold;
        boolean kept = false;
        for (Map.Entry<String, Double> e : languages.entrySet()) {
            double t = s.languageThreshold(e.getKey());
            double v = scores.score(e.getKey());
            kept |= Double.isNaN(t) ? e.getKey().equals(top) : v > t;
            if (v > best) {
                best = v;
                bestThreshold = t;
            }
        }
        String rule = languages.containsKey(top) ? "language_score" : "other_language";
        return probe.removes(NAME, rule, "language_threshold", best, true, !kept)
                ? new Removal(NAME, rule, best, bestThreshold, top)
                : null;
    }
}
