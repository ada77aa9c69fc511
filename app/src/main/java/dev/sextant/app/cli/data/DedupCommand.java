package dev.sextant.app.cli.data;

import dev.sextant.app.cli.CliProgress;
import dev.sextant.app.cli.CommandContext;
import dev.sextant.app.cli.EngineOptions;
import dev.sextant.app.cli.JsonOption;
import dev.sextant.app.cli.ProjectOption;
import dev.sextant.app.cli.WorkspaceOption;
import dev.sextant.app.study.DataStudy;
import dev.sextant.app.study.KeptRunFailedException;
import dev.sextant.model.BadInputException;
import dev.sextant.model.data.DedupResult;
import dev.sextant.model.data.DedupSpec;
import dev.sextant.model.data.LshBands;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.workspaces.Workspace;
import dev.sextant.workspaces.WorkspaceException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code sextant dedup}: exact or near-duplicate documents of a corpus. */
@Command(
        name = "dedup",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Deduplicates a corpus (JSON Lines, .gz, .zst, Parquet): exact — equal after the scanner's normalisation",
            "(lowercase, punctuation removed, whitespace collapsed), by a 128-bit hash; near — MinHash over word n-gram shingles",
            "with LSH banding, candidates verified by their estimated Jaccard similarity, clusters by union-find, the first",
            "document of each kept (Lee et al. 2022; the FineWeb/datatrove pipelines). With --engine spark the corpus is read on",
            "Spark's executors and clustered here: the same result."
        })
public final class DedupCommand implements Runnable {

    @Option(
            names = {"-c", "--corpus"},
            arity = "1..*",
            paramLabel = "PATH",
            description = "Corpus files or folders.")
    List<Path> corpus = new ArrayList<>();

    @Option(
            names = "--text-field",
            defaultValue = DedupSpec.DEFAULT_TEXT_FIELD,
            paramLabel = "F",
            description = "Field with the text (default: ${DEFAULT-VALUE}).")
    String textField;

    @Option(
            names = "--id-field",
            defaultValue = DedupSpec.DEFAULT_ID_FIELD,
            paramLabel = "F",
            description = "Field naming a document (default: ${DEFAULT-VALUE}; else file:line).")
    String idField;

    @Option(
            names = "--source-field",
            paramLabel = "F",
            description = "Metadata field to break the counts down by (e.g. source).")
    String sourceField;

    @Option(
            names = "--mode",
            defaultValue = "near",
            paramLabel = "M",
            description = "exact or near (default: ${DEFAULT-VALUE}).")
    String mode;

    @Option(
            names = "--threshold",
            defaultValue = "" + DedupSpec.DEFAULT_THRESHOLD,
            paramLabel = "J",
            description = "Jaccard similarity of near duplicates (default: ${DEFAULT-VALUE}).")
    double threshold;

    @Option(
            names = "--ngram",
            defaultValue = "" + DedupSpec.DEFAULT_NGRAM,
            paramLabel = "N",
            description = "Words a shingle (default: ${DEFAULT-VALUE}).")
    int ngram;

    @Option(
            names = "--permutations",
            defaultValue = "" + DedupSpec.DEFAULT_PERMUTATIONS,
            paramLabel = "K",
            description = "MinHash permutations (default: ${DEFAULT-VALUE}).")
    int permutations;

    @Option(
            names = "--bands",
            paramLabel = "B",
            description = "LSH bands (with --rows; default: chosen from the threshold).")
    Integer bands;

    @Option(names = "--rows", paramLabel = "R", description = "LSH rows a band (with --bands).")
    Integer rows;

    @Option(
            names = "--keep",
            defaultValue = "first",
            paramLabel = "K",
            description = "Which of a cluster is kept: first or longest (default: ${DEFAULT-VALUE}).")
    String keep;

    @Option(
            names = "--out",
            paramLabel = "DIR",
            description = "Write DIR/kept/*.jsonl.zst and DIR/removed.jsonl (a new or empty folder).")
    Path out;

    @Option(
            names = "--threads",
            defaultValue = "0",
            paramLabel = "N",
            description = "Files read at once (default: all cores).")
    int threads;

    @Option(
            names = "--seed",
            defaultValue = "" + DedupSpec.DEFAULT_SEED,
            paramLabel = "S",
            description = "Seed of the hash functions (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(
            names = "--name",
            paramLabel = "NAME",
            description = "Name of the run kept with --project (default: the corpus and mode).")
    String name;

    @Option(
            names = "--resume",
            paramLabel = "RUN_ID",
            description =
                    "Go on with a kept run that was cancelled, failed or interrupted, from the units it had read.")
    String resume;

    @Mixin
    EngineOptions engine;

    @Mixin
    ProjectOption project;

    @Mixin
    WorkspaceOption workspace;

    @Mixin
    JsonOption output;

    @Spec
    CommandSpec spec;

    /** The contract's keys first. */
    public record Result(
            long documents,
            long duplicates,
            double duplicateShare,
            long clusters,
            double tokensRemovedShare,
            double bytesPerSecond,
            String out,
            String mode,
            Integer bands,
            Integer rows,
            long tokens,
            long bytes,
            double seconds,
            List<DedupResult.SourceCount> bySource,
            List<DedupResult.Cluster> largest,
            String savedId) {}

    @Override
    public void run() {
        if (resume != null) {
            resumeRun();
            return;
        }
        if (corpus.isEmpty()) {
            throw new picocli.CommandLine.ParameterException(
                    spec.commandLine(), "give --corpus PATH (or --resume RUN_ID)");
        }
        if ((bands == null) != (rows == null)) {
            throw BadInputException.of(bands == null ? "--bands" : "--rows", "give --bands and --rows together");
        }
        DedupSpec.Mode m = DedupSpec.mode("--mode", mode);
        DedupSpec.Keep k = DedupSpec.keep("--keep", keep);
        DedupSpec s = new DedupSpec(
                m,
                threshold,
                ngram,
                permutations,
                bands == null ? null : new LshBands(bands, rows),
                textField,
                idField == null || idField.isBlank() ? null : idField,
                sourceField,
                k,
                seed);
        CommandContext ctx = new CommandContext(spec);
        CliProgress progress = ctx.progress();
        DedupResult r;
        String savedId = null;
        if (project.nameOrId() != null) {
            String runName = name != null
                    ? name
                    : corpus.stream().map(p -> p.getFileName().toString()).collect(Collectors.joining(", ")) + " ("
                            + m.name().toLowerCase(Locale.ROOT) + ")";
            try (Workspace ws = ctx.openWorkspace(workspace)) {
                var p = ctx.project(ws, project.nameOrId());
                DataStudy study = new DataStudy(ws, p.id());
                UUID id = study.keepRun(runName, corpus, s, out);
                DataStudy.Outcome o =
                        kept(id, () -> study.resume(id, engine.engine(), threads, progress, CancellationToken.none()));
                r = o.result();
                savedId = o.run().id().toString();
            }
        } else {
            r = DataStudy.dedup(engine.engine(), corpus, s, threads, out, progress, CancellationToken.none());
        }
        progress.done();
        print(ctx, r, s, savedId, out == null ? null : out.toAbsolutePath().toString());
    }

    /** Goes on with a kept run. */
    private void resumeRun() {
        CommandContext ctx = new CommandContext(spec);
        CliProgress progress = ctx.progress();
        UUID id;
        try {
            id = UUID.fromString(resume.strip());
        } catch (IllegalArgumentException e) {
            throw new WorkspaceException("not a dedup run id: '" + resume + "'");
        }
        try (Workspace ws = ctx.openWorkspace(workspace)) {
            DataStudy study = DataStudy.ofRun(ws, id);
            DataStudy.Outcome o =
                    kept(id, () -> study.resume(id, engine.engine(), threads, progress, CancellationToken.none()));
            progress.done();
            if (o.result() == null) {
                throw new WorkspaceException(
                        "dedup run '" + o.run().name() + "' is complete; there is nothing to resume");
            }
            print(ctx, o.result(), o.run().spec(), id.toString(), o.run().out());
        }
    }

    /** Runs the kept run {@code id}; a failure on a corpus file says that the run is kept and how to go on. */
    private static DataStudy.Outcome kept(UUID id, Supplier<DataStudy.Outcome> work) {
        try {
            return work.get();
        } catch (KeptRunFailedException e) {
            throw new WorkspaceException(
                    e.getMessage() + "; dedup run " + id + " is kept as failed: resume it with --resume " + id
                            + " once the file is fixed",
                    e);
        }
    }

    private void print(CommandContext ctx, DedupResult r, DedupSpec s, String savedId, String outDir) {
        DedupSpec.Mode m = s.mode();
        double threshold = s.threshold();
        int ngram = s.ngram();
        LshBands lsh = r.bands();
        Result res = new Result(
                r.documents(),
                r.duplicates(),
                r.duplicateShare(),
                r.clusters(),
                r.tokensRemovedShare(),
                r.bytesPerSecond(),
                outDir,
                m.name().toLowerCase(Locale.ROOT),
                lsh == null ? null : lsh.bands(),
                lsh == null ? null : lsh.rows(),
                r.tokens(),
                r.bytes(),
                r.seconds(),
                r.bySource(),
                r.largest(),
                savedId);
        ctx.print(output.json(), res, o -> {
            o.printf(
                    Locale.ROOT,
                    "%,d documents, %,d duplicates (%.2f %% of documents, %.2f %% of words) in %,d clusters%n",
                    r.documents(),
                    r.duplicates(),
                    100 * r.duplicateShare(),
                    100 * r.tokensRemovedShare(),
                    r.clusters());
            if (lsh != null) {
                o.printf(
                        Locale.ROOT,
                        "Near duplicates: Jaccard ≥ %s of word %d-grams; %d bands × %d rows (P = 0.5 near %.2f)%n",
                        BigDecimal.valueOf(threshold).stripTrailingZeros().toPlainString(),
                        ngram,
                        lsh.bands(),
                        lsh.rows(),
                        lsh.knee());
            }
            for (DedupResult.SourceCount c : r.bySource()) {
                o.printf(
                        Locale.ROOT,
                        "  %-24s %,10d documents %,10d duplicates (%.2f %%)%n",
                        c.source(),
                        c.documents(),
                        c.duplicates(),
                        100 * c.duplicateShare());
            }
            o.printf(
                    Locale.ROOT,
                    "Read %,.1f MB in %.1f s (%,.0f MB/s)%n",
                    r.bytes() / 1e6,
                    r.seconds(),
                    r.bytesPerSecond() / 1e6);
            if (res.out() != null) {
                o.println("Wrote " + res.out() + " (kept/*.jsonl.zst, removed.jsonl)");
            }
            if (res.savedId() != null) {
                o.println("Kept in the project as dedup run " + res.savedId());
            }
        });
    }
}
