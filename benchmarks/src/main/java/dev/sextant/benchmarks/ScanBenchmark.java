package dev.sextant.benchmarks;

import dev.sextant.model.contamination.BenchmarkItem;
import dev.sextant.model.contamination.CorpusScanner;
import dev.sextant.model.contamination.NgramIndex;
import dev.sextant.model.contamination.Normalization;
import dev.sextant.model.contamination.ScanResult;
import dev.sextant.model.contamination.ScanSpec;
import dev.sextant.model.io.BenchmarkItemFiles;
import dev.sextant.model.io.CorpusFiles;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
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
 * Contamination scan throughput (issue 4): a 256 MiB synthetic JSONL corpus against 100,000 benchmark items, on all
 * cores. MB/s = 268 / (seconds per op). The end-to-end comparison with {@code wc -w} is benchmarks/scan-throughput.sh.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(
        value = 1,
        jvmArgs = {"-Xmx2g"})
@Warmup(iterations = 2)
@Measurement(iterations = 5)
public class ScanBenchmark {

    private Path dir;
    private NgramIndex index;
    private ScanSpec spec;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        dir = Files.createTempDirectory("sextant-scan-bench");
        ScanCorpusGenerator.generate(dir, 256L << 20, 100_000);
        spec = new ScanSpec(
                13,
                0.8,
                Normalization.defaults(),
                "text",
                "id",
                Runtime.getRuntime().availableProcessors(),
                3);
        List<BenchmarkItem> items = BenchmarkItemFiles.read(dir.resolve("bench.jsonl"), List.of("question"), "id");
        index = NgramIndex.build(items, 13, spec.normalization());
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        try (Stream<Path> walk = Files.walk(dir)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    @Benchmark
    public ScanResult scan256MiBAgainst100kItems() {
        return CorpusScanner.scan(
                index,
                CorpusFiles.units(List.of(dir.resolve("corpus.jsonl")), CorpusFiles.DEFAULT_CHUNK),
                spec,
                ProgressListener.NONE,
                CancellationToken.none());
    }
}
