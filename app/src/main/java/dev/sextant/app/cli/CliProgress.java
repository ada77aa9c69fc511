package dev.sextant.app.cli;

import dev.sextant.model.job.ProgressListener;
import java.io.PrintWriter;

/**
 * The command line's view of a job's progress: a percentage and message on stderr, redrawn in place on a terminal,
 * at most every 200 ms. Silent when stderr is not a terminal, so that scripts and logs stay clean.
 */
public final class CliProgress implements ProgressListener {

    private final PrintWriter err;
    private final boolean enabled;
    private long lastNanos;
    private boolean drawn;

    public CliProgress(PrintWriter err) {
        this(err, System.console() != null);
    }

    CliProgress(PrintWriter err, boolean enabled) {
        this.err = err;
        this.enabled = enabled;
    }

    @Override
    public synchronized void progress(double fraction, String message) {
        if (!enabled) {
            return;
        }
        long now = System.nanoTime();
        if (fraction < 1 && now - lastNanos < 200_000_000L) {
            return;
        }
        lastNanos = now;
        String pct = Double.isNaN(fraction) ? " ... " : String.format("%3.0f%%", 100 * fraction);
        err.print("\r\033[2K[" + pct + "] " + message);
        err.flush();
        drawn = true;
    }

    /** Ends the progress line so that what follows starts on a clean line. */
    public synchronized void done() {
        if (drawn) {
            err.print("\r\033[2K");
            err.flush();
            drawn = false;
        }
    }
}
