package dev.sextant.app.monitoring;

import dev.sextant.app.study.TrafficWatch;
import dev.sextant.model.BadInputException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A watch running: log files followed and polled four times a second, an OTLP receiver listening, and the clock
 * ticking the watch (a live stream's windows close as time passes). One for the command line and the Monitoring area.
 * Closing it reads the files' last lines, stops listening and judges every window still open.
 */
public final class WatchSession implements AutoCloseable {

    static final long POLL_MILLIS = 250;
    private static final Logger LOG = LoggerFactory.getLogger(WatchSession.class);

    private final TrafficWatch watch;
    private final List<FileFollower> followers = new CopyOnWriteArrayList<>();
    private final OtlpReceiver receiver;
    private final ScheduledExecutorService clock;
    private final Consumer<String> notes;
    private boolean closed;

    /**
     * @param files    log files to follow (none: only OTLP)
     * @param otlpPort the OTLP/HTTP port to listen on, or null for none (0: any free port)
     * @param notes    what the user should know (a rotation, a file that cannot be read), from the session's threads
     * @throws BadInputException when a file cannot be opened or the port cannot be listened on
     */
    public WatchSession(
            TrafficWatch watch,
            List<Path> files,
            boolean fromEnd,
            Map<String, String> rename,
            String otlpHost,
            Integer otlpPort,
            Consumer<String> notes) {
        this.watch = watch;
        this.notes = notes;
        try {
            for (Path f : files) {
                TrafficWatch.Source source = watch.source(f.toString(), rename);
                followers.add(new FileFollower(f, fromEnd, new FileFollower.Sink() {
                    @Override
                    public void line(long n, String text) {
                        source.line(n, text);
                    }

                    @Override
                    public void rotated(String why) {
                        source.restart();
                        notes.accept(why);
                    }
                }));
            }
        } catch (IOException e) {
            closeFollowers();
            throw BadInputException.of(files.get(followers.size()).toString(), "cannot be followed: " + e.getMessage());
        }
        if (otlpPort != null) {
            TrafficWatch.Source exports = watch.source("OTLP on " + otlpHost + ":" + otlpPort, Map.of());
            try {
                receiver = new OtlpReceiver(otlpHost, otlpPort, exports::export);
            } catch (RuntimeException e) {
                closeFollowers();
                throw e;
            }
        } else {
            receiver = null;
        }
        clock = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "watch-clock");
            t.setDaemon(true);
            return t;
        });
        clock.scheduleWithFixedDelay(this::poll, 0, POLL_MILLIS, TimeUnit.MILLISECONDS);
    }

    /** The port OTLP is received on (null without a receiver). */
    public Integer otlpPort() {
        return receiver == null ? null : receiver.port();
    }

    public long exports() {
        return receiver == null ? 0 : receiver.exports();
    }

    public long refusedExports() {
        return receiver == null ? 0 : receiver.refused();
    }

    public TrafficWatch watch() {
        return watch;
    }

    private void poll() {
        for (FileFollower f : followers) {
            try {
                f.poll();
            } catch (IOException | RuntimeException e) {
                LOG.warn("following {} failed", f.file(), e);
                notes.accept(f.file() + " can no longer be read (" + e.getMessage() + "); no longer followed");
                followers.remove(f);
            }
        }
        try {
            watch.tick(System.currentTimeMillis());
        } catch (RuntimeException e) {
            LOG.error("judging a window failed", e);
            notes.accept("a window could not be judged: " + e.getMessage());
        }
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        clock.shutdown();
        try {
            clock.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (receiver != null) {
            receiver.close();
        }
        for (FileFollower f : followers) {
            try {
                f.poll();
                f.finish();
            } catch (IOException e) {
                notes.accept(f.file() + ": the last lines could not be read (" + e.getMessage() + ")");
            }
        }
        closeFollowers();
        watch.finish();
    }

    private void closeFollowers() {
        for (FileFollower f : followers) {
            try {
                f.close();
            } catch (IOException e) {
                // a file only read
            }
        }
    }
}
