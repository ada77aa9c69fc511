package dev.sextant.model.evaluation;

import dev.sextant.model.InputError;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The checks an index built by hand passes before it is kept: those a weight table and mix file pass when read
 * ({@code IndexTablesCsv}), each naming the row and field at fault.
 */
public final class IndexEdits {

    private IndexEdits() {}

    /** @param mix category → share, or null */
    public static void check(List<BenchmarkWeight> weights, Map<String, Double> mix) {
        if (weights.isEmpty()) {
            throw new InputError("index.benchmark", "the index has no benchmarks: add at least one row");
        }
        Set<String> seen = new HashSet<>();
        double total = 0;
        for (int i = 0; i < weights.size(); i++) {
            BenchmarkWeight w = weights.get(i);
            String row = "row " + (i + 1) + ": ";
            if (w.benchmark() == null || w.benchmark().isBlank()) {
                throw new InputError("index.benchmark", row + "name the benchmark");
            }
            if (!seen.add(w.benchmark().strip())) {
                throw new InputError("index.benchmark", row + "benchmark '" + w.benchmark() + "' is listed twice");
            }
            if (!(w.weight() >= 0) || Double.isInfinite(w.weight())) {
                throw new InputError(
                        "index.weight",
                        row + "the weight of '" + w.benchmark() + "' must be a number ≥ 0, got " + w.weight());
            }
            if (w.baseline() != null && !(w.baseline() >= 0 && w.baseline() < 1)) {
                throw new InputError(
                        "index.baseline",
                        row + "the random-guess baseline of '" + w.benchmark() + "' lies in [0, 1), got "
                                + w.baseline());
            }
            total += w.weight();
        }
        if (!(total > 0)) {
            throw new InputError("index.weight", "all weights are zero: give at least one benchmark a positive weight");
        }
        if (mix == null || mix.isEmpty()) {
            return;
        }
        double shares = 0;
        for (Map.Entry<String, Double> e : mix.entrySet()) {
            if (e.getKey() == null || e.getKey().isBlank()) {
                throw new InputError("index.category", "name every category of the workload mix");
            }
            if (e.getValue() == null || !(e.getValue() >= 0) || e.getValue().isInfinite()) {
                throw new InputError("index.share", "the share of '" + e.getKey() + "' must be a number ≥ 0");
            }
            shares += e.getValue();
        }
        if (!(shares > 0)) {
            throw new InputError("index.share", "all shares of the workload mix are zero");
        }
    }
}
