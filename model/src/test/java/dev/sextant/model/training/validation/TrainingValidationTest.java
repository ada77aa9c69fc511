package dev.sextant.model.training.validation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.sextant.model.io.TrainingRunsCsv;
import dev.sextant.model.training.ComputeEfficiency;
import dev.sextant.model.training.PlannerFit;
import dev.sextant.model.training.SoftwareStack;
import dev.sextant.model.training.TrainingPlanner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The validation set and its protocols. Asserts structure only (accuracy bars are in PublishedRunsTest and
 * PlannerFitTest); writes the full table with the leave-one-source-out headline (the planner's fitted constants refit
 * without each held-out source) to target/training-validation.md.
 */
class TrainingValidationTest {

    static final TrainingValidation SET = new TrainingValidation(TrainingRunsCsv.bundled());
    static final Predictor PLANNER = TrainingValidation.planner(ComputeEfficiency.DEFAULTS);

    @Test
    void theSetHasSixtyRunsFromTenSourcesDenseAndMoeOnThreeGpuGenerations() {
        List<PublishedRun> runs = SET.runs();
        assertThat(runs.size()).isGreaterThanOrEqualTo(60);
        assertThat(SET.sourceGroups().size()).isGreaterThanOrEqualTo(10);
        assertThat(runs).anyMatch(PublishedRun::moe).anyMatch(r -> !r.moe());
        assertThat(runs.stream().map(PublishedRun::generation).distinct()).contains("A100", "Hopper", "Blackwell");
        for (PublishedRun r : runs) {
            assertThat(r.assumed()).as(r.id()).allMatch(TrainingRunsCsv.COLUMNS::contains);
        }
    }

    @Test
    void everyRunIsPredictedFiniteAndPositiveAndTheReportIsWritten() throws IOException {
        ValidationReport loso = SET.loso(PlannerFitting.fitted(ComputeEfficiency.DEFAULTS));
        assertThat(loso.predictions()).hasSize(SET.runs().size());
        for (Prediction p : loso.predictions()) {
            assertThat(p.predictedSeconds()).as(p.run().id()).isFinite().isPositive();
            assertThat(p.run().measuredStepSeconds())
                    .as(p.run().id())
                    .isFinite()
                    .isPositive();
            assertThat(p.heldOut()).isEqualTo(p.run().sourceGroup());
        }
        // without fitted constants leaving a source out changes nothing
        assertThat(SET.loso(TrainingValidation.unfitted(PLANNER)).overall().meanAbsolute())
                .isCloseTo(SET.evaluate(PLANNER).overall().meanAbsolute(), within(1e-12));
        StringBuilder fits = new StringBuilder(
                "\n### Fitted constants (PlannerFit) per held-out source\n\n"
                        + "| held out | PyTorch kernels | MoE imbalance | per-expert µs | overlap compute | TP exposed |\n|---|---|---|---|---|---|\n");
        for (String group : SET.sourceGroups()) {
            PlannerFit f = PlannerFitting.fit(
                    SET.runs().stream()
                            .filter(r -> !r.sourceGroup().equals(group))
                            .toList(),
                    ComputeEfficiency.DEFAULTS);
            fits.append(row(group, f));
        }
        fits.append(row("(none: the planner's defaults)", PlannerFit.DEFAULT));
        String md = "# Training planner against published runs\n\n" + loso.markdown() + fits + calculon(loso);
        Files.createDirectories(Path.of("target"));
        Files.writeString(Path.of("target", "training-validation.md"), md);
        assertThat(md).contains("Leave-one-source-out").contains("| B1 |").contains("### By class");
        assertThat(loso.bySourceGroup()).hasSize(SET.sourceGroups().size());
    }

    private static String row(String heldOut, PlannerFit f) {
        return String.format(
                Locale.ROOT,
                "| %s | %.3f | %.3f | %.1f | %.3f | %.2f |%n",
                heldOut,
                f.pytorchKernels(),
                f.moeImbalance(),
                1e6 * f.expertSeconds(),
                f.overlapCompute(),
                f.tpExposed());
    }

    /**
     * Calculon (calculon-ai/calculon @caa4b11, its own system files) on the runs it can express, from
     * docs/validation/calculon/calculon-predictions.csv (docs/validation/calculon/run_calculon.py makes it), against the
     * planner's leave-one-source-out predictions of the same runs.
     */
    static String calculon(ValidationReport loso) throws IOException {
        List<String> lines =
                Files.readAllLines(Path.of("..", "docs", "validation", "calculon", "calculon-predictions.csv"));
        Map<String, String[]> calculon = new LinkedHashMap<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(",", 4);
            calculon.put(f[0], f);
        }
        StringBuilder md = new StringBuilder(
                "\n### Calculon on the runs it can express\n\n"
                        + "Dense runs on A100 80 GB and H100 SXM without CP, EP or FSDP, with Calculon's own system files; GPT-architecture "
                        + "models exactly, Llama and Nemotron approximated as the note says (Calculon has no gated MLP, grouped-query "
                        + "attention, MoE, CP or FSDP). `docs/validation/calculon/run_calculon.py` makes the predictions.\n\n"
                        + "| run | measured s/step | Calculon | Calculon error | Sextant (held out) | Sextant error | note |\n|---|---|---|---|---|---|---|\n");
        double[] sumC = new double[2];
        double[] sumS = new double[2];
        int[] n = new int[2];
        for (Prediction p : loso.predictions()) {
            String[] f = calculon.get(p.run().id());
            if (f == null) {
                continue;
            }
            double c = Double.parseDouble(f[1]);
            double measured = p.run().measuredStepSeconds();
            int k = f[3].isBlank() ? 0 : 1;
            sumC[k] += Math.abs(c / measured - 1);
            sumS[k] += Math.abs(p.stepError());
            n[k]++;
            md.append(String.format(
                    Locale.ROOT,
                    "| %s | %.3g | %.3g | %+.1f %% | %.3g | %+.1f %% | %s |%n",
                    p.run().id(),
                    measured,
                    c,
                    100 * (c / measured - 1),
                    p.predictedSeconds(),
                    100 * p.stepError(),
                    f[3].replace("\"", "")));
        }
        assertThat(n[0] + n[1]).as("Calculon's runs are in the set").isEqualTo(calculon.size());
        md.append(String.format(
                Locale.ROOT,
                "%n**Mean absolute step-time error: on the %d GPT-architecture runs Calculon %.1f %%, "
                        + "Sextant %.1f %% (held out); on the %d approximated ones Calculon %.1f %%, Sextant %.1f %%.**%n",
                n[0],
                100 * sumC[0] / n[0],
                100 * sumS[0] / n[0],
                n[1],
                100 * sumC[1] / n[1],
                100 * sumS[1] / n[1]));
        return md.toString();
    }

    @Test
    void losoFitsWithoutTheHeldOutGroup() {
        List<Set<String>> seen = new ArrayList<>();
        ValidationReport r = SET.loso(training -> {
            Set<String> groups = new HashSet<>();
            training.forEach(t -> groups.add(t.sourceGroup()));
            seen.add(groups);
            // a "fit" that scales the planner by the mean measured/predicted ratio of its training runs
            double ratio = training.stream()
                    .mapToDouble(t -> t.measuredStepSeconds() / PLANNER.stepSeconds(t))
                    .average()
                    .orElseThrow();
            return run -> PLANNER.stepSeconds(run) * ratio;
        });
        assertThat(seen).hasSize(SET.sourceGroups().size());
        for (int i = 0; i < seen.size(); i++) {
            assertThat(seen.get(i))
                    .doesNotContain(SET.sourceGroups().get(i))
                    .hasSize(SET.sourceGroups().size() - 1);
        }
        assertThat(r.overall().runs()).isEqualTo(SET.runs().size());
    }

    @Test
    void errorsAreInStepTimeWithTheSourcesOwnAccounting() {
        PublishedRun tokens = SET.runs().stream()
                .filter(x -> x.id().equals("MB01"))
                .findFirst()
                .orElseThrow();
        // 128 sequences of 8,192 tokens at 14,451 tokens/s on each of 8 GPUs
        assertThat(tokens.measuredStepSeconds()).isCloseTo(128 * 8192 / (14451.0 * 8), within(1e-9));
        Prediction half = new Prediction(tokens, tokens.measuredStepSeconds() / 2, "");
        assertThat(half.stepError()).isCloseTo(-0.5, within(1e-12));
        assertThat(half.metricError()).as("twice the tokens per second").isCloseTo(1.0, within(1e-12));
        assertThat(half.optimistic()).isTrue();
        ErrorSummary s = ErrorSummary.of(List.of(half, new Prediction(tokens, tokens.measuredStepSeconds() * 1.1, "")));
        assertThat(s.meanAbsolute()).isCloseTo(0.3, within(1e-12));
        assertThat(s.meanSigned()).isCloseTo(-0.2, within(1e-12));
        assertThat(s.optimistic()).isEqualTo(1);
        assertThat(s.worst()).isEqualTo(half);
    }

    @Test
    void torchtitansRunsOf2024RunFlashAttention2ClassKernelsAndMegatronsDoNot() {
        // the 262k-token CP 8 run is mostly attention: FlashAttention-2's rate (0.35 of peak against 649/989) slows it
        PublishedRun tt12 = SET.runs().stream()
                .filter(x -> x.id().equals("TT12"))
                .findFirst()
                .orElseThrow();
        double fa2 = TrainingValidation.plan(tt12, ComputeEfficiency.DEFAULTS).stepTimeSeconds();
        double fa3 = new TrainingPlanner(
                        tt12.model(),
                        tt12.cluster(),
                        tt12.seq(),
                        tt12.globalBatch(),
                        ComputeEfficiency.DEFAULTS,
                        SoftwareStack.of(tt12.stack()))
                .plan(tt12.layout(), 0)
                .stepTimeSeconds();
        assertThat(fa2 / fa3).isGreaterThan(1.3);
        PublishedRun mb01 = SET.runs().stream()
                .filter(x -> x.id().equals("MB01"))
                .findFirst()
                .orElseThrow();
        assertThat(TrainingValidation.plan(mb01, ComputeEfficiency.DEFAULTS).stepTimeSeconds())
                .isEqualTo(new TrainingPlanner(
                                mb01.model(),
                                mb01.cluster(),
                                mb01.seq(),
                                mb01.globalBatch(),
                                ComputeEfficiency.DEFAULTS,
                                SoftwareStack.of(mb01.stack()))
                        .plan(mb01.layout(), 0)
                        .stepTimeSeconds());
    }

    @Test
    void duplicateIdsAndUnexpressibleLayoutsAreRefused() {
        PublishedRun one = SET.runs().get(0);
        assertThatThrownBy(() -> new TrainingValidation(List.of(one, one))).hasMessageContaining("appears twice");
        PublishedRun bad = new PublishedRun(
                "X",
                "g",
                "s",
                "megatron-lm",
                one.modelSpec(),
                one.gpuId(),
                one.gpus(),
                8,
                Double.NaN,
                one.seq(),
                one.tp(),
                one.pp(),
                one.cp(),
                one.ep(),
                one.dp(),
                one.vpp(),
                one.microBatch(),
                one.globalBatch() + 1,
                0,
                one.recompute(),
                false,
                false,
                one.precision(),
                "none",
                Metric.STEP,
                1,
                List.of(),
                false,
                null);
        assertThatThrownBy(() -> PLANNER.stepSeconds(bad)).hasMessageContaining("run X");
    }
}
