package dev.sextant.model.runhealth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.api.Assertions.withinPercentage;

import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import dev.sextant.model.training.Checkpointing;
import java.util.List;
import org.junit.jupiter.api.Test;

class FailureSimulationTest {

    static FailureStudy run(FailureScenario s, int runs) {
        return FailureSimulation.run(s, runs, 42, ProgressListener.NONE, CancellationToken.none());
    }

    @Test
    void withoutFailuresARunIsItsStepsAndItsCheckpointsExactly() {
        // 10,000 steps of 2 s = 20,000 s; a checkpoint every hour of training (at 3,600 … 18,000 s: 5) of 60 s each
        FailureScenario s = FailureScenario.of(64, 8, 2, 10_000, 0, 3600, 60, 300);
        FailureStudy st = run(s, 3);
        assertThat(st.completionHours().mean()).isCloseTo(20_300 / 3600.0, within(1e-9));
        assertThat(st.completionHours().p99()).isCloseTo(20_300 / 3600.0, within(1e-9));
        assertThat(st.failuresMean()).isZero();
        assertThat(st.goodput()).isCloseTo(20_000 / 20_300.0, within(1e-12));
        assertThat(st.checkpointHoursMean()).isCloseTo(300 / 3600.0, within(1e-12));
        // asynchronous: only the snapshot, a tenth of the write, blocks
        assertThat(run(s.withAsync(true), 1).completionHours().mean()).isCloseTo(20_030 / 3600.0, within(1e-9));
    }

    @Test
    void theMeanCompletionAgreesWithDalysClosedForm() {
        // Daly (FGCS 2006): a segment of length L that must run without a failure takes M e^{R/M} (e^{L/M} − 1) on
        // average, failures striking restarts too. 100 segments of an hour of training, each but the last followed by a
        // 5-minute checkpoint; restarts of 10 minutes; M = 4 h (512 GPUs failing 1 / (4 h × 512) an hour each).
        double m = 4 * 3600;
        double tau = 3600;
        double delta = 300;
        double r = 600;
        int gpus = 512;
        double rate = 86400 / m / gpus;
        FailureScenario s = FailureScenario.of(gpus, 8, 1.0, 100 * 3600, rate, tau, delta, r);
        double expected = m * Math.exp(r / m) * (99 * (Math.exp((tau + delta) / m) - 1) + (Math.exp(tau / m) - 1));
        FailureStudy st = run(s, 2000);
        assertThat(st.completionHours().mean() * 3600).isCloseTo(expected, withinPercentage(1.5));
        // failures: one every M of wall time on average
        assertThat(st.failuresMean()).isCloseTo(st.completionHours().mean() * 3600 / m, withinPercentage(3));
    }

    @Test
    void theSeedsExampleReadsTenFailuresADay() {
        // one failure per 1,000 accelerator-days on 10,000 accelerators: about 10 a day
        FailureScenario s = FailureScenario.of(10_000, 8, 3, 200_000, 1.0 / 1000, 1800, 120, 600);
        assertThat(s.failuresPerDay()).isCloseTo(10, within(1e-9));
        FailureStudy st = run(s, 200);
        double days = st.completionHours().mean() / 24;
        assertThat(st.failuresMean() / days).isCloseTo(10, withinPercentage(5));
        assertThat(st.completionHours().p50())
                .isLessThanOrEqualTo(st.completionHours().p90());
        assertThat(st.completionHours().p90())
                .isLessThanOrEqualTo(st.completionHours().p99());
    }

    @Test
    void policiesDoWhatTheyPromise() {
        FailureScenario base =
                FailureScenario.of(4096, 8, 4, 100_000, FailureScenario.LLAMA3_FAILURES_PER_GPU_DAY, 3600, 600, 900);
        double sync = run(base, 300).completionHours().mean();
        double async = run(base.withAsync(true), 300).completionHours().mean();
        assertThat(async).isLessThan(sync);
        // in-memory snapshots every 10 minutes (5 s each) bring back most of the work a failure throws away
        FailureStudy tiered = run(base.withMemorySnapshots(600, 5), 300);
        assertThat(tiered.lostWorkHoursMean()).isLessThan(0.35 * run(base, 300).lostWorkHoursMean());
        // no spares and repairs of a day: waiting for repairs against continuing elastically on fewer replicas
        FailureScenario scarce = base.withSpares(0, false);
        FailureStudy waiting = run(scarce, 200);
        FailureStudy elastic = run(scarce.withSpares(0, true), 200);
        assertThat(waiting.waitHoursMean()).isGreaterThan(0);
        assertThat(elastic.waitHoursMean()).isZero();
        assertThat(elastic.completionHours().mean())
                .isLessThan(waiting.completionHours().mean());
        // two spare nodes cover most of it
        assertThat(run(base.withSpares(2, false), 200).completionHours().mean())
                .isLessThan(waiting.completionHours().mean());
    }

    /**
     * Issue 33: the alternatives to a policy whose interval was left to Daly each take their own optimum, so the answer
     * to "synchronous or asynchronous?" is the same whichever box is ticked. Daly (2006) with δ = 600 s (synchronous) or
     * 60 s (the tenth that blocks when asynchronous) and M = 86,400 / (10,000 × 0.001) = 8,640 s.
     */
    @Test
    void eachAlternativeCheckpointsAtItsOwnOptimumAndSaysSo() {
        double ideal = 100_000 * 5.0;
        FailureScenario sync = FailureScenario.of(
                10_000,
                8,
                5.0,
                100_000,
                0.001,
                FailureScenario.dalyInterval(10_000, 0.001, 600, false, ideal),
                600,
                600);
        FailureScenario async = sync.withAsync(true)
                .withCheckpointInterval(FailureScenario.dalyInterval(10_000, 0.001, 600, true, ideal));
        List<FailurePolicies.Named> fromSync = FailurePolicies.alongside(sync);
        List<FailurePolicies.Named> fromAsync = FailurePolicies.alongside(async);
        assertThat(fromSync.get(1).scenario().checkpointIntervalSeconds()).isEqualTo(async.checkpointIntervalSeconds());
        assertThat(fromAsync.get(1).scenario().checkpointIntervalSeconds()).isEqualTo(sync.checkpointIntervalSeconds());
        assertThat(fromSync.get(0).name()).isEqualTo("as given: synchronous checkpoints every 47.2 min (Daly)");
        assertThat(fromSync.get(1).name()).isEqualTo("asynchronous checkpoints every 16.3 min (Daly)");
        // snapshots blocking 60 s at Daly's optimum: √(2·60·8,640)·(1 + ⅓√(60/17,280) + ⅑·60/17,280) − 60 = 978.6 s
        assertThat(fromSync.get(2).name()).isEqualTo("as given + in-memory snapshots every 16.3 min (Daly)");
        assertThat(fromSync.get(2).scenario().memorySnapshotSeconds()).isCloseTo(978.6, within(0.5));
        // asynchronous checkpoints already leave that copy as often: no snapshot row beside them
        assertThat(fromAsync).extracting(FailurePolicies.Named::name).noneMatch(n -> n.contains("snapshots"));
        // a fixed interval is kept for the alternative: the user asked about that interval
        FailureScenario fixed = sync.withCheckpointInterval(1800);
        assertThat(FailurePolicies.alongside(fixed).get(1).scenario().checkpointIntervalSeconds())
                .isEqualTo(1800);
        // with limited spares, the bound they approach is beside them, and the note says why they are slower
        FailureScenario two = sync.withSpares(2, true);
        assertThat(FailurePolicies.alongside(two))
                .extracting(FailurePolicies.Named::name)
                .contains("wait for repairs with 2 spare nodes", "as many spare nodes as needed");
        assertThat(FailurePolicies.sparesNote(two)).contains("slower than with as many spares as needed");
        assertThat(FailurePolicies.sparesNote(sync.withSpares(-1, true)))
                .endsWith("so elastic continuation changes nothing");
    }

    /**
     * Issue 33: the simulation and the closed form (Checkpointing.plan: Daly's interval, a restart plus half a period lost
     * per failure) answer the same question where the closed form's assumptions hold (independent single-node failures,
     * spares as needed): goodput within two points, synchronous and asynchronous (whose host copy survives a single
     * node's failure, as the closed form's half period assumes).
     */
    @Test
    void theSimulationAgreesWithTheClosedFormWhereItsAssumptionsHold() {
        double ideal = 50_000 * 10.0;
        for (boolean async : new boolean[] {false, true}) {
            for (double rate : new double[] {0.0005, 0.001, 0.002}) {
                Checkpointing closed = Checkpointing.plan(10_000, rate, 300, 600, async);
                FailureScenario s = FailureScenario.of(
                        10_000,
                        8,
                        10.0,
                        50_000,
                        rate,
                        FailureScenario.dalyInterval(10_000, rate, 300, async, ideal),
                        300,
                        600);
                if (async) {
                    s = s.withAsync(true);
                }
                assertThat(s.checkpointIntervalSeconds()).isCloseTo(closed.dalyIntervalSeconds(), within(1e-6));
                assertThat(run(s, 300).goodput())
                        .as("async %s, %s failures/GPU-day", async, rate)
                        .isCloseTo(closed.goodput(), within(0.02));
            }
        }
    }

    @Test
    void theSameSeedGivesTheSameStudyAndTheTimelineAddsUp() {
        FailureScenario s = FailureScenario.of(1024, 8, 2, 50_000, 0.002, 1800, 60, 300);
        FailureStudy a = run(s, 50);
        FailureStudy b = run(s, 50);
        assertThat(a.completionHours()).isEqualTo(b.completionHours());
        FailureTimeline t = a.timeline();
        assertThat(t.failures()).isNotEmpty();
        double end = t.segments().get(t.segments().size() - 1).endSeconds();
        assertThat(t.segments().get(0).startSeconds()).isZero();
        for (int i = 1; i < t.segments().size(); i++) {
            assertThat(t.segments().get(i).startSeconds())
                    .isCloseTo(t.segments().get(i - 1).endSeconds(), within(1e-6));
        }
        assertThat(t.segments().get(t.segments().size() - 1).stepTo()).isCloseTo(50_000, within(1e-6));
        assertThat(end).isGreaterThan(100_000);
    }

    @Test
    void aRunThatCannotOutpaceItsFailuresIsRefused() {
        // a failure every ~8 s against a 10-minute restart
        FailureScenario s = FailureScenario.of(100_000, 8, 1, 1000, 0.1, 600, 10, 600);
        assertThatThrownBy(() -> run(s, 1)).hasMessageContaining("never finishes");
    }
}
