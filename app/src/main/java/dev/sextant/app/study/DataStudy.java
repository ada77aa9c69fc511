package dev.sextant.app.study;

import dev.sextant.model.BadInputException;
import dev.sextant.model.InputError;
import dev.sextant.model.contamination.BenchmarkItem;
import dev.sextant.model.contamination.CorpusFingerprint;
import dev.sextant.model.contamination.CorpusUnit;
import dev.sextant.model.contamination.NgramIndex;
import dev.sextant.model.contamination.Normalization;
import dev.sextant.model.contamination.ScanSpec;
import dev.sextant.model.data.CorpusMix;
import dev.sextant.model.data.DecontaminationResult;
import dev.sextant.model.data.DedupResult;
import dev.sextant.model.data.DedupSpec;
import dev.sextant.model.data.DedupSummary;
import dev.sextant.model.data.Deduplicator;
import dev.sextant.model.data.MixResult;
import dev.sextant.model.data.MixSpec;
import dev.sextant.model.data.SharedText;
import dev.sextant.model.data.TokenCounting;
import dev.sextant.model.data.language.LanguageIdentifier;
import dev.sextant.model.data.quality.FilterSpec;
import dev.sextant.model.data.quality.QualityResult;
import dev.sextant.model.io.CorpusFiles;
import dev.sextant.model.io.CorpusLookup;
import dev.sextant.model.io.DecontaminatedCorpus;
import dev.sextant.model.io.DedupOutput;
import dev.sextant.model.io.DedupStateFolder;
import dev.sextant.model.io.DemoDataCorpus;
import dev.sextant.model.io.HfTokenizerFile;
import dev.sextant.model.io.LanguageIdentifiers;
import dev.sextant.model.io.OutputFolder;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import dev.sextant.workspaces.SavedDedupRun;
import dev.sextant.workspaces.Workspace;
import dev.sextant.workspaces.WorkspaceException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * Data engineering for every face: deduplication of a corpus (the {@code dedup} command; the Data area to come). Running
 * needs no project; an instance is a project's kept runs.
 */
public final class DataStudy {

    private final Workspace ws;
    private final UUID projectId;

    /** A project's kept runs. */
    public DataStudy(Workspace ws, UUID projectId) {
        this.ws = ws;
        this.projectId = projectId;
    }

    /** The project's study that keeps the run {@code runId}. */
    public static DataStudy ofRun(Workspace ws, UUID runId) {
        return new DataStudy(
                ws,
                ws.dedupRuns()
                        .find(runId)
                        .orElseThrow(() -> new WorkspaceException("no dedup run with id " + runId))
                        .projectId());
    }

    /** Keeps a run's findings in the project; its id. */
    /** The demo project's corpus: where it is written, and the name of its kept run. */
    public static final String DEMO_FOLDER = "demo-data";

    public static final String DEMO_RUN = "Demo crawl: near-duplicates (demo)";
    private static final String DEMO_SEEDED = "demo_data_seeded";

    /** The demo corpus's files (corpus, benchmark, target mix), its kept dedup run, or null when already seeded. */
    public record Demo(Path corpus, Path benchmark, Path target, Outcome run) {}

    /**
     * The demo project's Data area once per workspace: writes the made-up demo corpus ({@link
     * dev.sextant.model.io.DemoDataCorpus}) beside the workspace and keeps a real near-duplicate run over it, named as
     * demo. Null when it was done before (a deleted demo run stays deleted).
     */
    public Demo seedDemo(DedupSpec spec, ProgressListener progress, CancellationToken cancel) {
        if (ws.property(DEMO_SEEDED) != null) {
            return null;
        }
        List<Path> files = DemoDataCorpus.write(ws.dir().resolve(DEMO_FOLDER));
        Outcome run = start(DEMO_RUN, List.of(files.get(0)), spec, 1, null, progress, cancel);
        ws.setProperty(DEMO_SEEDED, "true");
        return new Demo(files.get(0), files.get(1), files.get(2), run);
    }

    /** The demo corpus's files when they are there (the corpus, benchmark and target), else empty. */
    public Optional<List<Path>> demoFiles() {
        Path dir = ws.dir().resolve(DEMO_FOLDER);
        List<Path> files = List.of(
                dir.resolve(DemoDataCorpus.CORPUS),
                dir.resolve(DemoDataCorpus.BENCHMARK),
                dir.resolve(DemoDataCorpus.TARGET));
        return files.stream().allMatch(Files::isRegularFile) ? Optional.of(files) : Optional.empty();
    }

    public UUID keep(String name, DedupSummary summary) {
        return ws.dedupRuns().save(projectId, name, summary);
    }

    /** Deletes a kept run and its state; refused while it runs in this process. */
    public void delete(UUID runId) {
        KeptRun.refuseWhileRunning(runId, "the run");
        ws.dedupRuns().delete(runId);
    }

    /** A kept run and what it found. */
    public record Outcome(SavedDedupRun run, DedupResult result) {}

    /**
     * Starts a run kept in the project: kept as it starts, what each unit read kept beside the workspace, so that a run
     * cancelled, failed or stopped goes on with {@link #resume}; complete, its findings replace that state.
     *
     * @param out the output folder (new or empty) written at the end, or null
     */
    public Outcome start(
            String name,
            List<Path> corpus,
            DedupSpec spec,
            int threads,
            Path out,
            ProgressListener progress,
            CancellationToken cancel) {
        return start(name, corpus, spec, Engine.LOCAL, threads, out, progress, cancel);
    }

    /** As {@link #start(String, List, DedupSpec, int, Path, ProgressListener, CancellationToken)}, its units read on {@code engine}. */
    public Outcome start(
            String name,
            List<Path> corpus,
            DedupSpec spec,
            Engine engine,
            int threads,
            Path out,
            ProgressListener progress,
            CancellationToken cancel) {
        return resume(keepRun(name, corpus, spec, out), engine, threads, progress, cancel);
    }

    /**
     * Keeps a run in the project before it starts (a missing corpus path is named first, and nothing is kept), so that
     * a caller knows its id whatever happens next; {@link #resume} runs it.
     *
     * @param name the run's name, shortened to 300 characters
     */
    public UUID keepRun(String name, List<Path> corpus, DedupSpec spec, Path out) {
        List<Path> paths =
                corpus.stream().map(p -> p.toAbsolutePath().normalize()).toList();
        CorpusFingerprint fingerprint = CorpusFiles.fingerprint(paths);
        return ws.dedupRuns()
                .start(
                        projectId,
                        name.length() > 300 ? name.substring(0, 300) + "…" : name,
                        spec,
                        fingerprint,
                        out == null ? null : out.toAbsolutePath().toString());
    }

    /**
     * Goes on with a cancelled, failed or interrupted run from the units it had read. Refused when a file it had read
     * changed since (the file it failed on may have been fixed: its units are read again).
     */
    public Outcome resume(UUID runId, int threads, ProgressListener progress, CancellationToken cancel) {
        return resume(runId, Engine.LOCAL, threads, progress, cancel);
    }

    /** As {@link #resume(java.util.UUID, int, ProgressListener, CancellationToken)}, its units read on {@code engine}. */
    public Outcome resume(UUID runId, Engine engine, int threads, ProgressListener progress, CancellationToken cancel) {
        SavedDedupRun r = ws.dedupRuns()
                .find(runId)
                .orElseThrow(() -> new WorkspaceException(
                        "no dedup run with id " + runId + " (see the Data area, or dedup --project)"));
        if (r.complete()) {
            return new Outcome(r, null);
        }
        if (r.corpus() == null || r.spec() == null) {
            throw new WorkspaceException(
                    "dedup run '" + r.name() + "' was kept before runs could be resumed; start a new run");
        }
        try (KeptRun run = KeptRun.claim(runId, ws.dedupRuns(), "dedup run '" + r.name() + "'")) {
            List<Path> files =
                    r.corpus().files().stream().map(e -> Path.of(e.path())).toList();
            var now =
                    CorpusFiles.fingerprint(files.stream().filter(Files::exists).toList());
            // the file it failed on may have been fixed since: its units are read again
            Set<String> failed = r.failedFile() == null
                    ? Set.of()
                    : Set.of(
                            Path.of(r.failedFile()).toAbsolutePath().normalize().toString());
            String change = r.corpus().differenceFrom(now, failed, "the run");
            if (change != null) {
                throw new WorkspaceException(
                        "cannot resume dedup run '" + r.name() + "': " + change + "; start a new run");
            }
            var states = new DedupStateFolder(ws.dedupRuns().stateDir(runId));
            failed.forEach(states::forget);
            ws.dedupRuns().resumed(runId);
            CorpusFingerprint corpus = r.corpus().updatedFrom(now, failed);
            Path out = r.out() == null ? null : Path.of(r.out());
            return run.run(() -> go(runId, corpus, r.spec(), engine, threads, out, progress, cancel));
        }
    }

    /** Reads the run's units (those read before from their kept state), writes its output, keeps what it found. */
    private Outcome go(
            UUID id,
            CorpusFingerprint corpus,
            DedupSpec spec,
            Engine engine,
            int threads,
            Path out,
            ProgressListener progress,
            CancellationToken cancel) {
        List<Path> files = corpus.files().stream().map(e -> Path.of(e.path())).toList();
        List<CorpusUnit> units = CorpusFiles.units(files, CorpusFiles.DEFAULT_CHUNK);
        var states = new DedupStateFolder(ws.dedupRuns().stateDir(id));
        DedupResult r =
                engine.dedup(units, spec, threads, states, out == null ? progress : progress.slice(0, 0.7), cancel);
        if (out != null) {
            DedupOutput.write(out, units, spec, r, progress.slice(0.7, 1), cancel);
        }
        ws.dedupRuns()
                .complete(
                        id,
                        DedupSummary.of(
                                spec,
                                files.stream().map(Path::toString).toList(),
                                r,
                                out == null ? null : out.toString()));
        return new Outcome(ws.dedupRuns().find(id).orElseThrow(), r);
    }

    /**
     * A cluster member's text, with the character ranges it shares (as word n-grams) with the document kept, and the
     * kept document's ranges it shares with this one.
     */
    public record ClusterDocument(DedupResult.Member member, String text, List<int[]> shared, List<int[]> keptShared) {}

    /**
     * The documents of a cluster read again from the corpus, the kept one first, each with what it shares with the kept
     * one highlighted; documents longer than {@code maxChars} are cut there.
     */
    public static List<ClusterDocument> clusterDocuments(
            DedupResult.Cluster cluster, DedupSpec spec, int maxChars, CancellationToken cancel) {
        List<CorpusLookup.Place> places = cluster.members().stream()
                .map(m -> new CorpusLookup.Place(m.file(), m.index()))
                .toList();
        var texts = CorpusLookup.texts(places, spec.textField(), cancel);
        List<ClusterDocument> out = new ArrayList<>();
        String kept = null;
        for (int i = 0; i < cluster.members().size(); i++) {
            String t = texts.get(places.get(i));
            if (t == null) {
                continue; // the file changed since the run
            }
            t = t.length() > maxChars ? t.substring(0, maxChars) : t;
            if (kept == null) {
                kept = t;
            }
            DedupResult.Member m = cluster.members().get(i);
            out.add(new ClusterDocument(
                    m,
                    t,
                    i == 0 ? List.of() : SharedText.marks(t, kept, spec.ngram()),
                    i == 0 ? List.of() : SharedText.marks(kept, t, spec.ngram())));
        }
        return out;
    }

    /** The runs kept in the project, newest first. */
    public List<SavedDedupRun> kept() {
        return ws.dedupRuns().list(projectId);
    }

    /**
     * Writes the corpus without the benchmark items' n-grams: documents holding one dropped, or their matched spans
     * masked; {@code out/removed.jsonl} says which document lost what for which item.
     *
     * @param n the scan's n-gram length
     */
    public static DecontaminationResult decontaminate(
            List<BenchmarkItem> items,
            List<Path> corpus,
            int n,
            DecontaminatedCorpus.Spec spec,
            Path out,
            ProgressListener progress,
            CancellationToken cancel) {
        new ScanSpec(n, 0.8, spec.normalization(), spec.textField(), spec.idField(), spec.threads(), 1); // checks n
        if (items.isEmpty()) {
            throw BadInputException.of("--benchmark", "no benchmark items to remove");
        }
        progress.progress(0, "indexing " + items.size() + " benchmark items");
        var index = NgramIndex.build(items, n, spec.normalization());
        List<CorpusUnit> units = CorpusFiles.units(corpus, CorpusFiles.DEFAULT_CHUNK);
        return DecontaminatedCorpus.write(out, units, index, spec, progress, cancel);
    }

    /**
     * The corpus's composition by a field and the mixture planned from it.
     *
     * @param tokenizer a {@code tokenizer.json} (or a model folder holding one), or null to estimate tokens as words ×
     *                  {@code tokensPerWord}
     * @param benchmark items whose n-grams mark a document contaminated (with the scan's defaults), or empty
     */
    public static MixResult mix(
            List<Path> corpus,
            MixSpec spec,
            Path tokenizer,
            double tokensPerWord,
            List<BenchmarkItem> benchmark,
            int ngram,
            int threads,
            ProgressListener progress,
            CancellationToken cancel) {
        return mix(corpus, spec, tokenizer, tokensPerWord, benchmark, ngram, false, threads, progress, cancel);
    }

    /**
     * @param near the sources' duplicate shares from near-duplicate detection (FineWeb's defaults, split by the same
     *             top-level field) instead of exact duplicates
     */
    public static MixResult mix(
            List<Path> corpus,
            MixSpec spec,
            Path tokenizer,
            double tokensPerWord,
            List<BenchmarkItem> benchmark,
            int ngram,
            boolean near,
            int threads,
            ProgressListener progress,
            CancellationToken cancel) {
        if (near && spec.by().indexOf('.') > 0) {
            throw new InputError(
                    "mix.by", "near-duplicate shares need a top-level field to split by, not a path into objects");
        }
        MixResult r = mixCounted(
                corpus,
                spec,
                tokenizer,
                tokensPerWord,
                benchmark,
                ngram,
                threads,
                near ? progress.slice(0, 0.5) : progress,
                cancel);
        if (!near) {
            return r;
        }
        DedupSpec d = new DedupSpec(
                DedupSpec.Mode.NEAR, 0.8, 5, 112, null, spec.textField(), null, spec.by(), DedupSpec.Keep.FIRST, 1);
        return r.withNearDuplicates(dedup(corpus, d, threads, null, progress.slice(0.5, 1), cancel), d);
    }

    private static MixResult mixCounted(
            List<Path> corpus,
            MixSpec spec,
            Path tokenizer,
            double tokensPerWord,
            List<BenchmarkItem> benchmark,
            int ngram,
            int threads,
            ProgressListener progress,
            CancellationToken cancel) {
        TokenCounting counting =
                tokenizer != null ? HfTokenizerFile.open(tokenizer) : TokenCounting.wordsTimes(tokensPerWord);
        var index = benchmark.isEmpty() ? null : NgramIndex.build(benchmark, ngram, Normalization.defaults());
        List<CorpusUnit> units = CorpusFiles.units(corpus, CorpusFiles.DEFAULT_CHUNK);
        return CorpusMix.run(units, spec, counting, index, threads, progress, cancel);
    }

    /**
     * Finds the corpus's duplicates and, with {@code out}, writes the kept corpus and the list of what was removed.
     *
     * @param out the output folder (new or empty), or null to count only
     */
    public static DedupResult dedup(
            List<Path> corpus,
            DedupSpec spec,
            int threads,
            Path out,
            ProgressListener progress,
            CancellationToken cancel) {
        return dedup(Engine.LOCAL, corpus, spec, threads, out, progress, cancel);
    }

    /** As {@link #dedup(List, DedupSpec, int, Path, ProgressListener, CancellationToken)}, the corpus read on {@code engine}. */
    public static DedupResult dedup(
            Engine engine,
            List<Path> corpus,
            DedupSpec spec,
            int threads,
            Path out,
            ProgressListener progress,
            CancellationToken cancel) {
        // large files in ranges, read in parallel
        List<CorpusUnit> units = CorpusFiles.units(corpus, CorpusFiles.DEFAULT_CHUNK);
        DedupResult r = engine.dedup(
                units,
                spec,
                threads,
                Deduplicator.UnitStates.NONE,
                out == null ? progress : progress.slice(0, 0.7),
                cancel);
        if (out != null) {
            DedupOutput.write(out, units, spec, r, progress.slice(0.7, 1), cancel);
        }
        return r;
    }

    /**
     * Quality filtering of a corpus on this machine: every document judged by the spec's filter; with {@code out}, the
     * kept corpus, the removed documents and a summary written there whole; without, a dry run that writes nothing.
     */
    public static QualityResult filter(
            List<Path> corpus,
            FilterSpec spec,
            int threads,
            Path out,
            ProgressListener progress,
            CancellationToken cancel) {
        return filter(corpus, spec, threads, out, false, progress, cancel);
    }

    /**
     * As above; with {@code resume}, a run with the same corpus and spec that was stopped (Cancel, a failure, a kill)
     * continues from the units it finished, kept in {@code OUT.partial}.
     */
    public static QualityResult filter(
            List<Path> corpus,
            FilterSpec spec,
            int threads,
            Path out,
            boolean resume,
            ProgressListener progress,
            CancellationToken cancel) {
        return filter(Engine.LOCAL, corpus, spec, null, threads, out, resume, progress, cancel);
    }

    /**
     * As above, the units judged on {@code engine}: on Spark, each worker writes its units' parts into {@code
     * OUT.partial} (a folder every worker writes at the same path) and reads the language model at its path.
     *
     * @param languageModel the fastText model the spec's language identifier was read from, or null
     */
    public static QualityResult filter(
            Engine engine,
            List<Path> corpus,
            FilterSpec spec,
            Path languageModel,
            int threads,
            Path out,
            boolean resume,
            ProgressListener progress,
            CancellationToken cancel) {
        return engine.filter(corpus, spec, languageModel, threads, out, resume, progress, cancel);
    }

    /**
     * The language identifier a quality run asks: the fastText model the user gives (lid.176, GlotLID: datatrove's
     * scores), else Apache OpenNLP's bundled detector. A model file is read once and kept while it is unchanged.
     */
    public static LanguageIdentifier languageIdentifier(Path fastTextModel) {
        return LanguageIdentifiers.of(fastTextModel);
    }

    /** Whether a stopped filtering run's finished part waits in {@code OUT.partial} to be resumed. */
    public static boolean filterCanResume(Path out) {
        return out != null && Files.isDirectory(OutputFolder.staging(out));
    }
}
