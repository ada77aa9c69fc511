package dev.sextant.model.training.validation;

import dev.sextant.model.training.ComputeEfficiency;
import dev.sextant.model.training.FusedAttention;
import dev.sextant.model.training.PlannerFit;
import dev.sextant.model.training.SoftwareStack;
import dev.sextant.model.training.TrainingPlan;
import dev.sextant.model.training.TrainingPlanner;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The training planner against published runs, each predicted with its published layout fixed. Two protocols:
 * in-sample ({@link #evaluate}) and leave-one-source-out ({@link #loso}): for each source group, fit on the runs of every
 * other group and predict the held-out group's runs, so that no number a prediction is checked against was used to
 * make it. A planner without fitted constants is its own fit ({@link #unfitted}), and its LOSO error equals its plain
 * error.
 */
public final class TrainingValidation {

    private final List<PublishedRun> runs;

    public TrainingValidation(List<PublishedRun> runs) {
        if (runs.isEmpty()) {
            throw new IllegalArgumentException("no published runs to validate against");
        }
        Set<String> ids = new LinkedHashSet<>();
        for (PublishedRun r : runs) {
            if (!ids.add(r.id())) {
                throw new IllegalArgumentException("run id " + r.id() + " appears twice");
            }
        }
        this.runs = List.copyOf(runs);
    }

    public List<PublishedRun> runs() {
        return runs;
    }

    /** The source groups, in the order they first appear. */
    public List<String> sourceGroups() {
        return List.copyOf(
                runs.stream().map(PublishedRun::sourceGroup).collect(Collectors.toCollection(LinkedHashSet::new)));
    }

    /** The planner with {@code efficiency} and its default fitted constants: each run's published layout, priced as a plan. */
    public static Predictor planner(ComputeEfficiency efficiency) {
        return planner(efficiency, PlannerFit.DEFAULT);
    }

    /** The planner with {@code efficiency} and the fitted constants {@code fit}. */
    public static Predictor planner(ComputeEfficiency efficiency, PlannerFit fit) {
        return run -> plan(run, efficiency, fit).stepTimeSeconds();
    }

    /** The plan of a run's published layout, with the default fitted constants. */
    public static TrainingPlan plan(PublishedRun run, ComputeEfficiency efficiency) {
        return plan(run, efficiency, PlannerFit.DEFAULT);
    }

    /** The plan of a run's published layout. */
    public static TrainingPlan plan(PublishedRun run, ComputeEfficiency efficiency, PlannerFit fit) {
        // MosaicML's 2023 llm-foundry runs predate FlashAttention-3 (July 2024): FlashAttention-2-class kernels.
        // torchtitan's published runs (torch nightlies of 2024) call PyTorch's scaled_dot_product_attention, whose
        // default on H100 was then the vendored FlashAttention-2: cuDNN attention became opt-in in October 2024
        // (pytorch/pytorch#138522, cherry-picked into 2.5), the nightly of 2024-12-04 ran the default at 329 TFLOP/s on
        // H100 against cuDNN's 631 (pytorch/pytorch#142132), and torchtitan enabled cuDNN attention for its context
        // parallelism only in March 2025 (pytorch/torchtitan#1000)
        boolean flash2 = run.stack().equals("mosaic-fsdp") || run.stack().startsWith("torchtitan-");
        ComputeEfficiency e = flash2 ? efficiency.withAttention(FusedAttention.Generation.FLASH2) : efficiency;
        TrainingPlanner planner = new TrainingPlanner(
                run.model(),
                run.cluster(),
                run.seq(),
                run.globalBatch(),
                e,
                SoftwareStack.of(run.stack()),
                run.moeDispatcher(),
                fit);
        TrainingPlanner.Invalid why = planner.invalid(run.layout());
        if (why != null) {
            throw new IllegalStateException(
                    "run " + run.id() + ": the planner cannot express its layout: " + why.problem());
        }
        return planner.plan(run.layout(), 0);
    }

    /** A "fit" that ignores its runs: for predictors without fitted constants. */
    public static Function<List<PublishedRun>, Predictor> unfitted(Predictor predictor) {
        return fitRuns -> predictor;
    }

    /** Every run predicted by {@code predictor}. */
    public ValidationReport evaluate(Predictor predictor) {
        List<Prediction> out = new ArrayList<>();
        for (PublishedRun r : runs) {
            out.add(predict(predictor, r, ""));
        }
        return new ValidationReport("in-sample", out);
    }

    /** Every run predicted by {@code predictor}, runs that no fit has seen (a held-out file). */
    public ValidationReport heldOut(Predictor predictor) {
        List<Prediction> out = new ArrayList<>();
        for (PublishedRun r : runs) {
            out.add(predict(predictor, r, r.sourceGroup()));
        }
        return new ValidationReport("held-out (never fitted)", out);
    }

    /**
     * Leave-one-source-out: for each source group, {@code fit} gets the runs of all other groups and returns the
     * predictor for the held-out group's runs.
     */
    public ValidationReport loso(Function<List<PublishedRun>, Predictor> fit) {
        Prediction[] out = new Prediction[runs.size()];
        for (String group : sourceGroups()) {
            List<PublishedRun> training =
                    runs.stream().filter(r -> !r.sourceGroup().equals(group)).toList();
            Predictor predictor = fit.apply(training);
            for (int i = 0; i < runs.size(); i++) {
                if (runs.get(i).sourceGroup().equals(group)) {
                    out[i] = predict(predictor, runs.get(i), group);
                }
            }
        }
        return new ValidationReport("leave-one-source-out", List.of(out));
    }

    private static Prediction predict(Predictor predictor, PublishedRun run, String heldOut) {
        double seconds = predictor.stepSeconds(run);
        if (!(seconds > 0) || Double.isInfinite(seconds)) {
            throw new IllegalStateException("run " + run.id() + ": predicted step time " + seconds + " s");
        }
        return new Prediction(run, seconds, heldOut);
    }
}
