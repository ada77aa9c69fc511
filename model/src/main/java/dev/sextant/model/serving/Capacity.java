package dev.sextant.model.serving;

import dev.sextant.model.InputError;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ModelLimitException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.DoublePredicate;

/**
 * Replicas over a day. Goodput (DistServe, OSDI'24): the highest request rate at which one replica meets the P99 TTFT
 * and TPOT targets, found by bisection over simulated runs ({@link BatchingSimulator}). Each traffic window then gets
 * ⌈rate · (1 + headroom) / goodput⌉ replicas; with autoscaling a replica must be started one scale-up delay before
 * its window, so a window also provisions for the next one when the delay reaches into it. Fixed provisioning holds the
 * day's peak all day.
 */
public final class Capacity {

    /** Requests simulated per candidate rate in the goodput search. */
    static final int SEARCH_REQUESTS = 3000;
    /** The highest rate a goodput search tries, requests/s: past it the search has failed, not found a capacity. */
    static final double MAX_RATE = 1 << 20;

    /**
     * Requests a goodput search simulates for a replica: enough that its batch fills and a queue can form (at least
     * three full batches), on every attention replica of a data-parallel-attention instance (each simulates its share;
     * with a fixed count, 64 replicas of 1,024 sequences each never filled and met any rate).
     */
    static int searchRequests(ServingReplica r) {
        int perReplica = Math.max(SEARCH_REQUESTS, 3 * r.spec().maxNumSeqs());
        return (int)
                Math.min(Integer.MAX_VALUE / 2, (long) perReplica * r.spec().attentionReplicas());
    }
    /** Halvings of the bracket [r, 2r]: the goodput to 0.2 %, well inside the simulation's own noise. */
    static final int BISECTIONS = 9;

    /** One window of the traffic curve: start in hours from midnight, length in hours, mean rate per second. */
    public record Window(double startHour, double hours, double rate) {}

    /** A window's plan. */
    public record WindowPlan(double startHour, double rate, int replicas, int gpus) {}

    /** The day's plan. */
    public record Plan(
            double goodputPerReplica,
            List<WindowPlan> windows,
            double gpuHours,
            double costPerDay,
            int peakReplicas,
            double fixedGpuHours,
            double fixedCostPerDay) {}

    private Capacity() {}

    /**
     * The highest rate (requests/s) at which P99 TTFT ≤ sloTtft and P99 TPOT ≤ sloTpot on one replica; 0 when not even
     * a trickle meets them.
     */
    public static double goodput(
            ServingReplica replica,
            LengthDistribution prompt,
            LengthDistribution output,
            double sloTtft,
            double sloTpot,
            long seed,
            CancellationToken cancel) {
        replica.scheduler(); // a replica that does not fit is refused before any search
        return highestRate(rate -> meets(rate, replica, prompt, output, sloTtft, sloTpot, seed, cancel));
    }

    /**
     * The highest rate at which {@code meets} holds, assuming it holds up to some rate and fails above: doubling from 1
     * request/s, then {@link #BISECTIONS} halvings of the bracket; 0 when not even 0.001 requests/s meets it.
     */
    static double highestRate(DoublePredicate meets) {
        double lo = 0;
        double hi = 1;
        while (meets.test(hi)) {
            lo = hi;
            hi *= 2;
            if (hi > MAX_RATE) {
                // the bound is not an answer: the simulation could not limit this capacity
                throw new ModelLimitException("the simulation met the latency targets at every rate up to "
                        + String.format(Locale.ROOT, "%,.0f", MAX_RATE)
                        + " requests/s, so it cannot bound this capacity: no answer");
            }
        }
        if (lo == 0 && !meets.test(1e-3)) {
            return 0;
        }
        for (int k = 0; k < BISECTIONS; k++) {
            double mid = (lo + hi) / 2;
            if (meets.test(mid)) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    static boolean meets(
            double rate,
            ServingReplica replica,
            LengthDistribution prompt,
            LengthDistribution output,
            double sloTtft,
            double sloTpot,
            long seed,
            CancellationToken cancel) {
        List<BatchingSimulator.Request> requests =
                BatchingSimulator.poisson(rate, 0, searchRequests(replica), prompt, output, seed);
        return replica.meetsP99(requests, seed, true, sloTtft, sloTpot, cancel);
    }

    /**
     * @param gpusPerReplica GPUs one replica takes (its TP × PP)
     * @param headroom       extra capacity kept above the forecast, e.g. 0.2
     * @param scaleUpHours   time from deciding to add a replica until it serves (model load)
     * @param pricePerGpuHour price of a GPU-hour, 0 when unknown
     */
    public static Plan plan(
            List<Window> traffic,
            double goodput,
            int gpusPerReplica,
            double headroom,
            double scaleUpHours,
            double pricePerGpuHour) {
        if (traffic.isEmpty()) {
            throw new InputError("serving.traffic", "the traffic curve has no windows");
        }
        if (!(goodput > 0)) {
            throw new InputError(
                    "serving.sloTtft",
                    "one replica cannot meet the latency targets at any rate; relax the TTFT or TPOT "
                            + "target, raise TP, or choose a faster GPU");
        }
        int n = traffic.size();
        int[] need = new int[n];
        for (int i = 0; i < n; i++) {
            need[i] = (int) Math.ceil(traffic.get(i).rate() * (1 + headroom) / goodput - 1e-9);
        }
        List<WindowPlan> windows = new ArrayList<>();
        double gpuHours = 0;
        int peak = 0;
        double dayHours = 0;
        for (int i = 0; i < n; i++) {
            Window w = traffic.get(i);
            int replicas = need[i];
            // a replica the next window needs must be started scaleUpHours before it: this window pays for it
            if (i + 1 < n && scaleUpHours > 0) {
                replicas = Math.max(replicas, need[i + 1]);
            }
            replicas = Math.max(replicas, 0);
            windows.add(new WindowPlan(w.startHour(), w.rate(), replicas, replicas * gpusPerReplica));
            gpuHours += replicas * gpusPerReplica * w.hours();
            peak = Math.max(peak, need[i]);
            dayHours += w.hours();
        }
        double fixed = peak * gpusPerReplica * dayHours;
        double perDay = dayHours > 0 ? 24 / dayHours : 1;
        return new Plan(
                goodput,
                windows,
                gpuHours * perDay,
                gpuHours * perDay * pricePerGpuHour,
                peak,
                fixed * perDay,
                fixed * perDay * pricePerGpuHour);
    }
}
