package dev.sextant.benchmarks;

import dev.sextant.model.architecture.ModelCatalog;
import dev.sextant.model.hardware.Cluster;
import dev.sextant.model.hardware.GpuCatalog;
import dev.sextant.model.training.ComputeEfficiency;
import dev.sextant.model.training.LayoutSearch;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Issue 5's search target: every layout of a 530B model on 5,120 A100s (Calculon needs about 20 s for its search of a
 * 530B model on 5,128 GPUs on this machine), and a mixture-of-experts search with expert parallelism.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class TrainingBenchmark {

    @Benchmark
    public LayoutSearch.Result search530BOn5120Gpus() {
        return LayoutSearch.search(
                ModelCatalog.get("gpt-530b"),
                Cluster.of(GpuCatalog.get("a100-sxm-80gb"), 5120, 8, 200),
                2048,
                2560,
                LayoutSearch.Fixed.none(),
                0,
                ComputeEfficiency.DEFAULTS);
    }

    @Benchmark
    public LayoutSearch.Result searchDeepSeekV3On2048Gpus() {
        return LayoutSearch.search(
                ModelCatalog.get("deepseek-v3"),
                Cluster.of(GpuCatalog.get("h100-sxm"), 2048, 8, 400),
                4096,
                8192,
                LayoutSearch.Fixed.none(),
                0,
                ComputeEfficiency.DEFAULTS);
    }
}
