package dev.sextant.model.serving;

/** What a simulated run records: each request's latencies, the output produced, and the KV cache's use over time. */
final class RunRecord {

    private final double[] ttft;
    private final double[] tpot;
    private final double[] e2e;
    private final double horizon;
    private final int points = BatchingSimulator.KV_SERIES_POINTS;
    private final double[] kvBySlice = new double[points];
    private final double[] timeBySlice = new double[points];
    private long outputTokens;
    private double kvWeighted;

    RunRecord(int requests, double horizon) {
        ttft = new double[requests];
        tpot = new double[requests];
        e2e = new double[requests];
        this.horizon = horizon;
    }

    void produced(long tokens) {
        outputTokens += tokens;
    }

    /** A step of {@code dt} seconds starting at {@code t} with {@code used} of the cache taken. */
    void step(double t, double dt, double used) {
        kvWeighted += used * dt;
        int slice = horizon <= 0 ? 0 : (int) Math.min(points - 1, Math.floor(points * t / horizon));
        kvBySlice[slice] += used * dt;
        timeBySlice[slice] += dt;
    }

    /** {@code q}, which arrived at {@code arrival}, finished at {@code t}. */
    void finished(ScheduledSequence q, double arrival, double t) {
        int i = q.index;
        ttft[i] = q.firstToken - arrival;
        e2e[i] = t - arrival;
        // a transferred prompt's first decode step made its second token
        int after = q.request.outputTokens() - (q.transferred ? 2 : 1);
        tpot[i] = after > 0 ? (e2e[i] - ttft[i]) / after : 0;
    }

    /** The time per output token of request {@code i}, once it has finished. */
    double tpot(int i) {
        return tpot[i];
    }

    BatchingSimulator.Outcome outcome(double t, long steps, long preemptions) {
        double[] series = new double[points];
        for (int k = 0; k < points; k++) {
            series[k] = timeBySlice[k] > 0 ? kvBySlice[k] / timeBySlice[k] : 0;
        }
        return new BatchingSimulator.Outcome(
                ttft,
                tpot,
                e2e,
                outputTokens,
                t,
                steps,
                preemptions,
                t > 0 ? kvWeighted / t : 0,
                series,
                horizon > 0 ? horizon / points : 0);
    }
}
