package dev.sextant.app.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.luben.zstd.ZstdInputStream;
import dev.sextant.app.study.DataStudy;
import dev.sextant.model.data.quality.FilterSpec;
import dev.sextant.model.data.quality.QualityFamilies;
import dev.sextant.model.data.quality.QualityFamily;
import dev.sextant.model.data.quality.QualityFilter;
import dev.sextant.model.data.quality.QualitySettings;
import dev.sextant.model.data.quality.SpacyEnglishWords;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.CancelledException;
import dev.sextant.workspaces.WorkspaceHome;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code filter --engine spark --master local[2]} through the Spark bundle: the output folder and the counts are the
 * local engine's, a stopped local run resumes on Spark, and a worker's input problem names the file.
 */
class FilterSparkCliTest {

    @TempDir
    Path tmp;

    private final ObjectMapper json = new ObjectMapper();

    CliRun run(String... args) {
        return CliRun.of(new WorkspaceHome(tmp.resolve("home")), args);
    }

    private static final String GERMAN =
            "Der Ausschuss traf sich am Dienstag, um den Haushalt für das kommende Jahr zu prüfen. Die Mitglieder "
                    + "waren sich einig, dass die Bibliothek und die Parks ihre Mittel behalten. Ein Vorschlag, den "
                    + "alten Bahnhof zu schließen, wurde bis zum Frühling zurückgestellt.";

    /** Three files of good articles (some with a line C4 drops), menus, repeated lines, German pages; a score each. */
    List<String> corpus() throws Exception {
        assumeTrue(
                System.getProperty("sextant.spark.bundle") != null
                        && Files.isDirectory(Path.of(System.getProperty("sextant.spark.bundle"))),
                "the scale module's Spark bundle is built before the app in the reactor");
        List<String> files = new ArrayList<>();
        int id = 0;
        for (int f = 0; f < 3; f++) {
            List<String> lines = new ArrayList<>();
            for (int i = 0; i < 12; i++) {
                String text =
                        switch (i % 6) {
                            case 0, 1 -> FilterCliTest.GOOD + "This is article " + id
                                    + " of the series, and it ends here.";
                            case 2 -> FilterCliTest.GOOD
                                    + "Please enable javascript to see the comments.\nThe end of article " + id
                                    + " is here.";
                            case 3 -> "Home\nAbout\nContact\nLogin\nShop " + id + "\nCart\nHelp";
                            case 4 -> "Buy the best shoes in town today and save money on every pair.\n".repeat(10);
                            default -> GERMAN;
                        };
                Map<String, Object> doc = new LinkedHashMap<>();
                doc.put("id", "d" + id);
                doc.put("source", i % 2 == 0 ? "news" : "web");
                doc.put("text", text);
                doc.put("score", (id * 37 % 100) / 100.0);
                lines.add(json.writeValueAsString(doc));
                id++;
            }
            Path p = tmp.resolve("part-" + f + ".jsonl");
            Files.write(p, lines, StandardCharsets.UTF_8);
            files.add(p.toString());
        }
        return files;
    }

    private String[] args(List<String> files, String... more) {
        List<String> a = new ArrayList<>(List.of("filter", "--input"));
        a.addAll(files);
        a.addAll(List.of(
                "--language",
                "en",
                "--score-field",
                "score",
                "--min-score",
                "0.1",
                "--source-field",
                "source",
                "--json"));
        a.addAll(List.of(more));
        return a.toArray(String[]::new);
    }

    @Test
    void aRunOnSparkWritesTheLocalRunsOutputAndCounts() throws Exception {
        List<String> files = corpus();
        CliRun local = run(args(files, "--out", tmp.resolve("local").toString()));
        assertThat(local.code()).as(local.err()).isZero();
        CliRun spark =
                run(args(files, "--out", tmp.resolve("spark").toString(), "--engine", "spark", "--master", "local[2]"));
        assertThat(spark.code()).as(spark.err()).isZero();
        JsonNode l = local.json();
        JsonNode s = spark.json();
        assertThat(s.get("documents").asLong()).isEqualTo(36);
        assertThat(s.get("kept").asLong() + s.get("removed").asLong()).isEqualTo(36);
        for (String key :
                List.of("kept", "removed", "byRule", "bySource", "overlap", "byLanguage", "score", "tokens")) {
            assertThat(s.get(key)).as(key).isEqualTo(l.get(key));
        }
        assertThat(l.get("removed").asLong()).isGreaterThan(10);
        assertThat(Files.readString(tmp.resolve("spark/removed.jsonl")))
                .isEqualTo(Files.readString(tmp.resolve("local/removed.jsonl")));
        assertThat(kept(tmp.resolve("spark"))).isEqualTo(kept(tmp.resolve("local")));
        assertThat(kept(tmp.resolve("spark")).values().stream().anyMatch(t -> t.contains("javascript")))
                .as("C4's rewritten text, without its javascript line")
                .isFalse();
        try (Stream<Path> names = Files.list(tmp.resolve("spark"))) {
            assertThat(names.map(p -> p.getFileName().toString()))
                    .containsExactlyInAnyOrder("kept", "removed.jsonl", "summary.json");
        }
        // a dry run on Spark writes nothing and counts the same
        CliRun dry = run(args(files, "--dry-run", "--engine", "spark", "--master", "local[2]"));
        assertThat(dry.code()).as(dry.err()).isZero();
        assertThat(dry.json().get("byRule")).isEqualTo(l.get("byRule"));
    }

    /** A local run stopped after its first unit is finished on Spark: only the other units are judged there. */
    @Test
    void aStoppedLocalRunIsResumedOnSpark() throws Exception {
        List<String> files = corpus();
        CliRun whole = run(args(files, "--out", tmp.resolve("whole").toString()));
        assertThat(whole.code()).as(whole.err()).isZero();
        Path out = tmp.resolve("out");
        CancellationToken cancel = new CancellationToken();
        QualitySettings settings = QualitySettings.defaults()
                .withLanguages("en")
                .with("language.language_threshold", "off")
                .with("score.min", "0.1");
        List<QualityFamily> families = new ArrayList<>(QualityFamilies.heuristics());
        families.add(QualityFamilies.language());
        families.add(QualityFamilies.score());
        FilterSpec spec = new FilterSpec(
                new QualityFilter(families, settings, SpacyEnglishWords.instance(), DataStudy.languageIdentifier(null)),
                "text",
                "id",
                "source",
                "score",
                0);
        List<Path> paths = files.stream().map(Path::of).toList();
        assertThatThrownBy(() -> DataStudy.filter(paths, spec, 1, out, false, (share, what) -> cancel.cancel(), cancel))
                .isInstanceOf(CancelledException.class);
        assertThat(tmp.resolve("out.partial").resolve("counts-0001.json")).exists();
        assertThat(tmp.resolve("out.partial").resolve("counts-0003.json")).doesNotExist();

        CliRun resumed =
                run(args(files, "--out", out.toString(), "--resume", "--engine", "spark", "--master", "local[2]"));
        assertThat(resumed.code()).as(resumed.err()).isZero();
        assertThat(resumed.json().get("byRule")).isEqualTo(whole.json().get("byRule"));
        assertThat(Files.readString(out.resolve("removed.jsonl")))
                .isEqualTo(Files.readString(tmp.resolve("whole/removed.jsonl")));
        assertThat(kept(out)).isEqualTo(kept(tmp.resolve("whole")));
    }

    /** A file a worker cannot read as a corpus is named, and nothing is left behind. */
    @Test
    void aWorkersInputProblemNamesTheFileAndWritesNothing() throws Exception {
        List<String> files = new ArrayList<>(corpus());
        Path broken = tmp.resolve("broken.jsonl.zst");
        Files.writeString(broken, "not zstd at all\n");
        files.add(broken.toString());
        Path out = tmp.resolve("out");
        CliRun r = run(args(files, "--out", out.toString(), "--engine", "spark", "--master", "local[2]"));
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("broken.jsonl.zst").doesNotContain("Exception");
        assertThat(out).doesNotExist();
    }

    /** Every kept document, by id, as written. */
    private Map<String, String> kept(Path out) throws Exception {
        Map<String, String> kept = new TreeMap<>();
        try (Stream<Path> files = Files.list(out.resolve("kept"))) {
            for (Path f : files.toList()) {
                try (InputStream in = new ZstdInputStream(Files.newInputStream(f))) {
                    for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8)
                            .lines()
                            .toList()) {
                        JsonNode d = json.readTree(line);
                        kept.put(d.get("id").asText(), d.get("text").asText());
                    }
                }
            }
        }
        return kept;
    }
}
