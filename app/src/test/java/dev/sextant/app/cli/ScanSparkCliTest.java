package dev.sextant.app.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sextant.workspaces.WorkspaceHome;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code scan --engine spark --master local[2]} through the Spark bundle gives what the local engine gives. */
class ScanSparkCliTest {

    @TempDir
    Path tmp;

    CliRun run(String... args) {
        return CliRun.of(new WorkspaceHome(tmp.resolve("home")), args);
    }

    /** A benchmark of 8 questions and a folder of 3 corpus files with some of them planted; the corpus folder. */
    Path[] files() throws Exception {
        String bundle = System.getProperty("sextant.spark.bundle");
        assumeTrue(
                bundle != null && Files.isDirectory(Path.of(bundle)),
                "the scale module's Spark bundle is built before the app in the reactor");
        SplittableRandom r = new SplittableRandom(4);
        StringBuilder bench = new StringBuilder();
        String[] questions = new String[8];
        for (int i = 0; i < questions.length; i++) {
            StringBuilder q = new StringBuilder();
            for (int w = 0; w < 20; w++) {
                q.append(w == 0 ? "" : " ").append("q").append(r.nextInt(20_000));
            }
            questions[i] = q.toString();
            bench.append("{\"id\": \"item")
                    .append(i)
                    .append("\", \"question\": \"")
                    .append(q)
                    .append("\"}\n");
        }
        Path b = Files.writeString(tmp.resolve("bench.jsonl"), bench.toString());
        Path dir = Files.createDirectories(tmp.resolve("corpus"));
        List<String> texts = new ArrayList<>();
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
                if (d % 13 == 5 && !texts.isEmpty()) {
                    t = new StringBuilder(texts.get(r.nextInt(texts.size()))); // a copy, for deduplication
                } else if (d % 11 == 7 && !texts.isEmpty()) {
                    // a near copy
                    t = new StringBuilder(texts.get(r.nextInt(texts.size())).replaceFirst("c\\d+", "changed"));
                } else {
                    texts.add(t.toString());
                }
                c.append("{\"id\": \"d")
                        .append(f)
                        .append('-')
                        .append(d)
                        .append("\", \"text\": \"")
                        .append(t)
                        .append("\"}\n");
            }
            Files.writeString(dir.resolve("part-" + f + ".jsonl"), c.toString());
        }
        return new Path[] {b, dir.toAbsolutePath()};
    }

    void sameAsLocal(String master) throws Exception {
        Path[] f = files();
        String b = f[0].toString();
        String corpus = f[1].toString();
        CliRun local = run("scan", "--benchmark", b, "--field", "question", "--corpus", corpus, "--json");
        CliRun spark = run(
                "scan",
                "--benchmark",
                b,
                "--field",
                "question",
                "--corpus",
                corpus,
                "--engine",
                "spark",
                "--master",
                master,
                "--json");
        assertThat(spark.code()).as(spark.err()).isZero();
        JsonNode a = local.json();
        JsonNode s = spark.json();
        assertThat(a.get("summary").get("dirty").asInt()).isPositive();
        assertThat(s.get("items")).isEqualTo(a.get("items"));
        for (String k :
                new String[] {"items", "clean", "partial", "dirty", "bytesScanned", "documents", "hashHits", "files"}) {
            assertThat(s.get("summary").get(k)).as(k).isEqualTo(a.get("summary").get(k));
        }
        assertThat(run("scan", "--benchmark", b, "--corpus", corpus, "--engine", "flink")
                        .err())
                .startsWith("error: --engine:");
        // the corpus named by a URI, read through Hadoop's file system on the executors: the same statuses and counts
        CliRun uri = run(
                "scan",
                "--benchmark",
                b,
                "--field",
                "question",
                "--corpus",
                Path.of(corpus).toUri().toString(),
                "--engine",
                "spark",
                "--master",
                master,
                "--json");
        assertThat(uri.code()).as(uri.err()).isZero();
        for (String k :
                new String[] {"items", "clean", "partial", "dirty", "bytesScanned", "documents", "hashHits", "files"}) {
            assertThat(uri.json().get("summary").get(k))
                    .as(k)
                    .isEqualTo(a.get("summary").get(k));
        }
        for (int i = 0; i < a.get("items").size(); i++) {
            assertThat(uri.json().get("items").get(i).get("status"))
                    .isEqualTo(a.get("items").get(i).get("status"));
        }
        // deduplication: the units read on Spark, clustered here
        JsonNode dl = run("dedup", "--corpus", corpus, "--json").json();
        CliRun ds = run("dedup", "--corpus", corpus, "--engine", "spark", "--master", master, "--json");
        assertThat(ds.code()).as(ds.err()).isZero();
        assertThat(dl.get("duplicates").asInt()).isGreaterThan(25);
        for (String k : new String[] {
            "documents", "duplicates", "duplicateShare", "clusters", "tokensRemovedShare", "tokens", "bytes", "largest"
        }) {
            assertThat(ds.json().get(k)).as(k).isEqualTo(dl.get(k));
        }
    }

    /**
     * The cluster jar through spark-submit, on a cluster whose jars are Spark's alone (the driver in the spark-submit
     * JVM, the executors in the worker's): the result files give the CLI's results.
     */
    void submittedAsLocal(String master, Path sparkJars) throws Exception {
        Path[] f = files();
        Path clusterJar =
                Path.of(System.getProperty("sextant.spark.bundle")).getParent().resolve("sextant-scale-cluster.jar");
        assertThat(clusterJar).isRegularFile();
        List<String> base = new ArrayList<>();
        base.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        base.addAll(Files.readAllLines(Path.of("..", "scale", "spark-java-options")).stream()
                .filter(l -> !l.isBlank())
                .toList());
        base.addAll(List.of(
                "-Xmx512m",
                "-cp",
                sparkJars + "/*",
                "org.apache.spark.deploy.SparkSubmit",
                "--master",
                master,
                "--conf",
                "spark.driver.host=127.0.0.1",
                "--conf",
                "spark.driver.bindAddress=127.0.0.1",
                "--conf",
                "spark.ui.enabled=false",
                "--class",
                "dev.sextant.scale.Submit",
                clusterJar.toString()));
        Path scanOut = tmp.resolve("submitted/scan.json");
        Path dedupOut = tmp.resolve("submitted/dedup.json");
        submit(
                base,
                "scan",
                "--benchmark",
                f[0].toString(),
                "--field",
                "question",
                "--corpus",
                f[1].toString(),
                "--out",
                scanOut.toString());
        Path corpusOut = tmp.resolve("submitted/corpus");
        submit(
                base,
                "dedup",
                "--corpus",
                f[1].toString(),
                "--out",
                dedupOut.toString(),
                "--corpus-out",
                corpusOut.toString());
        ObjectMapper json = new ObjectMapper();
        JsonNode scan = json.readTree(scanOut.toFile());
        JsonNode local = run(
                        "scan",
                        "--benchmark",
                        f[0].toString(),
                        "--field",
                        "question",
                        "--corpus",
                        f[1].toString(),
                        "--json")
                .json();
        assertThat(scan.get("items")).isEqualTo(local.get("items"));
        // kept in a project from its result file, as a scan run here is kept
        CliRun imported = run(
                "scan", "import", scanOut.toString(), "--project", "Demo — evaluation and capacity planning", "--json");
        assertThat(imported.code()).as(imported.err()).isZero();
        CliRun shown = run("scan", "show", imported.json().get("scanId").asText(), "--json");
        assertThat(withoutTextFields(shown.json().get("items"))).isEqualTo(withoutTextFields(local.get("items")));
        assertThat(run("scan", "list", "--json").out()).contains("(on a cluster)");
        CliRun notOurs =
                run("scan", "import", dedupOut.toString(), "--project", "Demo — evaluation and capacity planning");
        assertThat(notOurs.code()).isEqualTo(2);
        assertThat(notOurs.err())
                .startsWith("error: " + dedupOut + ": items: missing: not a result of the cluster application's scan");
        JsonNode dedup = json.readTree(dedupOut.toFile());
        Path localOut = tmp.resolve("submitted/local-corpus");
        JsonNode dl = run("dedup", "--corpus", f[1].toString(), "--out", localOut.toString(), "--json")
                .json();
        for (String k : new String[] {"documents", "duplicates", "clusters", "tokens", "largest"}) {
            assertThat(dedup.get(k)).as(k).isEqualTo(dl.get(k));
        }
        // the corpus the executors wrote is the one the local run writes; the result names no removed document
        assertThat(dedup.get("removed")).isEmpty();
        StringBuilder removed = new StringBuilder();
        for (Path part : sorted(corpusOut.resolve("removed"))) {
            removed.append(Files.readString(part));
        }
        assertThat(removed.toString()).isEqualTo(Files.readString(localOut.resolve("removed.jsonl")));
        assertThat(sorted(corpusOut.resolve("kept")).stream().map(Path::getFileName))
                .isEqualTo(sorted(localOut.resolve("kept")).stream()
                        .map(Path::getFileName)
                        .toList());
    }

    private static List<Path> sorted(Path dir) throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            return s.sorted().toList();
        }
    }

    private void submit(List<String> base, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(base);
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd)
                .redirectErrorStream(true)
                .redirectOutput(tmp.resolve("submit-" + args[0] + ".log").toFile());
        pb.environment().put("SPARK_LOCAL_IP", "127.0.0.1");
        Process p = pb.start();
        assertThat(p.waitFor(180, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue())
                .as(Files.readString(tmp.resolve("submit-" + args[0] + ".log")))
                .isZero();
    }

    /** A dedup run kept from Spark, its output folder written: the local run's removed list, byte for byte. */
    @Test
    void aDedupRunKeptFromSparkWritesTheLocalRunsOutput() throws Exception {
        Path[] f = files();
        String corpus = f[1].toString();
        CliRun local = run(
                "dedup",
                "--corpus",
                corpus,
                "--mode",
                "exact",
                "--out",
                tmp.resolve("local").toString(),
                "--json");
        assertThat(local.code()).as(local.err()).isZero();
        CliRun kept = run(
                "dedup",
                "--corpus",
                corpus,
                "--mode",
                "exact",
                "--out",
                tmp.resolve("spark").toString(),
                "--engine",
                "spark",
                "--master",
                "local[2]",
                "--project",
                "Demo — evaluation and capacity planning",
                "--json");
        assertThat(kept.code()).as(kept.err()).isZero();
        assertThat(kept.json().get("savedId").asText()).isNotBlank();
        assertThat(kept.json().get("duplicates")).isEqualTo(local.json().get("duplicates"));
        assertThat(Files.readString(tmp.resolve("spark/removed.jsonl")))
                .isEqualTo(Files.readString(tmp.resolve("local/removed.jsonl")));
        assertThat(kept.json().get("documents").asInt()).isEqualTo(300);
    }

    /** A scan kept in a project from Spark: its files saved as their wave returns, its result the local engine's. */
    @Test
    void aScanKeptInAProjectFromSparkIsTheLocalEnginesScan() throws Exception {
        Path[] f = files();
        String project = "Demo — evaluation and capacity planning";
        CliRun local = run(
                "scan", "--benchmark", f[0].toString(), "--field", "question", "--corpus", f[1].toString(), "--json");
        CliRun kept = run(
                "scan",
                "--benchmark",
                f[0].toString(),
                "--field",
                "question",
                "--corpus",
                f[1].toString(),
                "--engine",
                "spark",
                "--master",
                "local[2]",
                "--project",
                project,
                "--json");
        assertThat(kept.code()).as(kept.err()).isZero();
        String id = kept.json().get("scanId").asText();
        CliRun shown = run("scan", "show", id, "--json");
        assertThat(shown.code()).as(shown.err()).isZero();
        // (a kept scan does not keep the fields that made an item's text: the README's limits)
        assertThat(withoutTextFields(shown.json().get("items")))
                .isEqualTo(withoutTextFields(local.json().get("items")));
        // a complete kept scan resumes to itself on either engine
        assertThat(withoutTextFields(run("scan", "--resume", id, "--engine", "spark", "--master", "local[2]", "--json")
                        .json()
                        .get("items")))
                .isEqualTo(withoutTextFields(local.json().get("items")));
    }

    private static JsonNode withoutTextFields(JsonNode items) {
        JsonNode copy = items.deepCopy();
        copy.forEach(i -> ((ObjectNode) i).remove("textFields"));
        return copy;
    }

    @Test
    void aScanOnSparkInLocalModeMatchesTheLocalEngine() throws Exception {
        sameAsLocal("local[2]");
    }

    /**
     * A real standalone cluster on this machine (scale/scripts/standalone.sh: a master and a worker JVM on 127.0.0.1, the
     * executors a third): the scan's tasks run in another JVM and still give the local engine's result.
     */
    @Test
    void aScanOnALoopbackStandaloneClusterMatchesTheLocalEngine() throws Exception {
        files();
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        Path script = Path.of("..", "scale", "scripts", "standalone.sh")
                .toAbsolutePath()
                .normalize();
        Path state = tmp.resolve("standalone");
        ProcessBuilder start = new ProcessBuilder("bash", script.toString(), "start", "1", "1g", Integer.toString(port))
                .redirectErrorStream(true);
        start.environment().put("SEXTANT_SPARK_STATE", state.toString());
        Process p = start.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        try {
            assertThat(p.waitFor()).as(out).isZero();
            assertThat(out.strip()).isEqualTo("spark://127.0.0.1:" + port);
            sameAsLocal("spark://127.0.0.1:" + port);
            submittedAsLocal("spark://127.0.0.1:" + port, state.resolve("home/jars"));
        } finally {
            ProcessBuilder stop = new ProcessBuilder("bash", script.toString(), "stop");
            stop.environment().put("SEXTANT_SPARK_STATE", state.toString());
            stop.start().waitFor();
        }
    }
}
