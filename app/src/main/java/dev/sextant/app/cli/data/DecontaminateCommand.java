package dev.sextant.app.cli.data;

import dev.sextant.app.cli.CliProgress;
import dev.sextant.app.cli.CommandContext;
import dev.sextant.app.cli.JsonOption;
import dev.sextant.app.cli.WorkspaceOption;
import dev.sextant.app.study.DataStudy;
import dev.sextant.app.study.ScanStudy;
import dev.sextant.model.BadInputException;
import dev.sextant.model.contamination.BenchmarkItem;
import dev.sextant.model.contamination.Normalization;
import dev.sextant.model.data.DecontaminationResult;
import dev.sextant.model.data.Decontaminator;
import dev.sextant.model.io.DecontaminatedCorpus;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.workspaces.Workspace;
import dev.sextant.workspaces.WorkspaceException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code sextant decontaminate}: the corpus without the benchmark items' n-grams. */
@Command(
        name = "decontaminate",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Writes a corpus without benchmark n-grams: every document holding one of the items' word n-grams (found as a",
            "scan finds them) is left out (--mode drop) or written with the matched spans masked (--mode mask), and",
            "DIR/removed.jsonl says which document lost what for which item. A scan of DIR/kept finds nothing.",
            "Give the benchmark and corpus with the scan's options, or --scan SCAN_ID to take them from a kept scan."
        })
public final class DecontaminateCommand implements Runnable {

    @Option(
            names = {"-b", "--benchmark"},
            arity = "1..*",
            paramLabel = "FILE",
            description = "Benchmark items, as for scan.")
    List<Path> benchmarks = new ArrayList<>();

    @Option(names = "--field", paramLabel = "NAME", description = "Field holding item text (repeatable), as for scan.")
    List<String> fields = new ArrayList<>();

    @Option(names = "--id-field", paramLabel = "NAME", description = "Field identifying items, as for scan.")
    String idField;

    @Option(
            names = "--benchmark-name",
            paramLabel = "NAME",
            description = "Name the benchmark (default: from the file name).")
    String benchmarkName;

    @Option(
            names = {"-c", "--corpus"},
            arity = "1..*",
            paramLabel = "PATH",
            description = "Corpus files or folders: JSON Lines (chat lines too), .gz, .zst, Parquet.")
    List<Path> corpus = new ArrayList<>();

    @Option(
            names = "--text-field",
            defaultValue = "text",
            paramLabel = "NAME",
            description = "Corpus field with the text (default: ${DEFAULT-VALUE}).")
    String textField;

    @Option(
            names = "--doc-id-field",
            defaultValue = "id",
            paramLabel = "NAME",
            description = "Corpus field naming a document in removed.jsonl (default: ${DEFAULT-VALUE}).")
    String docIdField;

    @Option(
            names = "--ngram",
            defaultValue = "13",
            paramLabel = "N",
            description = "Words per n-gram, 8–50 (default: ${DEFAULT-VALUE}).")
    int n;

    @Option(names = "--keep-case", description = "Do not lowercase.")
    boolean keepCase;

    @Option(names = "--keep-punctuation", description = "Do not delete punctuation.")
    boolean keepPunctuation;

    @Option(
            names = "--dirty",
            paramLabel = "F",
            description = "Accepted as for scan; every matched n-gram is removed whatever the item's fraction.")
    Double dirty;

    @Option(
            names = "--locations",
            paramLabel = "N",
            description = "Accepted as for scan; removed.jsonl lists every document.")
    Integer locations;

    @Option(
            names = "--scan",
            paramLabel = "SCAN_ID",
            description = "Take the items, corpus, n-gram and normalisation from a kept scan.")
    String scan;

    @Option(
            names = "--out",
            required = true,
            paramLabel = "DIR",
            description = "Write DIR/kept/*.jsonl.zst and DIR/removed.jsonl (a new or empty folder).")
    Path out;

    @Option(
            names = "--mode",
            defaultValue = "drop",
            paramLabel = "M",
            description = "drop or mask (default: ${DEFAULT-VALUE}).")
    String mode;

    @Option(
            names = "--mask",
            defaultValue = "[MASKED]",
            paramLabel = "TEXT",
            description = "What a masked span is replaced with (default: ${DEFAULT-VALUE}).")
    String mask;

    @Option(
            names = "--threads",
            paramLabel = "N",
            description = "Files (or 32 MB ranges) processed at once (default: all cores).")
    Integer threads;

    @Mixin
    WorkspaceOption workspace;

    @Mixin
    JsonOption output;

    @Spec
    CommandSpec spec;

    /** The JSON document. */
    public record Result(
            long documents,
            long dropped,
            long masked,
            double affectedShare,
            long passedThrough,
            long maskedBytes,
            long bytes,
            double seconds,
            double bytesPerSecond,
            String mode,
            int ngram,
            int benchmarkItems,
            int notCheckable,
            List<DecontaminationResult.ItemCount> items,
            String out) {}

    @Override
    public void run() {
        Decontaminator.Mode m =
                switch (mode.strip().toLowerCase(Locale.ROOT)) {
                    case "drop" -> Decontaminator.Mode.DROP;
                    case "mask" -> Decontaminator.Mode.MASK;
                    default -> throw BadInputException.of(
                            "--mode", "unknown mode '" + mode + "'; expected drop or mask");
                };
        CommandContext ctx = new CommandContext(spec);
        List<BenchmarkItem> items;
        List<Path> paths;
        int ngram = n;
        Normalization norm = new Normalization(!keepCase, !keepPunctuation);
        String text = textField;
        String docId = docIdField;
        if (scan != null) {
            if (!benchmarks.isEmpty() || !corpus.isEmpty()) {
                throw new ParameterException(
                        spec.commandLine(),
                        "--scan takes the benchmark and corpus from the kept scan: leave out --benchmark and --corpus");
            }
            try (Workspace ws = ctx.openWorkspace(workspace)) {
                ScanStudy.Inputs in = new ScanStudy(ws).inputs(parseId(scan));
                items = in.items();
                paths = in.corpus();
                ngram = in.spec().n();
                norm = in.spec().normalization();
                text = in.spec().textField();
                docId = in.spec().idField();
            }
        } else {
            if (benchmarks.isEmpty() || corpus.isEmpty()) {
                throw new ParameterException(
                        spec.commandLine(), "give --benchmark FILE and --corpus PATH (or --scan SCAN_ID)");
            }
            items = ScanStudy.readItems(benchmarks, fields, idField, benchmarkName);
            paths = corpus;
        }
        DecontaminatedCorpus.Spec s = new DecontaminatedCorpus.Spec(
                m,
                mask,
                norm,
                text,
                docId == null || docId.isBlank() ? null : docId,
                threads == null ? Runtime.getRuntime().availableProcessors() : threads);
        CliProgress progress = ctx.progress();
        DecontaminationResult r =
                DataStudy.decontaminate(items, paths, ngram, s, out, progress, CancellationToken.none());
        progress.done();
        Result res = new Result(
                r.documents(),
                r.dropped(),
                r.masked(),
                r.affectedShare(),
                r.passedThrough(),
                r.maskedBytes(),
                r.bytes(),
                r.seconds(),
                r.bytesPerSecond(),
                r.mode(),
                ngram,
                r.benchmarkItems(),
                r.notCheckable(),
                r.items(),
                r.out());
        if (r.notCheckableNote() != null) {
            ctx.err().println("warning: " + r.notCheckableNote());
        }
        ctx.print(output.json(), res, o -> {
            o.printf(
                    Locale.ROOT,
                    "%,d documents: %,d held benchmark %d-grams (%.3f %%): %,d dropped, %,d masked (%,d bytes)%n",
                    r.documents(),
                    r.affected(),
                    res.ngram(),
                    100 * r.affectedShare(),
                    r.dropped(),
                    r.masked(),
                    r.maskedBytes());
            if (r.passedThrough() > 0) {
                o.printf(Locale.ROOT, "%,d lines without a document passed through as they were%n", r.passedThrough());
            }
            int shown = 0;
            for (DecontaminationResult.ItemCount c : r.items()) {
                if (shown++ == 20) {
                    o.printf(
                            "  … %d more items (removed.jsonl, or --json)%n",
                            r.items().size() - 20);
                    break;
                }
                o.printf(
                        Locale.ROOT,
                        "  %-16s %-24s in %,d documents (%,d n-grams)%n",
                        c.benchmark(),
                        c.id(),
                        c.documents(),
                        c.ngrams());
            }
            o.printf(
                    Locale.ROOT,
                    "Read %,.1f MB in %.1f s (%,.0f MB/s)%n",
                    r.bytes() / 1e6,
                    r.seconds(),
                    r.bytesPerSecond() / 1e6);
            o.println("Wrote " + r.out() + " (kept/*.jsonl.zst, removed.jsonl)");
        });
    }

    private static UUID parseId(String id) {
        try {
            return UUID.fromString(id.strip());
        } catch (IllegalArgumentException e) {
            throw new WorkspaceException("not a scan id: '" + id + "' (see sextant scan list)");
        }
    }
}
