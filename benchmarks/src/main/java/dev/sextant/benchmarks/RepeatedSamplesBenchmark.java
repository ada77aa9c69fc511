package dev.sextant.benchmarks;

import dev.sextant.model.evaluation.RepeatedSamples;
import dev.sextant.model.job.CancellationToken;
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
 * Repeated samples at the scale: 100,000 items answered 10 times each (a million trials, with output tokens),
 * summarised with pass@1, 5, 10, pass^1, 5, 10, majority, consistency, the variance split and every interval from
 * 1,000 two-stage bootstrap rounds.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(
        value = 1,
        jvmArgs = {"-Xmx4g"})
@Warmup(iterations = 2)
@Measurement(iterations = 5)
public class RepeatedSamplesBenchmark {

    List<RepeatedSamples.Trial> trials;

    @Setup(Level.Trial)
    public void setUp() {
        SplittableRandom r = new SplittableRandom(3);
        RepeatedSamples.Sampling s = new RepeatedSamples.Sampling(0.7, 0.95, 4096L);
        trials = new ArrayList<>(1_000_000);
        for (int i = 0; i < 100_000; i++) {
            double p = r.nextDouble();
            String item = "q" + i;
            for (int j = 0; j < 10; j++) {
                trials.add(new RepeatedSamples.Trial(
                        "model",
                        "bench",
                        item,
                        Integer.toString(j),
                        r.nextDouble() < p ? 1 : 0,
                        s,
                        (long) j,
                        Double.NaN,
                        200 + r.nextInt(800),
                        Double.NaN));
            }
        }
    }

    @Benchmark
    public List<RepeatedSamples.Row> summarise100kItemsTimes10() {
        return RepeatedSamples.summarize(
                trials, List.of(1, 5, 10), RepeatedSamples.Prices.NONE, 1, CancellationToken.none());
    }
}
