package dev.sextant.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sextant.workspaces.WorkspaceHome;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GateCliTest {

    @TempDir
    Path tmp;

    CliRun run(String... args) {
        return CliRun.of(new WorkspaceHome(tmp.resolve("home")), args);
    }

    @Test
    void judgeContract() throws Exception {
        Path base = Files.writeString(
                tmp.resolve("b.csv"),
                "metric,value\nlatency,1\nlatency,2\nlatency,3\nlatency,4\nlatency,5\n"
                        + "errors,0.1\nerrors,0.2\nerrors,0.15\nerrors,0.12\nerrors,0.18\n");
        Path canary = Files.writeString(
                tmp.resolve("c.csv"),
                "metric,value\nlatency,6\nlatency,7\nlatency,8\nlatency,9\nlatency,10\n"
                        + "errors,0.11\nerrors,0.19\nerrors,0.16\nerrors,0.13\nerrors,0.17\n");
        CliRun r = run("gate", "judge", "--baseline", base.toString(), "--canary", canary.toString(), "--json");
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
        CliRun allowed = run(
                "gate",
                "judge",
                "--baseline",
                base.toString(),
                "--canary",
                canary.toString(),
                "--direction",
                "latency=decrease",
                "--json");
        assertThat(allowed.json().get("verdict").asText()).isEqualTo("pass");
        Path broken = Files.writeString(tmp.resolve("x.csv"), "metric,value\nlatency,fast\n");
        CliRun bad = run("gate", "judge", "--baseline", broken.toString(), "--canary", canary.toString());
        assertThat(bad.code()).isEqualTo(2);
        assertThat(bad.err()).contains("x.csv:2: value: expected a number, got 'fast'");
        assertThat(run(
                                "gate",
                                "judge",
                                "--baseline",
                                base.toString(),
                                "--canary",
                                canary.toString(),
                                "--critical",
                                "nope")
                        .err())
                .contains("--critical: no metric 'nope'");
    }

    @Test
    void canaryPlanContract() throws Exception {
        CliRun r = run(
                "gate",
                "canary-plan",
                "--rate",
                "50",
                "--steps",
                "1,5,25,50",
                "--interval-minutes",
                "5",
                "--error-rate",
                "0.005",
                "--error-rate-increase",
                "0.005",
                "--latency-p99-ms",
                "500",
                "--latency-increase",
                "0.1",
                "--json");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode j = r.json();
        assertThat(j.get("steps")).hasSize(4);
        assertThat(j.get("thresholds").get(0).get("samplesPerSide").asLong()).isEqualTo(3681);
        assertThat(j.get("promotionMinutes").asDouble()).isEqualTo(213);
        CliRun flagger = run(
                "gate",
                "canary-plan",
                "--rate",
                "1000000",
                "--step-weight",
                "2",
                "--max-weight",
                "50",
                "--interval-minutes",
                "1",
                "--error-rate",
                "0.01",
                "--error-rate-increase",
                "0.01",
                "--json");
        assertThat(flagger.json().get("promotionMinutes").asDouble()).isEqualTo(25);
        assertThat(run(
                                "gate",
                                "canary-plan",
                                "--rate",
                                "10",
                                "--steps",
                                "5",
                                "--error-rate",
                                "0.995",
                                "--error-rate-increase",
                                "0.01")
                        .err())
                .contains("unreachable");
        assertThat(run("gate", "canary-plan", "--rate", "10", "--error-rate", "0.01", "--error-rate-increase", "0.01")
                        .code())
                .isEqualTo(2);
    }

    @Test
    void decideOnTheDemoAndOnImportedEvidence() throws Exception {
        CliRun demo = run("gate", "decide", "--json");
        assertThat(demo.code()).as(demo.err()).isZero();
        JsonNode d = demo.json();
        assertThat(d.get("decision").asText()).isEqualTo("canary");
        assertThat(d.get("reasons").get(0).asText()).startsWith("Canary");
        JsonNode first = d.get("checks").get(0);
        for (String key :
                new String[] {"name", "layer", "role", "status", "estimate", "ciLow", "ciHigh", "threshold"}) {
            assertThat(first.has(key)).as(key).isTrue();
        }
        // a project of its own: a policy from a file, a private suite and a replay imported, then decided
        assertThat(run("project", "create", "Gate").code()).isZero();
        Path policy = Files.writeString(
                tmp.resolve("policy.json"),
                """
                {"name": "mine", "confidence": 0.95, "checks": [
                  {"name": "private", "layer": "private", "metric": "accuracy", "higherIsBetter": true, "minimumEffect": 0.02,
                   "margin": 0.02, "test": "paired", "role": "required-gain"},
                  {"name": "errors", "layer": "replay", "metric": "error", "higherIsBetter": false, "minimumEffect": 0,
                   "margin": 0.01, "test": "paired", "role": "blocking"}]}
                """);
        CliRun set = run(
                "gate",
                "policy",
                "--project",
                "Gate",
                "--set",
                policy.toString(),
                "--candidate",
                "new",
                "--incumbent",
                "old",
                "--json");
        assertThat(set.code()).as(set.err()).isZero();
        StringBuilder suite = new StringBuilder("item,model,score\n");
        for (int i = 0; i < 400; i++) {
            suite.append("q")
                    .append(i)
                    .append(",old,")
                    .append(i % 10 < 6 ? 1 : 0)
                    .append('\n');
            suite.append("q")
                    .append(i)
                    .append(",new,")
                    .append(i % 10 < 8 ? 1 : 0)
                    .append('\n');
        }
        Path suiteFile = Files.writeString(tmp.resolve("suite.csv"), suite);
        CliRun imp = run(
                "gate",
                "import",
                "--project",
                "Gate",
                "--layer",
                "private",
                "--input",
                suiteFile.toString(),
                "--rotation",
                "2026-11-01",
                "--json");
        assertThat(imp.code()).as(imp.err()).isZero();
        assertThat(imp.json().get("imported")).hasSize(2);
        StringBuilder replay = new StringBuilder();
        for (int i = 0; i < 500; i++) {
            replay.append("{\"request_id\": \"r")
                    .append(i)
                    .append("\", \"model\": \"old\", \"error\": ")
                    .append(i % 50 == 0)
                    .append("}\n");
            replay.append("{\"request_id\": \"r")
                    .append(i)
                    .append("\", \"model\": \"new\", \"error\": ")
                    .append(i % 9 == 0)
                    .append("}\n");
        }
        Path replayFile = Files.writeString(tmp.resolve("replay.jsonl"), replay);
        assertThat(run("gate", "import", "--project", "Gate", "--layer", "replay", "--input", replayFile.toString())
                        .code())
                .isZero();
        CliRun decided = run("gate", "decide", "--project", "Gate", "--json");
        assertThat(decided.code()).as(decided.err()).isZero();
        // the error rate rises from 2 % to 11 %: a blocking regression
        assertThat(decided.json().get("decision").asText()).isEqualTo("reject");
        assertThat(decided.json().get("checks").get(1).get("status").asText()).isEqualTo("regression");
        // bad input: a broken suite names file, line and field; a contradictory policy is refused with the reason
        Path broken = Files.writeString(tmp.resolve("broken.csv"), "item,model,score\nq1,new,high\n");
        CliRun bad = run("gate", "import", "--project", "Gate", "--layer", "private", "--input", broken.toString());
        assertThat(bad.code()).isEqualTo(2);
        assertThat(bad.err()).contains("broken.csv:2: score: expected a number, got 'high'");
        Path contradictory = Files.writeString(
                tmp.resolve("bad-policy.json"),
                """
                {"name": "bad", "confidence": 0.95, "checks": [
                  {"name": "a", "layer": "replay", "metric": "latency", "higherIsBetter": true, "minimumEffect": 0, "margin": 1,
                   "test": "unpaired", "role": "blocking"},
                  {"name": "b", "layer": "replay", "metric": "latency", "higherIsBetter": false, "minimumEffect": 0, "margin": 1,
                   "test": "unpaired", "role": "informative"}]}
                """);
        CliRun refused = run("gate", "policy", "--project", "Gate", "--set", contradictory.toString());
        assertThat(refused.code()).isEqualTo(2);
        assertThat(refused.err()).contains("bad-policy.json").contains("cannot be better both higher and lower");
        assertThat(run("gate", "decide", "--project", "Gate", "--candidate", "old", "--incumbent", "old")
                        .err())
                .contains("the same model");
    }

    @Test
    void replayRollsBackWhereTheCanaryFails() throws Exception {
        StringBuilder csv = new StringBuilder("step,group,metric,value\n");
        SplittableRandom r = new SplittableRandom(5);
        for (int step = 1; step <= 3; step++) {
            for (int i = 0; i < 60; i++) {
                csv.append(step)
                        .append(",baseline,latency,")
                        .append(200 + 20 * r.nextDouble())
                        .append('\n');
                // the canary's latency is like the baseline's until step 3, where it is 40 % slower
                csv.append(step)
                        .append(",canary,latency,")
                        .append((step == 3 ? 280 : 200) + 20 * r.nextDouble())
                        .append('\n');
            }
        }
        Path file = Files.writeString(tmp.resolve("monitoring.csv"), csv);
        CliRun res =
                run("gate", "replay", "--monitoring", file.toString(), "--direction", "latency=increase", "--json");
        assertThat(res.code()).as(res.err()).isZero();
        assertThat(res.json().get("outcome").asText()).isEqualTo("rolled back");
        assertThat(res.json().get("stoppedAt").asText()).isEqualTo("3");
        assertThat(res.json().get("steps")).hasSize(3);
        assertThat(res.json().get("steps").get(0).get("verdict").asText()).isEqualTo("pass");
        Path bad = Files.writeString(tmp.resolve("bad.csv"), "step,group,metric,value\n1,control,latency,3\n");
        assertThat(run("gate", "replay", "--monitoring", bad.toString()).err())
                .contains("bad.csv:2: group: expected baseline or canary");
    }
}
