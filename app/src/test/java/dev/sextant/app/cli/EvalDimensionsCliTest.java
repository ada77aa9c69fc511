package dev.sextant.app.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sextant.workspaces.WorkspaceHome;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code eval dimensions} against its contract: a profile per dimension, what is unmeasured, refusal boundaries. */
class EvalDimensionsCliTest {

    @TempDir
    Path tmp;

    CliRun run(String... args) {
        return CliRun.of(new WorkspaceHome(tmp.resolve("home")), args);
    }

    @Test
    void perItemScoresBecomeAProfileAndRefusalSetsTwoRates() throws Exception {
        // gsm8k: a solves 3 of 4, b 1 of 4; ifeval: a 2 of 4, b 4 of 4; mystery_suite is placed by the map on code
        StringBuilder b = new StringBuilder("model,benchmark,item_id,score\n");
        int[][] solved = {{3, 2, 4}, {1, 4, 0}};
        String[] benches = {"gsm8k", "ifeval", "mystery_suite"};
        for (int m = 0; m < 2; m++) {
            for (int k = 0; k < 3; k++) {
                for (int i = 0; i < 4; i++) {
                    b.append(m == 0 ? "a" : "b")
                            .append(',')
                            .append(benches[k])
                            .append(",q")
                            .append(i)
                            .append(',')
                            .append(i < solved[m][k] ? 1 : 0)
                            .append('\n');
                }
            }
        }
        Path scores = Files.writeString(tmp.resolve("scores.csv"), b);
        Path map = Files.writeString(tmp.resolve("map.csv"), "benchmark,dimension\nmystery_suite,coding\n");
        Path refusals = Files.writeString(
                tmp.resolve("refusals.csv"),
                "model,item_id,should_refuse,refused\na,h1,yes,yes\na,h2,yes,no\na,s1,no,no\n" + "a,s2,no,yes\n");
        CliRun res = run(
                "eval",
                "dimensions",
                "--input",
                scores.toString(),
                "--map",
                map.toString(),
                "--refusals",
                refusals.toString(),
                "--json");
        assertThat(res.code()).as(res.err()).isZero();
        JsonNode j = res.json();
        assertThat(cell(j, "a", "reasoning").get("value").asDouble()).isCloseTo(0.75, within(1e-12));
        assertThat(cell(j, "b", "instruction following").get("value").asDouble())
                .isCloseTo(1.0, within(1e-12));
        assertThat(cell(j, "a", "code").get("value").asDouble()).isCloseTo(1.0, within(1e-12));
        assertThat(j.get("unmeasured").get("a").toString())
                .contains("long context")
                .contains("knowledge");
        JsonNode r = j.get("refusals").get(0);
        assertThat(r.get("refusedWhenShould").asDouble()).isEqualTo(0.5);
        assertThat(r.get("refusedWhenShouldNot").asDouble()).isEqualTo(0.5);
        Path badMap = Files.writeString(tmp.resolve("bad-map.csv"), "benchmark,dimension\ngsm8k,vibes\n");
        CliRun bad = run("eval", "dimensions", "--input", scores.toString(), "--map", badMap.toString());
        assertThat(bad.code()).isNotZero();
        assertThat(bad.err()).contains("bad-map.csv").contains("dimension").contains("'vibes' is none of");
    }

    @Test
    void aGateCheckOnADimensionPairsItsBenchmarksItems() throws Exception {
        // humaneval and mbpp are code: new solves 7 of 8 items where old solves 8 → −1/8
        // on code; gsm8k (reasoning) is not in it
        StringBuilder b = new StringBuilder("model,benchmark,item_id,score\n");
        for (String bench : new String[] {"humaneval", "mbpp", "gsm8k"}) {
            for (int i = 0; i < 4; i++) {
                b.append("new,")
                        .append(bench)
                        .append(",q")
                        .append(i)
                        .append(',')
                        .append(bench.equals("mbpp") && i == 3 ? 0 : 1)
                        .append('\n');
                b.append("old,").append(bench).append(",q").append(i).append(",1\n");
            }
        }
        Path scores = Files.writeString(tmp.resolve("scores.csv"), b);
        assertThat(run("project", "create", "D").code()).isZero();
        assertThat(run("eval", "import", "--input", scores.toString(), "--project", "D")
                        .code())
                .isZero();
        Path policy = Files.writeString(
                tmp.resolve("policy.json"),
                """
                {"name": "dims", "confidence": 0.95, "checks": [{"name": "code", "layer": "public", "metric": "dimension:code",
                  "higherIsBetter": true, "minimumEffect": 0, "margin": 0.5, "test": "paired", "role": "blocking"}]}
                """);
        assertThat(run(
                                "gate",
                                "policy",
                                "--project",
                                "D",
                                "--set",
                                policy.toString(),
                                "--candidate",
                                "new",
                                "--incumbent",
                                "old")
                        .code())
                .isZero();
        CliRun d = run("gate", "decide", "--project", "D", "--json");
        assertThat(d.code()).as(d.err()).isZero();
        JsonNode check = d.json().get("checks").get(0);
        assertThat(check.get("n").asInt()).isEqualTo(8);
        assertThat(check.get("estimate").asDouble()).isCloseTo(-1.0 / 8, within(1e-12));
        assertThat(check.get("source").asText()).contains("humaneval, mbpp");
    }

    static JsonNode cell(JsonNode j, String model, String dimension) {
        for (JsonNode c : j.get("cells")) {
            if (c.get("model").asText().equals(model)
                    && c.get("dimension").asText().equals(dimension)) {
                return c;
            }
        }
        throw new AssertionError("no cell " + model + "/" + dimension + " in " + j);
    }
}
