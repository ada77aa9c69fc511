package dev.sextant.model.serving;

import dev.sextant.model.InputError;
import dev.sextant.model.architecture.ModelArchitecture;
import dev.sextant.model.calibration.Calibration;
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
 * @param engine         the serving engine's id ({@link EngineProfile#of}); null (plans kept before engines): vLLM
 */
public record ServingPlanRequest(
        ServingSpec spec,
        boolean chunkedPrefill,
        String promptTokens,
        String outputTokens,
        double sloTtft,
        double sloTpot,
        long seed,
        double rate,
        List<Capacity.Window> traffic,
        double headroom,
        double scaleUpMinutes,
        double pricePerGpuHour,
        BatchingSimulator.Speculation speculation,
        ModelArchitecture smallModel,
        double smallShare,
        int prefixTokens,
        double prefixShare,
        Calibration calibration,
        String engine) {

    /** Served by vLLM. */
    public ServingPlanRequest(
            ServingSpec spec,
            boolean chunkedPrefill,
            String promptTokens,
            String outputTokens,
            double sloTtft,
            double sloTpot,
            long seed,
            double rate,
            List<Capacity.Window> traffic,
            double headroom,
            double scaleUpMinutes,
            double pricePerGpuHour,
            BatchingSimulator.Speculation speculation,
            ModelArchitecture smallModel,
            double smallShare,
            int prefixTokens,
            double prefixShare,
            Calibration calibration) {
        this(
                spec,
                chunkedPrefill,
                promptTokens,
                outputTokens,
                sloTtft,
                sloTpot,
                seed,
                rate,
                traffic,
                headroom,
                scaleUpMinutes,
                pricePerGpuHour,
                speculation,
                smallModel,
                smallShare,
                prefixTokens,
                prefixShare,
                calibration,
                EngineProfile.VLLM.id());
    }

    public ServingPlanRequest {
        engine = engine == null
                ? EngineProfile.VLLM.id()
                : EngineProfile.of(engine).id();
        traffic = List.copyOf(traffic);
        InputError.require(sloTtft > 0, "serving.sloTtft", "the TTFT target must be positive");
        InputError.require(sloTpot > 0, "serving.sloTpot", "the TPOT target must be positive");
        InputError.require(rate > 0, "serving.rate", "the request rate must be positive");
        InputError.require(headroom >= 0, "serving.headroom", "the headroom must not be negative");
        InputError.require(scaleUpMinutes >= 0, "serving.scaleUpMinutes", "the scale-up minutes must not be negative");
        InputError.require(pricePerGpuHour >= 0, "serving.price", "the price per GPU-hour must not be negative");
        InputError.require(
                prefixTokens >= 0 && prefixTokens <= spec.maxModelLen(),
                "serving.prefixTokens",
                "the shared prefix must lie in 0.." + spec.maxModelLen() + " tokens");
        InputError.require(
                prefixShare >= 0 && prefixShare <= 1, "serving.prefixShare", "the prefix share must lie in [0, 1]");
        InputError.require(
                smallShare >= 0 && smallShare <= 1, "serving.smallShare", "the small model's share must lie in [0, 1]");
    }

    public ServingReplica replica() {
        if (calibration != null) {
            calibration.check(spec.gpu());
        }
        return new ServingReplica(spec, chunkedPrefill, null, calibration, EngineProfile.of(engine));
    }

    /** The traffic this request is judged on, with its length distributions read. */
    public Workload workload(LengthDistribution prompt, LengthDistribution output) {
        return new Workload(prompt, output, sloTtft, sloTpot, seed);
    }

    public ServingLevers.Options levers() {
        return new ServingLevers.Options(speculation, smallModel, smallModel == null ? 0 : smallShare);
    }
}
