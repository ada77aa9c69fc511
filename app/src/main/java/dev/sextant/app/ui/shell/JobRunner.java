package dev.sextant.app.ui.shell;

import dev.sextant.model.BadInputException;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.CancelledException;
import dev.sextant.model.job.ProgressListener;
import dev.sextant.workspaces.WorkspaceException;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import javafx.application.Platform;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one job runner of the workbench. Every piece of work that touches the workspace or computes runs here, off the
 * FX thread, one job at a time in submission order; the status bar shows the running job's title, progress and a
 * Cancel button. Results, failures and cancellation come back on the FX thread.
 *
 * <p>Built on two executors so that tests can run jobs synchronously ({@link #direct()}).
 */
public final class JobRunner {

    private static final Logger LOG = LoggerFactory.getLogger(JobRunner.class);

    /** A job's body: long work reports through {@code progress} and polls {@code cancel}. */
    @FunctionalInterface
    public interface Work<T> {
        T run(ProgressListener progress, CancellationToken cancel) throws Exception;
    }

    /** Receives failures that the submitter did not handle itself: the shell shows them in an error dialog. */
    @FunctionalInterface
    public interface FailureHandler {
        void failed(String jobTitle, Throwable error);
    }

    private final Executor worker;
    private final Executor fx;
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(this, "running");
    private final ReadOnlyStringWrapper title = new ReadOnlyStringWrapper(this, "title", "");
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper(this, "message", "");
    private final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper(this, "progress", -1);
    private final ReadOnlyStringWrapper lastOutcome = new ReadOnlyStringWrapper(this, "lastOutcome", "");
    private final AtomicReference<CancellationToken> current = new AtomicReference<>();
    private int pending; // FX thread only
    private FailureHandler failureHandler = (t, e) -> LOG.error("job '{}' failed", t, e);

    public JobRunner(Executor worker, Executor fx) {
        this.worker = worker;
        this.fx = fx;
    }

    /** Jobs on one background daemon thread, results on the JavaFX application thread. */
    public static JobRunner fx() {
        ExecutorService worker = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "sextant-job");
            t.setDaemon(true);
            return t;
        });
        return new JobRunner(worker, Platform::runLater);
    }

    /** Runs everything on the caller's thread: for tests of view models. */
    public static JobRunner direct() {
        return new JobRunner(Runnable::run, Runnable::run);
    }

    /** Runs {@code r} where results are delivered (the JavaFX application thread; the caller's for {@link #direct()}). */
    public void deliver(Runnable r) {
        fx.execute(r);
    }

    public void setFailureHandler(FailureHandler handler) {
        this.failureHandler = handler;
    }

    public <T> void submit(String jobTitle, Work<T> work, Consumer<T> onSuccess) {
        submit(jobTitle, work, onSuccess, null);
    }

    /**
     * Queues a job. Must be called on the FX thread.
     *
     * @param onSuccess runs on the FX thread with the result
     * @param onFailure runs on the FX thread when the job throws, or is cancelled (a {@link CancelledException}, which is
     *                  no failure to report); null hands failures to the failure handler
     */
    public <T> void submit(String jobTitle, Work<T> work, Consumer<T> onSuccess, Consumer<Throwable> onFailure) {
        pending++;
        running.set(true);
        worker.execute(() -> {
            CancellationToken token = new CancellationToken();
            current.set(token);
            fx.execute(() -> {
                title.set(jobTitle);
                message.set("");
                progress.set(-1);
            });
            ProgressListener listener = coalescing();
            try {
                T result = work.run(listener, token);
                fx.execute(() -> {
                    finished();
                    if (token.isCancelled()) {
                        lastOutcome.set(jobTitle + ": cancelled");
                        if (onFailure != null) {
                            // its result is dropped: the handler reloads what was kept
                            onFailure.accept(new CancelledException());
                        }
                    } else if (onSuccess != null) {
                        onSuccess.accept(result);
                    }
                });
            } catch (CancelledException e) {
                fx.execute(() -> {
                    finished();
                    lastOutcome.set(jobTitle + ": cancelled");
                    // a job with its own failure handler hears of the cancel too: a kept scan or dedup run that stopped
                    // is listed again, with Resume (the handler does not report a cancel as a failure)
                    if (onFailure != null) {
                        onFailure.accept(e);
                    }
                });
            } catch (Throwable e) {
                if (e instanceof BadInputException || e instanceof WorkspaceException) {
                    LOG.info("job '{}' failed: {}", jobTitle, e.getMessage());
                } else {
                    LOG.warn("job '{}' failed", jobTitle, e);
                }
                fx.execute(() -> {
                    finished();
                    lastOutcome.set(jobTitle + ": failed");
                    if (onFailure != null) {
                        onFailure.accept(e);
                    } else {
                        failureHandler.failed(jobTitle, e);
                    }
                });
            } finally {
                current.set(null);
            }
        });
    }

    /** Hands a job's failure that its own handler does not deal with to the failure handler (the error dialog). */
    public void reportFailure(String jobTitle, Throwable error) {
        if (error instanceof CancelledException) {
            return; // the status bar says the job was cancelled
        }
        failureHandler.failed(jobTitle, error);
    }

    /** Asks the running job to stop; it unwinds at its next check and leaves nothing partial. */
    public void cancel() {
        CancellationToken token = current.get();
        if (token != null) {
            token.cancel();
            message.set("cancelling…");
        }
    }

    private void finished() {
        pending--;
        if (pending <= 0) {
            pending = 0;
            running.set(false);
            title.set("");
            message.set("");
            progress.set(-1);
        }
    }

    /** Progress from a worker thread, folded so that the FX thread sees at most one pending update. */
    private ProgressListener coalescing() {
        AtomicReference<double[]> latestFraction = new AtomicReference<>();
        AtomicReference<String> latestMessage = new AtomicReference<>("");
        AtomicBoolean scheduled = new AtomicBoolean();
        return (fraction, msg) -> {
            latestFraction.set(new double[] {fraction});
            latestMessage.set(msg == null ? "" : msg);
            if (scheduled.compareAndSet(false, true)) {
                fx.execute(() -> {
                    scheduled.set(false);
                    double f = latestFraction.get()[0];
                    progress.set(Double.isNaN(f) ? -1 : f);
                    message.set(latestMessage.get());
                });
            }
        };
    }

    public ReadOnlyBooleanProperty runningProperty() {
        return running.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty titleProperty() {
        return title.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    /** Fraction done in [0, 1], or -1 when unknown (an indeterminate bar). */
    public ReadOnlyDoubleProperty progressProperty() {
        return progress.getReadOnlyProperty();
    }

    /** "title: cancelled" or "title: failed" after a job that did not succeed. */
    public ReadOnlyStringProperty lastOutcomeProperty() {
        return lastOutcome.getReadOnlyProperty();
    }
}
