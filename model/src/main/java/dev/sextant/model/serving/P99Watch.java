package dev.sextant.model.serving;

/**
 * Ends a simulation as soon as its P99 latencies are sure to miss their targets, for a goodput search that only asks
 * whether they are met. {@link BatchingSimulator#quantile} interpolates between order statistics: with n values,
 * P99 = v[lo] + (v[lo+1] − v[lo]) · f, lo = ⌊0.99 (n − 1)⌋, so P99 ≥ v[lo]; once n − lo values exceed the target,
 * v[lo] does, and so does P99 however the rest of the run goes. A latency is final when it is known: TTFT at the first
 * token, TPOT when the request finishes. The answer is therefore the one the whole run gives, only sooner; a run that
 * meets its targets runs to the end.
 */
final class P99Watch {

    private final double ttftTarget;
    private final double tpotTarget;
    /** Latencies above the target that make the P99 miss it. */
    private final int limit;

    private int slowFirstTokens;
    private int slowStreams;

    /**
     * @param requests   requests the run simulates (the n of the quantile)
     * @param ttftTarget the P99 time to first token to meet, seconds
     * @param tpotTarget the P99 time per output token to meet, seconds
     */
    P99Watch(int requests, double ttftTarget, double tpotTarget) {
        this.ttftTarget = ttftTarget;
        this.tpotTarget = tpotTarget;
        this.limit = requests - (int) Math.floor(0.99 * (requests - 1));
    }

    void firstToken(double ttft) {
        if (ttft > ttftTarget) {
            slowFirstTokens++;
        }
    }

    void finished(double tpot) {
        if (tpot > tpotTarget) {
            slowStreams++;
        }
    }

    /** Whether the run's P99 TTFT or P99 TPOT is sure to exceed its target. */
    boolean missed() {
        return slowFirstTokens >= limit || slowStreams >= limit;
    }
}
