package dev.sextant.model.serving;

import dev.sextant.model.training.ModelArchitecture;
import java.util.List;

/**
 * Everything a serving plan is made from, as kept in a project: the replica, the workload (length distributions as
 * their specs: {@code const:N}, {@code uniform:A:B}, {@code lognormal:MEAN:SD}, {@code file:PATH}), the rate to
 * simulate, the day's traffic with the autoscaling settings and price, and the optional levers.
 *
 * @param speculation    speculative decoding to compare as a lever, or null
 * @param smallModel     a smaller model to compare taking {@code smallShare} of the requests, or null
 * @param traffic        the day's windows; empty: no capacity plan
 * @param scaleUpMinutes time to start a replica
 * @param prefixTokens   a prefix many requests share (system prompt, few-shot examples), for prefix caching; 0: none
 * @param prefixShare    share of requests that start with it
 * @param calibration    measured rates for the step latency, or null for the catalog defaults
 */
public record ServingPlanRequest(ServingSpec spec, boolean chunkedPrefill, String promptTokens, String outputTokens, double sloTtft,
                                 double sloTpot, long seed, double rate, List<Capacity.Window> traffic, double headroom, double scaleUpMinutes,
                                 double pricePerGpuHour, BatchingSimulator.Speculation speculation, ModelArchitecture smallModel,
                                 double smallShare, int prefixTokens, double prefixShare,
                                 dev.sextant.model.calibration.Calibration calibration) {

    public ServingPlanRequest {
        traffic = List.copyOf(traffic);
        if (!(sloTtft > 0) || !(sloTpot > 0)) {
            throw new IllegalArgumentException("TTFT target: the TTFT and TPOT targets must be positive");
        }
        if (!(rate > 0)) {
            throw new IllegalArgumentException("Rate: must be positive");
        }
        if (headroom < 0 || scaleUpMinutes < 0 || pricePerGpuHour < 0) {
            throw new IllegalArgumentException("Headroom: headroom, scale-up minutes and price must not be negative");
        }
        if (prefixTokens < 0 || prefixTokens > spec.maxModelLen()) {
            throw new IllegalArgumentException("Shared prefix tokens: must lie in 0.." + spec.maxModelLen());
        }
        if (!(prefixShare >= 0 && prefixShare <= 1)) {
            throw new IllegalArgumentException("Prefix share: must lie in [0, 1]");
        }
        if (!(smallShare >= 0 && smallShare <= 1)) {
            throw new IllegalArgumentException("Small model share: must lie in [0, 1]");
        }
    }

    public ServingReplica replica() {
        if (calibration != null) {
            calibration.check(spec.gpu());
        }
        return new ServingReplica(spec, chunkedPrefill, null, calibration);
    }

    public ServingLevers.Options levers() {
        return new ServingLevers.Options(speculation, smallModel, smallModel == null ? 0 : smallShare);
    }
}
