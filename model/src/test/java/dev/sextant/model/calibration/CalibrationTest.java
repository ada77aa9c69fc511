package dev.sextant.model.calibration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.sextant.model.architecture.ModelCatalog;
import dev.sextant.model.hardware.GpuCatalog;
import dev.sextant.model.hardware.GpuSpec;
import dev.sextant.model.hardware.Precision;
import dev.sextant.model.io.CalibrationFiles;
import dev.sextant.model.serving.ServingReplica;
import dev.sextant.model.serving.WeightFormat;
import dev.sextant.model.training.ComputeEfficiency;
import dev.sextant.model.training.LayoutSearch;
import dev.sextant.model.training.TrainingPlan;
import dev.sextant.model.training.TrainingRequest;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CalibrationTest {

    @TempDir
    Path tmp;

    final CalibrationProfile demo = CalibrationFiles.demo();
    final GpuSpec h100 = GpuCatalog.get("h100-sxm");

    @Test
    void theFitRecoversAKnownModel() {
        // times from t = F / 700 TFLOP/s + B / 2,500 GB/s + 5 µs, exactly; by hand for 4096³ in bf16:
        // 1.374e11 / 7e14 + 1.007e8 / 2.5e12 + 5e-6 = 196.3 µs + 40.3 µs + 5 µs = 241.6 µs → 568.9 TFLOP/s
        List<GemmPoint> pts = new ArrayList<>();
        int[][] shapes = {
            {8192, 8192, 8192},
            {4096, 4096, 4096},
            {1024, 1024, 1024},
            {4096, 128, 4096},
            {4096, 16, 4096},
            {8192, 1, 8192},
            {2048, 2048, 2048},
            {256, 256, 256}
        };
        for (int[] s : shapes) {
            double f = 2.0 * s[0] * s[1] * s[2];
            double t = f / 7e14 + GemmFit.bytes(s[0], s[1], s[2], 2) / 2.5e12 + 5e-6;
            pts.add(new GemmPoint(s[0], s[1], s[2], "bf16", f / t / 1e12, null));
        }
        GemmFit fit = GemmFit.fit("bf16", pts);
        assertThat(fit.maxTflops()).isCloseTo(700, within(1e-6));
        assertThat(fit.bandwidthGBs()).isCloseTo(2500, within(1e-6));
        assertThat(fit.latencyMicros()).isCloseTo(5, within(1e-9));
        assertThat(fit.tflops(4096, 4096, 4096)).isCloseTo(568.9, within(0.1));
        assertThat(fit.rmsLogError()).isLessThan(1e-9);
        assertThatThrownBy(() -> GemmFit.fit("bf16", pts.subList(0, 2))).hasMessageContaining("at least three shapes");
    }

    @Test
    void arithmeticIntensityByHand() {
        // 4096³ in bf16: 2·4096³ FLOPs over 2·(2·4096²) read + 2·4096² written = 2·4096/6 = 1365.3 FLOPs per byte
        assertThat(GemmPoint.arithmeticIntensity(4096, 4096, 4096, 2)).isCloseTo(2 * 4096 / 6.0, within(1e-9));
        // a GEMV (n = 1) is memory-bound: about 1 FLOP per byte in bf16
        assertThat(GemmPoint.arithmeticIntensity(8192, 1, 8192, 2)).isCloseTo(1.0, within(0.01));
    }

    @Test
    void theRecordedProfileIsAnH100WithFitsAndEfficiencies() {
        assertThat(demo.catalogGpu()).isEqualTo("h100-sxm");
        assertThat(demo.source()).startsWith("demo:");
        assertThat(demo.fits()).extracting(GemmFit::dtype).containsExactly("bf16", "fp8", "fp32");
        assertThat(demo.fits()).allMatch(f -> f.rmsLogError() < 0.1);
        GemmPoint big = demo.gemm().stream()
                .filter(p -> p.m() == 8192 && p.n() == 8192 && p.dtype().equals("bf16"))
                .findFirst()
                .orElseThrow();
        assertThat(big.efficiency())
                .isCloseTo(big.tflops() / 989, within(1e-12))
                .isBetween(0.6, 0.8);
        GemmPoint fp32 = demo.gemm().stream()
                .filter(p -> p.dtype().equals("fp32"))
                .findFirst()
                .orElseThrow();
        assertThat(fp32.efficiency())
                .isCloseTo(fp32.tflops() / demo.fp32Tflops().median(), within(1e-12));
        // skinny GEMMs reach a small fraction of the ceiling
        GemmPoint gemv = demo.gemm().stream()
                .filter(p -> p.n() == 1 && p.dtype().equals("bf16"))
                .findFirst()
                .orElseThrow();
        assertThat(gemv.efficiency()).isLessThan(0.01);
    }

    @Test
    void aProfileRoundTripsThroughItsFile() {
        Path f = tmp.resolve("profile.json");
        CalibrationFiles.write(f, demo);
        assertThat(CalibrationFiles.read(f)).isEqualTo(demo);
    }

    @Test
    void theTrainingPlannerRunsOnAProfileAndSaysSo() {
        Calibration c = new Calibration("lab H100", demo);
        // GEMM time from the curve at its intensity plus the measured launch latency, by hand
        assertThat(c.gemmSeconds(h100, Precision.BF16, 4096, 4096, 4096))
                .isCloseTo(demo.fit("bf16").seconds(4096, 4096, 4096), within(1e-15));
        assertThat(c.memorySeconds(h100, 2.95e9)).isCloseTo(1e-3, within(1e-12));
        TrainingRequest r = new TrainingRequest(
                ModelCatalog.get("llama-3-8b"),
                h100,
                8,
                8,
                h100.networkGbps(),
                h100.linkGBs(),
                8192,
                128,
                1e11,
                LayoutSearch.Fixed.none());
        TrainingPlan onProfile = r.search(c).plans().get(0);
        TrainingPlan onDefaults = r.search(ComputeEfficiency.DEFAULTS).plans().get(0);
        assertThat(onProfile.efficiency())
                .isEqualTo("calibration profile “lab H100” (NVIDIA H100 80GB HBM3, 2026-11-29)");
        assertThat(onProfile.stepTimeSeconds()).isNotEqualTo(onDefaults.stepTimeSeconds());
        // within a third of the defaults: both describe an H100
        assertThat(onProfile.stepTimeSeconds() / onDefaults.stepTimeSeconds()).isBetween(0.67, 1.5);
        TrainingRequest onA100 = new TrainingRequest(
                ModelCatalog.get("llama-3-8b"),
                GpuCatalog.get("a100-sxm-80gb"),
                8,
                8,
                200,
                300,
                8192,
                128,
                1e11,
                LayoutSearch.Fixed.none());
        assertThatThrownBy(() -> onA100.search(c))
                .hasMessageContaining("was measured on NVIDIA H100 80GB HBM3 (h100-sxm)");
    }

    @Test
    void servingStepsUseTheMeasuredShares() {
        Calibration c = new Calibration("lab H100", demo);
        ServingReplica base =
                ServingReplica.of(ModelCatalog.get("llama-3-8b"), h100, 1, WeightFormat.BF16, false, 256, 2048, true);
        ServingReplica calibrated = base.withCalibration(c);
        assertThat(calibrated.latency().efficiency()).isSameAs(c);
        // a lone decode is memory-bound: faster at the measured 88 % of the bandwidth than at the default 80 %
        assertThat(calibrated.singleStreamTpot(2000)).isLessThan(base.singleStreamTpot(2000));
        assertThat(calibrated.latencySource()).contains("lab H100");
    }

    @Test
    void deviceNamesMatchTheCatalog() {
        assertThat(GpuCatalog.match("NVIDIA H100 80GB HBM3", 85_029_158_912L).id())
                .isEqualTo("h100-sxm");
        assertThat(GpuCatalog.match("NVIDIA H100 PCIe", 85_029_158_912L).id()).isEqualTo("h100-pcie");
        assertThat(GpuCatalog.match("NVIDIA A100-SXM4-40GB", 42_505_273_344L).id())
                .isEqualTo("a100-sxm-40gb");
        assertThat(GpuCatalog.match("NVIDIA A100-SXM4-80GB", 85_100_000_000L).id())
                .isEqualTo("a100-sxm-80gb");
        assertThat(GpuCatalog.match("NVIDIA GeForce RTX 4090", 25_393_692_672L).id())
                .isEqualTo("rtx-4090");
        assertThat(GpuCatalog.match("NVIDIA GeForce GTX 1080", 8_000_000_000L)).isNull();
        assertThat(new DeviceInfo(0, "x", "9.0", 132, 1, 1980, 2619, 5120).theoreticalBandwidthGBs())
                .isCloseTo(3352.3, within(0.1));
        assertThat(new DeviceInfo(0, "x", "8.9", 1, 1, 1, 1, 1).hasFp8()).isTrue();
        assertThat(new DeviceInfo(0, "x", "8.0", 1, 1, 1, 1, 1).hasFp8()).isFalse();
        assertThat(Spread.of(new double[] {3, 1, 2, 10})).isEqualTo(new Spread(2.5, 1, 10));
        assertThat(Instant.parse("2026-11-29T12:00:00Z")).isEqualTo(demo.measuredAt());
    }
}
