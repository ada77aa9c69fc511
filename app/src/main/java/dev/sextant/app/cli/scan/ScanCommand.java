package dev.sextant.app.cli.scan;

import dev.sextant.app.cli.CliProgress;
import dev.sextant.app.cli.CommandContext;
import dev.sextant.app.cli.EngineOptions;
import dev.sextant.app.cli.JsonOption;
import dev.sextant.app.cli.TextTable;
import dev.sextant.app.cli.WorkspaceOption;
import dev.sextant.app.study.Engine;
import dev.sextant.app.study.KeptRunFailedException;
import dev.sextant.app.study.ScanStudy;
import dev.sextant.model.BadInputException;
import dev.sextant.model.contamination.BenchmarkItem;
import dev.sextant.model.contamination.CleanSubsetRescore;
import dev.sextant.model.contamination.Normalization;
import dev.sextant.model.contamination.ScanResult;
import dev.sextant.model.contamination.ScanSpec;
import dev.sextant.model.io.CorpusStore;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.project.Project;
import dev.sextant.workspaces.Workspace;
import dev.sextant.workspaces.WorkspaceException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code sextant scan}: look for benchmark items in a training corpus. */
@Command(
        name = "scan",
        mixinStandardHelpOptions = true,
        subcommands = {ScanListCommand.class, ScanShowCommand.class, ScanExportCommand.class, ScanImportCommand.class},
        description = {
            "Contamination scan: every word n-gram of the corpus is looked up among the benchmark items' n-grams",
            "(normalised: lowercase, punctuation removed, whitespace collapsed); hits are confirmed token by token.",
            "Per item: n-grams, matched n-grams, contaminated-token fraction, longest match, status",
            "(not-checkable when shorter than n, clean, partial, dirty at --dirty or more). Exit 0 whether or not",
            "contamination is found."
        })
public final class ScanCommand implements Runnable {

    @Option(
            names = {"-b", "--benchmark"},
            arity = "1..*",
            paramLabel = "FILE",
            description =
                    "Benchmark items: lm-evaluation-harness samples_*.jsonl, JSONL (chat lines too), CSV, Parquet, or text with one item per line.")
    List<Path> benchmarks = new ArrayList<>();

    @Option(
            names = "--field",
            paramLabel = "NAME",
            description = {
                "Field or column holding item text (repeatable; joined with spaces); a dotted path into JSON (choices.text),",
                "for harness samples a path into doc. Default: a harness sample's question (question, query, problem, prompt, ctx, …),",
                "else text, else a chat line's messages, else every string but the id."
            })
    List<String> fields = new ArrayList<>();

    @Option(
            names = "--id-field",
            paramLabel = "NAME",
            description = "Field or column identifying items (default: id if present, else the line number).")
    String idField;

    @Option(
            names = {"-c", "--corpus"},
            arity = "1..*",
            paramLabel = "PATH",
            description = {
                "Corpus files or folders: JSONL (chat lines too), Parquet (one document per row), text, .gz, .zst.",
                "With --engine spark also hdfs://, s3a://… URIs, read through the cluster's Hadoop (JSONL and text)."
            })
    List<String> corpusArgs = new ArrayList<>();

    @Option(
            names = "--text-field",
            defaultValue = ScanSpec.DEFAULT_TEXT_FIELD,
            paramLabel = "NAME",
            description =
                    "JSONL field or Parquet column with the text (default: ${DEFAULT-VALUE}; lines or files without it are read as chats if they have messages or conversations).")
    String textField;

    @Option(
            names = "--doc-id-field",
            defaultValue = ScanSpec.DEFAULT_ID_FIELD,
            paramLabel = "NAME",
            description = "JSONL field or Parquet column naming a document in locations (default: ${DEFAULT-VALUE}).")
    String docIdField;

    @Option(
            names = "--ngram",
            defaultValue = "" + ScanSpec.DEFAULT_N,
            paramLabel = "N",
            description = "Words per n-gram, 8–50 (default: ${DEFAULT-VALUE}).")
    int n;

    @Option(
            names = "--dirty",
            defaultValue = "" + ScanSpec.DEFAULT_DIRTY,
            paramLabel = "F",
            description = "Contaminated-token fraction for dirty (default: ${DEFAULT-VALUE}).")
    double dirty;

    @Option(names = "--threads", paramLabel = "N", description = "Worker threads (default: all cores).")
    Integer threads;

    @Option(
            names = "--locations",
            paramLabel = "N",
            defaultValue = "" + ScanSpec.DEFAULT_LOCATIONS,
            description = "Corpus locations kept per item; further ones are counted (default: ${DEFAULT-VALUE}).")
    int locations;

    @Option(
            names = "--benchmark-name",
            paramLabel = "NAME",
            description = "Name the benchmark (default: from the file name or the harness task).")
    String benchmarkName;

    @Option(
            names = "--scores",
            arity = "1..*",
            paramLabel = "FILE",
            description =
                    "Per-item scores (CSV or lm-evaluation-harness samples): re-score each model on clean, all and contaminated items.")
    List<Path> scores = new ArrayList<>();

    @Option(
            names = {"-p", "--project"},
            paramLabel = "NAME|ID",
            description = "Keep the scan in this project (saved as files complete, resumable, shown in the scorecard).")
    String project;

    @Option(
            names = "--name",
            paramLabel = "NAME",
            description = "Name of the kept scan (default: benchmark and corpus names).")
    String name;

    @Option(
            names = "--resume",
            paramLabel = "SCAN_ID",
            description = "Resume a kept scan that failed, was cancelled or was interrupted, from its completed files.")
    String resume;

    @Option(
            names = "--skip-file",
            paramLabel = "FILE",
            description =
                    "With --resume: do not read this corpus file (say, the one the scan failed on); it is listed as skipped in the result. Repeatable.")
    List<Path> skipFiles = new ArrayList<>();

    @Mixin
    WorkspaceOption workspace;

    @Option(names = "--keep-case", description = "Do not lowercase.")
    boolean keepCase;

    @Option(names = "--keep-punctuation", description = "Do not delete punctuation.")
    boolean keepPunctuation;

    @Mixin
    EngineOptions engineOptions;

    @Mixin
    JsonOption output;

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        CommandContext ctx = new CommandContext(spec);
        Engine onEngine = engineOptions.engine();
        List<String> uris = corpusArgs.stream().filter(CorpusStore::isUri).toList();
        if (!uris.isEmpty() && onEngine.isLocal()) {
            throw BadInputException.of(
                    uris.get(0), "a URI is read through Hadoop on a cluster: add --engine spark --master …");
        }
        if (!uris.isEmpty() && (project != null || resume != null)) {
            throw BadInputException.of(
                    uris.get(0),
                    "a kept scan (--project, --resume) reads local and mounted paths; "
                            + "scan URIs without --project, or with spark-submit of the cluster jar");
        }
        List<Path> corpus = uris.isEmpty() ? corpusArgs.stream().map(Path::of).toList() : List.of();
        if (resume == null && (benchmarks.isEmpty() || corpusArgs.isEmpty())) {
            throw new ParameterException(
                    spec.commandLine(), "give --benchmark FILE and --corpus PATH (or --resume SCAN_ID)");
        }
        if (resume == null && !skipFiles.isEmpty()) {
            throw new ParameterException(spec.commandLine(), "--skip-file goes with --resume SCAN_ID");
        }
        ScanSpec s = new ScanSpec(
                n,
                dirty,
                new Normalization(!keepCase, !keepPunctuation),
                textField,
                docIdField,
                threads == null ? Runtime.getRuntime().availableProcessors() : threads,
                locations);
        List<BenchmarkItem> items =
                resume != null ? List.of() : ScanStudy.readItems(benchmarks, fields, idField, benchmarkName);
        var itemScores = ScanStudy.readItemScores(scores);
        CliProgress progress = ctx.progress();
        ScanResult r;
        UUID kept = null;
        if (resume != null || project != null) {
            try (Workspace ws = ctx.openWorkspace(workspace)) {
                ScanStudy study = new ScanStudy(ws);
                ScanStudy.Outcome o;
                try {
                    if (resume != null) {
                        o = study.resume(parseId(resume), skipFiles, onEngine, progress, CancellationToken.none());
                    } else {
                        Project p = ctx.project(ws, project);
                        o = study.start(p.id(), name, s, items, corpus, onEngine, progress, CancellationToken.none());
                    }
                } catch (KeptRunFailedException e) {
                    progress.done();
                    throw new WorkspaceException(
                            e.getMessage() + "; scan " + e.runId() + " is kept as failed: resume it with --resume "
                                    + e.runId() + " once the file is fixed, or add --skip-file " + e.file()
                                    + " to go on without it",
                            e);
                }
                r = o.result();
                kept = o.scanId();
            }
        } else if (!uris.isEmpty()) {
            r = ScanStudy.scanOnCluster(
                    onEngine,
                    s,
                    items,
                    corpusArgs.stream()
                            .map(a -> CorpusStore.isUri(a)
                                    ? a
                                    : Path.of(a).toAbsolutePath().normalize().toString())
                            .toList(),
                    progress,
                    CancellationToken.none());
        } else {
            r = ScanStudy.scan(onEngine, s, items, corpus, progress, CancellationToken.none());
        }
        progress.done();
        if (output.json()) {
            // the document carries them; a person watching the terminal should see them too
            r.summary().mostlySkipped().forEach(f -> ctx.err().println("warning: " + f.sentence()));
            ctx.err().flush();
        }
        ScanResult shown = r;
        List<CleanSubsetRescore.Row> rescore = scores.isEmpty() ? null : ScanStudy.rescore(r, itemScores);
        UUID keptId = kept;
        ctx.print(output.json(), new Output(r.items(), r.summary(), rescore, keptId), out -> {
            TextTable t = new TextTable(
                    "BENCHMARK", "ITEM", "TOKENS", "N-GRAMS", "MATCHED", "TOKEN FRACTION", "LONGEST", "STATUS");
            for (ScanResult.ItemResult i : shown.items()) {
                if (i.status() != ScanResult.Status.CLEAN) {
                    t.row(
                            i.benchmark(),
                            i.id(),
                            i.tokens(),
                            i.ngrams(),
                            i.matchedNgrams(),
                            String.format("%.3f", i.tokenFraction()),
                            i.longestMatch(),
                            i.status().label());
                }
            }
            t.print(out);
            ScanResult.Summary sum = shown.summary();
            out.printf(
                    "%n%d items: %d clean, %d partial, %d dirty, %d not checkable (shorter than %d words)%n",
                    sum.items(), sum.clean(), sum.partial(), sum.dirty(), sum.notCheckable(), sum.n());
            var per = shown.perBenchmark();
            if (per.size() > 1) {
                per.forEach(b -> out.printf(
                        "  %s: %d items, %d clean, %d partial, %d dirty, %d not checkable%n",
                        b.benchmark(), b.items(), b.clean(), b.partial(), b.dirty(), b.notCheckable()));
            }
            out.printf(
                    "%.1f MB in %.1f s (%.0f MB/s, %d threads), %d documents, %d hash hits, %d collisions rejected%n",
                    sum.bytesScanned() / 1e6,
                    sum.seconds(),
                    sum.mbPerSecond(),
                    sum.threads(),
                    sum.documents(),
                    sum.hashHits(),
                    sum.collisions());
            printFileNotes(out, sum);
            printTextFields(out, shown.items());
            if (keptId != null) {
                out.println("Kept as scan " + keptId);
            }
            if (rescore != null) {
                out.println();
                TextTable t2 = new TextTable("MODEL", "BENCHMARK", "ALL", "CLEAN", "CONTAMINATED", "VERDICT");
                for (CleanSubsetRescore.Row row : rescore) {
                    t2.row(
                            row.model(),
                            row.benchmark(),
                            fmt(row.all()),
                            fmt(row.clean()),
                            fmt(row.contaminated()),
                            row.verdict());
                }
                t2.print(out);
            }
        });
    }

    /** The JSON document: items and summary as the contract says, and the clean-subset re-score when scores were given. */
    public record Output(
            List<ScanResult.ItemResult> items,
            ScanResult.Summary summary,
            List<CleanSubsetRescore.Row> rescore,
            UUID scanId) {
        /** Per-benchmark counts when the scan looked for several benchmarks. */
        public List<ScanResult.BenchmarkSummary> getBenchmarks() {
            return new ScanResult(items, summary).perBenchmark();
        }
    }

    /** Which fields made the items' text (a harness sample's question, chosen fields, chat messages), when known. */
    static void printTextFields(PrintWriter out, List<ScanResult.ItemResult> items) {
        Map<List<String>, Long> counts = new LinkedHashMap<>();
        items.stream().filter(i -> !i.textFields().isEmpty()).forEach(i -> counts.merge(i.textFields(), 1L, Long::sum));
        counts.forEach((fields, n) -> out.printf("Item text from %s: %d items%n", String.join(" + ", fields), n));
    }

    /** Skipped files and invalid UTF-8, when there were any: what a reader of the totals should know. */
    static void printFileNotes(PrintWriter out, ScanResult.Summary sum) {
        for (ScanResult.MostlySkipped f : sum.mostlySkipped()) {
            out.printf("Warning: %s%n", f.sentence());
        }
        for (ScanResult.SkippedFile f : sum.skippedFiles()) {
            out.printf("Skipped %s: %s%n", f.path(), f.reason());
        }
        if (sum.invalidUtf8Bytes() > 0) {
            out.printf("%d bytes of invalid UTF-8 read as word breaks:%n", sum.invalidUtf8Bytes());
            sum.invalidUtf8Files().forEach(f -> out.printf("  %s: %d%n", f.path(), f.bytes()));
        }
    }

    static UUID parseId(String id) {
        try {
            return UUID.fromString(id.strip());
        } catch (IllegalArgumentException e) {
            throw new WorkspaceException("not a scan id: '" + id + "' (see sextant scan list)");
        }
    }

    static String fmt(CleanSubsetRescore.Score s) {
        return s.n() == 0 ? "-" : String.format("%.3f [%.3f, %.3f] n=%d", s.mean(), s.ciLow(), s.ciHigh(), s.n());
    }
}
