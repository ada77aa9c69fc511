package dev.sextant.model.io.trainlog;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The names a step column goes by in metric exports: W&amp;B's {@code _step}, {@code trainer/global_step}, MLflow's
 * {@code step}, LLaMA-Factory's {@code current_steps} (its trainer_log.jsonl).
 */
final class StepColumns {

    static final List<String> NAMES = List.of(
            "step",
            "_step",
            "global_step",
            "trainer/global_step",
            "train/global_step",
            "iteration",
            "iter",
            "current_steps");

    private StepColumns() {}

    /** The first of {@code names} that names a step column, in the order of preference above. */
    static Optional<String> find(Iterable<String> names) {
        String best = null;
        int rank = Integer.MAX_VALUE;
        for (String n : names) {
            int i = NAMES.indexOf(n.strip().toLowerCase(Locale.ROOT));
            if (i >= 0 && i < rank) {
                rank = i;
                best = n;
            }
        }
        return Optional.ofNullable(best);
    }
}
