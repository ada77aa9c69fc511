package dev.sextant.benchmarks;

import dev.sextant.model.ablation.ChinchillaFit;
import dev.sextant.model.ablation.FormSelection;
import dev.sextant.model.ablation.ScalingLawFit;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * A scaling-law fit at the size the ablations issue sets: 500 runs (N from 10 M to 1 B, 2 to 200 tokens a parameter,
 * loss from Hoffmann et al.'s published law with 1 % noise), fitted from the grid of starts and with 1,000 bootstrap
 * resamples.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 1, time = 5)
@Measurement(iterations = 3, time = 5)
public class AblationBenchmark {

    List<ChinchillaFit.Point> runs;

    @Setup(Level.Trial)
    public void make() {
        SplittableRandom r = new SplittableRandom(3);
        runs = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            double n = Math.exp(Math.log(1e7) + r.nextDouble() * Math.log(100));
            double d = n * Math.exp(Math.log(2) + r.nextDouble() * Math.log(100));
            double loss =
                    (1.69 + 406.4 / Math.pow(n, 0.34) + 410.7 / Math.pow(d, 0.28)) * (1 + 0.01 * r.nextGaussian());
            runs.add(new ChinchillaFit.Point(n, d, loss));
        }
    }

    @Benchmark
    public ChinchillaFit.Parameters fitFiveHundredRuns() {
        return ChinchillaFit.fit(runs);
    }

    @Benchmark
    public ScalingLawFit fitFiveHundredRunsWithThousandBootstraps() {
        return ScalingLawFit.run(runs, 1000, 1, ProgressListener.NONE, CancellationToken.none());
    }

    /** What {@code ablate fit}'s default does: the form chosen by the runs' own extrapolation, then the bootstrapped fit. */
    @Benchmark
    public ScalingLawFit fitFiveHundredRunsAutoFormWithThousandBootstraps() {
        return ScalingLawFit.run(
                runs, FormSelection.choose(runs).form(), 1000, 1, ProgressListener.NONE, CancellationToken.none());
    }
}
