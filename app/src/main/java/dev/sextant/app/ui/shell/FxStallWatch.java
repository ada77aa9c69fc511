package dev.sextant.app.ui.shell;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
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
 * Each stall also says how much of it the JVM spent in garbage collection (from the collectors' MX beans): a collection
 * stops every thread, so it is the heap's pause rather than work the code put on the FX thread — a test JVM that has
 * run three hundred tests collects more than the workbench does.
 */
public final class FxStallWatch implements AutoCloseable {

    /**
     * The FX thread answered {@code millis} after a ping was posted, while the watcher was told {@code during};
     * {@code gcMillis} of that (at most) went to garbage collection.
     */
    public record Stall(long millis, String during, long gcMillis) {

        public Stall(long millis, String during) {
            this(millis, during, 0);
        }

        /** The stall less the collections that happened in it: what the FX thread itself was kept busy by. */
        public long fxMillis() {
            return Math.max(0, millis - gcMillis);
        }

        @Override
        public String toString() {
            return millis + " ms during " + during
                    + (gcMillis > 0 ? " (" + gcMillis + " ms of it garbage collection)" : "");
        }
    }

    /** Milliseconds the JVM's collectors have spent so far (the sum of their collection times). */
    static long gcMillisSoFar() {
        long sum = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            sum += Math.max(0, gc.getCollectionTime());
        }
        return sum;
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
                long gcBefore = gcMillisSoFar();
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
                    long gc = Math.min(millis, gcMillisSoFar() - gcBefore);
                    Stall stall = new Stall(millis, before.equals(after) ? before : before + " → " + after, gc);
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
