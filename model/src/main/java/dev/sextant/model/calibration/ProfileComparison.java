package dev.sextant.model.calibration;

import dev.sextant.model.hardware.GpuSpec;
import java.util.ArrayList;
import java.util.List;

/** A profile's rates with their spreads, against its datasheet or against another profile. */
public final class ProfileComparison {

    /** One measured rate with its spread, and the datasheet figure where there is one. */
    public record Rate(String metric, String unit, Spread spread, Double datasheet) {
        public Double share() {
            return datasheet == null ? null : spread.median() / datasheet;
        }
    }

    /** One line of a comparison: a rate in two profiles (or a profile and the datasheet), and their ratio. */
    public record Line(String metric, Double first, Double second, Double ratio) {
        public static Line of(String metric, Double first, Double second) {
            return new Line(
                    metric, first, second, first == null || second == null || second == 0 ? null : first / second);
        }
    }

    private ProfileComparison() {}

    /** The profile's rates, against the datasheet of the catalog GPU it was measured on. */
    public static List<Rate> rates(CalibrationProfile p) {
        GpuSpec spec = p.catalogSpec();
        Double hbm = spec == null ? null : spec.hbmGBs();
        List<Rate> out = new ArrayList<>();
        out.add(new Rate("Device memory, copy kernel (read + write)", "GB/s", p.memoryBandwidthGBs(), hbm));
        out.add(new Rate("Device memory, cuMemcpy (read + write)", "GB/s", p.copyBandwidthGBs(), hbm));
        out.add(new Rate("Host → device, pinned", "GB/s", p.hostToDeviceGBs(), null));
        out.add(new Rate("Host → device, pageable", "GB/s", p.hostToDevicePageableGBs(), null));
        out.add(new Rate("Device → host, pinned", "GB/s", p.deviceToHostGBs(), null));
        out.add(new Rate("Device → host, pageable", "GB/s", p.deviceToHostPageableGBs(), null));
        out.add(new Rate("Kernel launch", "µs", p.launchLatencyMicros(), null));
        out.add(new Rate("FP32 FMA peak", "TFLOP/s", p.fp32Tflops(), null));
        for (GemmFit f : p.fits()) {
            Double peak = spec == null || f.dtype().equals("fp32")
                    ? null
                    : f.dtype().equals("fp8") ? (spec.hasFp8() ? spec.fp8Tflops() : null) : spec.bf16Tflops();
            out.add(new Rate(f.dtype() + " GEMM ceiling (fitted)", "TFLOP/s", Spread.exactly(f.maxTflops()), peak));
        }
        return out;
    }

    /** The profile against its datasheet; empty when the catalog does not know the device. */
    public static List<Line> againstDatasheet(CalibrationProfile p) {
        if (p.catalogSpec() == null) {
            return List.of();
        }
        return rates(p).stream()
                .map(r -> Line.of(r.metric() + " (" + r.unit() + ")", r.spread().median(), r.datasheet()))
                .toList();
    }

    /** Two profiles side by side, rate by rate. */
    public static List<Line> between(CalibrationProfile a, CalibrationProfile b) {
        List<Rate> rb = rates(b);
        List<Line> out = new ArrayList<>();
        for (Rate r : rates(a)) {
            Rate other = rb.stream()
                    .filter(x -> x.metric().equals(r.metric()))
                    .findFirst()
                    .orElse(null);
            out.add(Line.of(
                    r.metric() + " (" + r.unit() + ")",
                    r.spread().median(),
                    other == null ? null : other.spread().median()));
        }
        return out;
    }
}
