package dev.sextant.app.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sextant.workspaces.WorkspaceHome;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The eval commands' JSON contracts (issue 3) on small fixtures with hand-computed answers. */
class EvalCliTest {

    @TempDir
    Path tmp;

    WorkspaceHome home;

    @BeforeEach
    void home() {
        home = new WorkspaceHome(tmp.resolve("home"));
    }

    static String fixture(String name) {
        try {
            return Path.of(EvalCliTest.class.getResource("/eval/" + name).toURI())
                    .toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    CliRun run(String... args) {
        return CliRun.of(home, args);
    }

    @Test
    void summary() throws Exception {
        CliRun r = run("eval", "summary", "--input", fixture("items.csv"), "--json");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode row = r.json().get("rows").get(0);
        for (String field :
                new String[] {"model", "benchmark", "n", "mean", "se", "seClustered", "ciLow", "ciHigh", "method"}) {
            assertThat(row.has(field)).as(field).isTrue();
        }
        assertThat(row.get("model").asText()).isEqualTo("A");
        assertThat(row.get("n").asInt()).isEqualTo(4);
        assertThat(row.get("mean").asDouble()).isEqualTo(0.75);
        assertThat(row.get("se").asDouble()).isCloseTo(0.25, within(1e-12));
        assertThat(row.get("seClustered").asDouble()).isCloseTo(Math.sqrt(0.046875), within(1e-12));

        JsonNode boot = run(
                        "eval",
                        "summary",
                        "--input",
                        fixture("items.csv"),
                        "--ci",
                        "bootstrap",
                        "--bootstrap",
                        "2000",
                        "--seed",
                        "5",
                        "--json")
                .json()
                .get("rows")
                .get(0);
        assertThat(boot.get("method").asText()).isEqualTo("bootstrap");
        JsonNode again = run(
                        "eval",
                        "summary",
                        "--input",
                        fixture("items.csv"),
                        "--ci",
                        "bootstrap",
                        "--bootstrap",
                        "2000",
                        "--seed",
                        "5",
                        "--json")
                .json()
                .get("rows")
                .get(0);
        assertThat(again.get("ciLow")).isEqualTo(boot.get("ciLow"));
    }

    @Test
    void compare() throws Exception {
        JsonNode c = run(
                        "eval",
                        "compare",
                        "--input",
                        fixture("items.csv"),
                        "--a",
                        "A",
                        "--b",
                        "B",
                        "--benchmark",
                        "mmlu",
                        "--json")
                .json();
        assertThat(c.get("n").asInt()).isEqualTo(4);
        assertThat(c.get("meanDiff").asDouble()).isEqualTo(0.5);
        assertThat(c.get("se").asDouble()).isCloseTo(Math.sqrt(1.0 / 3) / 2, within(1e-12));
        assertThat(c.get("pValue").asDouble()).isCloseTo(0.08326, within(1e-5));
        assertThat(c.get("correlation").asDouble()).isCloseTo(1.0 / 3, within(1e-12));
        assertThat(c.has("ciLow") && c.has("ciHigh")).isTrue();
        CliRun unknown = run(
                "eval",
                "compare",
                "--input",
                fixture("items.csv"),
                "--a",
                "A",
                "--b",
                "Z",
                "--benchmark",
                "mmlu",
                "--json");
        assertThat(unknown.code()).isEqualTo(2);
        assertThat(unknown.err()).startsWith("error: --b: no scores for model 'Z' on benchmark 'mmlu'");
    }

    @Test
    void power() throws Exception {
        JsonNode byN = run("eval", "power", "--sd-diff", "0.5", "--n", "1000", "--json")
                .json();
        assertThat(byN.get("minDetectableEffect").asDouble())
                .isCloseTo(Math.sqrt(7.848879 * 0.25 / 1000), within(1e-6));
        assertThat(byN.get("requiredN").isNull()).isTrue();
        JsonNode byEffect = run(
                        "eval",
                        "power",
                        "--sd-diff",
                        "0.5",
                        "--sd-within",
                        "0.5",
                        "--k",
                        "4",
                        "--effect",
                        "0.05",
                        "--json")
                .json();
        assertThat(byEffect.get("requiredN").asLong()).isEqualTo((long) Math.ceil(7.848879 * 0.375 / 0.0025));
        assertThat(run("eval", "power", "--sd-diff", "0.5", "--json").code()).isEqualTo(2);
        assertThat(run("eval", "power", "--sd-diff", "0.5", "--n", "10", "--effect", "0.1")
                        .code())
                .isEqualTo(2);
    }

    @Test
    void index() throws Exception {
        JsonNode r = run(
                        "eval",
                        "index",
                        "--weights",
                        fixture("w.csv"),
                        "--scores",
                        fixture("s.csv"),
                        "--mix",
                        fixture("mix.csv"),
                        "--samples",
                        "500",
                        "--seed",
                        "1",
                        "--json")
                .json();
        JsonNode b = r.get("models").get(0);
        assertThat(b.get("model").asText()).isEqualTo("B");
        assertThat(b.get("score").asDouble()).isCloseTo(0.75, within(1e-12));
        assertThat(b.get("rank").asInt()).isEqualTo(1);
        assertThat(b.get("scoreMix").asDouble()).isCloseTo(0.74, within(1e-12));
        assertThat(b.get("rankMix").asInt()).isEqualTo(1);
        assertThat(b.get("pTop1").asDouble()).isBetween(0.9, 1.0);
        assertThat(r.get("divergence").get("totalVariation").asDouble()).isCloseTo(0.45, within(1e-12));
        assertThat(r.get("divergence").has("jensenShannon")).isTrue();
        JsonNode noMix = run("eval", "index", "--weights", fixture("w.csv"), "--scores", fixture("s.csv"), "--json")
                .json();
        assertThat(noMix.get("divergence").isNull()).isTrue();
        assertThat(noMix.get("models").get(0).get("scoreMix").isNull()).isTrue();
        assertThat(noMix.get("models").get(0).get("tokens").isNull())
                .as("no tokens column in s.csv")
                .isTrue();
    }

    /** A scores table with a tokens column: B leads by 7.5 points at three times A's tokens (weights .5/.25/.25). */
    @Test
    void indexWithTokensCarriesTokenEfficiency() throws Exception {
        Path scores = Files.writeString(
                tmp.resolve("scores-tokens.csv"),
                """
                model,benchmark,score,se,tokens
                A,mmlu,0.80,0.01,400
                A,gsm8k,0.60,0.02,2000
                A,humaneval,0.50,0.03,1200
                B,mmlu,0.70,0.01,1200
                B,gsm8k,0.90,0.02,6000
                B,humaneval,0.70,0.03,3600
                """);
        JsonNode r = run(
                        "eval",
                        "index",
                        "--weights",
                        fixture("w.csv"),
                        "--scores",
                        scores.toString(),
                        "--samples",
                        "0",
                        "--json")
                .json();
        JsonNode b = r.get("models").get(0);
        JsonNode a = r.get("models").get(1);
        assertThat(b.get("tokens").asDouble()).isCloseTo(3000, within(1e-9));
        assertThat(b.get("scorePerKiloToken").asDouble()).isCloseTo(0.25, within(1e-12));
        assertThat(a.get("scorePerKiloToken").asDouble()).isCloseTo(0.675, within(1e-12));
        assertThat(run("eval", "index", "--weights", fixture("w.csv"), "--scores", scores.toString(), "--samples", "0")
                        .out())
                .contains("TOKENS/ITEM")
                .contains("3000")
                .contains("0.2500");
        Path negative = Files.writeString(tmp.resolve("neg.csv"), "model,benchmark,score,tokens\nA,mmlu,0.8,-5\n");
        CliRun bad = run("eval", "index", "--weights", fixture("w.csv"), "--scores", negative.toString());
        assertThat(bad.code()).isNotZero();
        assertThat(bad.err()).contains("neg.csv:2").contains("tokens");
    }

    /** The templates the CLI writes are an index it reads: model-b leads on the templates' own numbers. */
    @Test
    void indexTemplatesAreWrittenAndRead() throws Exception {
        Path dir = tmp.resolve("templates");
        JsonNode t = run("eval", "index", "--write-templates", dir.toString(), "--json")
                .json();
        assertThat(t.get("templates")).hasSize(3);
        JsonNode r = run(
                        "eval",
                        "index",
                        "--weights",
                        dir.resolve("index-weights.csv").toString(),
                        "--scores",
                        dir.resolve("index-scores.csv").toString(),
                        "--mix",
                        dir.resolve("index-mix.csv").toString(),
                        "--normalize",
                        "random-baseline",
                        "--samples",
                        "0",
                        "--json")
                .json();
        assertThat(r.get("models").get(0).get("model").asText()).isEqualTo("model-b");
        assertThat(r.get("models").get(0).get("score").asDouble())
                .isCloseTo(2.0 / 3 * (0.58 / 0.9) + 0.52 / 3, within(1e-9));
    }

    @Test
    void arena() throws Exception {
        JsonNode r = run(
                        "eval",
                        "arena",
                        "--input",
                        fixture("battles.jsonl"),
                        "--bootstrap",
                        "200",
                        "--seed",
                        "3",
                        "--json")
                .json();
        JsonNode models = r.get("models");
        assertThat(models).hasSize(3);
        double mean = 0;
        for (JsonNode m : models) {
            for (String field : new String[] {"model", "rating", "ciLow", "ciHigh", "rankLow", "rankHigh", "battles"}) {
                assertThat(m.has(field)).as(field).isTrue();
            }
            mean += m.get("rating").asDouble() / 3;
        }
        assertThat(mean).isCloseTo(1000, within(1e-6));
        JsonNode anchored = run(
                        "eval",
                        "arena",
                        "--input",
                        fixture("battles.jsonl"),
                        "--bootstrap",
                        "0",
                        "--anchor",
                        "C=800",
                        "--json")
                .json();
        JsonNode c = null;
        for (JsonNode m : anchored.get("models")) {
            if (m.get("model").asText().equals("C")) {
                c = m;
            }
        }
        assertThat(c.get("rating").asDouble()).isCloseTo(800, within(1e-9));
        assertThat(c.get("ciLow").isNull()).as("no bootstrap, no interval").isTrue();
        CliRun bad = run("eval", "arena", "--input", fixture("battles.jsonl"), "--anchor", "Nobody=1000");
        assertThat(bad.code()).isEqualTo(2);
        assertThat(bad.err()).contains("anchor model 'Nobody' has no battles");
    }

    @Test
    void importIntoAProjectThenAnalyseWithoutInputs() throws Exception {
        assertThat(run("workspace", "info").code()).isZero(); // creates the default workspace with its demo project
        assertThat(run("project", "create", "Eval").code()).isZero();
        CliRun imported = run(
                "eval",
                "import",
                "--input",
                fixture("items.csv"),
                fixture("battles.jsonl"),
                fixture("w.csv"),
                fixture("s.csv"),
                fixture("mix.csv"),
                "--project",
                "Eval",
                "--json");
        assertThat(imported.code()).as(imported.err()).isZero();
        JsonNode sources = imported.json().get("sources");
        assertThat(sources).hasSize(5);
        assertThat(sources.get(0).get("kind").asText()).isEqualTo("ITEM_SCORES");
        assertThat(sources.get(1).get("kind").asText()).isEqualTo("BATTLES");
        assertThat(sources.get(2).get("kind").asText()).isEqualTo("WEIGHTS");
        assertThat(sources.get(3).get("kind").asText()).isEqualTo("MODEL_SCORES");
        assertThat(sources.get(4).get("kind").asText()).isEqualTo("MIX");

        JsonNode summary = run("eval", "summary", "--project", "Eval", "--json").json();
        assertThat(summary.get("rows")).hasSize(2);
        JsonNode compare = run(
                        "eval", "compare", "--project", "Eval", "--a", "A", "--b", "B", "--benchmark", "mmlu", "--json")
                .json();
        assertThat(compare.get("meanDiff").asDouble()).isEqualTo(0.5);
        JsonNode index = run("eval", "index", "--project", "Eval", "--samples", "0", "--json")
                .json();
        assertThat(index.get("divergence").get("totalVariation").asDouble()).isCloseTo(0.45, within(1e-12));
        JsonNode arena = run("eval", "arena", "--project", "Eval", "--bootstrap", "0", "--json")
                .json();
        assertThat(arena.get("models")).hasSize(3);

        CliRun several = run("eval", "summary", "--json");
        assertThat(several.code()).isEqualTo(2);
        assertThat(several.err()).contains("has several projects; choose one with --project");
        assertThat(run("project", "create", "Empty").code()).isZero();
        CliRun empty = run("eval", "summary", "--project", "Empty", "--json");
        assertThat(empty.code()).isEqualTo(2);
        assertThat(empty.err()).contains("project 'Empty' holds no evaluation evidence");
        JsonNode demo = run("eval", "summary", "--project", "Demo — evaluation and capacity planning", "--json")
                .json();
        assertThat(demo.get("rows").size()).isGreaterThanOrEqualTo(6);

        // a bad file among good ones: nothing is imported
        Path bad = Files.writeString(tmp.resolve("bad.csv"), "model,benchmark,item_id,score\nA,b,1,x\n");
        CliRun partial = run("eval", "import", "--input", fixture("w.csv"), bad.toString(), "--project", "Eval");
        assertThat(partial.code()).isEqualTo(2);
        JsonNode after = run("eval", "import", "--input", fixture("mix.csv"), "--project", "Eval", "--json")
                .json();
        assertThat(after.get("sources")).hasSize(1);
    }

    @Test
    void badInputFilesExitTwoNamingFileAndLine() throws Exception {
        Path f = Files.writeString(tmp.resolve("bad.csv"), "model,benchmark,item_id,score\nA,b,1,oops\n");
        CliRun r = run("eval", "summary", "--input", f.toString(), "--json");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.out()).isEmpty();
        assertThat(r.err()).isEqualTo("error: " + f + ":2: score: expected a number, got 'oops'\n");
    }

    @Test
    void lmEval03OneLineResultsSummariseWithNUnknownAndTheChoicesShown() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("pythia-160m"));
        Path f = Files.writeString(
                dir.resolve("lambada_openai-v0-res.json"),
                "{\"results\": {\"lambada_openai\": {\"ppl\": 3.5, \"ppl_stderr\": 0.07, \"acc\": 0.7, \"acc_stderr\": 0.006}},"
                        + " \"versions\": {\"lambada_openai\": 0}}");
        CliRun r = run("eval", "summary", "--input", f.toString(), "--json");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode row = r.json().get("rows").get(0);
        assertThat(row.get("model").asText()).isEqualTo("pythia-160m");
        assertThat(row.get("n").isNull()).as("n not reported: unknown, not 0").isTrue();
        assertThat(row.get("mean").asDouble()).isEqualTo(0.7);
        assertThat(row.get("flags").toString()).contains("n not reported");
        String notes = r.json().get("notes").toString();
        assertThat(notes)
                .contains("lambada_openai-v0-res.json: lambada_openai: scored by accuracy (acc)")
                .contains("also reports ppl");
        assertThat(notes).contains("named 'pythia-160m' after its folder");
        CliRun text = run("eval", "summary", "--input", f.toString());
        assertThat(text.out())
                .contains("not reported")
                .contains("note: lambada_openai-v0-res.json: lambada_openai: scored by accuracy");
    }

    @Test
    void kindForcesHowFilesAreRead() throws Exception {
        Path f = Files.writeString(
                tmp.resolve("votes.txt"),
                "{\"model_a\":\"A\",\"model_b\":\"B\",\"winner\":\"model_a\"}\n{\"model_a\":\"B\",\"model_b\":\"A\",\"winner\":\"tie\"}\n");
        CliRun arena = run("eval", "arena", "--input", f.toString(), "--kind", "BATTLES", "--bootstrap", "0", "--json");
        assertThat(arena.code()).as(arena.err()).isZero();
        CliRun forced = run("eval", "summary", "--input", f.toString(), "--kind", "REPORTED");
        assertThat(forced.code()).isEqualTo(2);
        assertThat(forced.err())
                .as("read as one JSON document, as asked")
                .isEqualTo("error: " + f + ":2: invalid JSON at column 1: more text after the JSON value\n");
        Path one = Files.writeString(
                tmp.resolve("one.txt"), "{\"model_a\":\"A\",\"model_b\":\"B\",\"winner\":\"model_a\"}");
        CliRun notResults = run("eval", "summary", "--input", one.toString(), "--kind", "REPORTED");
        assertThat(notResults.err())
                .isEqualTo("error: " + one + ":1: results: missing: not an lm-evaluation-harness results file\n");
    }

    @Test
    void cleanBattleArrayWithGroupsThatNeverMet() throws Exception {
        StringBuilder sb = new StringBuilder("[\n");
        String[][] pairs = {
            {"vicuna-13b", "alpaca-13b", "model_a"},
            {"alpaca-13b", "vicuna-13b", "model_b"},
            {"vicuna-13b", "alpaca-13b", "model_b"},
            {"gpt-4", "claude-v1", "tie"},
            {"claude-v1", "gpt-4", "model_b"}
        };
        for (int i = 0; i < pairs.length; i++) {
            sb.append(String.format(
                    "  {\"question_id\": \"q%d\", \"model_a\": \"%s\", \"model_b\": \"%s\", \"winner\": \"%s\", "
                            + "\"judge\": \"arena_user_%d\", \"turn\": 1, \"anony\": true, \"language\": \"English\", \"tstamp\": 1682351591.%d}%s%n",
                    i, pairs[i][0], pairs[i][1], pairs[i][2], i, i, i + 1 < pairs.length ? "," : ""));
        }
        Path f = Files.writeString(
                tmp.resolve("clean_battle_20230501.json"), sb.append("]\n").toString());
        CliRun r = run("eval", "arena", "--input", f.toString(), "--bootstrap", "50", "--json");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode json = r.json();
        assertThat(json.get("totalBattles").asLong()).isEqualTo(5);
        assertThat(json.get("components")).hasSize(2);
        assertThat(json.get("components").get(0).get("models").toString()).contains("vicuna-13b", "alpaca-13b");
        assertThat(json.get("components").get(0).get("battles").asLong()).isEqualTo(3);
        for (JsonNode m : json.get("models")) {
            for (String field :
                    new String[] {"model", "rating", "ciLow", "ciHigh", "rankLow", "rankHigh", "battles", "component"
                    }) {
                assertThat(m.has(field)).as(field).isTrue();
            }
            int expected = m.get("model").asText().contains("13b") ? 0 : 1;
            assertThat(m.get("component").asInt()).isEqualTo(expected);
        }
        CliRun text = run("eval", "arena", "--input", f.toString(), "--bootstrap", "0");
        assertThat(text.out())
                .contains("Group 1 of 2")
                .contains("Group 2 of 2")
                .contains("warning: 2 groups of models never met")
                .contains("not comparable");
    }
}
