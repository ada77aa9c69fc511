package dev.sextant.model.runhealth;

import dev.sextant.model.InputError;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import dev.sextant.model.statistics.Moments;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.PriorityQueue;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;

/**
 * A Monte Carlo of a whole training run under hardware failures. Failures arrive as a Poisson process at the running
 * GPUs' rate (each GPU {@link FailureScenario#failuresPerGpuDay} a day; memoryless, so the next failure is drawn afresh
 * after every event); each takes out one node, or with {@link FailureScenario#correlatedShare} several. The job:
 * <ul>
 *   <li>trains, writing a persistent checkpoint every {@link FailureScenario#checkpointIntervalSeconds} of training
 *       (blocking, or with {@code async} only its snapshot blocking and the checkpoint valid once written), and with
 *       tiers an in-memory snapshot more often;</li>
 *   <li>on a failure throws away the progress since the newest checkpoint that survived (an in-memory snapshot survives
 *       a single-node failure), gets its nodes back from the spares (unlimited by default), and restarts, which takes
 *       {@link FailureScenario#restartSeconds}; a failure during the restart or a checkpoint's write starts over;</li>
 *   <li>without spares left, either waits for repairs or, elastic, continues on the replicas it still has (step time
 *       from {@link FailureScenario#stepSecondsWith}), taking repaired nodes back at the next checkpoint.</li>
 * </ul>
 * With unlimited spares, synchronous checkpoints and no tiers this is the process whose expected completion Daly gives
 * in closed form (J. T. Daly, "A higher order estimate of the optimum checkpoint interval for restart dumps", FGCS 22,
 * 2006, §3: a segment of length L takes M e^{R/M} (e^{L/M} − 1) on average, M the mean time between failures and R the
 * restart), which the tests hold it to.
 */
public final class FailureSimulation {

    /** A run still unfinished after this many times its ideal length (or hours) is given up as one that never ends. */
    static final double GIVE_UP = 1000;
    /** Segments of the drawn run kept for its timeline. */
    public static final int TIMELINE_LIMIT = 50_000;

    private FailureSimulation() {}

    /**
     * @param runs  simulated runs
     * @param seed  seed of run 0 (run i uses seed + i, so results do not depend on the threads)
     */
    public static FailureStudy run(
            FailureScenario s, int runs, long seed, ProgressListener progress, CancellationToken cancel) {
        if (runs < 1) {
            throw new InputError("failures.runs", "runs must be at least 1");
        }
        Outcome[] out = new Outcome[runs];
        AtomicInteger finished = new AtomicInteger();
        IntStream.range(0, runs).parallel().forEach(i -> {
            cancel.throwIfCancelled();
            out[i] = new Run(s, new SplittableRandom(seed + i), i == 0, cancel).simulate();
            int f = finished.incrementAndGet();
            if ((f & 63) == 0 || f == runs) {
                progress.progress((double) f / runs, f + " of " + runs + " runs");
            }
        });
        return FailureStudy.of(s, out);
    }

    /** What one run came to. */
    record Outcome(
            double seconds,
            int failures,
            double lostWorkSeconds,
            double restartSeconds,
            double checkpointSeconds,
            double waitSeconds,
            FailureTimeline timeline) {}

    /** One run's state. */
    private static final class Run {
        final FailureScenario s;
        final SplittableRandom random;
        final CancellationToken cancel;
        final List<FailureTimeline.Segment> segments;
        final List<FailureTimeline.Failure> failureList;
        boolean truncated;

        final double interval;
        final double snapshotInterval;
        double t;
        double done;
        double durable;
        double snapshot;
        double pendingValue = -1;
        double pendingReady;
        double nextCheckpoint;
        double nextSnapshot;
        int activeNodes;
        int spares;
        int waitingToRejoin;
        final PriorityQueue<Double> repairs = new PriorityQueue<>();
        int failures;
        double lostWork;
        double restartTime;
        double checkpointTime;
        double waitTime;
        double nextFailure;

        Run(FailureScenario s, SplittableRandom random, boolean record, CancellationToken cancel) {
            this.s = s;
            this.random = random;
            this.cancel = cancel;
            this.segments = record ? new ArrayList<>() : null;
            this.failureList = record ? new ArrayList<>() : null;
            interval = s.checkpointIntervalSeconds() / s.stepSeconds();
            snapshotInterval = s.memorySnapshotSeconds() > 0
                    ? s.memorySnapshotSeconds() / s.stepSeconds()
                    : Double.POSITIVE_INFINITY;
            activeNodes = s.nodes();
            spares = s.spareNodes();
            nextCheckpoint = interval;
            nextSnapshot = snapshotInterval;
        }

        int replicas() {
            return activeNodes * s.gpusPerNode() / s.gpusPerReplica();
        }

        double rate() {
            return activeNodes * s.gpusPerNode() * s.failuresPerGpuDay() / 86400;
        }

        void drawNextFailure() {
            double r = rate();
            nextFailure = r > 0 ? t - Math.log(1 - random.nextDouble()) / r : Double.POSITIVE_INFINITY;
        }

        Outcome simulate() {
            drawNextFailure();
            long events = 0;
            while (done < s.steps()) {
                if ((++events & 0xFFF) == 0) {
                    cancel.throwIfCancelled();
                }
                returnRepairs();
                settlePending();
                double target = Math.min(s.steps(), Math.min(nextCheckpoint, nextSnapshot));
                double stepSeconds = s.stepSecondsWith(replicas());
                double needed = (target - done) * stepSeconds;
                if (nextFailure < t + needed) {
                    double from = done;
                    done += (nextFailure - t) / stepSeconds;
                    record(FailureTimeline.Activity.TRAIN, t, nextFailure, from, done);
                    t = nextFailure;
                    fail();
                    continue;
                }
                record(FailureTimeline.Activity.TRAIN, t, t + needed, done, target);
                t += needed;
                done = target;
                if (done >= s.steps()) {
                    break;
                }
                if (done >= nextCheckpoint) {
                    checkpoint();
                } else {
                    memorySnapshot();
                }
            }
            settlePending();
            return new Outcome(
                    t,
                    failures,
                    lostWork,
                    restartTime,
                    checkpointTime,
                    waitTime,
                    segments == null
                            ? null
                            : new FailureTimeline(List.copyOf(segments), List.copyOf(failureList), truncated));
        }

        void checkpoint() {
            double blocking =
                    s.async() ? s.checkpointSeconds() * FailureScenario.ASYNC_BLOCKING_SHARE : s.checkpointSeconds();
            if (nextFailure < t + blocking) {
                checkpointTime += nextFailure - t;
                record(FailureTimeline.Activity.CHECKPOINT, t, nextFailure, done, done);
                t = nextFailure;
                fail();
                return;
            }
            record(FailureTimeline.Activity.CHECKPOINT, t, t + blocking, done, done);
            t += blocking;
            checkpointTime += blocking;
            if (s.async()) {
                pendingValue = done;
                pendingReady = t + s.checkpointSeconds();
            } else {
                durable = done;
            }
            snapshot = Math.max(snapshot, done);
            nextCheckpoint = done + interval;
            nextSnapshot = done + snapshotInterval;
            if (waitingToRejoin > 0 && s.elastic()) {
                activeNodes += waitingToRejoin; // repaired nodes rejoin at a checkpoint, with a restart
                waitingToRejoin = 0;
                restart();
            }
        }

        void memorySnapshot() {
            double cost = s.memorySnapshotCost();
            if (nextFailure < t + cost) {
                checkpointTime += nextFailure - t;
                t = nextFailure;
                fail();
                return;
            }
            record(FailureTimeline.Activity.SNAPSHOT, t, t + cost, done, done);
            t += cost;
            checkpointTime += cost;
            snapshot = done;
            nextSnapshot = done + snapshotInterval;
        }

        void settlePending() {
            if (pendingValue >= 0 && pendingReady <= t) {
                durable = Math.max(durable, pendingValue);
                pendingValue = -1;
            }
        }

        void returnRepairs() {
            while (!repairs.isEmpty() && repairs.peek() <= t) {
                repairs.poll();
                if (activeNodes + waitingToRejoin < s.nodes()) {
                    waitingToRejoin++;
                } else {
                    spares++;
                }
            }
        }

        /** A failure at {@code t}: progress back to what survived, nodes replaced or lost, then a restart. */
        void fail() {
            strike();
            restart();
        }

        /** What a failure at {@code t} does, before the restart. */
        void strike() {
            failures++;
            if (t > GIVE_UP * Math.max(s.idealSeconds(), 3600)) {
                throw new InputError(
                        "failures.rate",
                        "the run never finishes: failures come faster than it can restart"
                                + " and make progress (" + String.format(Locale.ROOT, "%.1f", s.failuresPerDay())
                                + " a day against a "
                                + Math.round(s.restartSeconds()) + " s restart)");
            }
            int hit = s.correlatedShare() > 0 && random.nextDouble() < s.correlatedShare() ? s.correlatedNodes() : 1;
            hit = Math.min(hit, activeNodes);
            settlePending();
            double restored = Math.max(durable, hit == 1 ? snapshot : durable);
            if (hit > 1) {
                snapshot = durable; // the in-memory copies went with the nodes
            }
            double lost = done - restored;
            lostWork += lost * s.stepSecondsWith(replicas());
            if (failureList != null && failureList.size() < TIMELINE_LIMIT) {
                failureList.add(new FailureTimeline.Failure(t, hit, lost, restored));
            }
            done = restored;
            snapshot = restored;
            pendingValue = -1;
            nextCheckpoint = done + interval;
            nextSnapshot = done + snapshotInterval;
            if (s.spareNodes() >= 0) {
                for (int i = 0; i < hit; i++) {
                    repairs.add(t + s.repairHours() * 3600);
                }
                int fromSpares = Math.min(spares, hit);
                spares -= fromSpares;
                activeNodes -= hit - fromSpares;
                if (activeNodes < s.nodes() && !(s.elastic() && replicas() >= 1)) {
                    waitForRepairs();
                }
            }
        }

        /** The job stopped until enough repaired nodes are back to run at full size. */
        void waitForRepairs() {
            double start = t;
            activeNodes += waitingToRejoin;
            waitingToRejoin = 0;
            while (activeNodes < s.nodes() && !repairs.isEmpty()) {
                t = Math.max(t, repairs.poll());
                activeNodes++;
            }
            waitTime += t - start;
            record(FailureTimeline.Activity.WAIT, start, t, done, done);
        }

        /** Detection and restart; a failure during it strikes again, and the restart begins anew. */
        void restart() {
            double r = s.restartSeconds();
            while (true) {
                drawNextFailure();
                if (nextFailure >= t + r) {
                    break;
                }
                restartTime += nextFailure - t;
                record(FailureTimeline.Activity.RESTART, t, nextFailure, done, done);
                t = nextFailure;
                strike();
            }
            record(FailureTimeline.Activity.RESTART, t, t + r, done, done);
            t += r;
            restartTime += r;
            drawNextFailure();
        }

        void record(FailureTimeline.Activity a, double from, double to, double stepFrom, double stepTo) {
            if (segments == null || to <= from && a != FailureTimeline.Activity.TRAIN) {
                return;
            }
            if (segments.size() >= TIMELINE_LIMIT) {
                truncated = true;
                return;
            }
            segments.add(new FailureTimeline.Segment(a, from, to, replicas(), stepFrom, stepTo));
        }
    }

    /** Mean, median, P90 and P99 of {@code v}. */
    static double[] summary(double[] v) {
        double[] sorted = v.clone();
        Arrays.sort(sorted);
        return new double[] {
            Arrays.stream(v).average().orElse(Double.NaN),
            Moments.quantileOfSorted(sorted, 0.5),
            Moments.quantileOfSorted(sorted, 0.9),
            Moments.quantileOfSorted(sorted, 0.99)
        };
    }
}
