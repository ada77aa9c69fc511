package dev.sextant.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sextant.workspaces.WorkspaceHome;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code sextant decontaminate} against its contract: a re-scan of its output finds nothing. */
class DecontaminateCliTest {

    @TempDir
    Path tmp;

    CliRun run(String... args) {
        return CliRun.of(new WorkspaceHome(tmp.resolve("home")), args);
    }

    static String words(SplittableRandom r, int n, String prefix) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) {
            sb.append(i == 0 ? "" : " ").append(prefix).append(r.nextInt(50_000));
        }
        return sb.toString();
    }

    /** A benchmark of 10 questions and a corpus of 100 documents, 5 of them holding a question's 15 words. */
    Path[] files() throws Exception {
        SplittableRandom r = new SplittableRandom(3);
        List<String> bench = new ArrayList<>();
        List<String> questions = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            String q = words(r, 20, "q");
            questions.add(q);
            bench.add("{\"id\": \"item" + i + "\", \"question\": \"" + q + "\"}");
        }
        List<String> corpus = new ArrayList<>();
        for (int d = 0; d < 100; d++) {
            String t = words(r, 60, "c");
            if (d % 20 == 5) {
                t = t + " "
                        + String.join(
                                " ", List.of(questions.get(d / 20).split(" ")).subList(2, 17)) + " " + words(r, 5, "c");
            }
            corpus.add("{\"id\": \"doc" + d + "\", \"text\": \"" + t + "\"}");
        }
        Path b = tmp.resolve("bench.jsonl");
        Path c = tmp.resolve("corpus.jsonl");
        Files.write(b, bench, StandardCharsets.UTF_8);
        Files.write(c, corpus, StandardCharsets.UTF_8);
        return new Path[] {b, c};
    }

    @Test
    void dropAndMaskWriteACorpusThatARescanFindsClean() throws Exception {
        Path[] f = files();
        for (String mode : List.of("drop", "mask")) {
            Path out = tmp.resolve("out-" + mode);
            CliRun r = run(
                    "decontaminate",
                    "--benchmark",
                    f[0].toString(),
                    "--field",
                    "question",
                    "--corpus",
                    f[1].toString(),
                    "--out",
                    out.toString(),
                    "--mode",
                    mode,
                    "--json");
            assertThat(r.code()).as(r.err()).isZero();
            JsonNode j = r.json();
            assertThat(j.get("documents").asLong()).isEqualTo(100);
            assertThat(j.get(mode.equals("drop") ? "dropped" : "masked").asLong())
                    .isEqualTo(5);
            assertThat(j.get("items")).hasSize(5);
            assertThat(j.get("items").get(0).get("documents").asLong()).isEqualTo(1);
            assertThat(Files.readAllLines(out.resolve("removed.jsonl")))
                    .hasSize(5)
                    .allSatisfy(l -> assertThat(l)
                            .contains(
                                    "\"action\":\"" + (mode.equals("drop") ? "dropped" : "masked") + "\"",
                                    "\"item\":\"item"));
            CliRun before = run(
                    "scan",
                    "--benchmark",
                    f[0].toString(),
                    "--field",
                    "question",
                    "--corpus",
                    f[1].toString(),
                    "--json");
            assertThat(before.json().get("summary").get("partial").asInt()
                            + before.json().get("summary").get("dirty").asInt())
                    .isEqualTo(5);
            CliRun after = run(
                    "scan",
                    "--benchmark",
                    f[0].toString(),
                    "--field",
                    "question",
                    "--corpus",
                    out.resolve("kept").toString(),
                    "--json");
            assertThat(after.code()).as(after.err()).isZero();
            assertThat(after.json().get("summary").get("clean").asInt()).isEqualTo(10);
            assertThat(after.json().get("summary").get("documents").asLong()).isEqualTo(mode.equals("drop") ? 95 : 100);
        }
    }

    @Test
    void fromAKeptScanAndWithBadInput() throws Exception {
        Path[] f = files();
        CliRun scan = run(
                "scan",
                "--benchmark",
                f[0].toString(),
                "--field",
                "question",
                "--corpus",
                f[1].toString(),
                "--project",
                "Demo — evaluation and capacity planning",
                "--json");
        assertThat(scan.code()).as(scan.err()).isZero();
        String id = scan.json().get("scanId").asText();
        CliRun r = run("decontaminate", "--scan", id, "--out", tmp.resolve("o").toString(), "--json");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.json().get("dropped").asLong()).isEqualTo(5);

        assertThat(run(
                                "decontaminate",
                                "--benchmark",
                                f[0].toString(),
                                "--corpus",
                                f[1].toString(),
                                "--out",
                                tmp.resolve("o").toString())
                        .err())
                .contains("already exists and is not empty");
        assertThat(run(
                                "decontaminate",
                                "--benchmark",
                                f[0].toString(),
                                "--corpus",
                                f[1].toString(),
                                "--out",
                                tmp.resolve("p").toString(),
                                "--mode",
                                "erase")
                        .err())
                .startsWith("error: --mode:");
        assertThat(run(
                                "decontaminate",
                                "--benchmark",
                                f[0].toString(),
                                "--corpus",
                                f[1].toString(),
                                "--out",
                                tmp.resolve("p").toString(),
                                "--ngram",
                                "5")
                        .err())
                .startsWith("error: --ngram:");
        assertThat(run(
                                "decontaminate",
                                "--scan",
                                "nope",
                                "--out",
                                tmp.resolve("p").toString())
                        .err())
                .contains("not a scan id");
        assertThat(Files.exists(tmp.resolve("p"))).isFalse();
    }
}
