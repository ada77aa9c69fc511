package dev.sextant.model.runhealth;

import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.LongToDoubleFunction;

/**
 * The demo project's run health: an illustrative log of a 7B pre-training run (synthetic, generated here, not a real
 * run's) with the incidents a newcomer should see — a loss spike the run shook off, one it did not, a NaN, a
 * gradient-norm explosion and a straggler — restarted once; and a failure study of a 2,048-GPU run.
 */
public final class DemoRunHealth {

    public static final String LOG_NAME = "7B pre-training run (illustrative log)";
    public static final String STUDY_NAME = "2,048 H100s for 30 days under failures";
    public static final long STUDY_SEED = 7;

    private DemoRunHealth() {}

    /**
     * 30,000 steps logged every 10, with Megatron-LM's metrics: a first attempt to step 18,000 (a spike at 9,000 that
     * passes, then from 16,400 a climb it does not come back from), and a restart from the checkpoint at 17,500 to the end
     * (a NaN loss at 20,000, a gradient-norm explosion at 24,310, a straggler at 27,000).
     */
    public static TrainingLog log() {
        TrainingLog.Segment first = segment("train-attempt-1.log", 10, 18_000, 2024, s -> {
            double f = 1;
            if (s >= 9_000 && s < 9_040) {
                f *= 1 + 0.35 * Math.exp(-(s - 9_000) / 15.0);
            }
            if (s >= 16_400) {
                f *= 1 + Math.min(0.45, 0.45 * (s - 16_400) / 200.0);
            }
            return f;
        });
        TrainingLog.Segment second =
                segment("train-attempt-2.log", 17_510, 30_000, 99, s -> s == 20_000 ? Double.NaN : 1);
        return TrainingLog.merge("megatron", List.of(first, second));
    }

    /** One attempt's log from {@code from} to {@code to}, the loss multiplied by {@code lossFactor}. */
    private static TrainingLog.Segment segment(
            String file, long from, long to, long seed, LongToDoubleFunction lossFactor) {
        SplittableRandom r = new SplittableRandom(seed);
        int n = (int) ((to - from) / 10 + 1);
        long[] steps = new long[n];
        double[][] v = new double[6][n];
        double ar = 0;
        for (int i = 0; i < n; i++) {
            long s = from + 10L * i;
            steps[i] = s;
            ar = 0.5 * ar + 0.866 * r.nextGaussian();
            double factor = lossFactor.applyAsDouble(s);
            v[0][i] = (1.85 + 8.95 * Math.pow(1 + s / 150.0, -0.47)) * (1 + 0.008 * ar) * factor;
            double g = (0.35 + 2.5 * Math.exp(-Math.pow((s - 500) / 500.0, 2)) + 1.2 * Math.pow(1 + s / 80.0, -0.5))
                    * Math.exp(0.1 * r.nextGaussian());
            v[1][i] =
                    (Double.isNaN(factor) ? 1 : factor > 1.05 ? 1 + 12 * (factor - 1) : 1) * g * (s == 24_310 ? 14 : 1);
            v[2][i] = s == 27_000 ? 38.5 : 1.42 * (1 + 0.012 * r.nextGaussian());
            v[3][i] = 3e-4
                    * Math.min(1, s / 2000.0)
                    * (s < 2000 ? 1 : 0.1 + 0.45 * (1 + Math.cos(Math.PI * (s - 2000) / 28_000.0)));
            v[4][i] = 1.0;
            v[5][i] = s * 1024.0;
        }
        Map<String, MetricSeries> m = new LinkedHashMap<>();
        String[] names = {
            MetricNames.LOSS,
            MetricNames.GRAD_NORM,
            MetricNames.STEP_TIME,
            MetricNames.LEARNING_RATE,
            MetricNames.LOSS_SCALE,
            MetricNames.CONSUMED_SAMPLES
        };
        for (int k = 0; k < names.length; k++) {
            m.put(names[k], new MetricSeries(names[k], steps, v[k]));
        }
        return new TrainingLog.Segment(file, m);
    }

    /** Checkpoints every 500 steps on 256 GPUs. */
    public static AnalysisSettings settings() {
        return AnalysisSettings.DEFAULT.withCheckpointEvery(500L).withGpus(256);
    }

    /** 2,048 GPUs, 3.4 s a step, 760,000 steps (30 days), Llama 3's failure rate, 4-minute checkpoints, 8 spare nodes. */
    public static FailureScenario scenario() {
        double interval = FailureScenario.dalyInterval(
                2048, FailureScenario.LLAMA3_FAILURES_PER_GPU_DAY, 240, false, 760_000 * 3.4);
        return new FailureScenario(
                2048,
                8,
                3.4,
                760_000,
                FailureScenario.LLAMA3_FAILURES_PER_GPU_DAY,
                interval,
                240,
                false,
                600,
                8,
                24,
                false,
                8,
                0,
                5,
                0,
                1,
                null);
    }

    public static FailureStudy study() {
        return FailureSimulation.run(scenario(), 300, STUDY_SEED, ProgressListener.NONE, CancellationToken.none());
    }
}
