package dev.sextant.model.data.quality;

import dev.sextant.model.data.quality.QualityParam.Kind;
import java.util.List;

/**
 * A signal the documents already carry: a number in a field the run names (a quality classifier's score, as FineWeb-Edu
 * keeps pages whose {@code int_score} is at least 3 (Penedo et al. 2024, §4); a perplexity computed elsewhere, as CCNet
 * keeps the head of its perplexity distribution (Wenzek et al. 2020)), kept between a least and a most value. A
 * document without a number in the field is removed ({@code score_missing}): a score that was never computed is not a
 * pass. With neither bound the family removes nothing but missing scores, and the field travels with the kept lines as a
 * curriculum or difficulty key.
 */
final class ScoreFilter implements QualityFamily {

    static final String NAME = "score";

    private static final List<QualityParam> PARAMS = List.of(
            new QualityParam(NAME, "min", Kind.VALUE, Double.NaN, Double.NaN, "least score kept (off: no least)"),
            new QualityParam(NAME, "max", Kind.VALUE, Double.NaN, Double.NaN, "most score kept (off: no most)"));

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
        double score = doc.score();
        if (Double.isNaN(score) && probe.removes(NAME, "score_missing", null, Double.NaN, false, true)) {
            return new Removal(NAME, "score_missing", Double.NaN, Double.NaN);
        }
        double min = s.get(NAME, "min");
        // measured whether or not a least value is set: the histogram a least value is chosen from
        if (probe.removes(NAME, "score_below_min", "min", score, true, !Double.isNaN(min) && score < min)) {
            return new Removal(NAME, "score_below_min", score, min);
        }
        double max = s.get(NAME, "max");
        if (!Double.isNaN(max) && probe.removes(NAME, "score_above_max", "max", score, false, score > max)) {
            return new Removal(NAME, "score_above_max", score, max);
        }
        return null;
    }
}
