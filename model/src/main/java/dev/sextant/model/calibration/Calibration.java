package dev.sextant.model.calibration;

import dev.sextant.model.InputError;
import dev.sextant.model.hardware.GpuSpec;
import dev.sextant.model.hardware.Precision;
import dev.sextant.model.training.ComputeEfficiency;
import java.util.Locale;

/**
 * A calibration profile under its name in the project ({@code label}) as the planners use it: training GEMMs and memory-bound kernels at the measured rates
 * ({@link ComputeEfficiency}), serving steps at the measured shares of the datasheet peaks. A profile applies to the
 * GPU it was measured on; planning another catalog GPU with it is refused.
 */
public record Calibration(String label, CalibrationProfile profile) implements ComputeEfficiency {

    /** GEMM time from the fitted model of this data type (its latency term is the launch's). */
    @Override
    public double gemmSeconds(GpuSpec gpu, Precision precision, double m, double n, double k) {
        check(gpu);
        return 2 * m * n * k / (tflops(gpu, precision, m, n, k) * 1e12);
    }

    @Override
    public double memorySeconds(GpuSpec gpu, double bytes) {
        check(gpu);
        return bytes / (profile.memoryBandwidthGBs().median() * 1e9);
    }

    @Override
    public String name() {
        return String.format(
                Locale.ROOT,
                "calibration profile “%s” (%s, %s)",
                label,
                profile.device().name(),
                profile.measuredAt().toString().substring(0, 10));
    }

    /**
     * Achieved TFLOP/s for a shape: the bf16 (else fp16) fit; FP8 from its own fit, or from the bf16 one scaled by the
     * datasheet's FP8/BF16 ratio and {@link ComputeEfficiency#FP8_SHARE} when FP8 was not measured.
     */
    public double tflops(GpuSpec gpu, Precision precision, double m, double n, double k) {
        GemmFit half = profile.fit("bf16") != null ? profile.fit("bf16") : profile.fit("fp16");
        if (precision == Precision.FP8) {
            GemmFit fp8 = profile.fit("fp8");
            if (fp8 != null) {
                return fp8.tflops(m, n, k);
            }
            if (half != null && gpu.hasFp8()) {
                return half.tflops(m, n, k) * gpu.fp8Tflops() / gpu.bf16Tflops() * FP8_SHARE;
            }
        } else if (half != null) {
            return half.tflops(m, n, k);
        }
        throw new InputError(
                "calibration.profile",
                "calibration profile “" + label + "” has no fitted " + (precision == Precision.FP8 ? "FP8 or " : "")
                        + "BF16/FP16 GEMM curve (a quick run measures too few shapes); run a full calibration");
    }

    /** Share of the datasheet dense BF16 peak a step's GEMMs of {@code tokens} rows reach (serving's compute share). */
    public double computeShare(GpuSpec gpu, double tokens, double hidden) {
        check(gpu);
        return Math.min(1, tflops(gpu, Precision.BF16, tokens, hidden, hidden) / gpu.bf16Tflops());
    }

    /** Share of the datasheet memory bandwidth a streaming kernel reaches (serving's memory share). */
    public double memoryShare(GpuSpec gpu) {
        check(gpu);
        return Math.min(1, profile.memoryBandwidthGBs().median() / gpu.hbmGBs());
    }

    /** Refuses a catalog GPU other than the one measured (a device the catalog lacks is the user's to match). */
    public void check(GpuSpec gpu) {
        String measured = profile.catalogGpu();
        if (measured != null && !measured.equals(gpu.id())) {
            throw new InputError(
                    "calibration.profile",
                    "calibration profile “" + label + "” was measured on "
                            + profile.device().name() + " (" + measured + "); the plan is for " + gpu.name()
                            + ": choose a profile of that GPU, or the catalog defaults");
        }
    }
}
