package dev.sextant.app.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sextant.workspaces.WorkspaceHome;
import java.net.URISyntaxException;
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
            return Path.of(EvalCliTest.class.getResource("/eval/" + name).toURI()).toString();
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
        for (String field : new String[] {"model", "benchmark", "n", "mean", "se", "seClustered", "ciLow", "ciHigh", "method"}) {
            assertThat(row.has(field)).as(field).isTrue();
        }
        assertThat(row.get("model").asText()).isEqualTo("A");
        assertThat(row.get("n").asInt()).isEqualTo(4);
        assertThat(row.get("mean").asDouble()).isEqualTo(0.75);
        assertThat(row.get("se").asDouble()).isCloseTo(0.25, within(1e-12));
        assertThat(row.get("seClustered").asDouble()).isCloseTo(Math.sqrt(0.046875), within(1e-12));

        JsonNode boot = run("eval", "summary", "--input", fixture("items.csv"), "--ci", "bootstrap", "--bootstrap", "2000",
                "--seed", "5", "--json").json().get("rows").get(0);
        assertThat(boot.get("method").asText()).isEqualTo("bootstrap");
        JsonNode again = run("eval", "summary", "--input", fixture("items.csv"), "--ci", "bootstrap", "--bootstrap", "2000",
                "--seed", "5", "--json").json().get("rows").get(0);
        assertThat(again.get("ciLow")).isEqualTo(boot.get("ciLow"));
    }

    @Test
    void compare() throws Exception {
        JsonNode c = run("eval", "compare", "--input", fixture("items.csv"), "--a", "A", "--b", "B", "--benchmark", "mmlu", "--json").json();
        assertThat(c.get("n").asInt()).isEqualTo(4);
        assertThat(c.get("meanDiff").asDouble()).isEqualTo(0.5);
        assertThat(c.get("se").asDouble()).isCloseTo(Math.sqrt(1.0 / 3) / 2, within(1e-12));
        assertThat(c.get("pValue").asDouble()).isCloseTo(0.08326, within(1e-5));
        assertThat(c.get("correlation").asDouble()).isCloseTo(1.0 / 3, within(1e-12));
        assertThat(c.has("ciLow") && c.has("ciHigh")).isTrue();
        CliRun unknown = run("eval", "compare", "--input", fixture("items.csv"), "--a", "A", "--b", "Z", "--benchmark", "mmlu", "--json");
        assertThat(unknown.code()).isEqualTo(2);
        assertThat(unknown.err()).startsWith("error: no scores for model 'Z' on benchmark 'mmlu'");
    }

    @Test
    void power() throws Exception {
        JsonNode byN = run("eval", "power", "--sd-diff", "0.5", "--n", "1000", "--json").json();
        assertThat(byN.get("minDetectableEffect").asDouble()).isCloseTo(Math.sqrt(7.848879 * 0.25 / 1000), within(1e-6));
        assertThat(byN.get("requiredN").isNull()).isTrue();
        JsonNode byEffect = run("eval", "power", "--sd-diff", "0.5", "--sd-within", "0.5", "--k", "4", "--effect", "0.05", "--json").json();
        assertThat(byEffect.get("requiredN").asLong()).isEqualTo((long) Math.ceil(7.848879 * 0.375 / 0.0025));
        assertThat(run("eval", "power", "--sd-diff", "0.5", "--json").code()).isEqualTo(2);
        assertThat(run("eval", "power", "--sd-diff", "0.5", "--n", "10", "--effect", "0.1").code()).isEqualTo(2);
    }

    @Test
    void index() throws Exception {
        JsonNode r = run("eval", "index", "--weights", fixture("w.csv"), "--scores", fixture("s.csv"), "--mix", fixture("mix.csv"),
                "--samples", "500", "--seed", "1", "--json").json();
        JsonNode b = r.get("models").get(0);
        assertThat(b.get("model").asText()).isEqualTo("B");
        assertThat(b.get("score").asDouble()).isCloseTo(0.75, within(1e-12));
        assertThat(b.get("rank").asInt()).isEqualTo(1);
        assertThat(b.get("scoreMix").asDouble()).isCloseTo(0.74, within(1e-12));
        assertThat(b.get("rankMix").asInt()).isEqualTo(1);
        assertThat(b.get("pTop1").asDouble()).isBetween(0.9, 1.0);
        assertThat(r.get("divergence").get("totalVariation").asDouble()).isCloseTo(0.45, within(1e-12));
        assertThat(r.get("divergence").has("jensenShannon")).isTrue();
        JsonNode noMix = run("eval", "index", "--weights", fixture("w.csv"), "--scores", fixture("s.csv"), "--json").json();
        assertThat(noMix.get("divergence").isNull()).isTrue();
        assertThat(noMix.get("models").get(0).get("scoreMix").isNull()).isTrue();
    }

    @Test
    void arena() throws Exception {
        JsonNode r = run("eval", "arena", "--input", fixture("battles.jsonl"), "--bootstrap", "200", "--seed", "3", "--json").json();
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
        JsonNode anchored = run("eval", "arena", "--input", fixture("battles.jsonl"), "--bootstrap", "0", "--anchor", "C=800", "--json").json();
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
        CliRun imported = run("eval", "import", "--input", fixture("items.csv"), fixture("battles.jsonl"), fixture("w.csv"),
                fixture("s.csv"), fixture("mix.csv"), "--project", "Eval", "--json");
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
        JsonNode compare = run("eval", "compare", "--project", "Eval", "--a", "A", "--b", "B", "--benchmark", "mmlu", "--json").json();
        assertThat(compare.get("meanDiff").asDouble()).isEqualTo(0.5);
        JsonNode index = run("eval", "index", "--project", "Eval", "--samples", "0", "--json").json();
        assertThat(index.get("divergence").get("totalVariation").asDouble()).isCloseTo(0.45, within(1e-12));
        JsonNode arena = run("eval", "arena", "--project", "Eval", "--bootstrap", "0", "--json").json();
        assertThat(arena.get("models")).hasSize(3);

        CliRun several = run("eval", "summary", "--json");
        assertThat(several.code()).isEqualTo(2);
        assertThat(several.err()).contains("has several projects; choose one with --project");
        assertThat(run("project", "create", "Empty").code()).isZero();
        CliRun empty = run("eval", "summary", "--project", "Empty", "--json");
        assertThat(empty.code()).isEqualTo(2);
        assertThat(empty.err()).contains("project 'Empty' holds no evaluation evidence");
        JsonNode demo = run("eval", "summary", "--project", "Demo — evaluation and capacity planning", "--json").json();
        assertThat(demo.get("rows").size()).isGreaterThanOrEqualTo(6);

        // a bad file among good ones: nothing is imported
        Path bad = java.nio.file.Files.writeString(tmp.resolve("bad.csv"), "model,benchmark,item_id,score\nA,b,1,x\n");
        CliRun partial = run("eval", "import", "--input", fixture("w.csv"), bad.toString(), "--project", "Eval");
        assertThat(partial.code()).isEqualTo(2);
        JsonNode after = run("eval", "import", "--input", fixture("mix.csv"), "--project", "Eval", "--json").json();
        assertThat(after.get("sources")).hasSize(1);
    }

    @Test
    void badInputFilesExitTwoNamingFileAndLine() throws Exception {
        Path f = java.nio.file.Files.writeString(tmp.resolve("bad.csv"), "model,benchmark,item_id,score\nA,b,1,oops\n");
        CliRun r = run("eval", "summary", "--input", f.toString(), "--json");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.out()).isEmpty();
        assertThat(r.err()).isEqualTo("error: " + f + ":2: score: expected a number, got 'oops'\n");
    }
}
