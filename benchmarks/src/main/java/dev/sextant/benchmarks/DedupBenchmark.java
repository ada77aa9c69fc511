package dev.sextant.benchmarks;

import dev.sextant.model.data.DedupResult;
import dev.sextant.model.data.DedupSpec;
import dev.sextant.model.data.Deduplicator;
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
 * Deduplication of 256 MB of the scan benchmark's synthetic web corpus (JSON Lines, ≈ 150,000 documents), near (MinHash
 * LSH, 112 bins, 14 × 8 bands) and exact, on both cores; the end-to-end yardstick against {@code wc -w} is
 * {@code benchmarks/dedup-throughput.sh}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 4, time = 2)
public class DedupBenchmark {

    Path dir;

    @Setup(Level.Trial)
    public void write() throws IOException {
        dir = Files.createTempDirectory("sextant-dedup-bench");
        ScanCorpusGenerator.generate(dir, 256L << 20, 0);
    }

    @TearDown(Level.Trial)
    public void clean() throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    private DedupResult run(DedupSpec.Mode mode) {
        return Deduplicator.run(
                CorpusFiles.units(List.of(dir.resolve("corpus.jsonl")), CorpusFiles.DEFAULT_CHUNK),
                DedupSpec.defaults(mode),
                0,
                ProgressListener.NONE,
                CancellationToken.none());
    }

    @Benchmark
    public DedupResult near256MiB() {
        return run(DedupSpec.Mode.NEAR);
    }

    @Benchmark
    public DedupResult exact256MiB() {
        return run(DedupSpec.Mode.EXACT);
    }
}
