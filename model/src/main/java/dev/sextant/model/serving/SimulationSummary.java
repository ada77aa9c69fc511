package dev.sextant.model.serving;

/**
 * A simulated run in numbers that can be kept: latency percentiles, throughput, attainment of the targets, and the KV
 * cache's utilisation over time.
 *
 * @param rate            requests per second offered (Poisson)
 * @param kvUtilisation   share of KV blocks in use over equal slices of the arrival period
 * @param kvSeriesSeconds length of one slice
 */
public record SimulationSummary(
        double rate,
        int requests,
        Percentiles ttft,
        Percentiles tpot,
        Percentiles e2e,
        double throughputTokensPerSecond,
        double sloAttainment,
        double meanKvUtilisation,
        double[] kvUtilisation,
        double kvSeriesSeconds,
        long preemptions,
        double simulatedSeconds) {

    public static SimulationSummary of(double rate, BatchingSimulator.Outcome o, Workload w) {
        Double attainment = o.sloAttainment(w.sloTtft(), w.sloTpot());
        return new SimulationSummary(
                rate,
                o.ttft().length,
                Percentiles.of(o.ttft()),
                Percentiles.of(o.tpot()),
                Percentiles.of(o.e2e()),
                o.throughputTokensPerSecond(),
                attainment == null ? Double.NaN : attainment,
                o.meanKvUtilisation(),
                o.kvUtilisation(),
                o.kvSeriesSeconds(),
                o.preemptions(),
                o.simulatedSeconds());
    }
}
