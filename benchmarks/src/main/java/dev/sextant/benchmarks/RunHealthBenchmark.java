package dev.sextant.benchmarks;

import dev.sextant.model.io.trainlog.TrainingLogFiles;
import dev.sextant.model.io.trainlog.TrainingLogFormat;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import dev.sextant.model.runhealth.AnalysisSettings;
import dev.sextant.model.runhealth.FailureScenario;
import dev.sextant.model.runhealth.FailureSimulation;
import dev.sextant.model.runhealth.FailureStudy;
import dev.sextant.model.runhealth.LogAnalysis;
import dev.sextant.model.runhealth.TrainingLog;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
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
 * Run health at the scale of a long run: a Megatron-LM stdout log of a million logged steps (≈ 290 MB) read and
 * analysed, and a failure Monte Carlo of 1,000 runs of a 16,384-GPU, 90-day run (about 700 failures each).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 4, time = 2)
public class RunHealthBenchmark {

    Path dir;
    Path log;
    TrainingLog read;

    @Setup(Level.Trial)
    public void write() throws IOException {
        dir = Files.createTempDirectory("sextant-runhealth-bench");
        log = dir.resolve("train.log");
        SplittableRandom r = new SplittableRandom(1);
        try (BufferedWriter w = Files.newBufferedWriter(log)) {
            for (long s = 1; s <= 1_000_000; s++) {
                double loss = (1.8 + 9 * Math.pow(1 + s / 200.0, -0.45)) * (1 + 0.01 * r.nextGaussian());
                w.write(String.format(
                        Locale.ROOT,
                        " [2024-05-01 10:00:00] iteration %8d/ 1000000 | consumed samples: %12d | elapsed time per"
                                + " iteration (ms): %.1f | learning rate: 3.000E-04 | global batch size:  1024 | lm loss: %.6E | loss scale: 1.0 |"
                                + " grad norm: %.3f | number of skipped iterations:   0 | number of nan iterations:   0 |%n",
                        s,
                        s * 1024,
                        1500 + r.nextGaussian(),
                        loss,
                        Math.exp(0.1 * r.nextGaussian())));
            }
        }
        read = readLog();
    }

    @TearDown(Level.Trial)
    public void clean() throws IOException {
        Files.deleteIfExists(log);
        Files.deleteIfExists(dir);
    }

    @Benchmark
    public TrainingLog readMillionStepMegatronLog() {
        return readLog();
    }

    private TrainingLog readLog() {
        return TrainingLogFiles.read(
                List.of(log), TrainingLogFormat.AUTO, ProgressListener.NONE, CancellationToken.none());
    }

    @Benchmark
    public LogAnalysis analyseMillionSteps() {
        return AnalysisSettings.DEFAULT
                .withCheckpointEvery(1000L)
                .withGpus(1024)
                .analyze(read, CancellationToken.none());
    }

    @Benchmark
    public FailureStudy thousandRunsOf16kGpusFor90Days() {
        FailureScenario s = FailureScenario.of(
                16_384, 8, 4, 1_944_000, FailureScenario.LLAMA3_FAILURES_PER_GPU_DAY, 1800, 120, 600);
        return FailureSimulation.run(s, 1000, 1, ProgressListener.NONE, CancellationToken.none());
    }
}
