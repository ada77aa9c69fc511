package dev.sextant.model.evaluation;

import dev.sextant.model.InputError;
import java.util.Objects;

/**
 * One model's score on one benchmark item, possibly one of several samples (repeats) of that item, with the sampling
 * configuration it was produced under when the source says.
 *
 * @param clusterId items sharing a cluster (e.g. questions on one passage) are not independent; null when unknown
 * @param sample    repeat index for several answers to one item; null when there is one
 */
public record ItemScore(
        String model,
        String benchmark,
        String itemId,
        double score,
        String clusterId,
        Integer sample,
        Double temperature,
        Double topP,
        Long seed) {

    public ItemScore {
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(benchmark, "benchmark");
        Objects.requireNonNull(itemId, "itemId");
        if (!Double.isFinite(score)) {
            throw new InputError("evaluation.score", "score must be finite");
        }
    }

    /** "temperature=…, top_p=…, seed=…" for what the source disclosed, or "undisclosed". */
    public String samplingConfig() {
        StringBuilder sb = new StringBuilder();
        if (temperature != null) {
            sb.append("temperature=").append(trim(temperature));
        }
        if (topP != null) {
            sb.append(sb.length() > 0 ? ", " : "").append("top_p=").append(trim(topP));
        }
        if (seed != null) {
            sb.append(sb.length() > 0 ? ", " : "").append("seed=").append(seed);
        }
        return sb.length() == 0 ? "undisclosed" : sb.toString();
    }

    private static String trim(double v) {
        return v == Math.rint(v) ? String.valueOf((long) v) : String.valueOf(v);
    }
}
