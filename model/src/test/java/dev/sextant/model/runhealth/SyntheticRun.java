package dev.sextant.model.runhealth;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Healthy training runs of our own making, shaped like real ones: a loss falling as a power law of the step towards an
 * irreducible loss (Kaplan et al. 2020; Hoffmann et al. 2022) from ~11 (ln of a 50k vocabulary) with a few per cent of
 * logging noise, a learning rate warming up linearly then following a cosine, a gradient norm that peaks during warm-up
 * and settles with log-normal noise, and a step time with jitter. Anomalies are planted by the tests.
 */
final class SyntheticRun {

    final long[] steps;
    final double[] loss;
    final double[] gradNorm;
    final double[] stepTime;
    final double[] lr;

    SyntheticRun(int points, int every, long seed, double lossNoise) {
        SplittableRandom r = new SplittableRandom(seed);
        steps = new long[points];
        loss = new double[points];
        gradNorm = new double[points];
        stepTime = new double[points];
        lr = new double[points];
        double floor = 1.7 + 0.3 * r.nextDouble();
        double warmup = points * every * 0.01;
        double total = points * every;
        double ar = 0;
        for (int i = 0; i < points; i++) {
            long s = (long) (i + 1) * every;
            steps[i] = s;
            ar = 0.5 * ar + Math.sqrt(1 - 0.25) * r.nextGaussian();
            loss[i] = (floor + (10.8 - floor) * Math.pow(1 + s / 200.0, -0.45)) * (1 + lossNoise * ar);
            double warm = Math.min(1, s / warmup);
            lr[i] = 3e-4 * warm * (s < warmup ? 1 : 0.55 + 0.45 * Math.cos(Math.PI * (s - warmup) / (total - warmup)));
            double trend =
                    0.4 + 3.0 * Math.exp(-Math.pow((s - warmup) / warmup, 2)) + 1.5 * Math.pow(1 + s / 100.0, -0.5);
            gradNorm[i] = trend * Math.exp(0.12 * r.nextGaussian());
            stepTime[i] = 1.52 * (1 + 0.01 * r.nextGaussian()) + (r.nextDouble() < 0.02 ? 0.1 * r.nextDouble() : 0);
        }
    }

    TrainingLog log() {
        Map<String, MetricSeries> m = new LinkedHashMap<>();
        m.put(MetricNames.LOSS, new MetricSeries(MetricNames.LOSS, steps, loss));
        m.put(MetricNames.GRAD_NORM, new MetricSeries(MetricNames.GRAD_NORM, steps, gradNorm));
        m.put(MetricNames.STEP_TIME, new MetricSeries(MetricNames.STEP_TIME, steps, stepTime));
        m.put(MetricNames.LEARNING_RATE, new MetricSeries(MetricNames.LEARNING_RATE, steps, lr));
        return new TrainingLog("synthetic", m, List.of("synthetic"), 0);
    }

    int indexOf(long step) {
        return Arrays.binarySearch(steps, step);
    }
}
