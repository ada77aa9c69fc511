package dev.sextant.benchmarks;

import dev.sextant.model.architecture.ModelCatalog;
import dev.sextant.model.hardware.GpuCatalog;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import dev.sextant.model.serving.BatchingSimulator;
import dev.sextant.model.serving.DemoServingData;
import dev.sextant.model.serving.Disaggregation;
import dev.sextant.model.serving.LengthDistribution;
import dev.sextant.model.serving.ServingAnalysis;
import dev.sextant.model.serving.ServingReplica;
import dev.sextant.model.serving.StepLatency;
import dev.sextant.model.serving.WeightFormat;
import dev.sextant.model.serving.Workload;
import java.util.List;
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

/** Issue 6's simulator target: one hour of traffic at 50 requests/s (180,000 requests) in a couple of seconds. */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 3)
@Measurement(iterations = 3, time = 3)
public class ServingBenchmark {

    private List<BatchingSimulator.Request> requests;
    private StepLatency latency;

    @Setup(Level.Trial)
    public void setUp() {
        requests = BatchingSimulator.poisson(
                50, 3600, 0, new LengthDistribution.Uniform(200, 2000), new LengthDistribution.LogNormal(250, 150), 1);
        latency = StepLatency.defaults(
                ModelCatalog.get("llama-3-70b"), GpuCatalog.get("h100-sxm"), 8, WeightFormat.FP8, false);
    }

    /**
     * The Serving area's whole study of the demo plan (Llama 3 70B on 4 H100s): goodput search, a nine-point rate sweep,
     * ten minutes at the chosen rate, the day, and eleven levers each with its own goodput search.
     */
    @Benchmark
    public ServingAnalysis studyOfTheDemoPlan() {
        return DemoServingData.study(DemoServingData.request());
    }

    /**
     * {@code plan disagg} for Llama 3.1 70B FP8 on H100 with every TP searched: 4 aggregated replicas, 4 decode and
     * 16 prefill/decode pairs judged by goodput searches.
     */
    @Benchmark
    public Disaggregation.Plan disaggregatedAgainstAggregated70b() {
        var base = ServingReplica.of(
                ModelCatalog.get("llama-3.1-70b"),
                GpuCatalog.get("h100-sxm"),
                8,
                WeightFormat.FP8,
                true,
                256,
                8192,
                true);
        var workload = new Workload(
                new LengthDistribution.Constant(3000), new LengthDistribution.Constant(150), 2.0, 0.025, 1);
        return Disaggregation.plan(
                base, workload, Disaggregation.Choices.searchAll(), 0, ProgressListener.NONE, CancellationToken.none());
    }

    @Benchmark
    public BatchingSimulator.Outcome oneHourAt50RequestsPerSecond() {
        return BatchingSimulator.run(
                requests,
                latency,
                new BatchingSimulator.Scheduler(256, 8192, true, 16, 150_000),
                CancellationToken.none());
    }
}
