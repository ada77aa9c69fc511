package dev.sextant.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sextant.model.architecture.ModelArchitecture;
import dev.sextant.model.architecture.ModelCatalog;
import dev.sextant.model.contamination.Normalization;
import dev.sextant.model.contamination.ScanSpec;
import dev.sextant.model.evaluation.CompositeIndexSpec;
import dev.sextant.model.evaluation.ScoreSummarySpec;
import dev.sextant.model.hardware.Cluster;
import dev.sextant.model.hardware.GpuCatalog;
import dev.sextant.model.hardware.GpuSpec;
import dev.sextant.model.io.ServingFiles;
import dev.sextant.model.project.Project;
import dev.sextant.model.serving.BatchingSimulator;
import dev.sextant.model.serving.Capacity;
import dev.sextant.model.serving.PrefixCaching;
import dev.sextant.model.serving.ServingPlanRequest;
import dev.sextant.model.serving.ServingSpec;
import dev.sextant.model.serving.WeightFormat;
import dev.sextant.model.statistics.Power;
import dev.sextant.model.training.Checkpointing;
import dev.sextant.model.training.ComputeEfficiency;
import dev.sextant.model.training.FaultTolerance;
import dev.sextant.model.training.LayoutSearch;
import dev.sextant.model.training.SoftwareStack;
import dev.sextant.model.training.TrainingPlanner;
import dev.sextant.model.training.TrainingRequest;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Each validation of a user's value throws an {@link InputError} naming the input by key, with the problem in words
 * that name no command-line flag: the faces map the key to their flag or control.
 */
class InputErrorKeysTest {

    static final ModelArchitecture LLAMA_7B = ModelCatalog.get("llama-2-7b"); // 32 heads, 32 layers
    static final GpuSpec H100 = GpuCatalog.get("h100-sxm");

    static Stream<Arguments> validations() {
        return Stream.of(
                // training: the cluster, the request's fixed layout, the planner and the search
                rejects("training.stack", () -> SoftwareStack.of("jax")),
                rejects("training.gpus", () -> Cluster.of(H100, 0, 8, 400)),
                rejects("training.gpusPerNode", () -> Cluster.of(H100, 8, 0, 400)),
                rejects("training.gpusPerNode", () -> Cluster.of(H100, 12, 8, 400)),
                rejects("training.network", () -> Cluster.of(H100, 8, 8, 0)),
                rejects("training.intra", () -> Cluster.of(H100, 8, 8, 400, -1)),
                rejects(
                        "training.seqLen",
                        () -> new TrainingPlanner(
                                LLAMA_7B, Cluster.of(H100, 8, 8, 400), 0, 8, ComputeEfficiency.DEFAULTS)),
                rejects(
                        "training.globalBatch",
                        () -> new TrainingPlanner(
                                LLAMA_7B, Cluster.of(H100, 8, 8, 400), 4096, 0, ComputeEfficiency.DEFAULTS)),
                rejects("training.tp", () -> training(8, fixed(0, 1, 1, 1)).fixedLayout()),
                rejects("training.gpus", () -> training(8, fixed(3, 1, 1, 1)).fixedLayout()),
                rejects("training.tp", () -> plan(training(24, fixed(3, 1, 1, 1)))),
                rejects("training.pp", () -> plan(training(64, fixed(1, 64, 1, 1)))),
                rejects("training.cp", () -> plan(training(24, fixed(1, 1, 3, 1)))),
                rejects("training.globalBatch", () -> plan(training(8, fixed(1, 1, 1, 3)))),
                rejects("training.tp", () -> {
                    throw training(
                                    24,
                                    new LayoutSearch.Fixed(
                                            3, null, null, null, null, null, null, null, null, null, null))
                            .search(ComputeEfficiency.DEFAULTS)
                            .error();
                }),
                rejects("training.failures", () -> Checkpointing.plan(8, 0, 60, 600, false)),
                rejects("training.checkpointSeconds", () -> Checkpointing.plan(8, 0.001, 0, 600, false)),
                rejects("training.restartSeconds", () -> Checkpointing.plan(8, 0.001, 60, -1, false)),
                rejects("training.storage", () -> new FaultTolerance.Spec(0.001, 0, 600, false)),
                rejects("model", () -> ModelCatalog.get("gpt-9")),
                rejects("gpu", () -> GpuCatalog.get("abacus")),
                // serving: the memory plan's spec, prefix caching, the plan request, the day, speculation, lengths
                rejects("serving.tp", () -> serving(0, 1, 0.9, 16)),
                rejects("serving.tp", () -> serving(3, 1, 0.9, 16)),
                rejects("serving.ep", () -> serving(1, 1, 0.9, 16).withEp(2)),
                rejects("serving.pp", () -> serving(1, 33, 0.9, 16)),
                rejects("serving.gpuMemoryUtilization", () -> serving(1, 1, 1.2, 16)),
                rejects("serving.blockSize", () -> serving(1, 1, 0.9, 0)),
                rejects(
                        "serving.maxModelLen",
                        () -> new ServingSpec(
                                LLAMA_7B,
                                H100,
                                1,
                                1,
                                WeightFormat.BF16,
                                false,
                                0,
                                256,
                                8192,
                                0.9,
                                16,
                                null,
                                null,
                                null)),
                rejects(
                        "serving.maxNumSeqs",
                        () -> new ServingSpec(
                                LLAMA_7B,
                                H100,
                                1,
                                1,
                                WeightFormat.BF16,
                                false,
                                4096,
                                0,
                                8192,
                                0.9,
                                16,
                                null,
                                null,
                                null)),
                rejects(
                        "serving.gpuMemoryGib",
                        () -> new ServingSpec(
                                LLAMA_7B,
                                H100,
                                1,
                                1,
                                WeightFormat.BF16,
                                false,
                                4096,
                                256,
                                8192,
                                0.9,
                                16,
                                0.0,
                                null,
                                null)),
                rejects(
                        "serving.overheadGib",
                        () -> new ServingSpec(
                                LLAMA_7B,
                                H100,
                                1,
                                1,
                                WeightFormat.BF16,
                                false,
                                4096,
                                256,
                                8192,
                                0.9,
                                16,
                                null,
                                null,
                                -1.0)),
                rejects("serving.prefixTokens", () -> PrefixCaching.of(100_000, 4096, 5000, 0.5, 1500, 16)),
                rejects("serving.prefixShare", () -> PrefixCaching.of(100_000, 4096, 1000, 1.5, 1500, 16)),
                rejects("serving.sloTtft", () -> request(0, 0.05, 4, 0)),
                rejects("serving.sloTpot", () -> request(1, 0, 4, 0)),
                rejects("serving.rate", () -> request(1, 0.05, 0, 0)),
                rejects("serving.headroom", () -> request(1, 0.05, 4, -0.1)),
                rejects("serving.traffic", () -> Capacity.plan(List.of(), 10, 4, 0.2, 0.1, 0)),
                rejects(
                        "serving.sloTtft",
                        () -> Capacity.plan(List.of(new Capacity.Window(0, 24, 5)), 0, 4, 0.2, 0.1, 0)),
                rejects("serving.specAcceptance", () -> new BatchingSimulator.Speculation(1.5, 4, 0.05)),
                rejects("serving.specTokens", () -> new BatchingSimulator.Speculation(0.7, 0, 0.05)),
                rejects("serving.specCost", () -> new BatchingSimulator.Speculation(0.7, 4, 2)),
                rejects("serving.rate", () -> BatchingSimulator.poisson(0, 10, 0, null, null, 1)),
                rejects("serving.promptTokens", () -> ServingFiles.distribution("serving.promptTokens", "gauss:5")),
                rejects("serving.outputTokens", () -> ServingFiles.distribution("serving.outputTokens", "const:0")),
                // evaluation, statistics, contamination, projects
                rejects(
                        "evaluation.bootstrap",
                        () -> new ScoreSummarySpec(ScoreSummarySpec.CiMethod.BOOTSTRAP, 0, 1, 0.05)),
                rejects("evaluation.alpha", () -> new ScoreSummarySpec(ScoreSummarySpec.CiMethod.CLT, 100, 1, 1.5)),
                rejects(
                        "evaluation.topK",
                        () -> new CompositeIndexSpec(
                                List.of(),
                                List.of(),
                                CompositeIndexSpec.Normalization.RAW,
                                Map.of(),
                                Map.of(),
                                10,
                                100,
                                0,
                                1)),
                rejects("statistics.power", () -> Power.requiredN(0.05, 0.2, 0, 1, 0.05, 1.5)),
                rejects("statistics.effect", () -> Power.requiredN(0, 0.2, 0, 1, 0.05, 0.8)),
                rejects("statistics.n", () -> Power.minDetectableEffect(0, 0.2, 0, 1, 0.05, 0.8)),
                rejects("statistics.alpha", () -> Power.requiredN(0.05, 0.2, 0, 1, 0, 0.8)),
                rejects(
                        "contamination.ngram",
                        () -> new ScanSpec(3, 0.8, new Normalization(true, true), "text", null, 1, 3)),
                rejects(
                        "contamination.dirty",
                        () -> new ScanSpec(13, 0, new Normalization(true, true), "text", null, 1, 3)),
                rejects(
                        "contamination.threads",
                        () -> new ScanSpec(13, 0.8, new Normalization(true, true), "text", null, 0, 3)),
                rejects(
                        "contamination.locations",
                        () -> new ScanSpec(13, 0.8, new Normalization(true, true), "text", null, 1, 0)),
                rejects("project.name", () -> Project.validName("  ")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("validations")
    void aValueTheDomainCannotAcceptIsAnInputErrorAboutItsInput(String key, ThrowingCallable call) {
        assertThatThrownBy(call)
                .isInstanceOf(InputError.class)
                .satisfies(e -> assertThat(((InputError) e).field()).isEqualTo(key))
                .satisfies(e -> assertThat(e.getMessage())
                        .as("the problem in domain words, no flag")
                        .doesNotContainPattern("--[a-z]"));
    }

    @Test
    void theProblemIsTheMessageAndTheKeyIsApart() {
        InputError e = new InputError("serving.tp", "TP (3) must divide the 32 attention heads");
        assertThat(e.getMessage()).isEqualTo("TP (3) must divide the 32 attention heads");
        assertThat(InputError.fieldOf(e)).isEqualTo("serving.tp");
        assertThat(InputError.fieldOf(new IllegalArgumentException("x"))).isEmpty();
        assertThatThrownBy(() -> serving(3, 1, 0.9, 16)).hasMessage("TP (3) must divide the 32 attention heads");
    }

    private static Arguments rejects(String key, ThrowingCallable call) {
        return Arguments.of(key, call);
    }

    private static LayoutSearch.Fixed fixed(int tp, int pp, int cp, int microBatch) {
        return new LayoutSearch.Fixed(tp, pp, cp, null, null, microBatch, null, null, null, null, null);
    }

    private static TrainingRequest training(int gpus, LayoutSearch.Fixed fixed) {
        return new TrainingRequest(LLAMA_7B, H100, gpus, 8, 400, H100.linkGBs(), 4096, 8, 0, fixed);
    }

    private static void plan(TrainingRequest r) {
        r.planner(ComputeEfficiency.DEFAULTS).plan(r.fixedLayout().orElseThrow(), 0);
    }

    private static ServingSpec serving(int tp, int pp, double utilization, int blockSize) {
        return new ServingSpec(
                LLAMA_7B,
                H100,
                tp,
                pp,
                WeightFormat.BF16,
                false,
                4096,
                256,
                8192,
                utilization,
                blockSize,
                null,
                null,
                null);
    }

    private static ServingPlanRequest request(double sloTtft, double sloTpot, double rate, double headroom) {
        return new ServingPlanRequest(
                serving(1, 1, 0.9, 16),
                true,
                "const:500",
                "const:100",
                sloTtft,
                sloTpot,
                1,
                rate,
                List.of(),
                headroom,
                10,
                0,
                null,
                null,
                0,
                0,
                0,
                null);
    }
}
