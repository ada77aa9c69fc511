package dev.sextant.model.training;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.sextant.model.architecture.ModelCatalog;
import dev.sextant.model.hardware.GpuCatalog;
import dev.sextant.model.hardware.GpuSpec;
import dev.sextant.model.hardware.Precision;
import dev.sextant.model.io.MeasuredRunFile;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SmallClusterCalibrationTest {

    @TempDir
    Path tmp;

    static final GpuSpec H100 = GpuCatalog.get("h100-sxm");

    static TrainingRequest request(int gpus) {
        return new TrainingRequest(
                ModelCatalog.get("llama-3-8b"),
                H100,
                gpus,
                8,
                H100.networkGbps(),
                H100.linkGBs(),
                4096,
                256,
                0,
                LayoutSearch.Fixed.none(),
                null,
                null);
    }

    static MeasuredRunFile.MeasuredRun run(int gpus, int tp, double tokensPerGpu) {
        return new MeasuredRunFile.MeasuredRun(
                "m", gpus, 8, tp, 1, 1, 1, 1, 256, 4096, null, null, tokensPerGpu, null, null, null, "m.csv", 2);
    }

    @Test
    void aRunMeasuredAtThePlannersOwnSpeedWithSlowerKernelsGivesThatFactorBack() {
        // what the planner predicts for TP2 on 16 GPUs when every kernel takes 1.5× as long: the "measurement"
        TrainingRequest small = new TrainingRequest(
                ModelCatalog.get("llama-3-8b"),
                H100,
                16,
                8,
                H100.networkGbps(),
                H100.linkGBs(),
                4096,
                256,
                0,
                new LayoutSearch.Fixed(2, 1, 1, 1, null, 1, null, null, null, null, null),
                null,
                null);
        TrainingLayout layout = small.fixedLayout().orElseThrow();
        double slowed = small.planner(SmallClusterCalibration.scaled(ComputeEfficiency.DEFAULTS, 1.5))
                        .plan(layout, 0)
                        .tokensPerSecond()
                / 16;
        double plain = small.planner(ComputeEfficiency.DEFAULTS).plan(layout, 0).tokensPerSecond() / 16;
        SmallClusterCalibration.Measured m =
                SmallClusterCalibration.measure(run(16, 2, slowed), request(256), ComputeEfficiency.DEFAULTS);
        assertThat(m.factor()).isCloseTo(1.5, within(0.002));
        assertThat(m.plannedTokens()).isCloseTo(plain, within(1e-6 * plain));
        assertThat(m.calibrated().tokensPerSecond() / 16).isCloseTo(slowed, within(0.001 * slowed));
        assertThat(m.notes()).isEmpty();
        // a run 3× slower than the planner's kernels: said
        SmallClusterCalibration.Measured far =
                SmallClusterCalibration.measure(run(16, 2, plain / 3.2), request(256), ComputeEfficiency.DEFAULTS);
        assertThat(far.notes()).anyMatch(n -> n.contains("slower than the planner's"));
    }

    @Test
    void theIntervalWidensFromTheRankingSpreadAtTheMeasuredScaleToThePlannersOwnAtAHundredTimes() {
        // hand calculation: ranking 0.14, uncalibrated 0.26; 16 → 160 GPUs is one decade of two: 0.14 + 0.12 / 2 = 0.20
        assertThat(SmallClusterCalibration.halfWidth(0.14, 0.26, 16, 16)).isCloseTo(0.14, within(1e-12));
        assertThat(SmallClusterCalibration.halfWidth(0.14, 0.26, 16, 160)).isCloseTo(0.20, within(1e-12));
        assertThat(SmallClusterCalibration.halfWidth(0.14, 0.26, 16, 16_000)).isCloseTo(0.26, within(1e-12));
    }

    @Test
    void aDataParallelGroupCrossesNodesWhenTpCpAndDpOutgrowANode() {
        assertThat(SmallClusterCalibration.crosses(
                        new TrainingLayout(2, 4, 4, 1, 1, 1, 1, 1, Recompute.SELECTIVE, true, Precision.BF16, true), 8))
                .isFalse(); // TP2 × DP4 = 8: one node's worth
        assertThat(SmallClusterCalibration.crosses(
                        new TrainingLayout(2, 1, 8, 1, 1, 1, 1, 1, Recompute.SELECTIVE, true, Precision.BF16, true), 8))
                .isTrue();
    }

    @Test
    void aRealMegatronLogGivesItsLayoutBatchShapeAndMedianStep() throws Exception {
        Path log = Path.of(getClass()
                .getResource("/trainlogs-real/megatron-deepspeed-500it.log")
                .toURI());
        MeasuredRunFile.MeasuredRun r = MeasuredRunFile.read(log).get(0);
        // its argument dump: world size 16, TP 4, PP 1, micro-batch 1, global batch
        // 16, sequence 2,048, full recompute, ZeRO 1
        assertThat(r.gpus()).isEqualTo(16);
        assertThat(r.tp()).isEqualTo(4);
        assertThat(r.pp()).isEqualTo(1);
        assertThat(r.layout()).isEqualTo("TP4 PP1 DP4");
        assertThat(r.globalBatch()).isEqualTo(16);
        assertThat(r.seqLen()).isEqualTo(2048);
        assertThat(r.recompute()).isEqualTo(Recompute.FULL);
        assertThat(r.zeroStage()).isEqualTo(1);
        assertThat(r.shape().layers()).isEqualTo(28);
        assertThat(r.shape().hidden()).isEqualTo(3584);
        assertThat(r.shape().kvHeads()).isEqualTo(4);
        assertThat(r.shape().vocab()).isEqualTo(152_064); // the padded vocabulary it printed
        // the log's own "tokens per gpu per second (tgs)" hovers about 119–135 after warm-up; ours from the median step
        assertThat(r.tokensPerGpuPerSecond()).isBetween(100.0, 140.0);
        assertThat(r.stepSeconds()).isCloseTo(16 * 2048 / (r.tokensPerGpuPerSecond() * 16), within(1e-9));
    }

    @Test
    void aTypedCsvIsReadAndItsMistakesNamed() throws Exception {
        Path ok = Files.writeString(
                tmp.resolve("m.csv"),
                "run,gpus,tp,pp,micro_batch,global_batch,seq_len,step_seconds\na,16,2,1,1,256,4096,4.0\n");
        MeasuredRunFile.MeasuredRun r = MeasuredRunFile.read(ok).get(0);
        assertThat(r.tokensPerGpuPerSecond()).isCloseTo(256 * 4096 / (4.0 * 16), within(1e-9)); // 16,384
        Path bad = Files.writeString(
                tmp.resolve("bad.csv"),
                "gpus,tp,pp,micro_batch,global_batch,seq_len,tokens_per_gpu_per_second\n16,3,1,1,256,4096,900\n");
        assertThatThrownBy(() -> MeasuredRunFile.read(bad))
                .hasMessageContaining("bad.csv")
                .hasMessageContaining("must divide the 16 GPUs");
        Path none = Files.writeString(
                tmp.resolve("none.csv"), "gpus,tp,pp,micro_batch,global_batch,seq_len\n16,2,1,1,256,4096\n");
        assertThatThrownBy(() -> MeasuredRunFile.read(none))
                .hasMessageContaining("tokens per second per GPU, or its seconds a step");
        Path notMegatron = Files.writeString(tmp.resolve("x.log"), "hello\n");
        assertThatThrownBy(() -> MeasuredRunFile.read(notMegatron)).hasMessageContaining("not a Megatron-LM log");
    }
}
