package dev.sextant.app.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.offset;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.github.luben.zstd.ZstdInputStream;
import dev.sextant.app.study.DataStudy;
import dev.sextant.app.study.Engine;
import dev.sextant.app.study.QualityRuns;
import dev.sextant.model.data.quality.FilterSpec;
import dev.sextant.model.data.quality.QualityFamilies;
import dev.sextant.model.data.quality.QualityFilter;
import dev.sextant.model.data.quality.QualitySettings;
import dev.sextant.model.data.quality.SpacyEnglishWords;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.CancelledException;
import dev.sextant.workspaces.RunState;
import dev.sextant.workspaces.SavedQualityRun;
import dev.sextant.workspaces.Workspace;
import dev.sextant.workspaces.WorkspaceHome;
import java.io.InputStream;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code sextant filter} against its contract, its output folder and its errors. */
class FilterCliTest {

    @TempDir
    Path tmp;

    private final ObjectMapper json = new ObjectMapper();

    CliRun run(String... args) {
        return CliRun.of(new WorkspaceHome(tmp.resolve("home")), args);
    }

    /** Three lines of plain news prose that every family keeps. */
    static final String GOOD = "The committee met on Tuesday to review the budget for the coming year. "
            + "Members agreed that the library and the parks would keep their funding.\n"
            + "A proposal to close the old station was set aside until the spring. "
            + "The chair said that residents should have time to comment on the plan.\n"
            + "Several speakers raised the cost of repairs to the bridge over the river. "
            + "The engineers will report again at the next meeting of the council.\n";

    /** Ten good articles, five menus, five pages of one repeated line, three lorem-ipsum pages; two sources. */
    Path corpus() throws Exception {
        List<String> lines = new ArrayList<>();
        int id = 0;
        for (int i = 0; i < 10; i++) {
            lines.add(doc(id++, "news", GOOD + "This is article number " + i + " of the series, and it ends here."));
        }
        for (int i = 0; i < 5; i++) {
            lines.add(doc(id++, "web", "Home\nAbout\nContact\nLogin\nShop " + i + "\nCart\nHelp"));
        }
        for (int i = 0; i < 5; i++) {
            lines.add(
                    doc(id++, "web", ("Buy the best shoes in town today and save money on every pair.\n").repeat(12)));
        }
        for (int i = 0; i < 3; i++) {
            lines.add(doc(id++, "news", GOOD + "Lorem ipsum dolor sit amet, consectetur adipiscing elit."));
        }
        Path f = tmp.resolve("corpus.jsonl");
        Files.write(f, lines, StandardCharsets.UTF_8);
        return f;
    }

    private String doc(int id, String source, String text) throws Exception {
        return json.writeValueAsString(Map.of("id", "d" + id, "source", source, "text", text));
    }

    @Test
    void aDryRunCountsByRuleSourceAndOverlapAndWritesNothing() throws Exception {
        Path corpus = corpus();
        CliRun r = run("filter", "--input", corpus.toString(), "--source-field", "source", "--dry-run", "--json");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode j = r.json();
        assertThat(j.get("documents").asLong()).isEqualTo(23);
        assertThat(j.get("kept").asLong() + j.get("removed").asLong()).isEqualTo(23);
        long byRule = 0;
        for (JsonNode c : j.get("byRule")) {
            assertThat(c.has("rule") && c.has("documents") && c.has("tokens") && c.has("share"))
                    .isTrue();
            byRule += c.get("documents").asLong();
        }
        assertThat(byRule)
                .as("each removed document under the first rule that removed it")
                .isEqualTo(j.get("removed").asLong());
        assertThat(j.get("kept").asLong()).isEqualTo(10);
        // the menus go first to Gopher's repetition rules (its top 2-gram), which run before Gopher's quality rules
        assertThat(rules(j)).containsExactly("dup_line_frac", "top_2_gram", "lorem_ipsum");
        assertThat(j.get("bySource")).hasSize(2);
        assertThat(j.get("overlap")).isNotNull();
        assertThat(j.get("dryRun").asBoolean()).isTrue();
        try (Stream<Path> files = Files.list(tmp)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsOnly("corpus.jsonl", "home");
        }
        // a threshold change shows what it would do before anything is written
        CliRun looser = run(
                "filter", "--input", corpus.toString(), "--set", "c4.filter_lorem_ipsum=false", "--dry-run", "--json");
        assertThat(looser.code()).as(looser.err()).isZero();
        assertThat(looser.json().get("kept").asLong()).isEqualTo(13);
        assertThat(looser.json().get("settings").get("c4.filter_lorem_ipsum").asText())
                .isEqualTo("false");
    }

    private static List<String> rules(JsonNode j) {
        List<String> out = new ArrayList<>();
        j.get("byRule").forEach(c -> out.add(c.get("rule").asText()));
        return out;
    }

    @Test
    void theOutputHoldsTheKeptCorpusTheRemovedWithTheirRuleAndASummary() throws Exception {
        Path corpus = corpus();
        Path out = tmp.resolve("out");
        CliRun r = run("filter", "--input", corpus.toString(), "--out", out.toString(), "--json");
        assertThat(r.code()).as(r.err()).isZero();
        List<String> kept = new ArrayList<>();
        try (Stream<Path> files = Files.list(out.resolve("kept"))) {
            for (Path f : files.toList()) {
                try (InputStream in = new ZstdInputStream(Files.newInputStream(f))) {
                    kept.addAll(new String(in.readAllBytes(), StandardCharsets.UTF_8)
                            .lines()
                            .toList());
                }
            }
        }
        assertThat(kept).hasSize(10);
        JsonNode first = json.readTree(kept.get(0));
        assertThat(first.get("source").asText())
                .as("the line as read, other fields kept")
                .isEqualTo("news");
        List<String> removed = Files.readAllLines(out.resolve("removed.jsonl"));
        assertThat(removed).hasSize(13);
        JsonNode row = json.readTree(removed.get(0));
        assertThat(row.fieldNames()).toIterable().contains("id", "file", "family", "rule", "value", "threshold");
        assertThat(json.readTree(out.resolve("summary.json").toFile())
                        .get("removed")
                        .asLong())
                .isEqualTo(13);
    }

    @Test
    void badInputIsRefusedBeforeAnythingIsWritten() throws Exception {
        Path corpus = corpus();
        Path out = tmp.resolve("out");
        CliRun unknownRule =
                run("filter", "--input", corpus.toString(), "--rules", "gopher,c4", "--out", out.toString());
        assertThat(unknownRule.code()).isEqualTo(2);
        assertThat(unknownRule.err()).contains("--rules", "unknown rule family gopher", "gopher-quality");
        CliRun unknownParam = run("filter", "--input", corpus.toString(), "--set", "c4.min_sentences=3", "--dry-run");
        assertThat(unknownParam.code()).isEqualTo(2);
        assertThat(unknownParam.err()).contains("c4.min_sentences", "min_num_sentences");
        CliRun outOfRange =
                run("filter", "--input", corpus.toString(), "--set", "fineweb.short_line_thr=1.5", "--dry-run");
        assertThat(outOfRange.code()).isEqualTo(2);
        assertThat(outOfRange.err()).contains("fineweb.short_line_thr", "from 0 to 1");
        CliRun noText = run("filter", "--input", corpus.toString(), "--text-field", "body", "--out", out.toString());
        assertThat(noText.code()).isEqualTo(2);
        assertThat(noText.err()).contains("corpus.jsonl", "no documents with a text field 'body'");
        assertThat(out).doesNotExist();
        try (Stream<Path> files = Files.list(tmp)) {
            assertThat(files.map(p -> p.getFileName().toString())).noneMatch(n -> n.startsWith("out"));
        }
    }

    /** A classifier score the documents carry: kept from a least value, a document without one removed as missing. */
    @Test
    void aScoreFieldFiltersByThresholdAndAMissingScoreIsRemovedAsMissing() throws Exception {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            Map<String, Object> d = new LinkedHashMap<>();
            d.put("id", "d" + i);
            d.put("text", GOOD);
            if (i != 11) {
                d.put("meta", Map.of("edu", i % 4)); // 0..3, three documents of each
            }
            lines.add(json.writeValueAsString(d));
        }
        Path corpus = tmp.resolve("scored.jsonl");
        Files.write(corpus, lines, StandardCharsets.UTF_8);
        CliRun r = run(
                "filter",
                "--input",
                corpus.toString(),
                "--rules",
                "score",
                "--score-field",
                "meta.edu",
                "--min-score",
                "2",
                "--dry-run",
                "--json");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode j = r.json();
        // edu 0 and 1 of d0..d10: d0 d1 d4 d5 d8 d9 (six) below 2; d11 has no score
        assertThat(j.get("kept").asLong()).isEqualTo(5);
        assertThat(rules(j)).containsExactly("score_below_min", "score_missing");
        assertThat(j.get("byRule").get(0).get("documents").asLong()).isEqualTo(6);
        assertThat(j.get("score").get("documents").asLong()).isEqualTo(11);
        assertThat(j.get("score").get("mean").asDouble()).isCloseTo(15.0 / 11, offset(1e-9));

        CliRun noScore = run("filter", "--input", corpus.toString(), "--score-field", "edu", "--dry-run");
        assertThat(noScore.code()).isEqualTo(2);
        assertThat(noScore.err()).contains("scored.jsonl", "no document has a number in the score field 'edu'");
        CliRun noField = run("filter", "--input", corpus.toString(), "--min-score", "2", "--dry-run");
        assertThat(noField.code()).isEqualTo(2);
        assertThat(noField.err()).contains("--score-field");
        CliRun notANumber = run(
                "filter",
                "--input",
                corpus.toString(),
                "--score-field",
                "meta.edu",
                "--min-score",
                "high",
                "--dry-run");
        assertThat(notANumber.code()).isEqualTo(2);
        assertThat(notANumber.err()).contains("--min-score", "expected a number");
    }

    /**
     * A kept run that fails on a corpus file is kept as failed, naming the file, with nothing written; once the file is
     * fixed, the same command with --resume completes the same kept run.
     */
    @Test
    void aKeptRunThatFailedOnAFileCompletesWithResumeOnceTheFileIsFixed() throws Exception {
        Path good = corpus();
        Path broken = tmp.resolve("broken.jsonl.gz");
        Files.writeString(broken, "not gzip at all\n");
        Path out = tmp.resolve("out");
        String project = "Demo — evaluation and capacity planning";
        String[] command = {
            "filter",
            "--input",
            good.toString(),
            broken.toString(),
            "--out",
            out.toString(),
            "--project",
            project,
            "--json"
        };
        CliRun failed = run(command);
        assertThat(failed.code()).isNotZero();
        assertThat(failed.err()).contains("broken.jsonl.gz", "--resume").doesNotContain("Exception");
        assertThat(out).doesNotExist();
        assertThat(tmp.resolve("out.partial")).doesNotExist();
        String id;
        try (Workspace ws = Workspace.open(new WorkspaceHome(tmp.resolve("home")).defaultWorkspaceDir())) {
            SavedQualityRun kept =
                    new QualityRuns(ws, ws.projects().list().get(0).id()).list().get(0);
            assertThat(kept.state()).isEqualTo(RunState.FAILED);
            assertThat(kept.failedFile()).endsWith("broken.jsonl.gz");
            id = kept.id().toString();
        }
        try (OutputStreamWriter w =
                new OutputStreamWriter(new GZIPOutputStream(Files.newOutputStream(broken)), StandardCharsets.UTF_8)) {
            w.write(Files.readString(good));
        }
        List<String> again = new ArrayList<>(List.of(command));
        again.add("--resume");
        CliRun resumed = run(again.toArray(String[]::new));
        assertThat(resumed.code()).as(resumed.err()).isZero();
        assertThat(resumed.json().get("savedId").asText()).isEqualTo(id);
        assertThat(resumed.json().get("documents").asLong()).isEqualTo(46);
        try (Workspace ws = Workspace.open(new WorkspaceHome(tmp.resolve("home")).defaultWorkspaceDir())) {
            assertThat(new QualityRuns(ws, ws.projects().list().get(0).id()).list())
                    .singleElement()
                    .satisfies(k -> assertThat(k.state()).isEqualTo(RunState.COMPLETE));
        }
    }

    /** The command's default: the four heuristic families at datatrove's values, text and id fields. */
    private static FilterSpec heuristics() {
        return new FilterSpec(
                new QualityFilter(
                        QualityFamilies.heuristics(), QualitySettings.defaults(), SpacyEnglishWords.instance()),
                "text",
                "id",
                null);
    }

    /**
     * A run stopped part-way (Cancel after its first unit) keeps what it finished in OUT.partial; the same command
     * without --resume is refused, with it the run continues and its output equals an uninterrupted run's.
     */
    @Test
    void aStoppedRunIsResumedFromTheUnitsItFinished() throws Exception {
        Path b = Files.move(corpus(), tmp.resolve("b.jsonl"));
        Path c = corpus(); // a second file: two units
        Path whole = tmp.resolve("whole");
        CliRun full = run("filter", "--input", b.toString(), c.toString(), "--out", whole.toString(), "--json");
        assertThat(full.code()).as(full.err()).isZero();

        Path out = tmp.resolve("out");
        CancellationToken cancel = new CancellationToken();
        FilterSpec spec = heuristics();
        assertThatThrownBy(() ->
                        DataStudy.filter(List.of(b, c), spec, 1, out, false, (share, what) -> cancel.cancel(), cancel))
                .isInstanceOf(CancelledException.class);
        assertThat(out).doesNotExist();
        assertThat(tmp.resolve("out.partial").resolve("counts-0001.json")).exists();

        CliRun again = run("filter", "--input", b.toString(), c.toString(), "--out", out.toString());
        assertThat(again.code()).isEqualTo(2);
        assertThat(again.err()).contains("out.partial", "--resume");
        CliRun resumed =
                run("filter", "--input", b.toString(), c.toString(), "--out", out.toString(), "--resume", "--json");
        assertThat(resumed.code()).as(resumed.err()).isZero();
        assertThat(resumed.json().get("removed").asLong())
                .isEqualTo(full.json().get("removed").asLong());
        assertThat(resumed.json().get("byRule")).isEqualTo(full.json().get("byRule"));
        assertThat(Files.readAllLines(out.resolve("removed.jsonl")))
                .containsExactlyElementsOf(Files.readAllLines(whole.resolve("removed.jsonl")));
        assertThat(tmp.resolve("out.partial")).doesNotExist();
        try (Stream<Path> files = Files.list(out)) {
            assertThat(files.map(p -> p.getFileName().toString()))
                    .containsExactlyInAnyOrder("kept", "removed.jsonl", "summary.json");
        }
    }

    /**
     * A run kept in a project: its filter, corpus, folder and counts are there as the command printed them; one stopped
     * part-way is kept as cancelled and goes on, as the same kept run, with --resume into the same folder.
     */
    @Test
    void runsAreKeptInAProjectAndAStoppedOneGoesOnWithResume() throws Exception {
        Path b = Files.move(corpus(), tmp.resolve("b.jsonl"));
        Path c = corpus();
        String project = "Demo — evaluation and capacity planning";
        CliRun dry = run(
                "filter",
                "--input",
                c.toString(),
                "--set",
                "c4.min_num_sentences=2",
                "--dry-run",
                "--project",
                project,
                "--json");
        assertThat(dry.code()).as(dry.err()).isZero();
        String dryId = dry.json().get("savedId").asText();

        Path out = tmp.resolve("out");
        CancellationToken cancel = new CancellationToken();
        FilterSpec spec = heuristics();
        try (Workspace ws = Workspace.open(new WorkspaceHome(tmp.resolve("home")).defaultWorkspaceDir())) {
            QualityRuns runs = new QualityRuns(ws, ws.projects().list().get(0).id());
            assertThatThrownBy(() -> runs.run(
                            "stopped",
                            List.of(b, c),
                            spec,
                            null,
                            Engine.LOCAL,
                            1,
                            out,
                            false,
                            (share, what) -> cancel.cancel(),
                            cancel))
                    .isInstanceOf(CancelledException.class);
            assertThat(runs.list()).hasSize(2);
            assertThat(runs.list().get(0).state()).isEqualTo(RunState.CANCELLED);
        }
        CliRun resumed = run(
                "filter",
                "--input",
                b.toString(),
                c.toString(),
                "--out",
                out.toString(),
                "--resume",
                "--project",
                project,
                "--json");
        assertThat(resumed.code()).as(resumed.err()).isZero();
        try (Workspace ws = Workspace.open(new WorkspaceHome(tmp.resolve("home")).defaultWorkspaceDir())) {
            List<SavedQualityRun> kept =
                    new QualityRuns(ws, ws.projects().list().get(0).id()).list();
            assertThat(kept).hasSize(2);
            SavedQualityRun stopped = kept.get(0);
            assertThat(stopped.id().toString())
                    .isEqualTo(resumed.json().get("savedId").asText());
            assertThat(stopped.name()).isEqualTo("stopped");
            assertThat(stopped.state()).isEqualTo(RunState.COMPLETE);
            assertThat(stopped.out()).isEqualTo(out.toAbsolutePath().toString());
            assertThat(stopped.result().removed())
                    .isEqualTo(resumed.json().get("removed").asLong());
            assertThat(stopped.result().removed()).isEqualTo(26);
            SavedQualityRun first = kept.get(1);
            assertThat(first.id().toString()).isEqualTo(dryId);
            assertThat(first.out()).isNull();
            assertThat(first.name())
                    .isEqualTo("corpus.jsonl (gopher-repetition, gopher-quality, c4, fineweb; dry run)");
            assertThat(first.recipe().values()).containsEntry("c4.min_num_sentences", "2");
            assertThat(first.result().byRule()).hasSameSizeAs(dry.json().get("byRule"));
            // the examples' values read back as written: a switch's threshold is no number, not 0
            assertThat(first.result().examples())
                    .filteredOn(e -> e.rule().equals("lorem_ipsum"))
                    .isNotEmpty()
                    .allSatisfy(e -> assertThat(e.threshold()).isNaN());
        }
    }

    /**
     * A file over 8 MiB is judged in 4 MiB ranges on both cores: its counts, removed records and kept documents equal
     * those of the same lines compressed (a .gz is one unit, read whole).
     */
    @Test
    void aLargeFileJudgedInRangesEqualsTheSameFileReadWhole() throws Exception {
        List<String> base = Files.readAllLines(corpus());
        Path big = tmp.resolve("big.jsonl");
        Path gz = tmp.resolve("big.jsonl.gz");
        long bytes = 0;
        try (var plain = Files.newBufferedWriter(big);
                var packed = new OutputStreamWriter(
                        new GZIPOutputStream(Files.newOutputStream(gz)), StandardCharsets.UTF_8)) {
            for (int i = 0; bytes < 9L << 20; i++) {
                JsonNode d = json.readTree(base.get(i % base.size()));
                ((ObjectNode) d).put("id", "doc" + i);
                String line = json.writeValueAsString(d) + "\n";
                plain.write(line);
                packed.write(line);
                bytes += line.getBytes(StandardCharsets.UTF_8).length;
            }
        }
        CliRun ranges = run(
                "filter",
                "--input",
                big.toString(),
                "--out",
                tmp.resolve("ranges").toString(),
                "--json");
        CliRun whole = run(
                "filter",
                "--input",
                gz.toString(),
                "--out",
                tmp.resolve("whole").toString(),
                "--json");
        assertThat(ranges.code()).as(ranges.err()).isZero();
        assertThat(whole.code()).as(whole.err()).isZero();
        try (Stream<Path> parts = Files.list(tmp.resolve("ranges/kept"))) {
            assertThat(parts.count()).as("9 MiB in 4 MiB ranges").isEqualTo(3);
        }
        for (String key : List.of("documents", "kept", "removed", "byRule", "overlap", "tokens")) {
            assertThat(ranges.json().get(key)).as(key).isEqualTo(whole.json().get(key));
        }
        assertThat(ranges.json().get("documents").asLong()).isGreaterThan(10_000);
        assertThat(removedIds(tmp.resolve("ranges"))).isEqualTo(removedIds(tmp.resolve("whole")));
        assertThat(keptLines(tmp.resolve("ranges"))).isEqualTo(keptLines(tmp.resolve("whole")));
    }

    private List<String> removedIds(Path out) throws Exception {
        List<String> ids = new ArrayList<>();
        for (String line : Files.readAllLines(out.resolve("removed.jsonl"))) {
            ids.add(json.readTree(line).get("id").asText());
        }
        return ids;
    }

    private static List<String> keptLines(Path out) throws Exception {
        List<String> lines = new ArrayList<>();
        try (Stream<Path> files = Files.list(out.resolve("kept"))) {
            for (Path f : files.sorted().toList()) {
                try (InputStream in = new ZstdInputStream(Files.newInputStream(f))) {
                    lines.addAll(new String(in.readAllBytes(), StandardCharsets.UTF_8)
                            .lines()
                            .toList());
                }
            }
        }
        return lines;
    }

    /**
     * Languages kept with the bundled OpenNLP detector (its likeliest language decides): the German and French pages go
     * as other_language, named in removed.jsonl with the language found; counts by language add up.
     */
    @Test
    void theLanguageFamilyKeepsTheLanguagesAskedFor() throws Exception {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            lines.add(doc(i, "news", GOOD));
        }
        lines.add(doc(
                4,
                "de",
                "Der Ausschuss traf sich am Dienstag, um den Haushalt für das kommende Jahr zu prüfen. "
                        + "Die Mitglieder waren sich einig, dass die Bibliothek und die Parks ihre Mittel behalten."));
        lines.add(doc(
                5,
                "fr",
                "Le comité s'est réuni mardi pour examiner le budget de l'année à venir. Les membres "
                        + "ont convenu que la bibliothèque et les parcs garderaient leur financement."));
        Path corpus = tmp.resolve("languages.jsonl");
        Files.write(corpus, lines, StandardCharsets.UTF_8);
        Path out = tmp.resolve("en");
        CliRun r = run(
                "filter",
                "--input",
                corpus.toString(),
                "--rules",
                "language",
                "--language",
                "en",
                "--out",
                out.toString(),
                "--json");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode j = r.json();
        assertThat(j.get("kept").asLong()).isEqualTo(4);
        assertThat(rules(j)).containsExactly("other_language");
        assertThat(j.get("language").get("identifier").asText()).contains("OpenNLP");
        assertThat(j.get("language").get("threshold").isNull()).isTrue();
        long byLanguage = 0;
        for (JsonNode c : j.get("byLanguage")) {
            byLanguage += c.get("documents").asLong();
        }
        assertThat(byLanguage).isEqualTo(6);
        List<String> removed = Files.readAllLines(out.resolve("removed.jsonl"));
        assertThat(removed).hasSize(2);
        assertThat(json.readTree(removed.get(0)).get("language").asText()).isEqualTo("de");

        CliRun two = run(
                "filter",
                "--input",
                corpus.toString(),
                "--rules",
                "language",
                "--language",
                "en,fr",
                "--dry-run",
                "--json");
        assertThat(two.json().get("kept").asLong()).isEqualTo(5);

        CliRun badCode = run("filter", "--input", corpus.toString(), "--language", "english", "--dry-run");
        assertThat(badCode.code()).isEqualTo(2);
        assertThat(badCode.err()).contains("--language", "'english'");
        CliRun noModel = run(
                "filter",
                "--input",
                corpus.toString(),
                "--language",
                "en",
                "--language-model",
                tmp.resolve("lid.176.bin").toString(),
                "--dry-run");
        assertThat(noModel.code()).isEqualTo(2);
        assertThat(noModel.err()).contains("lid.176.bin");
    }
}
