package dev.sextant.app.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sextant.workspaces.WorkspaceHome;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code eval samples} against its contract: pass@k and pass^k over trials, configurations apart, bad tables refused. */
class EvalSamplesCliTest {

    @TempDir
    Path tmp;

    CliRun run(String... args) {
        return CliRun.of(new WorkspaceHome(tmp.resolve("home")), args);
    }

    @Test
    void trialsOfAPerItemCsvAreSummarisedPerSamplingConfiguration() throws Exception {
        // model a at temperature 0.8: items with 4, 2 and 0 successes of 4 (as
        // RepeatedSamplesTest by hand); at 0 greedy, once
        StringBuilder b = new StringBuilder("model,benchmark,item_id,sample,score,temperature,output_tokens\n");
        int[] successes = {4, 2, 0};
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 4; j++) {
                b.append("a,math,q")
                        .append(i)
                        .append(',')
                        .append(j)
                        .append(',')
                        .append(j < successes[i] ? 1 : 0)
                        .append(",0.8,")
                        .append(100 + 10 * i)
                        .append('\n');
            }
        }
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 2; j++) {
                b.append("a,math,q").append(i).append(',').append(j).append(",1,0,50\n");
            }
        }
        Path f = Files.writeString(tmp.resolve("trials.csv"), b);
        CliRun res = run("eval", "samples", "--input", f.toString(), "--k", "1,2", "--price-out", "10", "--json");
        assertThat(res.code()).as(res.err()).isZero();
        JsonNode rows = res.json().get("rows");
        assertThat(rows).hasSize(2);
        JsonNode hot = rows.get(0);
        assertThat(hot.get("sampling").get("temperature").asDouble()).isEqualTo(0.8);
        assertThat(hot.get("samplesPerItem").asInt()).isEqualTo(4);
        assertThat(hot.get("passAt").get("1").get("value").asDouble()).isCloseTo(0.5, within(1e-12));
        assertThat(hot.get("passAt").get("2").get("value").asDouble()).isCloseTo((1 + 5.0 / 6) / 3, within(1e-12));
        assertThat(hot.get("passHat").get("2").get("value").asDouble()).isCloseTo((1 + 1.0 / 6) / 3, within(1e-12));
        assertThat(hot.get("consistency").asDouble()).isCloseTo(2.0 / 3, within(1e-12));
        assertThat(hot.get("tokens").get("perSolved").asDouble()).isCloseTo(220, within(1e-9));
        assertThat(hot.get("costPerSolved").asDouble()).isCloseTo(1320 * 10 / 1e6 / 6, within(1e-15));
        JsonNode greedy = rows.get(1);
        assertThat(greedy.get("sampling").get("described").asText()).isEqualTo("temperature=0");
        assertThat(greedy.get("passHat").get("2").get("value").asDouble()).isEqualTo(1.0);
        assertThat(run("eval", "samples", "--input", f.toString()).out())
                .contains("PASS@1")
                .contains("temperature=0.8");
        // k beyond the trials, trials that disagree on items: said, nothing else
        CliRun tooMany = run("eval", "samples", "--input", f.toString(), "--k", "3");
        assertThat(tooMany.code()).isNotZero();
        assertThat(tooMany.err()).contains("k = 3 is larger than the 2 trials");
        Path ragged = Files.writeString(
                tmp.resolve("ragged.csv"),
                "model,benchmark,item_id,sample,score\nm,b,q1,0,1\nm,b,q2,0,0\nm,b,q1,1,1\n");
        assertThat(run("eval", "samples", "--input", ragged.toString()).err())
                .contains("trials disagree on the items")
                .contains("q2");
        Path noSample = Files.writeString(tmp.resolve("bad.csv"), "model,benchmark,item_id,sample,score\nm,b,q1,,1\n");
        assertThat(run("eval", "samples", "--input", noSample.toString()).err())
                .contains("bad.csv")
                .contains("sample");
    }

    @Test
    void aTauBenchResultsFileGivesPassHatKOverItsTrials() throws Exception {
        // τ-bench's results: every task's trials with their reward; task 0 solved 3
        // times of 4, task 1 once, task 2 never
        StringBuilder b = new StringBuilder("[");
        int[][] rewards = {{1, 1, 0, 1}, {0, 0, 1, 0}, {0, 0, 0, 0}};
        for (int t = 0; t < 3; t++) {
            for (int trial = 0; trial < 4; trial++) {
                b.append(b.length() > 1 ? "," : "")
                        .append("{\"task_id\": ")
                        .append(t)
                        .append(", \"reward\": ")
                        .append(rewards[t][trial])
                        .append(".0, \"info\": {}, \"traj\": [], \"trial\": ")
                        .append(trial)
                        .append('}');
            }
        }
        Path f = Files.writeString(tmp.resolve("gpt-x-airline.json"), b.append(']'));
        CliRun res = run("eval", "samples", "--input", f.toString(), "--k", "1,2,4", "--json");
        assertThat(res.code()).as(res.err()).isZero();
        JsonNode row = res.json().get("rows").get(0);
        assertThat(row.get("model").asText()).isEqualTo("gpt-x-airline");
        assertThat(row.get("benchmark").asText()).isEqualTo("tau-bench");
        // pass^2 = (C(3,2)/C(4,2) + 0 + 0)/3 = (3/6)/3; pass^4 = 0; pass@4 = 2/3
        assertThat(row.get("passHat").get("2").get("value").asDouble()).isCloseTo(0.5 / 3, within(1e-12));
        assertThat(row.get("passHat").get("4").get("value").asDouble()).isZero();
        assertThat(row.get("passAt").get("4").get("value").asDouble()).isCloseTo(2.0 / 3, within(1e-12));
        assertThat(res.json().get("notes").toString()).contains("named after the file");
    }

    @Test
    void pairedComparisonsAndTheGateCanJudgePassHatK() throws Exception {
        // 4 items, 3 trials each; a solves items in 3, 3, 1, 0 trials; b in 2, 2, 2, 2. pass^2 per
        // item (C(c,2)/C(3,2)): a 1, 1, 0, 0 (mean 0.5); b 1/3 each (mean 1/3): a − b = 1/6 on
        // pass^2, while on the mean of trials a 7/12 < b 2/3
        int[][] solved = {{3, 3, 1, 0}, {2, 2, 2, 2}};
        StringBuilder eval = new StringBuilder("model,benchmark,item_id,sample,score\n");
        StringBuilder gate = new StringBuilder("item,model,sample,score\n");
        for (int m = 0; m < 2; m++) {
            for (int i = 0; i < 4; i++) {
                for (int j = 0; j < 3; j++) {
                    int score = j < solved[m][i] ? 1 : 0;
                    eval.append(m == 0 ? "a" : "b")
                            .append(",agent,t")
                            .append(i)
                            .append(',')
                            .append(j)
                            .append(',')
                            .append(score)
                            .append('\n');
                    gate.append('t')
                            .append(i)
                            .append(',')
                            .append(m == 0 ? "a" : "b")
                            .append(',')
                            .append(j)
                            .append(',')
                            .append(score)
                            .append('\n');
                }
            }
        }
        Path e = Files.writeString(tmp.resolve("scores.csv"), eval);
        CliRun hat = run(
                "eval",
                "compare",
                "--input",
                e.toString(),
                "--a",
                "a",
                "--b",
                "b",
                "--benchmark",
                "agent",
                "--trials",
                "pass^2",
                "--json");
        assertThat(hat.code()).as(hat.err()).isZero();
        assertThat(hat.json().get("meanDiff").asDouble()).isCloseTo(0.5 - 1.0 / 3, within(1e-12));
        CliRun mean = run(
                "eval", "compare", "--input", e.toString(), "--a", "a", "--b", "b", "--benchmark", "agent", "--json");
        assertThat(mean.json().get("meanDiff").asDouble()).isCloseTo(7.0 / 12 - 2.0 / 3, within(1e-12));
        assertThat(run(
                                "eval",
                                "compare",
                                "--input",
                                e.toString(),
                                "--a",
                                "a",
                                "--b",
                                "b",
                                "--benchmark",
                                "agent",
                                "--trials",
                                "pass^4")
                        .err())
                .contains("--trials")
                .contains("fewer than the k = 4");
        assertThat(run(
                                "eval",
                                "compare",
                                "--input",
                                e.toString(),
                                "--a",
                                "a",
                                "--b",
                                "b",
                                "--benchmark",
                                "agent",
                                "--trials",
                                "best")
                        .err())
                .contains("pass^K");
        // the gate: a private suite's trials folded into pass^2 per item, kept under that metric
        assertThat(run("project", "create", "G").code()).isZero();
        Path g = Files.writeString(tmp.resolve("suite.csv"), gate);
        CliRun imp = run(
                "gate",
                "import",
                "--project",
                "G",
                "--layer",
                "private",
                "--input",
                g.toString(),
                "--trials",
                "pass^2",
                "--json");
        assertThat(imp.code()).as(imp.err()).isZero();
        JsonNode rows = imp.json().get("imported");
        assertThat(rows).hasSize(2);
        assertThat(rows.get(0).get("metric").asText()).isEqualTo("pass^2");
        assertThat(rows.get(0).get("values").asInt()).isEqualTo(4); // one per item, not per trial
    }
}
