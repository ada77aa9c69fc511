package dev.sextant.model.runhealth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.sextant.model.job.CancellationToken;
import java.util.List;
import java.util.Map;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;

class AnomalyDetectorTest {

    static List<Anomaly> detect(TrainingLog log) {
        return new AnomalyDetector(DetectionSettings.DEFAULT).detect(log, CancellationToken.none());
    }

    @Test
    void healthyRunsOfSeveralShapesRaiseNoAlarm() {
        int alarms = 0;
        int points = 0;
        for (long seed = 1; seed <= 12; seed++) {
            // 2,000 to 20,000 logged points, logging every 1 to 50 steps, 0.5 % to 3 % loss noise
            SyntheticRun run =
                    new SyntheticRun((int) (2000 + 1500 * seed), (int) (1 + 4 * seed), seed, 0.005 + 0.0025 * seed);
            alarms += detect(run.log()).size();
            points += run.steps.length;
        }
        assertThat(points).isGreaterThan(100_000);
        assertThat(alarms).isZero();
    }

    @Test
    void aLossSpikeIsFoundAtItsOnsetWithItsBaseline() {
        SyntheticRun run = new SyntheticRun(5000, 10, 7, 0.01);
        int at = run.indexOf(30_000);
        double before = run.loss[at - 1];
        for (int k = 0; k < 6; k++) {
            run.loss[at + k] *= 1.0 + 0.6 * Math.exp(-k / 2.0); // a jump of 60 % that decays over a few points
        }
        List<Anomaly> found = detect(run.log());
        assertThat(found).hasSize(1);
        Anomaly a = found.get(0);
        assertThat(a.kind()).isEqualTo(Anomaly.Kind.SPIKE);
        assertThat(a.metric()).isEqualTo(MetricNames.LOSS);
        assertThat(a.step()).isEqualTo(30_000);
        assertThat(a.endStep()).isBetween(30_010L, 30_050L);
        assertThat(a.baseline()).isCloseTo(before, Assertions.withinPercentage(3));
        assertThat(a.value()).isGreaterThan(1.5 * before);
        assertThat(a.score()).isGreaterThan(DetectionSettings.DEFAULT.threshold());
    }

    @Test
    void theFastFallOfEarlyTrainingIsNotASpike() {
        SyntheticRun run = new SyntheticRun(3000, 1, 3, 0.02); // every step logged: the steepest part of the curve
        assertThat(detect(run.log())).isEmpty();
    }

    @Test
    void nonFiniteValuesGradNormExplosionsDivergenceAndStallsAreEachTheirKind() {
        SyntheticRun run = new SyntheticRun(6000, 10, 11, 0.01);
        run.loss[run.indexOf(10_000)] = Double.NaN;
        run.gradNorm[run.indexOf(20_000)] *= 12;
        run.stepTime[run.indexOf(25_000)] = 30; // a straggler
        int from = run.indexOf(40_000);
        for (int i = from; i < run.loss.length; i++) {
            run.loss[i] *= 1 + 0.002 * (i - from); // a sustained climb: 20 % after 100 points
        }
        List<Anomaly> found = detect(run.log());
        assertThat(found)
                .extracting(Anomaly::kind)
                .contains(Anomaly.Kind.NONFINITE, Anomaly.Kind.SPIKE, Anomaly.Kind.STALL, Anomaly.Kind.DIVERGENCE);
        Anomaly nan = found.stream()
                .filter(a -> a.kind() == Anomaly.Kind.NONFINITE)
                .findFirst()
                .orElseThrow();
        assertThat(nan.step()).isEqualTo(10_000);
        assertThat(nan.metric()).isEqualTo(MetricNames.LOSS);
        Anomaly grad = found.stream()
                .filter(a -> a.metric().equals(MetricNames.GRAD_NORM))
                .findFirst()
                .orElseThrow();
        assertThat(grad.step()).isEqualTo(20_000);
        Anomaly stall = found.stream()
                .filter(a -> a.kind() == Anomaly.Kind.STALL)
                .findFirst()
                .orElseThrow();
        assertThat(stall.step()).isEqualTo(25_000);
        assertThat(stall.value()).isEqualTo(30);
        Anomaly div = found.stream()
                .filter(a -> a.kind() == Anomaly.Kind.DIVERGENCE)
                .findFirst()
                .orElseThrow();
        // dated where the climb began (the trailing median's low), found once it has held
        assertThat(div.step()).isBetween(39_700L, 40_300L);
        assertThat(div.endStep()).isGreaterThan(div.step());
    }

    @Test
    void aCollapsingLossScaleIsFlaggedButItsOrdinaryHalvingsAreNot() {
        int n = 400;
        long[] steps = new long[n];
        double[] scale = new double[n];
        for (int i = 0; i < n; i++) {
            steps[i] = (i + 1) * 10L;
            // dynamic loss scaling: halve on an overflow, double after a stretch without; oscillating 2^15..2^16
            scale[i] = i % 50 == 25 ? 32768 : 65536;
        }
        for (int i = 300; i < 310; i++) {
            scale[i] = Math.pow(2, 15 - 1.5 * (i - 300)); // repeated overflows: down to 2^1.5 and below 1
        }
        TrainingLog log = new TrainingLog(
                "t",
                Map.of(MetricNames.LOSS_SCALE, new MetricSeries(MetricNames.LOSS_SCALE, steps, scale)),
                List.of("t"),
                0);
        List<Anomaly> found = detect(log);
        assertThat(found).hasSize(1);
        assertThat(found.get(0).kind()).isEqualTo(Anomaly.Kind.NONFINITE);
        assertThat(found.get(0).step()).isEqualTo(3030); // 2^12: 16 times below the window's 2^16
    }

    /**
     * Issue 33, part 13: a fine-tune over a small set. The training loss falls smoothly the whole way (1/√t); the
     * validation loss bottoms out at step 1,500 and then climbs 2 % and more at every evaluation: overfitting, dated at the
     * best evaluation. The same validation curve with a training loss that rises too is not overfitting (a divergence's
     * business), and a flat validation loss is nothing.
     */
    @Test
    void aRisingValidationLossWhileTheTrainingLossFallsIsOverfitting() {
        int n = 3000;
        long[] steps = new long[n];
        double[] train = new double[n];
        for (int i = 0; i < n; i++) {
            steps[i] = i + 1;
            train[i] = 1.0 + 2.0 / Math.sqrt(i + 1);
        }
        long[] evalSteps = new long[12];
        double[] evalLoss = new double[12];
        for (int k = 0; k < 12; k++) {
            evalSteps[k] = 250L * (k + 1);
            // lowest at step 1,500 (k = 5), then up 4 % an evaluation
            evalLoss[k] = k < 6 ? 2.5 - 0.1 * k : 2.0 + 0.08 * (k - 5);
        }
        MetricSeries validation = new MetricSeries(MetricNames.VALIDATION_LOSS, evalSteps, evalLoss);
        TrainingLog falling = new TrainingLog(
                "t",
                Map.of(
                        MetricNames.LOSS,
                        new MetricSeries(MetricNames.LOSS, steps, train),
                        MetricNames.VALIDATION_LOSS,
                        validation),
                List.of("t"),
                0);
        List<Anomaly> found = detect(falling).stream()
                .filter(a -> a.kind() == Anomaly.Kind.OVERFITTING)
                .toList();
        assertThat(found).hasSize(1);
        assertThat(found.get(0).step()).isEqualTo(1500);
        assertThat(found.get(0).endStep()).isEqualTo(3000);
        assertThat(found.get(0).baseline()).isEqualTo(2.0);
        assertThat(found.get(0).value()).isCloseTo(2.48, within(1e-9));
        assertThat(Anomaly.Kind.OVERFITTING.needsRollback()).isFalse();
        // the training loss climbing with it: not overfitting
        double[] up = new double[n];
        for (int i = 0; i < n; i++) {
            up[i] = i < 1500 ? train[i] : train[1499] + 0.001 * (i - 1499);
        }
        TrainingLog bothUp = new TrainingLog(
                "t",
                Map.of(
                        MetricNames.LOSS,
                        new MetricSeries(MetricNames.LOSS, steps, up),
                        MetricNames.VALIDATION_LOSS,
                        validation),
                List.of("t"),
                0);
        assertThat(detect(bothUp)).noneMatch(a -> a.kind() == Anomaly.Kind.OVERFITTING);
    }

    @Test
    void higherSensitivityFindsSmallerSpikes() {
        SyntheticRun run = new SyntheticRun(4000, 10, 5, 0.005);
        run.loss[run.indexOf(20_000)] *= 1.03; // 3 %: about 6 robust sigmas of this run's forecast errors (0.5 % noise)
        assertThat(new AnomalyDetector(DetectionSettings.sensitivity("high"))
                        .detect(run.log(), CancellationToken.none()))
                .extracting(Anomaly::step)
                .contains(20_000L);
        assertThat(new AnomalyDetector(DetectionSettings.sensitivity("low"))
                        .detect(run.log(), CancellationToken.none()))
                .isEmpty();
    }
}
