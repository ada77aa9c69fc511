package dev.sextant.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sextant.gpu.GpuProbe;
import dev.sextant.model.io.CalibrationFiles;
import dev.sextant.workspaces.WorkspaceHome;
import java.nio.file.Path;
import java.util.Arrays;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The gpu commands and --profile on a machine without a GPU (CI), with the recorded profile. */
class GpuCliTest {

    @TempDir
    Path tmp;

    CliRun run(String... args) {
        return CliRun.of(new WorkspaceHome(tmp.resolve("home")), args);
    }

    @Test
    void infoSaysWhyAndCalibrateExitsThree() throws Exception {
        CliRun info = run("gpu", "info", "--json");
        assertThat(info.code()).isZero();
        JsonNode j = info.json();
        assertThat(j.get("available").asBoolean()).isEqualTo(GpuProbe.status().available());
        assertThat(j.has("reason")).isTrue();
        assertThat(j.get("devices").isArray()).isTrue();
        assertThat(j.get("cublas").isBoolean()).isTrue();
        if (!GpuProbe.status().available()) {
            CliRun cal = run("gpu", "calibrate", "--quick", "--json");
            assertThat(cal.code()).isEqualTo(3);
            assertThat(cal.out()).isEmpty();
            assertThat(cal.err().strip())
                    .isEqualTo("error: " + GpuProbe.status().reason())
                    .doesNotContain("\n");
        }
    }

    @Test
    void profilesImportAndPlannersOnAProfile() throws Exception {
        CliRun list = run("gpu", "profiles", "--json");
        assertThat(list.code()).as(list.err()).isZero();
        assertThat(list.json().get("profiles"))
                .anyMatch(p -> p.get("demo").asBoolean()
                        && p.get("catalogGpu").asText().equals("h100-sxm"));
        Path file = tmp.resolve("h100.json");
        CalibrationFiles.write(file, CalibrationFiles.demo());
        CliRun imported = run("gpu", "import", file.toString(), "--name", "Lab H100", "--json");
        assertThat(imported.code()).as(imported.err()).isZero();
        assertThat(run("gpu", "import", file.toString(), "--name", "lab h100").err())
                .contains("already has");
        CliRun vsDatasheet = run("gpu", "compare", "Lab H100", "--json");
        assertThat(vsDatasheet.code()).as(vsDatasheet.err()).isZero();
        assertThat(vsDatasheet.json().get("second").asText()).isEqualTo("NVIDIA H100 SXM datasheet");
        assertThat(vsDatasheet.json().get("lines").get(0).get("ratio").asDouble())
                .isCloseTo(2950 / 3350.0, Assertions.within(1e-9));
        CliRun twoProfiles = run("gpu", "compare", "Lab H100", "H100 SXM (illustrative)");
        assertThat(twoProfiles.out()).contains("1.00×");
        assertThat(run("gpu", "compare", "nope").code()).isEqualTo(2);

        String[] train = {
            "plan",
            "train",
            "--model",
            "llama-3-8b",
            "--gpu",
            "h100-sxm",
            "--gpus",
            "8",
            "--seq-len",
            "4096",
            "--global-batch",
            "64",
            "--json"
        };
        CliRun defaults = run(train);
        CliRun profiled = run(concat(train, "--profile", "Lab H100"));
        assertThat(profiled.code()).as(profiled.err()).isZero();
        JsonNode best = profiled.json().get("plans").get(0);
        assertThat(best.get("efficiency").asText()).startsWith("calibration profile “Lab H100”");
        assertThat(best.get("stepTimeSeconds").asDouble())
                .isNotEqualTo(defaults.json()
                        .get("plans")
                        .get(0)
                        .get("stepTimeSeconds")
                        .asDouble());
        // a profile file works without a workspace name
        assertThat(run(concat(train, "--profile", file.toString()))
                        .json()
                        .get("plans")
                        .get(0)
                        .get("efficiency")
                        .asText())
                .startsWith("calibration profile “h100.json”");
        CliRun wrongGpu = run(
                "plan",
                "train",
                "--model",
                "llama-3-8b",
                "--gpu",
                "a100-sxm-80gb",
                "--gpus",
                "8",
                "--seq-len",
                "4096",
                "--global-batch",
                "64",
                "--profile",
                "Lab H100");
        assertThat(wrongGpu.code()).isEqualTo(2);
        assertThat(wrongGpu.err()).contains("was measured on NVIDIA H100 80GB HBM3");
        assertThat(run(concat(train, "--profile", "nope")).err()).contains("no calibration profile “nope”");

        CliRun sim = run(
                "simulate",
                "serve",
                "--model",
                "llama-3-8b",
                "--gpu",
                "h100-sxm",
                "--rate",
                "2",
                "--requests",
                "200",
                "--prompt-tokens",
                "const:500",
                "--output-tokens",
                "const:100",
                "--profile",
                "Lab H100",
                "--json");
        assertThat(sim.code()).as(sim.err()).isZero();
        assertThat(sim.json().get("latencySource").asText()).startsWith("calibration profile “Lab H100”");
    }

    static String[] concat(String[] a, String... b) {
        String[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
