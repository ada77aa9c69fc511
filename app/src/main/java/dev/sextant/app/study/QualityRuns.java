package dev.sextant.app.study;

import dev.sextant.model.contamination.CorpusFingerprint;
import dev.sextant.model.data.quality.FilterRecipe;
import dev.sextant.model.data.quality.FilterSpec;
import dev.sextant.model.data.quality.QualityFamily;
import dev.sextant.model.data.quality.QualityResult;
import dev.sextant.model.io.CorpusFiles;
import dev.sextant.model.io.LanguageIdentifiers;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import dev.sextant.workspaces.SavedQualityRun;
import dev.sextant.workspaces.Workspace;
import dev.sextant.workspaces.WorkspaceException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;

/**
 * Quality-filtering runs kept in a project, for every face: a run is kept as it starts (its filter as plain values, its
 * corpus as it was, its output folder), goes through the kept runs' one lifecycle ({@link KeptRun}), and keeps what it
 * counted when it completes; a stopped run goes on from the units its output folder's {@code OUT.partial} holds.
 */
public final class QualityRuns {

    private final Workspace ws;
    private final UUID projectId;

    public QualityRuns(Workspace ws, UUID projectId) {
        this.ws = ws;
        this.projectId = projectId;
    }

    /** A kept run and what it counted (null when it had completed before: nothing was run). */
    public record Outcome(SavedQualityRun run, QualityResult result) {}

    /** The name a run is kept under when the user gives none: its files and families ({@code a.jsonl (c4, fineweb)}). */
    public static String defaultName(List<Path> corpus, List<QualityFamily> families, boolean dryRun) {
        return corpus.stream().map(p -> String.valueOf(p.getFileName())).collect(Collectors.joining(", "))
                + " (" + families.stream().map(QualityFamily::name).collect(Collectors.joining(", "))
                + (dryRun ? "; dry run" : "") + ")";
    }

    public List<SavedQualityRun> list() {
        return ws.qualityRuns().list(projectId);
    }

    /** Deletes a kept run (its output folder stays); refused while it runs in this process. */
    public void delete(UUID runId) {
        KeptRun.refuseWhileRunning(runId, "the run");
        ws.qualityRuns().delete(runId);
    }

    /**
     * Filters the corpus as a run kept in the project. With {@code resume}, the project's stopped run into the same
     * output folder goes on (a new run is kept when there is none, continuing what {@code OUT.partial} holds).
     *
     * @param name          the run's name, shortened to 300 characters
     * @param languageModel the fastText model the spec's identifier was read from, or null
     * @param out           the output folder, or null for a dry run
     */
    public Outcome run(
            String name,
            List<Path> corpus,
            FilterSpec spec,
            Path languageModel,
            Engine engine,
            int threads,
            Path out,
            boolean resume,
            ProgressListener progress,
            CancellationToken cancel) {
        String folder = out == null ? null : absolute(out);
        Optional<SavedQualityRun> stopped = !resume || folder == null
                ? Optional.empty()
                : list().stream()
                        .filter(r -> r.resumable() && folder.equals(r.out()))
                        .findFirst();
        if (stopped.isPresent()) {
            return resume(stopped.get().id(), engine, threads, progress, cancel);
        }
        List<Path> paths =
                corpus.stream().map(p -> p.toAbsolutePath().normalize()).toList();
        CorpusFingerprint fingerprint = CorpusFiles.fingerprint(paths);
        UUID id = ws.qualityRuns()
                .start(
                        projectId,
                        name.length() > 300 ? name.substring(0, 300) + "…" : name,
                        FilterRecipe.of(spec, languageModel == null ? null : absolute(languageModel)),
                        fingerprint,
                        folder,
                        engine.describe());
        return go(id, paths, spec, languageModel, engine, threads, out, resume, progress, cancel);
    }

    /**
     * Goes on with a cancelled, failed or interrupted run: the units its output folder's {@code OUT.partial} holds are
     * not judged again. Refused when a corpus file changed since it started (other than the one it failed on).
     */
    public Outcome resume(UUID runId, Engine engine, int threads, ProgressListener progress, CancellationToken cancel) {
        SavedQualityRun r = ws.qualityRuns()
                .find(runId)
                .orElseThrow(() -> new WorkspaceException("no quality-filtering run with id " + runId));
        if (r.complete()) {
            return new Outcome(r, null);
        }
        List<Path> files =
                r.corpus().files().stream().map(e -> Path.of(e.path())).toList();
        CorpusFingerprint now =
                CorpusFiles.fingerprint(files.stream().filter(Files::exists).toList());
        Set<String> failed = r.failedFile() == null
                ? Set.of()
                : Set.of(Path.of(r.failedFile()).toAbsolutePath().normalize().toString());
        String change = r.corpus().differenceFrom(now, failed, "the run");
        if (change != null) {
            throw new WorkspaceException(
                    "cannot resume quality-filtering run '" + r.name() + "': " + change + "; start a new run");
        }
        Path model =
                r.recipe().languageModel() == null ? null : Path.of(r.recipe().languageModel());
        FilterSpec spec = r.recipe().spec(r.recipe().identifiesLanguages() ? LanguageIdentifiers.of(model) : null);
        Path out = r.out() == null ? null : Path.of(r.out());
        return go(runId, files, spec, model, engine, threads, out, true, progress, cancel);
    }

    private Outcome go(
            UUID id,
            List<Path> files,
            FilterSpec spec,
            Path model,
            Engine engine,
            int threads,
            Path out,
            boolean resume,
            ProgressListener progress,
            CancellationToken cancel) {
        SavedQualityRun r = ws.qualityRuns().find(id).orElseThrow();
        try (KeptRun run = KeptRun.claim(id, ws.qualityRuns(), "quality-filtering run '" + r.name() + "'")) {
            ws.qualityRuns().resumed(id, engine.describe());
            QualityResult result =
                    run.run(() -> engine.filter(files, spec, model, threads, out, resume, progress, cancel));
            ws.qualityRuns().complete(id, result);
            return new Outcome(ws.qualityRuns().find(id).orElseThrow(), result);
        }
    }

    private static String absolute(Path p) {
        return p.toAbsolutePath().normalize().toString();
    }
}
