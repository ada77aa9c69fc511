package dev.sextant.model.job;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A flag a caller raises to ask long work to stop. Engines poll it between units of work and call
 * {@link #throwIfCancelled()}, which unwinds with {@link CancelledException}; whoever owns the transaction or the
 * output file then discards what was partly done.
 */
public final class CancellationToken {

    private final AtomicBoolean cancelled = new AtomicBoolean();

    /** A token that is never cancelled, for callers that cannot cancel (tests, one-shot CLI commands). */
    public static CancellationToken none() {
        return new CancellationToken();
    }

    public void cancel() {
        cancelled.set(true);
    }

    public boolean isCancelled() {
        return cancelled.get();
    }

    public void throwIfCancelled() {
        if (cancelled.get()) {
            throw new CancelledException();
        }
    }
}
