package dev.sextant.benchmarks;

import dev.sextant.model.io.IdSet;
import dev.sextant.model.io.RequestLogFile;
import dev.sextant.model.monitoring.Request;
import dev.sextant.model.monitoring.TrafficMonitor;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
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
 * Production monitoring at the scale: one day at 100 requests a second (8.64 million requests, a stable route
 * and a 10 % canary) analysed in 5-minute windows against the stable group with a 99 % objective; and a million-line
 * JSON Lines request log read.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(
        value = 1,
        jvmArgs = {"-Xmx8g"})
@Warmup(iterations = 1)
@Measurement(iterations = 3)
public class MonitoringBenchmark {

    List<Request> day;
    Path dir;
    Path log;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        SplittableRandom r = new SplittableRandom(1);
        Map<String, String> stable = Map.of("route", "stable");
        Map<String, String> canary = Map.of("route", "canary");
        long t0 = 1_764_583_200_000L;
        day = new ArrayList<>(8_640_000);
        for (int i = 0; i < 8_640_000; i++) {
            double out = 50 + r.nextInt(400);
            day.add(new Request(
                    "r" + i,
                    t0 + i * 10L,
                    i % 10 == 0 ? canary : stable,
                    100 + r.nextInt(2000),
                    out,
                    200 + 100 * r.nextDouble(),
                    300 + 20 * out * (1 + 0.1 * r.nextDouble()),
                    r.nextDouble() < 0.01,
                    "ok",
                    "stop",
                    false,
                    Map.of()));
        }
        dir = Files.createTempDirectory("sextant-monitor-bench");
        log = dir.resolve("requests.jsonl");
        try (BufferedWriter w = Files.newBufferedWriter(log)) {
            for (int i = 0; i < 1_000_000; i++) {
                w.write(String.format(
                        Locale.ROOT,
                        "{\"request_id\":\"req-%08d\",\"timestamp\":%d,\"route\":\"%s\",\"input_tokens\":%d,"
                                + "\"output_tokens\":%d,\"latency_ms\":%d,\"status\":\"%s\"}%n",
                        i,
                        t0 + i * 10L,
                        i % 10 == 0 ? "canary" : "stable",
                        50 + r.nextInt(3000),
                        20 + r.nextInt(500),
                        300 + r.nextInt(9000),
                        r.nextDouble() < 0.01 ? "error" : "ok"));
            }
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        Files.deleteIfExists(log);
        Files.deleteIfExists(dir);
    }

    @Benchmark
    public TrafficMonitor.Result analyzeADayAt100PerSecond() {
        return TrafficMonitor.analyze(
                day,
                new TrafficMonitor.Settings(300_000, List.of("route"), 12, Map.of("route", "stable")),
                new TrafficMonitor.Slo(0.01, null, 0.01));
    }

    @Benchmark
    public long readAMillionLineLog() {
        long[] n = {0};
        RequestLogFile.read(log, Map.of(), new IdSet(), x -> n[0]++);
        return n[0];
    }
}
