package dev.sextant.app.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sextant.model.io.Json;
import dev.sextant.workspaces.WorkspaceHome;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The catalog and plan commands' JSON contracts (issue 5). */
class PlanCliTest {

    @TempDir
    Path tmp;

    record Result(int code, String out, String err) {
        JsonNode json() throws Exception {
            return Json.mapper().readTree(out);
        }
    }

    Result run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Cli.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                new WorkspaceHome(tmp.resolve("home")));
        return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    static List<String> ids(JsonNode array) {
        List<String> ids = new ArrayList<>();
        array.forEach(n -> ids.add(n.get("id").asText()));
        return ids;
    }

    @Test
    void catalogsListTheSlugsTheIssueNames() throws Exception {
        Result gpus = run("catalog", "gpus", "--json");
        assertThat(gpus.code()).isZero();
        assertThat(ids(gpus.json().get("gpus"))).contains("a100-sxm-40gb", "a100-sxm-80gb", "h100-sxm", "h100-pcie", "h200-sxm", "b200",
                "mi300x", "l40s", "rtx-4090");
        JsonNode a100 = gpus.json().get("gpus").get(0);
        assertThat(a100.get("bf16Tflops").asDouble()).isEqualTo(312);
        assertThat(a100.get("fp8Tflops").isNull()).as("no FP8 on A100").isTrue();

        Result models = run("catalog", "models", "--json");
        assertThat(models.code()).isZero();
        assertThat(ids(models.json().get("models"))).contains("llama-2-7b", "llama-2-13b", "llama-2-70b", "llama-3-8b", "llama-3-70b",
                "llama-3.1-405b", "mixtral-8x7b", "qwen2.5-72b", "deepseek-v3");
        for (JsonNode m : models.json().get("models")) {
            if (m.get("id").asText().equals("mixtral-8x7b")) {
                assertThat(m.get("params").asLong()).isEqualTo(46_702_792_704L);
                assertThat(m.get("activeParams").asLong()).isEqualTo(12_879_925_248L);
                assertThat(m.get("kvHeads").asInt()).isEqualTo(8);
            }
        }
        assertThat(run("catalog", "models").out()).contains("llama-3.1-405b").contains("405.85B");
    }

    @Test
    void checkpointContractAndTheSeedsExample() throws Exception {
        Result r = run("plan", "checkpoint", "--gpus", "10000", "--failures-per-gpu-day", "0.001", "--checkpoint-seconds", "120",
                "--json");
        assertThat(r.code()).isZero();
        JsonNode j = r.json();
        assertThat(j.get("mtbfHours").asDouble()).isCloseTo(2.4, within(1e-9)); // ~10 failures a day
        assertThat(j.get("youngIntervalSeconds").asDouble()).isCloseTo(1440, within(1e-6)); // √(2 · 120 · 8640)
        assertThat(j.get("dalyIntervalSeconds").asDouble()).isCloseTo(1361.1, within(0.5));
        assertThat(j.get("goodput").asDouble()).isBetween(0.7, 0.8);
        assertThat(run("plan", "checkpoint", "--gpus", "16384", "--checkpoint-seconds", "60", "--json").code()).isZero();
    }

    @Test
    void badArgumentsExitTwoNamingTheOption() {
        Result r = run("plan", "checkpoint", "--gpus", "0", "--checkpoint-seconds", "120", "--json");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("--gpus");
        assertThat(r.out()).isEmpty();
        assertThat(run("catalog").code()).isEqualTo(2);
    }
}
