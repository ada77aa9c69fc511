package dev.sextant.app.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sextant.workspaces.WorkspaceHome;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code sextant mix} against its contract. */
class MixCliTest {

    @TempDir
    Path tmp;

    CliRun run(String... args) {
        return CliRun.of(new WorkspaceHome(tmp.resolve("home")), args);
    }

    /** web: 30 documents "a b c, d." (Whitespace pre-tokenizer: a b c , d . = 6 tokens, 4 words); code: 10 of "x = y" (3). */
    Path corpus() throws Exception {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            lines.add("{\"text\": \"a b c, d.\", \"source\": \"web\", \"quality\": " + i + "}");
        }
        for (int i = 0; i < 10; i++) {
            lines.add("{\"text\": \"x = y" + " z".repeat(i) + "\", \"source\": \"code\", \"quality\": " + (100 + i)
                    + "}");
        }
        return Files.write(tmp.resolve("corpus.jsonl"), lines, StandardCharsets.UTF_8);
    }

    Path tokenizer() throws Exception {
        String json =
                "{\"version\":\"1.0\",\"truncation\":null,\"padding\":null,\"added_tokens\":[],\"normalizer\":null,"
                        + "\"pre_tokenizer\":{\"type\":\"Whitespace\"},\"post_processor\":null,\"decoder\":null,"
                        + "\"model\":{\"type\":\"WordLevel\",\"vocab\":{\"[UNK]\":0,\"a\":1,\"b\":2,\"c\":3},\"unk_token\":\"[UNK]\"}}";
        return Files.writeString(tmp.resolve("tokenizer.json"), json);
    }

    @Test
    void theCompositionIsCountedWithTheModelsTokenizerAndTheMixPlanned() throws Exception {
        Path target = Files.writeString(tmp.resolve("target.csv"), "source,share\nweb,50\ncode,50\n");
        CliRun r = run(
                "mix",
                "--corpus",
                corpus().toString(),
                "--by",
                "source",
                "--tokenizer",
                tokenizer().toString(),
                "--target",
                target.toString(),
                "--budget-tokens",
                "2K",
                "--order-by",
                "quality",
                "--phases",
                "2",
                "--json");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode j = r.json();
        assertThat(j.get("exactTokens").asBoolean()).isTrue();
        JsonNode web = j.get("sources").get(0);
        JsonNode code = j.get("sources").get(1);
        assertThat(web.get("name").asText()).isEqualTo("web");
        assertThat(web.get("documents").asLong()).isEqualTo(30);
        assertThat(web.get("tokens").asDouble()).isEqualTo(180);
        // code: 3 + 4 + … + 12 tokens = 75
        assertThat(code.get("tokens").asDouble()).isEqualTo(75);
        assertThat(web.get("share").asDouble()).isCloseTo(180.0 / 255, within(1e-12));
        assertThat(web.get("targetShare").asDouble()).isEqualTo(0.5);
        assertThat(web.get("epochs").asDouble()).isCloseTo(1000.0 / 180, within(1e-9));
        assertThat(web.get("weight").asDouble()).isCloseTo(0.5 / (180.0 / 255), within(1e-9));
        assertThat(web.get("warning").asText()).contains("repeated 5.6×");
        assertThat(code.get("epochs").asDouble()).isCloseTo(1000.0 / 75, within(1e-9));
        assertThat(web.get("duplicateShare").asDouble()).isCloseTo(29.0 / 30, within(1e-12));
        assertThat(j.get("phases")).hasSize(2);
        assertThat(j.get("phases").get(0).get("sources").get(0).get("from").asDouble())
                .isEqualTo(0);

        // without a tokenizer: words × 1.33, said so
        CliRun est = run("mix", "--corpus", corpus().toString(), "--by", "source", "--json");
        assertThat(est.json().get("exactTokens").asBoolean()).isFalse();
        assertThat(est.json().get("tokenCounting").asText()).isEqualTo("estimate: words × 1.33");
        assertThat(est.json().get("sources").get(0).get("tokens").asDouble()).isCloseTo(30 * 4 * 1.33, within(1e-9));
        assertThat(run("mix", "--corpus", corpus().toString(), "--by", "source").out())
                .contains("SOURCE", "web", "code");
        // near duplicates: code's "x = y z z z…" documents of three or more z's have
        // the same 5-gram set, not the same text
        CliRun near = run("mix", "--corpus", corpus().toString(), "--by", "source", "--duplicates", "near", "--json");
        assertThat(near.code()).as(near.err()).isZero();
        assertThat(near.json().get("duplicates").asText()).startsWith("near: Jaccard ≥ 0.8");
        assertThat(est.json().get("sources").get(1).get("duplicateShare").asDouble())
                .isZero();
        assertThat(near.json().get("sources").get(1).get("duplicateShare").asDouble())
                .isPositive();
        assertThat(near.json().get("sources").get(0).get("duplicateShare").asDouble())
                .isCloseTo(29.0 / 30, within(1e-12));
    }

    @Test
    void badInputIsNamed() throws Exception {
        Path c = corpus();
        Path bad = Files.writeString(tmp.resolve("t.csv"), "source,share\nweb,-1\n");
        assertThat(run("mix", "--corpus", c.toString(), "--by", "source", "--target", bad.toString())
                        .err())
                .contains("t.csv:2: share: must be zero or more");
        assertThat(run("mix", "--corpus", c.toString(), "--by", "source", "--budget-tokens", "1T")
                        .err())
                .contains("goes with --target");
        Path ok = Files.writeString(tmp.resolve("ok.csv"), "source,share\nweb,1\n");
        assertThat(run(
                                "mix",
                                "--corpus",
                                c.toString(),
                                "--by",
                                "source",
                                "--target",
                                ok.toString(),
                                "--budget-tokens",
                                "lots")
                        .err())
                .startsWith("error: --budget-tokens:");
        assertThat(run(
                                "mix",
                                "--corpus",
                                c.toString(),
                                "--by",
                                "source",
                                "--tokenizer",
                                tmp.resolve("none.json").toString())
                        .err())
                .contains("none.json", "no such file");
    }
}
