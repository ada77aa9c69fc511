package dev.sextant.benchmarks;

import dev.sextant.model.evaluation.ArenaAnalysis;
import dev.sextant.model.evaluation.ArenaResult;
import dev.sextant.model.evaluation.Battle;
import dev.sextant.model.evaluation.ItemScore;
import dev.sextant.model.io.LmEvalSamples;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import dev.sextant.model.statistics.Bootstrap;
import dev.sextant.model.statistics.Interval;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The evaluation targets of issue 3: a bootstrap of 10,000 resamples over 14,000 items (under a second on one core),
 * reading a 100,000-line lm-evaluation-harness samples file (seconds), and Bradley-Terry with 1,000 bootstrap rounds on
 * 1,000,000 battles among 100 models (seconds).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 5, time = 1)
public class EvaluationBenchmark {

    private double[] items;
    private List<Battle> battles;
    private Path samples;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        SplittableRandom random = new SplittableRandom(1);
        items = new double[14_000];
        for (int i = 0; i < items.length; i++) {
            items[i] = random.nextDouble() < 0.7 ? 1 : 0;
        }
        double[] strength = new double[100];
        for (int m = 0; m < 100; m++) {
            strength[m] = 1300 - 6 * m;
        }
        battles = new ArrayList<>(1_000_000);
        String[] winners = {"model_a", "model_b", "tie"};
        for (int n = 0; n < 1_000_000; n++) {
            int a = random.nextInt(100);
            int b = random.nextInt(99);
            if (b >= a) {
                b++;
            }
            double p = 1 / (1 + Math.pow(10, (strength[b] - strength[a]) / 400));
            double u = random.nextDouble();
            Battle.Winner w =
                    u < 0.1 ? Battle.Winner.TIE : u < 0.1 + 0.9 * p ? Battle.Winner.MODEL_A : Battle.Winner.MODEL_B;
            battles.add(new Battle("model-" + a, "model-" + b, w, null, null));
        }
        Path dir = Files.createTempDirectory("sextant-bench-eval");
        samples = dir.resolve("samples_gsm8k_2026-01-01T00-00-00.000.jsonl");
        try (BufferedWriter w = Files.newBufferedWriter(samples)) {
            for (int i = 0; i < 100_000; i++) {
                w.write("{\"doc_id\": " + i + ", \"doc\": {\"question\": \"What is " + i + " plus " + (i * 7 % 13)
                        + "? Show your reasoning step by step.\", \"answer\": \"" + (i + i * 7 % 13)
                        + "\"}, \"target\": \""
                        + (i + i * 7 % 13)
                        + "\", \"arguments\": [[\"Question: ...\", {\"until\": [\"\\n\\n\"]}]], \"resps\": [[\"The answer is "
                        + i + "\"]], \"filtered_resps\": [\"" + i
                        + "\"], \"filter\": \"strict-match\", \"metrics\": [\"exact_match\"], "
                        + "\"doc_hash\": \"abc\", \"prompt_hash\": \"def\", \"target_hash\": \"123\", \"exact_match\": "
                        + (i % 3 == 0 ? "1.0" : "0.0") + "}\n");
            }
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        Files.deleteIfExists(samples);
        Files.deleteIfExists(samples.getParent());
    }

    @Benchmark
    public Interval bootstrap10kOver14kItems() {
        return Bootstrap.meanPercentile(items, 10_000, 0.05, 7, CancellationToken.none());
    }

    @Benchmark
    public List<ItemScore> readSamples100kLines() {
        return LmEvalSamples.read(samples, "bench-model", null);
    }

    @Benchmark
    @Warmup(iterations = 1, time = 1)
    @Measurement(iterations = 3, time = 1)
    @OutputTimeUnit(TimeUnit.SECONDS)
    public ArenaResult bradleyTerry1mBattles100Models1000Rounds() {
        return ArenaAnalysis.analyse(battles, 1000, 3, null, 1000, ProgressListener.NONE, CancellationToken.none());
    }
}
