package dev.sextant.model.calibration;

import dev.sextant.model.hardware.GpuCatalog;
import dev.sextant.model.hardware.GpuSpec;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.commons.math3.exception.MathIllegalStateException;

/**
 * What one GPU measured: device memory bandwidth (a streaming kernel and a device-to-device copy, bytes read plus
 * written), host↔device bandwidth pinned and pageable, kernel launch latency, FP32 FMA peak, and GEMMs over a shape set
 * with a fitted throughput curve per data type. Kept with the device, driver, clocks and date, so that the planners can
 * run on it instead of the catalog's datasheet defaults and say so. Rates are medians over repetitions.
 *
 * @param catalogGpu     the catalog GPU this device is (by name and memory), or null for one the catalog lacks
 * @param source         how the numbers came about: "measured" by {@code sextant gpu calibrate}, or a recorded fixture
 * @param gemmBackend    "cuBLAS" or "own kernels (PTX)"
 */
public record CalibrationProfile(
        DeviceInfo device,
        String catalogGpu,
        String driverVersion,
        String cudaVersion,
        Instant measuredAt,
        String source,
        String gemmBackend,
        Spread memoryBandwidthGBs,
        Spread copyBandwidthGBs,
        Spread hostToDeviceGBs,
        Spread hostToDevicePageableGBs,
        Spread deviceToHostGBs,
        Spread deviceToHostPageableGBs,
        Spread launchLatencyMicros,
        Spread fp32Tflops,
        List<GemmPoint> gemm,
        List<GemmFit> fits) {

    public CalibrationProfile {
        gemm = List.copyOf(gemm);
        fits = List.copyOf(fits);
    }

    /** The fit for a data type, or null. */
    public GemmFit fit(String dtype) {
        return fits.stream().filter(f -> f.dtype().equals(dtype)).findFirst().orElse(null);
    }

    /** The catalog GPU the profile was measured on, or null. */
    public GpuSpec catalogSpec() {
        return catalogGpu == null ? null : GpuCatalog.get(catalogGpu);
    }

    /**
     * Completes raw measurements: efficiencies against the ceilings (datasheet dense peak of the catalog GPU for
     * tensor-core types, the measured FP32 FMA peak for fp32) and a fitted curve for every data type with enough shapes.
     */
    public static CalibrationProfile of(
            DeviceInfo device,
            String driverVersion,
            String cudaVersion,
            Instant measuredAt,
            String source,
            String gemmBackend,
            Spread memory,
            Spread copy,
            Spread h2d,
            Spread h2dPageable,
            Spread d2h,
            Spread d2hPageable,
            Spread launch,
            Spread fp32,
            List<GemmPoint> raw) {
        GpuSpec spec = GpuCatalog.match(device.name(), device.memoryBytes());
        List<GemmPoint> points = new ArrayList<>();
        for (GemmPoint p : raw) {
            Double ceiling = ceilingTflops(p.dtype(), spec, fp32);
            points.add(new GemmPoint(
                    p.m(), p.n(), p.k(), p.dtype(), p.tflops(), ceiling == null ? null : p.tflops() / ceiling));
        }
        Map<String, GemmFit> fits = new LinkedHashMap<>();
        for (GemmPoint p : points) {
            if (!fits.containsKey(p.dtype())) {
                try {
                    fits.put(p.dtype(), GemmFit.fit(p.dtype(), points));
                } catch (IllegalArgumentException | MathIllegalStateException e) {
                    fits.put(p.dtype(), null); // too few shapes (quick runs): the points stand alone
                }
            }
        }
        fits.values().removeIf(Objects::isNull);
        return new CalibrationProfile(
                device,
                spec == null ? null : spec.id(),
                driverVersion,
                cudaVersion,
                measuredAt,
                source,
                gemmBackend,
                memory,
                copy,
                h2d,
                h2dPageable,
                d2h,
                d2hPageable,
                launch,
                fp32,
                points,
                List.copyOf(fits.values()));
    }

    static Double ceilingTflops(String dtype, GpuSpec spec, Spread fp32) {
        return switch (dtype) {
            case "fp32" -> fp32 != null && fp32.median() > 0 ? fp32.median() : null;
            case "fp8" -> spec != null && spec.hasFp8() ? spec.fp8Tflops() : null;
            default -> spec != null ? spec.bf16Tflops() : null;
        };
    }
}
