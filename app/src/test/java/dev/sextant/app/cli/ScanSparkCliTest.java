package dev.sextant.app.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sextant.workspaces.WorkspaceHome;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code scan --engine spark --master local[2]} through the Spark bundle gives what the local engine gives. */
class ScanSparkCliTest {

    @TempDir
    Path tmp;

    CliRun run(String... args) {
        return CliRun.of(new WorkspaceHome(tmp.resolve("home")), args);
    }

    @Test
    void aScanOnSparkInLocalModeMatchesTheLocalEngine() throws Exception {
        String bundle = System.getProperty("sextant.spark.bundle");
        assumeTrue(bundle != null && Files.isDirectory(Path.of(bundle)), "the scale module's Spark bundle is built before the app in the reactor");
        SplittableRandom r = new SplittableRandom(4);
        StringBuilder bench = new StringBuilder();
        String[] questions = new String[8];
        for (int i = 0; i < questions.length; i++) {
            StringBuilder q = new StringBuilder();
            for (int w = 0; w < 20; w++) {
                q.append(w == 0 ? "" : " ").append("q").append(r.nextInt(20_000));
            }
            questions[i] = q.toString();
            bench.append("{\"id\": \"item").append(i).append("\", \"question\": \"").append(q).append("\"}\n");
        }
        Path b = Files.writeString(tmp.resolve("bench.jsonl"), bench.toString());
        Path dir = Files.createDirectories(tmp.resolve("corpus"));
        for (int f = 0; f < 3; f++) {
            StringBuilder c = new StringBuilder();
            for (int d = 0; d < 100; d++) {
                StringBuilder t = new StringBuilder();
                for (int w = 0; w < 60; w++) {
                    t.append(w == 0 ? "" : " ").append("c").append(r.nextInt(50_000));
                }
                if (d % 17 == f) {
                    t.append(' ').append(questions[(d + f) % questions.length]);
                }
                c.append("{\"id\": \"d").append(f).append('-').append(d).append("\", \"text\": \"").append(t).append("\"}\n");
            }
            Files.writeString(dir.resolve("part-" + f + ".jsonl"), c.toString());
        }
        String corpus = dir.toAbsolutePath().toString();
        CliRun local = run("scan", "--benchmark", b.toString(), "--field", "question", "--corpus", corpus, "--json");
        CliRun spark = run("scan", "--benchmark", b.toString(), "--field", "question", "--corpus", corpus, "--engine", "spark", "--master",
                "local[2]", "--json");
        assertThat(spark.code()).as(spark.err()).isZero();
        JsonNode a = local.json();
        JsonNode s = spark.json();
        assertThat(a.get("summary").get("dirty").asInt()).isPositive();
        assertThat(s.get("items")).isEqualTo(a.get("items"));
        for (String k : new String[] {"items", "clean", "partial", "dirty", "bytesScanned", "documents", "hashHits", "files"}) {
            assertThat(s.get("summary").get(k)).as(k).isEqualTo(a.get("summary").get(k));
        }
        assertThat(run("scan", "--benchmark", b.toString(), "--corpus", corpus, "--engine", "flink").err()).startsWith("error: --engine:");
        assertThat(run("scan", "--benchmark", b.toString(), "--corpus", corpus, "--engine", "spark", "--project", "x").err())
                .contains("does not keep scans in a project yet");
    }
}
