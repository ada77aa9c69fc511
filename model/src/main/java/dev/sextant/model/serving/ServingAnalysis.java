package dev.sextant.model.serving;

import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.stream.IntStream;

/**
 * A serving plan worked out in full for one request: the memory plan and the concurrency it allows by context length;
 * one replica's goodput at the P99 targets; latency percentiles over a sweep of request rates around it (the knee
 * where the targets break); a run at the chosen rate with the KV cache's utilisation over time; replicas over the day;
 * and the levers compared. Deterministic for the request's seed.
 *
 * @param concurrency       requests that fit at once by context length: {context, requests}
 * @param goodputPerReplica highest rate meeting the targets on one replica, requests/s (0: none)
 * @param sweep             simulated runs at rates around the goodput, in increasing rate
 * @param atRate            the run at the request's rate
 * @param day               replicas over the day, or null without traffic (or without goodput: see notes)
 * @param notes             what could not be worked out, and why
 * @param latencySource     what the step latency's rates come from (catalog defaults or a calibration profile)
 */
public record ServingAnalysis(
        ServingMemory memory,
        List<double[]> concurrency,
        double goodputPerReplica,
        List<SimulationSummary> sweep,
        SimulationSummary atRate,
        Capacity.Plan day,
        List<ServingLevers.Row> levers,
        List<String> notes,
        String latencySource) {

    /** Requests per point of the rate sweep. */
    static final int SWEEP_REQUESTS = 2000;
    /** Multiples of the goodput the sweep visits. */
    static final double[] SWEEP = {0.25, 0.5, 0.75, 0.9, 1.0, 1.1, 1.25, 1.5, 2.0};
    /** The run at the chosen rate covers ten minutes of traffic, between these counts of requests. */
    static final int MIN_RUN_REQUESTS = 2000;

    static final int MAX_RUN_REQUESTS = 100_000;

    public static ServingAnalysis run(
            ServingPlanRequest req,
            LengthDistribution prompt,
            LengthDistribution output,
            ProgressListener progress,
            CancellationToken cancel) {
        return run(req, prompt, output, progress, cancel, firstPart -> {});
    }

    /**
     * As above, telling {@code firstPart} of the study without its levers (an empty list) as soon as everything else is
     * worked out: the levers, each a goodput search of its own, take most of the time, so a user can read the plan
     * while they are judged. Called on the calling thread, before the levers start.
     */
    public static ServingAnalysis run(
            ServingPlanRequest req,
            LengthDistribution prompt,
            LengthDistribution output,
            ProgressListener progress,
            CancellationToken cancel,
            Consumer<ServingAnalysis> firstPart) {
        ServingReplica replica = req.replica();
        ServingMemory memory = replica.memory();
        if (!memory.fits()) {
            throw memory.doesNotFitError();
        }
        Workload w = req.workload(prompt, output);
        List<String> notes = new ArrayList<>();
        progress.progress(0, "goodput of one replica");
        double goodput = w.goodput(replica, cancel);
        progress.progress(0.15, "latency against the request rate");
        double reference = goodput > 0 ? goodput : req.rate();
        if (goodput <= 0) {
            notes.add(
                    "One replica misses the P99 targets even at a trickle of requests: relax the targets, raise TP or choose a faster GPU.");
        }
        // the sweep's points and the run at the rate are independent: simulated in parallel, kept in order
        int n = (int) Math.max(MIN_RUN_REQUESTS, Math.min(MAX_RUN_REQUESTS, req.rate() * 600));
        SimulationSummary[] runs = new SimulationSummary[SWEEP.length + 1];
        AtomicInteger swept = new AtomicInteger();
        IntStream.rangeClosed(0, SWEEP.length).parallel().forEach(i -> {
            runs[i] = i == SWEEP.length
                    ? simulate(replica, w, req.rate(), n, cancel)
                    : simulate(replica, w, reference * SWEEP[i], SWEEP_REQUESTS, cancel);
            progress.progress(0.15 + 0.3 * swept.incrementAndGet() / runs.length, "latency against the request rate");
        });
        List<SimulationSummary> sweep = List.of(Arrays.copyOf(runs, SWEEP.length));
        SimulationSummary atRate = runs[SWEEP.length];
        progress.progress(0.45, "replicas over the day");
        Capacity.Plan day = null;
        if (!req.traffic().isEmpty() && goodput > 0) {
            day = Capacity.plan(
                    req.traffic(),
                    goodput,
                    replica.gpus(),
                    req.headroom(),
                    req.scaleUpMinutes() / 60,
                    req.pricePerGpuHour());
        }
        List<double[]> concurrency = concurrencyByContext(memory);
        firstPart.accept(new ServingAnalysis(
                memory,
                concurrency,
                goodput,
                sweep,
                atRate,
                day,
                List.of(),
                List.copyOf(notes),
                replica.latencySource()));
        List<ServingLevers.Row> levers = ServingLevers.compare(
                ServingLevers.standard(replica, req.levers()),
                w,
                req.pricePerGpuHour(),
                replica,
                goodput,
                progress.slice(0.45, 1),
                cancel);
        return new ServingAnalysis(
                memory, concurrency, goodput, sweep, atRate, day, levers, notes, replica.latencySource());
    }

    static SimulationSummary simulate(
            ServingReplica replica, Workload w, double rate, int requests, CancellationToken cancel) {
        List<BatchingSimulator.Request> arrivals =
                BatchingSimulator.poisson(rate, 0, requests, w.prompt(), w.output(), w.seed());
        return SimulationSummary.of(rate, replica.simulate(arrivals, w.seed(), cancel), w);
    }

    /** Requests that fit at once for contexts from 512 tokens, doubling, up to max_model_len. */
    public static List<double[]> concurrencyByContext(ServingMemory m) {
        List<double[]> out = new ArrayList<>();
        int max = m.spec().maxModelLen();
        for (long len = Math.min(512, max); len < max; len *= 2) {
            out.add(new double[] {len, m.concurrencyAt(len)});
        }
        out.add(new double[] {max, m.concurrencyAt(max)});
        return out;
    }
}
