package dev.sextant.app.ui.shell;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import javafx.application.Platform;

/**
 * Measures how long the FX thread keeps the window from answering: a daemon thread posts a ping to the FX thread every
 * few milliseconds and times how long it waits to run. Anything the FX thread does (a pulse with its CSS, layout and
 * chart redraws, an event handler, a long {@code runLater}) shows up as the delay of the pings queued behind it.
 * The UI tests fail on stalls; the app logs them at debug level when started with {@code -Dsextant.fxwatch=true}.
 */
public final class FxStallWatch implements AutoCloseable {

    /** The FX thread answered {@code millis} after a ping was posted, while the watcher was told {@code during}. */
    public record Stall(long millis, String during) {
        @Override
        public String toString() {
            return millis + " ms during " + during;
        }
    }

    private static final int MAX_KEPT = 1000;

    private final long periodMillis;
    private final long thresholdMillis;
    private final Consumer<Stall> onStall;
    private final List<Stall> stalls = new ArrayList<>();
    private final Thread thread;
    private volatile String during = "";
    private volatile boolean closed;
    private volatile long pings;

    private FxStallWatch(long periodMillis, long thresholdMillis, Consumer<Stall> onStall) {
        this.periodMillis = periodMillis;
        this.thresholdMillis = thresholdMillis;
        this.onStall = onStall;
        this.thread = new Thread(this::watch, "fx-stall-watch");
        this.thread.setDaemon(true);
    }

    /** Starts pinging every {@code periodMillis}; stalls longer than {@code thresholdMillis} are kept and reported. */
    public static FxStallWatch start(long periodMillis, long thresholdMillis, Consumer<Stall> onStall) {
        FxStallWatch watch = new FxStallWatch(periodMillis, thresholdMillis, onStall);
        watch.thread.start();
        return watch;
    }

    /** Names what is happening now, so that a stall says what caused it. */
    public void during(String what) {
        during = what;
    }

    /** The stalls over the threshold so far, longest first. */
    public List<Stall> stalls() {
        synchronized (stalls) {
            List<Stall> sorted = new ArrayList<>(stalls);
            sorted.sort(Comparator.comparingLong(Stall::millis).reversed());
            return sorted;
        }
    }

    /** How many pings have come back: a watch that measured nothing proves nothing. */
    public long pings() {
        return pings;
    }

    @Override
    public void close() {
        closed = true;
        thread.interrupt();
        try {
            thread.join(2000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void watch() {
        try {
            while (!closed) {
                String before = during;
                long[] ranAt = new long[1];
                CountDownLatch ran = new CountDownLatch(1);
                long posted = System.nanoTime();
                Platform.runLater(() -> {
                    ranAt[0] = System.nanoTime();
                    ran.countDown();
                });
                while (!ran.await(50, TimeUnit.MILLISECONDS)) {
                    if (closed) {
                        return;
                    }
                }
                pings++;
                long millis = TimeUnit.NANOSECONDS.toMillis(ranAt[0] - posted);
                if (millis > thresholdMillis) {
                    String after = during;
                    Stall stall = new Stall(millis, before.equals(after) ? before : before + " → " + after);
                    synchronized (stalls) {
                        if (stalls.size() < MAX_KEPT) {
                            stalls.add(stall);
                        }
                    }
                    onStall.accept(stall);
                }
                Thread.sleep(periodMillis);
            }
        } catch (InterruptedException e) {
            // closed
        }
    }
}
