package dev.sextant.model.serving;

import dev.sextant.model.InputError;
import dev.sextant.model.job.CancellationToken;

/**
 * The traffic a serving plan is judged on: prompt and output lengths, and the P99 latency targets.
 *
 * @param sloTtft P99 time-to-first-token target, seconds
 * @param sloTpot P99 time-per-output-token target, seconds
 * @param seed    for arrivals, lengths and acceptance draws
 */
public record Workload(
        LengthDistribution prompt, LengthDistribution output, double sloTtft, double sloTpot, long seed) {

    public Workload {
        InputError.require(sloTtft > 0, "serving.sloTtft", "the TTFT target must be positive");
        InputError.require(sloTpot > 0, "serving.sloTpot", "the TPOT target must be positive");
    }

    /** Context of a typical decode step: the mean prompt and half the mean output. */
    public double typicalContext() {
        return prompt.mean() + output.mean() / 2;
    }

    /** The highest rate one replica serves within the targets ({@link Capacity#goodput}). */
    public double goodput(ServingReplica replica, CancellationToken cancel) {
        return Capacity.goodput(replica, prompt, output, sloTtft, sloTpot, seed, cancel);
    }
}
