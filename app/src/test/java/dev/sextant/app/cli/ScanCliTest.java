package dev.sextant.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sextant.model.io.Json;
import dev.sextant.workspaces.RunState;
import dev.sextant.workspaces.Workspace;
import dev.sextant.workspaces.WorkspaceHome;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import java.util.zip.GZIPOutputStream;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The scan command's JSON contract (issue 4) on a planted-contamination corpus. */
class ScanCliTest {

    @TempDir
    Path tmp;

    int code;
    String out;
    String err;

    void run(String... args) {
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        ByteArrayOutputStream e = new ByteArrayOutputStream();
        code = Cli.run(
                args,
                new PrintStream(o, true, StandardCharsets.UTF_8),
                new PrintStream(e, true, StandardCharsets.UTF_8),
                new WorkspaceHome(tmp.resolve("home")));
        out = o.toString(StandardCharsets.UTF_8);
        err = e.toString(StandardCharsets.UTF_8);
    }

    @Test
    void scanReportsEveryItemAndASummary() throws Exception {
        Path bench = Files.writeString(
                tmp.resolve("gsm.jsonl"),
                """
                {"qid": "q1", "question": "Natalia sold clips to 48 of her friends in April, and then she sold half as many clips in May.", "answer": "72"}
                {"qid": "q2", "question": "What is 2+2?", "answer": "4"}
                {"qid": "q3", "question": "James writes a 3-page letter to 2 different friends twice a week. How many pages a year?", "answer": "624"}
                """);
        Path corpus = Files.writeString(
                tmp.resolve("web.jsonl"),
                """
                {"id": "d1", "text": "natalia SOLD clips to 48 of her friends in april -- and then she sold half as many clips in May! 72"}
                {"id": "d2", "text": "nothing to see here"}
                """);
        run(
                "scan",
                "--benchmark",
                bench.toString(),
                "--field",
                "question",
                "--field",
                "answer",
                "--id-field",
                "qid",
                "--corpus",
                corpus.toString(),
                "--ngram",
                "8",
                "--threads",
                "2",
                "--json");
        assertThat(code).as(err).isZero();
        JsonNode doc = Json.mapper().readTree(out);
        Map<String, JsonNode> items = new HashMap<>();
        doc.get("items").forEach(i -> items.put(i.get("id").asText(), i));
        JsonNode q1 = items.get("q1");
        for (String f :
                new String[] {"id", "tokens", "ngrams", "matchedNgrams", "tokenFraction", "longestMatch", "status"}) {
            assertThat(q1.has(f)).as(f).isTrue();
        }
        assertThat(q1.get("status").asText()).isEqualTo("dirty");
        assertThat(q1.get("tokens").asInt()).isEqualTo(21);
        assertThat(q1.get("ngrams").asInt()).isEqualTo(14);
        assertThat(q1.get("matchedNgrams").asInt()).isEqualTo(14);
        // every matched span, with its token and character range in the item's text, and the places not listed
        assertThat(q1.get("spans")).hasSize(1);
        JsonNode span = q1.get("spans").get(0);
        assertThat(span.get("fromToken").asInt()).isZero();
        assertThat(span.get("toToken").asInt()).isEqualTo(21);
        assertThat(span.get("from").asInt()).isZero();
        assertThat(span.get("to").asInt()).isPositive();
        assertThat(q1.get("locations")).hasSize(1);
        assertThat(q1.get("moreLocations").asLong()).isZero();
        assertThat(items.get("q3").get("spans")).isEmpty();
        assertThat(items.get("q2").get("status").asText()).isEqualTo("not-checkable");
        assertThat(items.get("q3").get("status").asText()).isEqualTo("clean");
        JsonNode s = doc.get("summary");
        for (String f : new String[] {
            "items", "clean", "partial", "dirty", "notCheckable", "bytesScanned", "seconds", "mbPerSecond"
        }) {
            assertThat(s.has(f)).as(f).isTrue();
        }
        assertThat(s.get("items").asInt()).isEqualTo(3);
        assertThat(s.get("dirty").asInt()).isEqualTo(1);
        assertThat(s.get("bytesScanned").asLong()).isEqualTo(Files.size(corpus));
    }

    /** Issue 14 part 5: a verbatim leak of a harness sample's question is dirty, not diluted by the doc's answer. */
    @Test
    void aLeakedHarnessQuestionIsDirtyAndTheResultNamesItsField() throws Exception {
        Path samples = tmp.resolve("m/samples_gsm8k_2026-01-02T03-04-05.123.jsonl");
        Files.createDirectories(samples.getParent());
        Files.writeString(
                samples,
                """
                {"doc_id": 0, "doc": {"question": "Natalia sold clips to 48 of her friends in April, and then she sold half as many clips in May.", "answer": "Natalia sold 48/2 = 24 clips in May. Natalia sold 48+24 = 72 clips altogether in April and May. #### 72"}, "filter": "strict-match", "exact_match": 1}
                """);
        Path corpus = Files.writeString(
                tmp.resolve("web.jsonl"),
                "{\"text\": \"Natalia sold clips to 48 of her friends in April, and then she sold half as many clips in May.\"}\n");
        run("scan", "--benchmark", samples.toString(), "--corpus", corpus.toString(), "--ngram", "8", "--json");
        assertThat(code).as(err).isZero();
        JsonNode item = Json.mapper().readTree(out).get("items").get(0);
        assertThat(item.get("status").asText()).isEqualTo("dirty");
        assertThat(item.get("tokenFraction").asDouble()).isEqualTo(1.0);
        assertThat(item.get("textFields").toString()).isEqualTo("[\"doc.question\"]");
        run("scan", "--benchmark", samples.toString(), "--corpus", corpus.toString(), "--ngram", "8");
        assertThat(out).contains("Item text from doc.question: 1 items");
        run(
                "scan",
                "--benchmark",
                samples.toString(),
                "--field",
                "question",
                "--field",
                "answer",
                "--corpus",
                corpus.toString(),
                "--ngram",
                "8",
                "--json");
        assertThat(Json.mapper().readTree(out).get("items").get(0).get("status").asText())
                .isEqualTo("partial");
    }

    /** Issue 14 part 6: a Hugging Face shard as the benchmark and a Parquet corpus, end to end, kept in a project. */
    @Test
    void parquetBenchmarksAndCorporaScanEndToEnd() throws Exception {
        Path bench = ParquetWriting.write(
                tmp.resolve("gsm8k/main/test-00000-of-00001.parquet"),
                "message schema { optional binary question (STRING); optional binary answer (STRING); }",
                3,
                2,
                (g, i) -> g.append(
                                "question",
                                i == 1
                                        ? "Natalia sold clips to 48 of her friends in April, and then she sold half as many clips in May."
                                        : "Question number " + i + " is not in the corpus at all, not one word of it")
                        .append("answer", "#### " + i));
        Path corpus = ParquetWriting.write(
                tmp.resolve("wiki/train-00000-of-00002.parquet"),
                "message schema { optional binary text (STRING); }",
                50,
                16,
                (g, i) -> g.append(
                        "text",
                        i == 40
                                ? "natalia sold clips to 48 of her friends in april and then she sold half as many clips in may"
                                : "filler row " + i));
        run("project", "create", "Parquet");
        run(
                "scan",
                "--benchmark",
                bench.toString(),
                "--field",
                "question",
                "--corpus",
                tmp.resolve("wiki").toString(),
                "--ngram",
                "8",
                "--project",
                "Parquet",
                "--json");
        assertThat(code).as(err).isZero();
        JsonNode doc = Json.mapper().readTree(out);
        assertThat(doc.get("items")).hasSize(3);
        JsonNode q = doc.get("items").get(1);
        assertThat(q.get("benchmark").asText()).isEqualTo("gsm8k");
        assertThat(q.get("id").asText()).isEqualTo("2");
        assertThat(q.get("status").asText()).isEqualTo("dirty");
        assertThat(q.get("locations").get(0).get("offset").asLong()).isEqualTo(40);
        assertThat(doc.get("summary").get("documents").asLong()).isEqualTo(50);
        assertThat(doc.get("summary").get("files").asInt()).isEqualTo(1);
        run(
                "scan",
                "--benchmark",
                bench.toString(),
                "--corpus",
                tmp.resolve("wiki").toString(),
                "--text-field",
                "body");
        assertThat(code).isEqualTo(2);
        assertThat(err)
                .isEqualTo("error: " + tmp.resolve("wiki/train-00000-of-00002.parquet")
                        + ": body: no such column; the file has text\n");
    }

    @Test
    void cleanSubsetRescoreWithItemScores() throws Exception {
        Path bench = Files.writeString(
                tmp.resolve("gsm.jsonl"),
                """
                {"id": "q1", "text": "Natalia sold clips to 48 of her friends in April, and then she sold half as many clips in May."}
                {"id": "q2", "text": "James writes a 3-page letter to 2 different friends twice a week. How many pages a year?"}
                {"id": "q3", "text": "Weng earns 12 an hour for babysitting. Yesterday she just did 50 minutes of babysitting."}
                """);
        Path corpus = Files.writeString(
                tmp.resolve("web.txt"),
                "natalia sold clips to 48 of her friends in april and then she sold half as many clips in may\n");
        Path scores = Files.writeString(
                tmp.resolve("scores.csv"), "model,benchmark,item_id,score\nM,gsm8k,q1,1\nM,gsm8k,q2,0\nM,gsm8k,q3,1\n");
        run(
                "scan",
                "--benchmark",
                bench.toString(),
                "--benchmark-name",
                "gsm8k",
                "--corpus",
                corpus.toString(),
                "--ngram",
                "8",
                "--scores",
                scores.toString(),
                "--json");
        assertThat(code).as(err).isZero();
        JsonNode row = Json.mapper().readTree(out).get("rescore").get(0);
        assertThat(row.get("model").asText()).isEqualTo("M");
        assertThat(row.get("all").get("mean").asDouble()).isCloseTo(2.0 / 3, Assertions.within(1e-12));
        assertThat(row.get("clean").get("mean").asDouble()).isEqualTo(0.5);
        assertThat(row.get("contaminated").get("n").asInt()).isEqualTo(1);
    }

    @Test
    void keptScansAreListedShownAndExported() throws Exception {
        Path bench = Files.writeString(
                tmp.resolve("gsm.txt"),
                "Natalia sold clips to 48 of her friends in April and then she sold half as many clips in May\nshort item\n");
        Path corpus = Files.writeString(
                tmp.resolve("web.txt"), "natalia sold clips to 48 of her friends in april and then she sold\n");
        run("project", "create", "Scans");
        run(
                "scan",
                "--benchmark",
                bench.toString(),
                "--corpus",
                corpus.toString(),
                "--ngram",
                "8",
                "--project",
                "Scans",
                "--name",
                "gsm vs web",
                "--json");
        assertThat(code).as(err).isZero();
        String id = Json.mapper().readTree(out).get("scanId").asText();
        run("scan", "list", "--project", "Scans", "--json");
        JsonNode list = Json.mapper().readTree(out);
        assertThat(list).hasSize(1);
        assertThat(list.get(0).get("state").asText()).isEqualTo("COMPLETE");
        assertThat(list.get(0).get("name").asText()).isEqualTo("gsm vs web");
        run("scan", "show", id, "--json");
        JsonNode shown = Json.mapper().readTree(out);
        assertThat(shown.get("items").get(0).get("status").asText()).isEqualTo("partial");
        assertThat(shown.get("items").get(0).get("spans"))
                .singleElement()
                .satisfies(sp -> assertThat(sp.get("from").asInt()).isZero());
        Path csv = tmp.resolve("contaminated.csv");
        run("scan", "export", id, "--out", csv.toString());
        assertThat(code).as(err).isZero();
        assertThat(Files.readAllLines(csv)).hasSize(2).first().asString().startsWith("benchmark,item_id,status");
        run("scan", "--resume", id, "--json");
        assertThat(code).as("resuming a complete scan shows it").isZero();
        run("scan", "show", "not-an-id");
        assertThat(code).isEqualTo(2);
        assertThat(err).contains("not a scan id");
    }

    @Test
    void unreadableInputsExitTwoNamingTheFile() throws Exception {
        Path bench = Files.writeString(
                tmp.resolve("b.txt"), "one item per line with enough words to make several n-grams here\n");
        run(
                "scan",
                "--benchmark",
                bench.toString(),
                "--corpus",
                tmp.resolve("missing").toString(),
                "--json");
        assertThat(code).isEqualTo(2);
        assertThat(err).isEqualTo("error: " + tmp.resolve("missing") + ": no such file or folder\n");
        // a URI is read on a cluster, and the message says how
        run("scan", "--benchmark", bench.toString(), "--corpus", "hdfs://namenode:8020/corpus");
        assertThat(code).isEqualTo(2);
        assertThat(err)
                .startsWith(
                        "error: hdfs://namenode:8020/corpus: a URI is read through Hadoop on a cluster: add --engine spark --master");
        run("dedup", "--corpus", "hdfs://namenode:8020/corpus");
        assertThat(code).isEqualTo(2);
        assertThat(err)
                .startsWith(
                        "error: hdfs://namenode:8020/corpus: a URI: this machine reads local and mounted paths; read it on the cluster "
                                + "with the cluster application (spark-submit");
        Path bad = Files.writeString(tmp.resolve("bad.jsonl"), "{\"id\": 1, \"text\": \"fine\"}\n{broken\n");
        run("scan", "--benchmark", bad.toString(), "--corpus", bench.toString());
        assertThat(code).isEqualTo(2);
        assertThat(err).startsWith("error: " + bad + ":2: invalid JSON");
        run("scan", "--benchmark", bench.toString(), "--corpus", bench.toString(), "--ngram", "5");
        assertThat(code).isEqualTo(2);
        assertThat(err).contains("n-gram length must lie in 8..50");
    }

    @Test
    void aKeptScanThatStopsOnABadFileFailsWithOneLineAndResumesSkippingIt() throws Exception {
        Path bench = Files.writeString(
                tmp.resolve("gsm.txt"),
                "Natalia sold clips to 48 of her friends in April and then she sold half as many clips in May\n");
        Path corpus = Files.createDirectories(tmp.resolve("corpus"));
        StringBuilder a = new StringBuilder();
        for (int i = 0; i < 2000; i++) {
            a.append("filler line ").append(i).append('\n');
        }
        Files.writeString(corpus.resolve("a.txt"), a);
        ByteArrayOutputStream gz = new ByteArrayOutputStream();
        try (var out = new GZIPOutputStream(gz)) {
            out.write("some text that will be cut off halfway through its compressed bytes\n"
                    .repeat(50)
                    .getBytes(StandardCharsets.UTF_8));
        }
        Path bad = Files.write(corpus.resolve("b.txt.gz"), Arrays.copyOf(gz.toByteArray(), gz.size() / 2));
        Files.writeString(
                corpus.resolve("c.txt"), "natalia sold clips to 48 of her friends in april and then she sold\n");
        run("project", "create", "Scans");
        run(
                "scan",
                "--benchmark",
                bench.toString(),
                "--corpus",
                corpus.toString(),
                "--ngram",
                "8",
                "--threads",
                "1",
                "--project",
                "Scans",
                "--json");
        assertThat(code).isEqualTo(2);
        assertThat(out).isEmpty();
        assertThat(err.lines()).hasSize(1);
        assertThat(err)
                .startsWith("error: " + bad + ": cannot read: truncated gzip data (the file ends early); scan ")
                .contains("resume it with --resume ")
                .contains("--skip-file " + bad);

        run("scan", "list", "--project", "Scans", "--json");
        JsonNode failed = Json.mapper().readTree(out).get(0);
        String id = failed.get("id").asText();
        assertThat(failed.get("state").asText()).isEqualTo("FAILED");
        assertThat(failed.get("failedFile").asText()).isEqualTo(bad.toString());
        assertThat(failed.get("failure").asText()).isEqualTo("cannot read: truncated gzip data (the file ends early)");
        run("scan", "list", "--project", "Scans");
        assertThat(out).contains("failed").contains(id + " failed on " + bad);
        run("scan", "show", id);
        assertThat(code).isEqualTo(2);
        assertThat(err).contains("failed on " + bad);

        // a process killed mid-scan leaves the row running: it reads as interrupted
        try (Workspace ws = Workspace.open(new WorkspaceHome(tmp.resolve("home")).defaultWorkspaceDir())) {
            ws.scans().setState(UUID.fromString(id), RunState.RUNNING);
        }
        run("scan", "list", "--project", "Scans", "--json");
        assertThat(Json.mapper().readTree(out).get(0).get("state").asText()).isEqualTo("INTERRUPTED");
        run("scan", "list", "--project", "Scans");
        assertThat(out).contains("interrupted");
        run("scan", "show", id);
        // a.txt and c.txt are read before the smaller b.txt.gz
        assertThat(err).contains("interrupted (2 of 3 files done)");

        run("scan", "--skip-file", bad.toString(), "--benchmark", bench.toString(), "--corpus", corpus.toString());
        assertThat(code).isEqualTo(2);
        assertThat(err).contains("--skip-file goes with --resume");
        run("scan", "--resume", id, "--skip-file", bad.toString(), "--json");
        assertThat(code).as(err).isZero();
        JsonNode skipped = Json.mapper().readTree(out).get("summary").get("skippedFiles");
        assertThat(skipped).hasSize(1);
        assertThat(skipped.get(0).get("path").asText()).isEqualTo(bad.toString());
        run("scan", "list", "--project", "Scans", "--json");
        JsonNode complete = Json.mapper().readTree(out).get(0);
        assertThat(complete.get("state").asText()).isEqualTo("COMPLETE");
        assertThat(complete.get("skippedFiles").get(0).get("path").asText()).isEqualTo(bad.toString());
        run("scan", "list", "--project", "Scans");
        assertThat(out).contains("2/3 (1 skipped)");
        run("scan", "show", id);
        assertThat(code).isZero();
        assertThat(out).contains("Skipped " + bad + ": cannot read: truncated gzip data");
    }

    @Test
    void invalidUtf8IsCountedAndShown() throws Exception {
        Path bench = Files.writeString(
                tmp.resolve("gsm.txt"),
                "Natalia sold clips to 48 of her friends in April and then she sold half as many clips in May\n");
        byte[] text = "natalia sold clips to 48 of her friends in april # and # then # she sold\n"
                .getBytes(StandardCharsets.UTF_8);
        for (int i = 0; i < text.length; i++) {
            if (text[i] == '#') {
                text[i] = (byte) 0xFF;
            }
        }
        Path corpus = Files.write(tmp.resolve("web.txt"), text);
        run("scan", "--benchmark", bench.toString(), "--corpus", corpus.toString(), "--ngram", "8", "--json");
        assertThat(code).as(err).isZero();
        JsonNode s = Json.mapper().readTree(out).get("summary");
        assertThat(s.get("invalidUtf8Bytes").asLong()).isEqualTo(3);
        assertThat(s.get("invalidUtf8Files").get(0).get("bytes").asLong()).isEqualTo(3);
        run("scan", "--benchmark", bench.toString(), "--corpus", corpus.toString(), "--ngram", "8");
        assertThat(out)
                .contains("3 bytes of invalid UTF-8 read as word breaks:")
                .contains(corpus + ": 3");
    }
}
