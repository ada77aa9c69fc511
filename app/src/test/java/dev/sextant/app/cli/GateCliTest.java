package dev.sextant.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sextant.model.io.Json;
import dev.sextant.workspaces.WorkspaceHome;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GateCliTest {

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

    @Test
    void judgeContract() throws Exception {
        Path base = Files.writeString(tmp.resolve("b.csv"), "metric,value\nlatency,1\nlatency,2\nlatency,3\nlatency,4\nlatency,5\n"
                + "errors,0.1\nerrors,0.2\nerrors,0.15\nerrors,0.12\nerrors,0.18\n");
        Path canary = Files.writeString(tmp.resolve("c.csv"), "metric,value\nlatency,6\nlatency,7\nlatency,8\nlatency,9\nlatency,10\n"
                + "errors,0.11\nerrors,0.19\nerrors,0.16\nerrors,0.13\nerrors,0.17\n");
        Result r = run("gate", "judge", "--baseline", base.toString(), "--canary", canary.toString(), "--json");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode j = r.json();
        JsonNode latency = j.get("metrics").get(1);
        assertThat(latency.get("metric").asText()).isEqualTo("latency");
        assertThat(latency.get("classification").asText()).isEqualTo("high");
        assertThat(latency.get("hodgesLehmann").asDouble()).isEqualTo(5);
        assertThat(latency.get("ciLow").asDouble()).isEqualTo(2);
        assertThat(latency.get("ciHigh").asDouble()).isEqualTo(8);
        assertThat(j.get("metrics").get(0).get("classification").asText()).isEqualTo("pass");
        assertThat(j.get("score").asDouble()).isEqualTo(50);
        assertThat(j.get("verdict").asText()).isEqualTo("fail");
        // latency may only fall: a rise then fails... the rise is what we have, so direction decrease passes it
        Result allowed = run("gate", "judge", "--baseline", base.toString(), "--canary", canary.toString(), "--direction", "latency=decrease", "--json");
        assertThat(allowed.json().get("verdict").asText()).isEqualTo("pass");
        Path broken = Files.writeString(tmp.resolve("x.csv"), "metric,value\nlatency,fast\n");
        Result bad = run("gate", "judge", "--baseline", broken.toString(), "--canary", canary.toString());
        assertThat(bad.code()).isEqualTo(2);
        assertThat(bad.err()).contains("x.csv:2: value: expected a number, got 'fast'");
        assertThat(run("gate", "judge", "--baseline", base.toString(), "--canary", canary.toString(), "--critical", "nope").err())
                .contains("--critical: no metric 'nope'");
    }

    @Test
    void canaryPlanContract() throws Exception {
        Result r = run("gate", "canary-plan", "--rate", "50", "--steps", "1,5,25,50", "--interval-minutes", "5", "--error-rate", "0.005",
                "--error-rate-increase", "0.005", "--latency-p99-ms", "500", "--latency-increase", "0.1", "--json");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode j = r.json();
        assertThat(j.get("steps")).hasSize(4);
        assertThat(j.get("thresholds").get(0).get("samplesPerSide").asLong()).isEqualTo(3681);
        assertThat(j.get("promotionMinutes").asDouble()).isEqualTo(213);
        Result flagger = run("gate", "canary-plan", "--rate", "1000000", "--step-weight", "2", "--max-weight", "50", "--interval-minutes", "1",
                "--error-rate", "0.01", "--error-rate-increase", "0.01", "--json");
        assertThat(flagger.json().get("promotionMinutes").asDouble()).isEqualTo(25);
        assertThat(run("gate", "canary-plan", "--rate", "10", "--steps", "5", "--error-rate", "0.995", "--error-rate-increase", "0.01").err())
                .contains("unreachable");
        assertThat(run("gate", "canary-plan", "--rate", "10", "--error-rate", "0.01", "--error-rate-increase", "0.01").code()).isEqualTo(2);
    }
}
