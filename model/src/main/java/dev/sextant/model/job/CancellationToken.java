package dev.sextant.model.job;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A flag a caller raises to ask long work to stop. Engines poll it between units of work and call
 * {@link #throwIfCancelled()}, which unwinds with {@link CancelledException}; whoever owns the transaction or the
 * output file then discards what was partly done.
 */
public final class CancellationToken {

    private final AtomicBoolean cancelled = new AtomicBoolean();
    private final CancellationToken parent;

    public CancellationToken() {
        this(null);
    }

    private CancellationToken(CancellationToken parent) {
        this.parent = parent;
    }

    /** A token that is never cancelled, for callers that cannot cancel (tests, one-shot CLI commands). */
    public static CancellationToken none() {
        return new CancellationToken();
    }

    /**
     * A token raised by its own {@link #cancel()} or by this one's: lets work stop its own helpers (say, after one of
     * them failed) without raising the caller's token.
     */
    public CancellationToken child() {
        return new CancellationToken(this);
    }

    public void cancel() {
        cancelled.set(true);
    }

    public boolean isCancelled() {
        return cancelled.get() || parent != null && parent.isCancelled();
    }

    public void throwIfCancelled() {
        if (isCancelled()) {
            throw new CancelledException();
        }
    }
}
