package dev.sextant.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sextant.model.io.Json;
import dev.sextant.workspaces.WorkspaceHome;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code monitor analyze} against its contract: a canary's error burst found in its window and traced to its requests. */
class MonitorCliTest {

    @TempDir
    Path tmp;

    CliRun run(String... args) {
        return CliRun.of(new WorkspaceHome(tmp.resolve("home")), args);
    }

    @Test
    void aCanarysErrorBurstIsFoundAgainstTheStableRouteAndTracedToItsRequests() throws Exception {
        StringBuilder b = new StringBuilder();
        SplittableRandom r = new SplittableRandom(5);
        long t0 = Instant.parse("2026-12-01T10:00:00Z").toEpochMilli();
        for (int i = 0; i < 6000; i++) {
            long t = t0 + i * 100L; // 10 requests a second for 10 minutes
            boolean canary = r.nextDouble() < 0.2;
            boolean burst = canary && t >= t0 + 300_000 && t < t0 + 360_000 && r.nextDouble() < 0.3;
            boolean error = burst || r.nextDouble() < 0.005;
            b.append(String.format(
                    Locale.ROOT,
                    "{\"request_id\":\"%s%d\",\"timestamp\":%d,\"route\":\"%s\",\"output_tokens\":%d,\"latency_ms\":%.0f,"
                            + "\"status\":\"%s\"}%n",
                    burst ? "burst-" : "r-",
                    i,
                    t,
                    canary ? "canary" : "stable",
                    100 + r.nextInt(200),
                    500 + 20 * (100 + r.nextInt(200)) * Math.exp(0.1 * r.nextGaussian()),
                    error ? "error" : "ok"));
        }
        b.append("{\"request_id\":\"cut\",\"timestamp\":17"); // a line cut short at the end
        Path log = Files.writeString(tmp.resolve("prod.jsonl"), b.toString());
        CliRun res = run(
                "monitor",
                "analyze",
                "--input",
                log.toString(),
                "--window",
                "1m",
                "--by",
                "route",
                "--baseline",
                "route=stable",
                "--json");
        assertThat(res.code()).as(res.err()).isZero();
        JsonNode j = res.json();
        assertThat(j.get("requests").asLong()).isEqualTo(6000);
        assertThat(j.get("skipped").asLong()).isEqualTo(1);
        assertThat(j.get("skips").get(0).asText()).contains("prod.jsonl:6001").contains("cut short");
        JsonNode alerts = j.get("alerts");
        assertThat(alerts).isNotEmpty();
        JsonNode burst = null;
        for (JsonNode a : alerts) {
            // stable is the baseline, never judged
            assertThat(a.get("segment").get("route").asText()).isEqualTo("canary");
            if (a.get("metric").asText().equals("error_rate")) {
                burst = a;
            }
        }
        assertThat(burst).as("the error burst").isNotNull();
        assertThat(burst.get("start").asText()).isEqualTo("2026-12-01T10:05:00Z");
        assertThat(burst.get("end").asText()).isEqualTo("2026-12-01T10:06:00Z");
        assertThat(burst.get("effect").get("low").asDouble()).isPositive();
        long planted = 0;
        for (JsonNode id : burst.get("requests")) {
            planted += id.asText().startsWith("burst-") ? 1 : 0;
        }
        assertThat(planted).isGreaterThanOrEqualTo(burst.get("requests").size() - 2);
        assertThat(alerts.size()).as("only the burst window alerts").isLessThanOrEqualTo(2);
        // a 99.5 % objective: the burst burns the canary's budget far faster than 6×
        CliRun slo = run(
                "monitor",
                "analyze",
                "--input",
                log.toString(),
                "--window",
                "1m",
                "--by",
                "route",
                "--slo-error",
                "0.005",
                "--json");
        assertThat(slo.code()).as(slo.err()).isZero();
        boolean burned = false;
        for (JsonNode a : slo.json().get("alerts")) {
            burned |= a.get("metric").asText().equals("error_budget_burn")
                    && a.get("segment").get("route").asText().equals("canary")
                    && a.get("pValue").isNull();
        }
        assertThat(burned).isTrue();
        assertThat(slo.json().get("drift")).isEmpty(); // lengths drawn alike throughout
        // kept in a project, analysed from there alike
        assertThat(run("project", "create", "Prod").code()).isZero();
        CliRun imported = run("monitor", "import", "--input", log.toString(), "--project", "Prod", "--json");
        assertThat(imported.code()).as(imported.err()).isZero();
        assertThat(imported.json().get("requests").asLong()).isEqualTo(6000);
        assertThat(imported.json().get("skipped").asLong()).isEqualTo(1);
        CliRun fromProject = run(
                "monitor",
                "analyze",
                "--project",
                "Prod",
                "--window",
                "1m",
                "--by",
                "route",
                "--baseline",
                "route=stable",
                "--json");
        assertThat(fromProject.code()).as(fromProject.err()).isZero();
        assertThat(fromProject.json().get("alerts")).isEqualTo(j.get("alerts"));
        assertThat(run("monitor", "import", "--input", log.toString(), "--project", "Prod", "--format", "csv")
                        .err())
                .contains("reads as jsonl");
        assertThat(run("monitor", "analyze", "--input", log.toString(), "--window", "soon")
                        .err())
                .contains("--window")
                .contains("30s, 5m or 1h");
        assertThat(run("monitor", "analyze", "--input", log.toString(), "--baseline", "route=stable")
                        .err())
                .contains("--by");
    }

    @Test
    void promptsGrowingLongerAreReportedAsDrift() throws Exception {
        StringBuilder b = new StringBuilder("request_id,timestamp,input_tokens,output_tokens\n");
        SplittableRandom r = new SplittableRandom(9);
        for (int i = 0; i < 3000; i++) {
            // the last minute: four times longer prompts
            int prompt = (int) (200 * Math.exp(0.5 * r.nextGaussian()) * (i >= 2400 ? 4 : 1));
            b.append(String.format(
                    Locale.ROOT, "q%d,%d,%d,%d%n", i, 1_764_583_200L + i / 5, prompt, 50 + r.nextInt(100)));
        }
        Path log = Files.writeString(tmp.resolve("trace.csv"), b.toString());
        CliRun res = run(
                "monitor", "analyze", "--input", log.toString(), "--window", "1m", "--baseline-windows", "4", "--json");
        assertThat(res.code()).as(res.err()).isZero();
        JsonNode drift = res.json().get("drift");
        assertThat(drift)
                .as("one episode: the two longer minutes, and no window drifting by chance")
                .hasSize(1);
        assertThat(drift.get(0).get("column").asText()).isEqualTo("input_tokens");
        assertThat(drift.get(0).get("severity").asText()).isEqualTo("large");
        assertThat(drift.get(0).get("start").asText())
                .isEqualTo(Instant.ofEpochSecond(1_764_583_200L + 480).toString());
        assertThat(drift.get(0).get("end").asText())
                .isEqualTo(Instant.ofEpochSecond(1_764_583_200L + 600).toString());
    }

    @Test
    void feedbackMakesDatedRotationsOfFlaggedAndSampledRequestsThatDoNotRepeatEachOther() throws Exception {
        StringBuilder b = new StringBuilder();
        SplittableRandom r = new SplittableRandom(6);
        long t0 = Instant.parse("2026-12-01T10:00:00Z").toEpochMilli();
        for (int i = 0; i < 6000; i++) {
            long t = t0 + i * 100L;
            boolean canary = i % 5 == 0;
            boolean burst = canary && t >= t0 + 300_000 && t < t0 + 360_000 && r.nextDouble() < 0.3;
            b.append(String.format(
                    Locale.ROOT,
                    "{\"request_id\":\"%s%d\",\"timestamp\":%d,\"route\":\"%s\",\"input_tokens\":%d,"
                            + "\"latency_ms\":%d,\"status\":\"%s\",\"prompt\":\"question %d about topic %d\"}%n",
                    burst ? "burst-" : "r-",
                    i,
                    t,
                    canary ? "canary" : "stable",
                    20 + r.nextInt(500),
                    800 + r.nextInt(200),
                    burst ? "error" : "ok",
                    i,
                    i % 37));
        }
        Path log = Files.writeString(tmp.resolve("prod.jsonl"), b.toString());
        Path bench = Files.writeString(
                tmp.resolve("public.jsonl"),
                "{\"id\":\"q1\",\"text\":\"question 17 about topic 17 and the rest of"
                        + " a public item that is long enough to hold thirteen tokens of text\"}\n");
        assertThat(run("project", "create", "Prod").code()).isZero();
        assertThat(run("monitor", "import", "--input", log.toString(), "--project", "Prod")
                        .code())
                .isZero();
        CliRun first = run(
                "monitor",
                "feedback",
                "--project",
                "Prod",
                "--window",
                "1m",
                "--by",
                "route",
                "--baseline",
                "route=stable",
                "--sample",
                "100",
                "--rotation",
                "2026-12-02",
                "--out",
                tmp.resolve("rotations").toString(),
                "--benchmarks",
                bench.toString(),
                "--json");
        assertThat(first.code()).as(first.err()).isZero();
        JsonNode j = first.json();
        assertThat(j.get("rotation").asText()).isEqualTo("2026-12-02");
        assertThat(j.get("flagged").asInt()).isPositive();
        assertThat(j.get("sampled").asInt()).isEqualTo(100);
        assertThat(j.get("items").asInt()).isEqualTo(j.get("flagged").asInt() + 100);
        List<String> lines = Files.readAllLines(tmp.resolve("rotations/rotation-2026-12-02.jsonl"));
        assertThat(lines).hasSize(j.get("items").asInt());
        JsonNode item = Json.mapper().readTree(lines.get(0));
        assertThat(item.get("requestId").asText()).startsWith("burst-");
        assertThat(item.get("reason").asText()).isEqualTo("flagged: error_rate");
        assertThat(item.get("prompt").asText()).startsWith("question ");
        assertThat(Files.readAllLines(tmp.resolve("rotations/replay-2026-12-02.csv"))
                        .get(0))
                .isEqualTo("timestamp,input_tokens,output_tokens,request_id");
        // the next rotation leaves out every request the first took
        CliRun second = run(
                "monitor",
                "feedback",
                "--project",
                "Prod",
                "--window",
                "1m",
                "--by",
                "route",
                "--baseline",
                "route=stable",
                "--sample",
                "100",
                "--rotation",
                "2026-12-09",
                "--seed",
                "1",
                "--json");
        assertThat(second.code()).as(second.err()).isZero();
        assertThat(second.json().get("flagged").asInt())
                .as("the flagged requests were all taken the first time")
                .isZero();
        assertThat(second.json().get("repeatsOfEarlier").asInt())
                .isGreaterThanOrEqualTo(j.get("flagged").asInt());
        assertThat(run("monitor", "feedback", "--project", "Prod", "--rotation", "next week")
                        .err())
                .contains("--rotation")
                .contains("YYYY-MM-DD");
        assertThat(run(
                                "monitor",
                                "feedback",
                                "--project",
                                "Prod",
                                "--window",
                                "1m",
                                "--by",
                                "route",
                                "--baseline",
                                "route=stable",
                                "--alerts",
                                "9")
                        .err())
                .contains("--alerts")
                .contains("numbered from 1");
    }

    @Test
    void theLoopTrafficMovedMakesTheDecisionStaleAndTheNextRotationsScoresReDecide() throws Exception {
        assertThat(run("project", "create", "Loop").code()).isZero();
        Path policy = Files.writeString(
                tmp.resolve("policy.json"),
                """
                {"name": "mine", "confidence": 0.95, "checks": [
                  {"name": "private", "layer": "private", "metric": "accuracy", "higherIsBetter": true, "minimumEffect": 0.02,
                   "margin": 0.02, "test": "paired", "role": "required-gain"}]}
                """);
        assertThat(run(
                                "gate",
                                "policy",
                                "--project",
                                "Loop",
                                "--set",
                                policy.toString(),
                                "--candidate",
                                "new",
                                "--incumbent",
                                "old")
                        .code())
                .isZero();
        assertThat(run(
                                "gate",
                                "import",
                                "--project",
                                "Loop",
                                "--layer",
                                "private",
                                "--input",
                                suite("s1", 0).toString(),
                                "--rotation",
                                "2026-11-01")
                        .code())
                .isZero();
        // a week of traffic either side of the rotation; after it, prompts three times longer
        StringBuilder b = new StringBuilder("request_id,timestamp,input_tokens,output_tokens,route,version\n");
        SplittableRandom r = new SplittableRandom(3);
        long start = Instant.parse("2026-10-25T00:00:00Z").toEpochMilli();
        for (int i = 0; i < 4000; i++) {
            long t = start + i * 300_000L; // every five minutes, about two weeks
            boolean later = t >= Instant.parse("2026-11-02T00:00:00Z").toEpochMilli();
            b.append(String.format(
                    Locale.ROOT,
                    "q%d,%d,%d,%d,stable,%s%n",
                    i,
                    t,
                    (int) (300 * Math.exp(0.5 * r.nextGaussian()) * (later ? 3 : 1)),
                    80 + r.nextInt(60),
                    later ? "new" : "old")); // the candidate launched on 2 November
        }
        Path log = Files.writeString(tmp.resolve("traffic.csv"), b.toString());
        assertThat(run("monitor", "import", "--input", log.toString(), "--project", "Loop")
                        .code())
                .isZero();
        CliRun decided = run("gate", "decide", "--project", "Loop", "--json");
        assertThat(decided.code()).as(decided.err()).isZero();
        JsonNode fresh = decided.json().get("freshness");
        assertThat(fresh.get("stale").asBoolean()).isTrue();
        assertThat(fresh.get("since").asText()).isEqualTo("2026-11-01");
        assertThat(fresh.get("reasons").toString()).contains("input tokens moved");
        assertThat(decided.json().get("decision").asText()).isNotEmpty(); // the decision's own fields as before
        assertThat(run("gate", "decide", "--project", "Loop").out()).contains("STALE");
        // the loop per version: both monitored, the candidate launched the day its first request came
        JsonNode loop =
                run("monitor", "loop", "--project", "Loop", "--json").json().get("versions");
        assertThat(loop).hasSize(2);
        assertThat(loop.get(0).get("version").asText()).isEqualTo("new");
        assertThat(loop.get(0).get("candidate").asBoolean()).isTrue();
        assertThat(loop.get(0).get("launched").asText()).isEqualTo("2026-11-02");
        assertThat(loop.get(0).get("stage").asText()).isEqualTo("monitoring");
        assertThat(loop.get(1).get("launched").asText()).isEqualTo("2026-10-25");
        assertThat(loop.get(1).get("monitoredTo").asText()).isEqualTo("2026-11-01");
        // feedback: the next rotation from the new traffic, then its scores imported: decided again on current evidence
        CliRun rotation = run(
                "monitor", "feedback", "--project", "Loop", "--sample", "300", "--rotation", "2026-11-15", "--json");
        assertThat(rotation.code()).as(rotation.err()).isZero();
        assertThat(run("gate", "decide", "--project", "Loop", "--json")
                        .json()
                        .get("freshness")
                        .get("newerRotation")
                        .asText())
                .isEqualTo("2026-11-15");
        JsonNode collected = run("monitor", "loop", "--project", "Loop", "--json")
                .json()
                .get("versions")
                .get(0);
        assertThat(collected.get("stage").asText()).isEqualTo("feedback collected");
        assertThat(collected.get("rotation").asText()).isEqualTo("rotation 2026-11-15");
        assertThat(collected.get("feedbackDate").asText()).isEqualTo("2026-11-15");
        assertThat(collected.get("feedbackItems").asInt()).isPositive();
        assertThat(collected.get("next").asText()).contains("import the scores");
        assertThat(run(
                                "gate",
                                "import",
                                "--project",
                                "Loop",
                                "--layer",
                                "private",
                                "--input",
                                suite("s2", 1000).toString(),
                                "--rotation",
                                "2026-11-15")
                        .code())
                .isZero();
        JsonNode again =
                run("gate", "decide", "--project", "Loop", "--json").json().get("freshness");
        assertThat(again.get("since").asText()).isEqualTo("2026-11-15");
        assertThat(again.get("newerRotation").isNull()).isTrue();
        assertThat(again.get("stale").asBoolean()).as(again.toString()).isFalse();
        CliRun closed = run("monitor", "loop", "--project", "Loop");
        assertThat(closed.out())
                .contains("new (candidate)")
                .contains("re-evaluated")
                .contains("2026-11-15");
        assertThat(run("monitor", "loop", "--project", "Loop", "--json").json().get("versions"))
                .allSatisfy(v -> assertThat(v.get("reEvaluated").asText()).isEqualTo("2026-11-15"));
    }

    @Test
    void trafficWhoseMixIsNotWhatTheEvaluationSampledMakesTheDecisionStale() throws Exception {
        assertThat(run("project", "create", "Mix").code()).isZero();
        Path policy = Files.writeString(
                tmp.resolve("policy.json"),
                """
                {"name": "mine", "confidence": 0.95, "checks": [
                  {"name": "private", "layer": "private", "metric": "accuracy", "higherIsBetter": true, "minimumEffect": 0.02,
                   "margin": 0.02, "test": "paired", "role": "required-gain"}]}
                """);
        assertThat(run(
                                "gate",
                                "policy",
                                "--project",
                                "Mix",
                                "--set",
                                policy.toString(),
                                "--candidate",
                                "new",
                                "--incumbent",
                                "old")
                        .code())
                .isZero();
        // until 10 November half chat, half code; the rotation samples that, by
        // task, and the private suite is scored on it
        SplittableRandom r = new SplittableRandom(12);
        StringBuilder early = new StringBuilder("request_id,timestamp,input_tokens,output_tokens,task\n");
        long t0 = Instant.parse("2026-11-01T00:00:00Z").toEpochMilli();
        for (int i = 0; i < 2000; i++) {
            early.append(String.format(
                    Locale.ROOT,
                    "e%d,%d,%d,%d,%s%n",
                    i,
                    t0 + i * 300_000L,
                    (int) (300 * Math.exp(0.5 * r.nextGaussian())),
                    80 + r.nextInt(60),
                    i % 2 == 0 ? "chat" : "code"));
        }
        assertThat(run(
                                "monitor",
                                "import",
                                "--input",
                                Files.writeString(tmp.resolve("early.csv"), early)
                                        .toString(),
                                "--project",
                                "Mix")
                        .code())
                .isZero();
        CliRun rot = run(
                "monitor",
                "feedback",
                "--project",
                "Mix",
                "--by",
                "task",
                "--sample",
                "300",
                "--rotation",
                "2026-11-10",
                "--json");
        assertThat(rot.code()).as(rot.err()).isZero();
        assertThat(run(
                                "gate",
                                "import",
                                "--project",
                                "Mix",
                                "--layer",
                                "private",
                                "--input",
                                suite("m1", 0).toString(),
                                "--rotation",
                                "2026-11-10")
                        .code())
                .isZero();
        // since: the same lengths, but nine requests in ten are chat
        StringBuilder late = new StringBuilder("request_id,timestamp,input_tokens,output_tokens,task\n");
        long t1 = Instant.parse("2026-11-12T00:00:00Z").toEpochMilli();
        for (int i = 0; i < 1500; i++) {
            late.append(String.format(
                    Locale.ROOT,
                    "l%d,%d,%d,%d,%s%n",
                    i,
                    t1 + i * 300_000L,
                    (int) (300 * Math.exp(0.5 * r.nextGaussian())),
                    80 + r.nextInt(60),
                    i % 10 == 0 ? "code" : "chat"));
        }
        assertThat(run(
                                "monitor",
                                "import",
                                "--input",
                                Files.writeString(tmp.resolve("late.csv"), late).toString(),
                                "--project",
                                "Mix")
                        .code())
                .isZero();
        JsonNode fresh =
                run("gate", "decide", "--project", "Mix", "--json").json().get("freshness");
        assertThat(fresh.get("stale").asBoolean()).as(fresh.toString()).isTrue();
        assertThat(fresh.get("reasons").toString())
                .contains("not what the evaluation sampled")
                .contains("task");
        JsonNode task = null;
        for (JsonNode s : fresh.get("shifts")) {
            if (s.get("column").asText().equals("task")) {
                task = s;
            }
        }
        assertThat(task).as(fresh.toString()).isNotNull();
        assertThat(task.get("against").asText()).isEqualTo("evaluation sample");
        assertThat(task.get("before").asLong()).isEqualTo(300); // the rotation's sampled items
        assertThat(task.get("after").asLong()).isEqualTo(1500);
        assertThat(task.get("severity").asText()).isEqualTo("large");
    }

    Path suite(String name, int from) throws Exception {
        StringBuilder suite = new StringBuilder("item,model,score\n");
        for (int i = from; i < from + 300; i++) {
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
        return Files.writeString(tmp.resolve(name + ".csv"), suite);
    }
}
