package dev.sextant.app.ui.training;

import static dev.sextant.model.serving.ServingMemory.GIB;

import dev.sextant.app.study.TrainingStudy;
import dev.sextant.app.ui.planning.PlanComparison;
import dev.sextant.app.ui.planning.PlanComparison.Row;
import dev.sextant.model.training.TrainingPlan;
import dev.sextant.model.training.TrainingRequest;
import dev.sextant.workspaces.SavedTrainingPlan;
import java.util.List;
import java.util.Locale;

/** What two kept training plans are compared on. */
final class TrainingComparison {

    private TrainingComparison() {}

    static final List<Row<SavedTrainingPlan>> ROWS = List.of(
            new Row<>("Model", s -> s.request().model().name()),
            new Row<>(
                    "Cluster",
                    s -> s.request().gpus() + " × " + s.request().gpu().name() + ", "
                            + s.request().gpusPerNode() + " per node"),
            new Row<>(
                    "Sequence × batch",
                    s -> s.request().seqLen() + " × " + s.request().globalBatch()),
            new Row<>("Layout", s -> layout(s.plan())),
            new Row<>(
                    "Memory per GPU",
                    s -> String.format(
                            "%.1f of %.1f GiB usable",
                            s.plan().memory().total() / GIB, s.plan().memory().capacity() / GIB),
                    s -> s.plan().memory().total()),
            new Row<>(
                    "Step time (80 % range)",
                    s -> stepWithRange(s.request(), s.plan()) + " s",
                    s -> s.plan().stepTimeSeconds()),
            new Row<>(
                    "TFLOP/s per GPU (80 % range)",
                    s -> TrainingStudy.intervalNow(s.request())
                            .map(i -> {
                                double[] t = i.range(s.plan()).tflopsPerGpu();
                                return String.format(
                                        Locale.ROOT,
                                        "%.0f (%.0f–%.0f)",
                                        s.plan().tflopsPerGpu(),
                                        t[0],
                                        t[1]);
                            })
                            .orElse(String.format(Locale.ROOT, "%.0f", s.plan().tflopsPerGpu())),
                    s -> s.plan().tflopsPerGpu()),
            new Row<>("MFU", s -> String.format("%.1f %%", 100 * s.plan().mfu()), s -> s.plan()
                    .mfu()),
            new Row<>("Tokens per second", s -> String.format("%,.0f", s.plan().tokensPerSecond()), s -> s.plan()
                    .tokensPerSecond()),
            new Row<>("Bubble", s -> String.format("%.1f %%", 100 * s.plan().bubbleFraction()), s -> s.plan()
                    .bubbleFraction()),
            new Row<>(
                    "Training days",
                    s -> days(s.request(), s.plan()),
                    s -> s.request().tokens() > 0 ? TrainingStudy.days(s.request(), s.plan()) : null),
            new Row<>("Limited by", s -> s.plan().bottleneck()));

    static PlanComparison<SavedTrainingPlan> comparison() {
        return new PlanComparison<>(SavedTrainingPlan::name, ROWS);
    }

    /**
     * A kept plan's step time with its 80 % range, e.g. "1.23 (1.10–1.60)"; the step time alone until the intervals are
     * worked out (never waiting for them).
     */
    static String stepWithRange(TrainingRequest r, TrainingPlan p) {
        return TrainingStudy.intervalNow(r)
                .map(i -> {
                    double[] step = i.range(p).stepSeconds();
                    return String.format(Locale.ROOT, "%.3g (%.3g–%.3g)", p.stepTimeSeconds(), step[0], step[1]);
                })
                .orElse(String.format(Locale.ROOT, "%.3g", p.stepTimeSeconds()));
    }

    static String layout(TrainingPlan p) {
        var l = p.layout();
        return String.format(
                "%s · µbatch %d · ZeRO %d · %s",
                TrainingViewModel.layout(p),
                l.microBatch(),
                l.zeroStage(),
                l.recompute().slug());
    }

    static String days(TrainingRequest r, TrainingPlan p) {
        if (r.tokens() <= 0) {
            return "no token budget";
        }
        double days = TrainingStudy.days(r, p);
        String range = TrainingStudy.intervalNow(r)
                .map(i -> i.days(days))
                .map(d -> String.format(Locale.ROOT, " (%.1f–%.1f)", d[0], d[1]))
                .orElse("");
        return String.format(Locale.ROOT, "%.1f%s for %.3g tokens", days, range, r.tokens());
    }
}
