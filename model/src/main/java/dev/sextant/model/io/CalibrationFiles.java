package dev.sextant.model.io;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.sextant.model.BadInputException;
import dev.sextant.model.calibration.CalibrationProfile;
import dev.sextant.model.calibration.DeviceInfo;
import dev.sextant.model.calibration.GemmPoint;
import dev.sextant.model.calibration.Spread;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Calibration profiles as JSON (the fields of {@link CalibrationProfile}), and the recorded demo profile shipped with
 * Sextant. Reading recomputes efficiencies and fits from the measurements, so a file cannot carry a curve its points do
 * not support.
 */
public final class CalibrationFiles {

    static final String DEMO = "/dev/sextant/model/calibration/h100-sxm-demo.json";

    private CalibrationFiles() {}

    public static CalibrationProfile read(Path file) {
        return fromTree(Json.readFile(file), TextInput.name(file));
    }

    static CalibrationProfile read(InputStream in, String source) {
        try {
            return fromTree(Json.mapper().readTree(in), source);
        } catch (JsonProcessingException e) {
            throw Json.badInput(source, 0, e);
        } catch (IOException e) {
            throw BadInputException.of(source, "cannot read: " + IoFailures.plain(e));
        }
    }

    /**
     * Every measurement is checked by name before it is kept: a profile with a negative or zero bandwidth would make
     * every plan run on it wrong, and {@code 1e999} reads as infinity.
     */
    private static CalibrationProfile fromTree(JsonNode tree, String source) {
        if (tree == null || !tree.isObject()) {
            throw BadInputException.of(
                    source,
                    tree == null || tree.isMissingNode()
                            ? "the file is empty"
                            : "expected a JSON object: a calibration profile");
        }
        // the output of gpu calibrate --json holds the profile under "profile"
        JsonNode node = tree.has("profile") && tree.get("profile").isObject() ? tree.get("profile") : tree;
        for (String field : List.of("device", "measuredAt", "memoryBandwidthGBs", "launchLatencyMicros")) {
            if (!node.hasNonNull(field)) {
                throw new BadInputException(
                        source,
                        0,
                        field,
                        "missing; a calibration profile needs device, measuredAt, "
                                + "memoryBandwidthGBs and launchLatencyMicros");
            }
        }
        CalibrationProfile raw = Json.toValue(node, CalibrationProfile.class, source);
        FieldChecks at = FieldChecks.at(source, 0);
        DeviceInfo d = raw.device();
        if (d.name() == null || d.name().isBlank()) {
            throw at.problem("device.name", "missing");
        }
        at.nonNegative("device.index", d.index());
        at.positive("device.smCount", d.smCount());
        at.positive("device.memoryBytes", d.memoryBytes());
        // clocks and bus width: 0 where the probe could not read them
        at.nonNegative("device.smClockMHz", d.smClockMHz());
        at.nonNegative("device.memoryClockMHz", d.memoryClockMHz());
        at.nonNegative("device.memoryBusBits", d.memoryBusBits());
        spread(at, "memoryBandwidthGBs", raw.memoryBandwidthGBs());
        spread(at, "copyBandwidthGBs", raw.copyBandwidthGBs());
        spread(at, "hostToDeviceGBs", raw.hostToDeviceGBs());
        spread(at, "hostToDevicePageableGBs", raw.hostToDevicePageableGBs());
        spread(at, "deviceToHostGBs", raw.deviceToHostGBs());
        spread(at, "deviceToHostPageableGBs", raw.deviceToHostPageableGBs());
        spread(at, "launchLatencyMicros", raw.launchLatencyMicros());
        spread(at, "fp32Tflops", raw.fp32Tflops());
        List<GemmPoint> gemm = raw.gemm() == null ? List.of() : raw.gemm();
        UniqueKeys shapes = new UniqueKeys(); // a shape measured twice would weigh twice in its type's fit
        for (int i = 0; i < gemm.size(); i++) {
            GemmPoint g = gemm.get(i);
            String entry = "gemm[" + i + "]";
            if (g == null || g.dtype() == null || g.dtype().isBlank()) {
                throw at.problem(entry + ".dtype", "missing");
            }
            at.positive(entry + ".m", g.m());
            at.positive(entry + ".n", g.n());
            at.positive(entry + ".k", g.k());
            at.positive(entry + ".tflops", g.tflops());
            shapes.addEntry(source, entry, "m, n, k, dtype", g.m(), g.n(), g.k(), g.dtype());
        }
        return CalibrationProfile.of(
                d,
                raw.driverVersion(),
                raw.cudaVersion(),
                raw.measuredAt(),
                raw.source(),
                raw.gemmBackend(),
                raw.memoryBandwidthGBs(),
                raw.copyBandwidthGBs(),
                raw.hostToDeviceGBs(),
                raw.hostToDevicePageableGBs(),
                raw.deviceToHostGBs(),
                raw.deviceToHostPageableGBs(),
                raw.launchLatencyMicros(),
                raw.fp32Tflops(),
                gemm);
    }

    /** A measured rate (optional where null): positive, and its median between the lowest and highest repetition. */
    private static void spread(FieldChecks at, String field, Spread s) {
        if (s == null) {
            return;
        }
        at.positive(field + ".median", s.median());
        at.positive(field + ".min", s.min());
        at.positive(field + ".max", s.max());
        if (s.min() > s.median()) {
            throw at.problem(
                    field + ".min",
                    "must not exceed the median (" + FieldChecks.show(s.median()) + "), got "
                            + FieldChecks.show(s.min()));
        }
        if (s.max() < s.median()) {
            throw at.problem(
                    field + ".max",
                    "must not be below the median (" + FieldChecks.show(s.median()) + "), got "
                            + FieldChecks.show(s.max()));
        }
    }

    /** The demo profile: an illustrative H100 SXM, marked as such in its source. */
    public static CalibrationProfile demo() {
        try (InputStream in = CalibrationFiles.class.getResourceAsStream(DEMO)) {
            if (in == null) {
                throw new IllegalStateException("the demo calibration profile is missing from the build");
            }
            return read(in, DEMO);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static void write(Path file, CalibrationProfile profile) {
        try {
            Files.writeString(file, Json.write(profile));
        } catch (IOException e) {
            throw BadInputException.of(file.toString(), "cannot write: " + IoFailures.plain(e));
        }
    }
}
