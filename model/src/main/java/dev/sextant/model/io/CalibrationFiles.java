package dev.sextant.model.io;

import dev.sextant.model.calibration.CalibrationProfile;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Calibration profiles as JSON (the fields of {@link CalibrationProfile}), and the recorded demo profile shipped with
 * Sextant. Reading recomputes efficiencies and fits from the measurements, so a file cannot carry a curve its points do
 * not support.
 */
public final class CalibrationFiles {

    static final String DEMO = "/dev/sextant/model/calibration/h100-sxm-demo.json";

    private CalibrationFiles() {
    }

    public static CalibrationProfile read(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            return read(in, file.toString());
        } catch (IOException e) {
            throw BadInputException.of(file.toString(), "cannot read: " + e.getMessage());
        }
    }

    static CalibrationProfile read(InputStream in, String source) {
        CalibrationProfile raw;
        try {
            com.fasterxml.jackson.databind.JsonNode tree = Json.mapper().readTree(in);
            // the output of gpu calibrate --json holds the profile under "profile"
            raw = Json.mapper().treeToValue(tree.has("profile") && tree.get("profile").isObject() ? tree.get("profile") : tree,
                    CalibrationProfile.class);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw BadInputException.of(source, "not a calibration profile: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw BadInputException.of(source, "cannot read: " + e.getMessage());
        }
        if (raw.device() == null || raw.memoryBandwidthGBs() == null || raw.launchLatencyMicros() == null || raw.measuredAt() == null) {
            throw BadInputException.of(source, "a calibration profile needs device, measuredAt, memoryBandwidthGBs and launchLatencyMicros");
        }
        return CalibrationProfile.of(raw.device(), raw.driverVersion(), raw.cudaVersion(), raw.measuredAt(), raw.source(), raw.gemmBackend(),
                raw.memoryBandwidthGBs(), raw.copyBandwidthGBs(), raw.hostToDeviceGBs(), raw.hostToDevicePageableGBs(), raw.deviceToHostGBs(),
                raw.deviceToHostPageableGBs(), raw.launchLatencyMicros(), raw.fp32Tflops(), raw.gemm());
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
            throw BadInputException.of(file.toString(), "cannot write: " + e.getMessage());
        }
    }
}
