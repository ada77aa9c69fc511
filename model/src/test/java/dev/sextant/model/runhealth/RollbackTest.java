package dev.sextant.model.runhealth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.sextant.model.job.CancellationToken;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RollbackTest {

    @Test
    void checkpointsBeforeAStepAreStrictlyBeforeIt() {
        Checkpoints every = Checkpoints.every(1000);
        assertThat(every.before(2500)).isEqualTo(2000);
        assertThat(every.before(2000)).isEqualTo(1000); // the checkpoint at the onset already holds the bad update
        assertThat(every.before(999)).isZero();
        Checkpoints list = Checkpoints.at(List.of(5000L, 1200L, 3000L));
        assertThat(list.before(3001)).isEqualTo(3000);
        assertThat(list.before(1000)).isZero();
        assertThat(every.between(1500, 4000)).containsExactly(2000, 3000, 4000);
    }

    @Test
    void aRollbackCostsTheStepsSinceTheCheckpointOnEveryGpu() {
        // hand calculation: spike at 25,300, checkpoints every 1,000 → back to 25,000: 300 steps lost; 1.5 s a step on
        // 1,024 GPUs: 300 × 1.5 × 1,024 / 3,600 = 128 GPU-hours
        Map<String, MetricSeries> m = new LinkedHashMap<>();
        long[] steps = {25_000, 25_100, 25_200, 25_300, 25_400};
        m.put(MetricNames.CONSUMED_SAMPLES, new MetricSeries(MetricNames.CONSUMED_SAMPLES, steps, new double[] {
            25_000 * 512.0, 25_100 * 512.0, 25_200 * 512.0, 25_300 * 512.0, 25_400 * 512.0
        }));
        TrainingLog log = new TrainingLog("t", m, List.of("t"), 0);
        Anomaly spike = new Anomaly(25_300, 25_320, MetricNames.LOSS, Anomaly.Kind.SPIKE, 4, 2, 9);
        Anomaly stall = new Anomaly(25_350, 25_350, MetricNames.STEP_TIME, Anomaly.Kind.STALL, 30, 1.5, 9);
        List<Rollback> r = RollbackPlanner.plan(log, List.of(spike, stall), Checkpoints.every(1000), 1.5, 1024);
        assertThat(r).hasSize(1); // a stall needs no rollback
        Rollback b = r.get(0);
        assertThat(b.checkpointStep()).isEqualTo(25_000);
        assertThat(b.stepsLost()).isEqualTo(300);
        assertThat(b.gpuHoursLost()).isCloseTo(128, within(1e-9));
        // PaLM's window: from 100 steps before the onset to 100 after the end
        assertThat(b.skipFromStep()).isEqualTo(25_200);
        assertThat(b.skipToStep()).isEqualTo(25_420);
        assertThat(b.skipFromSample()).isCloseTo(25_199 * 512.0, within(1e-6));
        assertThat(b.skipToSample()).isCloseTo(25_420 * 512.0, within(1e-6));
        // without a GPU count the GPU-hours are unknown, not zero
        assertThat(RollbackPlanner.plan(log, List.of(spike), Checkpoints.every(1000), 1.5, 0)
                        .get(0)
                        .gpuHoursLost())
                .isNaN();
    }

    /**
     * One incident seen in two metrics a step apart (gradient norm at 1,830, loss at 1,831) is one rollback, costed once:
     * hand calculation, checkpoints every 500 → back to 1,500, 330 steps; 2 s × 8 GPUs → 330 × 2 × 8 / 3,600 GPU-hours.
     * A spike far beyond the first one's skipped window is a rollback of its own.
     */
    @Test
    void anIncidentSeenInSeveralMetricsIsOneRollback() {
        TrainingLog log = new TrainingLog(
                "t",
                new LinkedHashMap<>(Map.of(
                        MetricNames.LOSS,
                        new MetricSeries(MetricNames.LOSS, new long[] {1, 5000}, new double[] {3, 2}))),
                List.of("t"),
                0);
        Anomaly grad = new Anomaly(1830, 1840, MetricNames.GRAD_NORM, Anomaly.Kind.SPIKE, 9, 1, 30);
        Anomaly loss = new Anomaly(1831, 1845, MetricNames.LOSS, Anomaly.Kind.SPIKE, 3.7, 3.2, 12);
        Anomaly later = new Anomaly(4200, 4210, MetricNames.LOSS, Anomaly.Kind.SPIKE, 3.7, 3.2, 12);
        List<Rollback> r = RollbackPlanner.plan(log, List.of(grad, loss, later), Checkpoints.every(500), 2, 8);
        assertThat(r).hasSize(2);
        Rollback first = r.get(0);
        assertThat(first.anomalyStep()).isEqualTo(1830);
        assertThat(first.metric()).isEqualTo("grad_norm + loss");
        assertThat(first.stepsLost()).isEqualTo(330);
        assertThat(first.gpuHoursLost()).isCloseTo(330 * 2 * 8 / 3600.0, within(1e-9));
        assertThat(first.skipToStep()).isEqualTo(1945); // the later end, plus the margin
        assertThat(r.get(1).stepsLost()).isEqualTo(200);
    }

    /** Two firings back to one checkpoint re-run the stretch from it once: 1,000→1,300 and 1,000→1,450 re-run 450, not 750. */
    @Test
    void firingsBackToOneCheckpointReRunItsStepsOnce() {
        List<PolicyReplay.Firing> f = List.of(
                new PolicyReplay.Firing(1300, 1280, 1000, 300, true),
                new PolicyReplay.Firing(1450, 1430, 1000, 450, true),
                new PolicyReplay.Firing(2600, 2580, 2000, 600, false));
        assertThat(PolicyReplay.rerunSteps(f)).isEqualTo(450 + 600);
    }

    @Test
    void theReplayedPolicyTellsNeededRollbacksFromFalseAlarms() {
        SyntheticRun run = new SyntheticRun(5000, 10, 21, 0.005);
        // a transient spike the run shakes off in three points, and a lasting jump it never recovers from
        int t = run.indexOf(15_000);
        for (int k = 0; k < 3; k++) {
            run.loss[t + k] *= 1.4;
        }
        int p = run.indexOf(35_000);
        for (int i = p; i < run.loss.length; i++) {
            run.loss[i] *= 1.3;
        }
        TrainingLog log = run.log();
        List<Anomaly> detected = new AnomalyDetector(DetectionSettings.DEFAULT).detect(log, CancellationToken.none());
        PolicyReplay replay =
                PolicyReplay.replay(log, RollbackPolicy.DEFAULT, Checkpoints.every(2000), detected, 100, 1.5, 64);
        assertThat(replay.firings()).hasSize(2);
        PolicyReplay.Firing first = replay.firings().get(0);
        assertThat(first.onsetStep()).isEqualTo(15_000);
        assertThat(first.step()).isEqualTo(15_020); // the third anomalous point
        assertThat(first.checkpointStep()).isEqualTo(14_000);
        assertThat(first.needed()).isFalse();
        PolicyReplay.Firing second = replay.firings().get(1);
        assertThat(second.onsetStep()).isEqualTo(35_000);
        assertThat(second.needed()).isTrue();
        assertThat(replay.needed()).isEqualTo(1);
        assertThat(replay.falseAlarms()).isEqualTo(1);
        assertThat(replay.stepsLost()).isEqualTo(1020 + (35_020 - 34_000));
        assertThat(replay.gpuHoursLost()).isCloseTo(replay.stepsLost() * 1.5 * 64 / 3600, within(1e-9));
        // a patience longer than the transient spike does not fire on it
        PolicyReplay patient = PolicyReplay.replay(
                log, new RollbackPolicy(MetricNames.LOSS, 6, 5, 20), Checkpoints.every(2000), detected, 100, 1.5, 64);
        assertThat(patient.firings()).extracting(PolicyReplay.Firing::onsetStep).containsExactly(35_000L);
        assertThat(patient.missed()).isEqualTo(1); // the transient spike, which the detector found
    }
}
