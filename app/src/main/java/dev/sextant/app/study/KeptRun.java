package dev.sextant.app.study;

import dev.sextant.model.BadInputException;
import dev.sextant.model.job.CancelledException;
import dev.sextant.workspaces.ActiveRuns;
import dev.sextant.workspaces.KeptRunStore;
import dev.sextant.workspaces.RunState;
import dev.sextant.workspaces.WorkspaceException;
import java.util.UUID;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one lifecycle of a kept long-running result — a contamination scan, a deduplication run — from claiming it to
 * recording how it ended ({@link RunState}). A run is claimed as active in this process before it writes (a second
 * run of it is refused), runs, and is released however it ends; while it runs, nothing else may delete it. How it
 * ends is recorded here for every kind, so that "cancelled and failed runs resume" holds by construction:
 *
 * <ul>
 *   <li>complete — the body records its own findings (each kind keeps different ones);
 *   <li>cancelled ({@link CancelledException}) — kept CANCELLED with what it had done;
 *   <li>a corpus file it cannot read ({@link BadInputException}, from whichever worker) — kept FAILED with the file
 *       and a one-line reason, thrown on as {@link KeptRunFailedException};
 *   <li>anything else — kept FAILED without a file ("stopped by an unexpected error"), logged, thrown on as it is (an
 *       internal failure stays one).
 * </ul>
 *
 * A process that dies leaves the run RUNNING, which reads as INTERRUPTED; it resumes like the others.
 */
public final class KeptRun implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(KeptRun.class);

    private final UUID id;
    private final KeptRunStore store;

    private KeptRun(UUID id, KeptRunStore store) {
        this.id = id;
        this.store = store;
    }

    /**
     * Claims run {@code id} for this process.
     *
     * @param what the run in words, for the refusal ("scan 'x'")
     * @throws WorkspaceException when it is running already
     */
    public static KeptRun claim(UUID id, KeptRunStore store, String what) {
        if (!ActiveRuns.claim(id)) {
            throw new WorkspaceException(what + " is running");
        }
        return new KeptRun(id, store);
    }

    /** Refuses to delete (or otherwise change) a run while it runs in this process. */
    public static void refuseWhileRunning(UUID id, String what) {
        if (ActiveRuns.active(id)) {
            throw new WorkspaceException(what + " is running: cancel it first");
        }
    }

    /** Runs the body and records how it stopped, if it did not complete. */
    public <T> T run(Supplier<T> body) {
        try {
            return body.get();
        } catch (CancelledException e) {
            store.cancelled(id);
            throw e;
        } catch (BadInputException e) {
            String reason = (e.line() > 0 ? "line " + e.line() + ": " : "")
                    + e.field().map(f -> f + ": ").orElse("")
                    + e.problem();
            store.failed(id, e.source(), reason);
            throw new KeptRunFailedException(id, e.source(), reason, e);
        } catch (RuntimeException e) {
            try {
                store.failed(
                        id,
                        null,
                        e instanceof WorkspaceException
                                ? e.getMessage()
                                : "stopped by an unexpected error (details in the log)");
            } catch (RuntimeException again) {
                e.addSuppressed(again); // then it reads as interrupted
            }
            LOG.warn("kept run {} failed", id, e);
            throw e;
        }
    }

    @Override
    public void close() {
        ActiveRuns.release(id);
    }
}
