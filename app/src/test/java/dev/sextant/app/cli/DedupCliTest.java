package dev.sextant.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.github.luben.zstd.ZstdInputStream;
import dev.sextant.workspaces.Workspace;
import dev.sextant.workspaces.WorkspaceHome;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code sextant dedup} against its contract, its output folder and its errors. */
class DedupCliTest {

    @TempDir
    Path tmp;

    CliRun run(String... args) {
        return CliRun.of(new WorkspaceHome(tmp.resolve("home")), args);
    }

    /** 200 documents: 20 exact copies (case and punctuation changed), 20 near copies (2 of 200 words changed). */
    Path corpus() throws Exception {
        SplittableRandom r = new SplittableRandom(5);
        List<String> lines = new ArrayList<>();
        List<String> texts = new ArrayList<>();
        for (int i = 0; i < 160; i++) {
            StringBuilder t = new StringBuilder();
            for (int w = 0; w < 200; w++) {
                t.append(w == 0 ? "" : " ").append("w").append(r.nextInt(50_000));
            }
            texts.add(t.toString());
            lines.add("{\"id\": \"doc" + i + "\", \"text\": \"" + t + "\", \"source\": \""
                    + (i % 2 == 0 ? "web" : "code") + "\"}");
        }
        for (int i = 0; i < 20; i++) {
            lines.add("{\"id\": \"exact" + i + "\", \"text\": \"" + texts.get(i).toUpperCase()
                    + ".\", \"source\": \"web\"}");
        }
        for (int i = 0; i < 20; i++) {
            String[] w = texts.get(20 + i).split(" ");
            w[50] = "changed";
            w[150] = "edited";
            lines.add("{\"id\": \"near" + i + "\", \"text\": \"" + String.join(" ", w) + "\", \"source\": \"code\"}");
        }
        Path f = tmp.resolve("corpus.jsonl");
        Files.write(f, lines, StandardCharsets.UTF_8);
        return f;
    }

    @Test
    void nearAndExactDuplicatesAreCountedAndTheKeptCorpusWritten() throws Exception {
        Path corpus = corpus();
        Path out = tmp.resolve("out");
        CliRun r = run(
                "dedup", "--corpus", corpus.toString(), "--source-field", "source", "--out", out.toString(), "--json");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode j = r.json();
        assertThat(j.get("documents").asLong()).isEqualTo(200);
        assertThat(j.get("duplicates").asLong()).isEqualTo(40);
        assertThat(j.get("duplicateShare").asDouble()).isEqualTo(0.2);
        assertThat(j.get("clusters").asLong()).isEqualTo(40);
        assertThat(j.get("tokensRemovedShare").asDouble()).isBetween(0.19, 0.21);
        assertThat(j.get("bytesPerSecond").asDouble()).isPositive();
        assertThat(j.get("out").asText()).isEqualTo(out.toAbsolutePath().toString());
        assertThat(j.get("bySource")).hasSize(2);
        // the output: the 160 originals kept, every removal traced to its original
        List<String> removed = Files.readAllLines(out.resolve("removed.jsonl"));
        assertThat(removed).hasSize(40).allSatisfy(line -> assertThat(line)
                .contains("\"id\"", "\"file\"", "\"duplicateOf\":\"doc", "\"similarity\""));
        Path kept;
        try (var files = Files.list(out.resolve("kept"))) {
            kept = files.findFirst().orElseThrow();
        }
        assertThat(kept.getFileName().toString()).isEqualTo("0001-corpus.jsonl.zst");
        try (InputStream in = new ZstdInputStream(Files.newInputStream(kept))) {
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            assertThat(text.lines().count()).isEqualTo(160);
            assertThat(text).doesNotContain("\"id\": \"exact", "\"id\": \"near");
        }
        // deduplicating the output again finds nothing
        CliRun again = run("dedup", "--corpus", out.resolve("kept").toString(), "--json");
        assertThat(again.json().get("duplicates").asLong()).isZero();
        // kept in a project
        CliRun keptRun = run(
                "dedup",
                "--corpus",
                corpus.toString(),
                "--mode",
                "exact",
                "--project",
                "Demo — evaluation and capacity planning",
                "--json");
        assertThat(keptRun.code()).as(keptRun.err()).isZero();
        assertThat(keptRun.json().get("savedId").asText()).isNotBlank();
        try (var ws = Workspace.open(new WorkspaceHome(tmp.resolve("home")).defaultWorkspaceDir())) {
            var p = ws.projects().list().get(0);
            assertThat(ws.dedupRuns().list(p.id())).singleElement().satisfies(k -> {
                assertThat(k.name()).isEqualTo("corpus.jsonl (exact)");
                assertThat(k.summary().duplicates()).isEqualTo(20);
            });
        }
        // exact mode finds only the exact copies
        CliRun exact = run("dedup", "--corpus", corpus.toString(), "--mode", "exact", "--json");
        assertThat(exact.json().get("duplicates").asLong()).isEqualTo(20);
    }

    @Test
    void aFullOutputFolderAndBadOptionsAreRefusedWithNothingWritten() throws Exception {
        Path corpus = corpus();
        Path full = Files.createDirectories(tmp.resolve("full"));
        Files.writeString(full.resolve("keep-me.txt"), "mine");
        CliRun r = run("dedup", "--corpus", corpus.toString(), "--out", full.toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("already exists and is not empty");
        try (var files = Files.list(tmp)) {
            assertThat(files.map(p -> p.getFileName().toString())).noneMatch(n -> n.contains(".partial-"));
        }
        assertThat(run("dedup", "--corpus", corpus.toString(), "--threshold", "1.5")
                        .err())
                .startsWith("error: --threshold:");
        assertThat(run("dedup", "--corpus", corpus.toString(), "--bands", "4").err())
                .contains("--bands and --rows together");
        assertThat(run("dedup", "--corpus", corpus.toString(), "--bands", "20", "--rows", "10")
                        .err())
                .startsWith("error: --bands:");
    }

    /** A kept run that failed on a truncated file goes on once the file is fixed; one whose read file changed is refused. */
    @Test
    void aKeptRunThatFailedResumesFromTheFilesItHadRead() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("corpus"));
        Files.copy(corpus(), dir.resolve("a.jsonl"));
        byte[] gz;
        try (var bytes = new ByteArrayOutputStream();
                var z = new GZIPOutputStream(bytes)) {
            for (int i = 0; i < 50; i++) {
                z.write(("{\"id\": \"b" + i + "\", \"text\": \"b document number " + i
                                + " with some words of its own\"}\n")
                        .getBytes(StandardCharsets.UTF_8));
            }
            z.finish();
            gz = bytes.toByteArray();
        }
        Path b = dir.resolve("b.jsonl.gz");
        Files.write(b, Arrays.copyOf(gz, gz.length / 2)); // truncated
        String project = "Demo — evaluation and capacity planning";

        CliRun failed = run("dedup", "--corpus", dir.toString(), "--project", project, "--threads", "1");
        assertThat(failed.code()).isNotZero();
        assertThat(failed.err()).contains("b.jsonl.gz", "is kept as failed: resume it with --resume");
        String id = failed.err().replaceAll("(?s).*--resume ([0-9a-f-]{36}).*", "$1");
        Path states = tmp.resolve("home")
                .resolve("workspaces")
                .resolve("default")
                .resolve("dedup-state")
                .resolve(id);

        Files.write(b, gz); // fixed
        CliRun resumed = run("dedup", "--resume", id, "--json");
        assertThat(resumed.code()).as(resumed.err()).isZero();
        assertThat(resumed.json().get("documents").asLong()).isEqualTo(250);
        assertThat(resumed.json().get("duplicates").asLong()).isEqualTo(40);
        assertThat(resumed.json().get("savedId").asText()).isEqualTo(id);
        assertThat(Files.exists(states))
                .as("the run's progress is dropped once it completes")
                .isFalse();
        assertThat(run("dedup", "--resume", id).err()).contains("is complete");

        // a run whose read file changed is refused: its saved documents would be stale
        Files.write(b, Arrays.copyOf(gz, gz.length / 2));
        CliRun again = run("dedup", "--corpus", dir.toString(), "--project", project, "--threads", "1");
        String id2 = again.err().replaceAll("(?s).*--resume ([0-9a-f-]{36}).*", "$1");
        Files.writeString(dir.resolve("a.jsonl"), "{\"id\": \"x\", \"text\": \"changed\"}\n");
        Files.write(b, gz);
        assertThat(run("dedup", "--resume", id2).err())
                .contains("cannot resume dedup run", "a.jsonl changed since the run started");
        assertThat(run("dedup", "--resume", "nope").err()).contains("not a dedup run id");
    }
}
