package dev.sextant.model.serving;

import dev.sextant.model.architecture.ModelArchitecture;
import dev.sextant.model.calibration.Calibration;
import dev.sextant.model.hardware.GpuSpec;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.training.ComputeEfficiency;
import java.util.ArrayList;
import java.util.List;

/**
 * One serving replica as the simulator and the capacity planner run it: its KV cache from the memory plan of its
 * {@link ServingSpec}, its step latency, its scheduler, and speculative decoding if used. Pipeline stages run one after
 * another in a step (no micro-batches in flight), which makes the throughput of PP &gt; 1 a conservative estimate.
 *
 * @param speculation speculative decoding, or null
 * @param calibration the measured rates the step latency uses, or null for the catalog defaults
 */
public record ServingReplica(
        ServingSpec spec,
        boolean chunkedPrefill,
        BatchingSimulator.Speculation speculation,
        Calibration calibration,
        EngineProfile engine,
        ServingFit fit) {

    public ServingReplica {
        if (engine == null) {
            engine = EngineProfile.VLLM;
        }
        if (fit == null) {
            fit = ServingFit.DEFAULT;
        }
    }

    /** With the default fitted constants. */
    public ServingReplica(
            ServingSpec spec,
            boolean chunkedPrefill,
            BatchingSimulator.Speculation speculation,
            Calibration calibration,
            EngineProfile engine) {
        this(spec, chunkedPrefill, speculation, calibration, engine, ServingFit.DEFAULT);
    }

    /** Served by vLLM. */
    public ServingReplica(
            ServingSpec spec,
            boolean chunkedPrefill,
            BatchingSimulator.Speculation speculation,
            Calibration calibration) {
        this(spec, chunkedPrefill, speculation, calibration, EngineProfile.VLLM);
    }

    /** vLLM's defaults around the given choices ({@link ServingSpecBuilder}): its memory rule, 16-token blocks, the model's context. */
    public static ServingReplica of(
            ModelArchitecture model,
            GpuSpec gpu,
            int tp,
            WeightFormat weights,
            boolean kvFp8,
            int maxNumSeqs,
            int maxNumBatchedTokens,
            boolean chunkedPrefill) {
        return of(model, gpu, tp, WeightStorage.of(weights), kvFp8, maxNumSeqs, maxNumBatchedTokens, chunkedPrefill);
    }

    /** As above, the weights stored as {@code storage} says (a checkpoint's quantization_config, or a chosen format). */
    public static ServingReplica of(
            ModelArchitecture model,
            GpuSpec gpu,
            int tp,
            WeightStorage storage,
            boolean kvFp8,
            int maxNumSeqs,
            int maxNumBatchedTokens,
            boolean chunkedPrefill) {
        return new ServingReplica(
                ServingSpecBuilder.of(model, gpu)
                        .parallel(tp, 1, 1)
                        .weights(storage)
                        .kvFp8(kvFp8)
                        .batchLimits(maxNumSeqs, maxNumBatchedTokens)
                        .build(),
                chunkedPrefill,
                null,
                null);
    }

    public ServingReplica withSpec(ServingSpec s) {
        return new ServingReplica(s, chunkedPrefill, speculation, calibration, engine, fit);
    }

    public ServingReplica withSpeculation(BatchingSimulator.Speculation s) {
        return new ServingReplica(spec, chunkedPrefill, s, calibration, engine, fit);
    }

    public ServingReplica withCalibration(Calibration c) {
        return new ServingReplica(spec, chunkedPrefill, speculation, c, engine, fit);
    }

    public ServingReplica withEngine(EngineProfile e) {
        return new ServingReplica(spec, chunkedPrefill, speculation, calibration, e, fit);
    }

    public ServingReplica withFit(ServingFit f) {
        return new ServingReplica(spec, chunkedPrefill, speculation, calibration, engine, f);
    }

    /** GPUs of the replica: TP × PP, times the attention replicas of data-parallel attention. */
    public int gpus() {
        return spec.tp() * spec.pp() * spec.attentionReplicas();
    }

    public ServingMemory memory() {
        return ServingMemory.plan(spec);
    }

    /**
     * The step latency: the catalog's published kernel rates, or with a calibration the rates measured on the user's GPU;
     * the engine's host costs, CUDA graphs and attention kernels.
     */
    public StepLatency latency() {
        return new StepLatency(
                spec.model(),
                spec.gpu(),
                spec.tp(),
                spec.ep(),
                spec.weights(),
                spec.kvFp8(),
                calibration == null ? ComputeEfficiency.DEFAULTS : calibration,
                engine,
                fit);
    }

    /** What the step latency's rates come from, and which fitted constants apply to this GPU. */
    public String latencySource() {
        return latency().efficiency().name() + "; engine " + engine.name() + "; " + fit.basis(spec.gpu());
    }

    /** The scheduler over the memory plan's KV blocks; a model that does not fit is refused. */
    public BatchingSimulator.Scheduler scheduler() {
        ServingMemory m = memory();
        if (!m.fits()) {
            throw m.doesNotFitError();
        }
        KvCacheLayout layout = m.kvLayout();
        return new BatchingSimulator.Scheduler(
                spec.maxNumSeqs(),
                spec.maxNumBatchedTokens(),
                chunkedPrefill,
                spec.blockSize(),
                layout.layerBlocks(m.kvBlocks()),
                layout,
                engine.reserveOutput());
    }

    /**
     * The requests through the engine's API server (its fitted time per request, {@link ServingFit#requestSeconds}) and
     * scheduler.
     */
    public BatchingSimulator.Outcome simulate(
            List<BatchingSimulator.Request> requests, long seed, CancellationToken cancel) {
        return simulate(requests, seed, 0, true, cancel);
    }

    /**
     * As above; {@code concurrency} above 0 makes the requests a closed loop of that many in flight; without
     * {@code apiServer} they reach the scheduler directly (an offline benchmark). With data-parallel
     * attention the requests are dealt out in turn to the attention replicas, which run in step around the shared
     * expert layer: one replica's share is simulated, the others' batches drawn from its recent steps
     * ({@link BatchingSimulator.PeerRanks}), each step lasting as long as the slowest replica's own work plus the expert
     * layer over every replica's tokens, and the output counted for all.
     */
    public BatchingSimulator.Outcome simulate(
            List<BatchingSimulator.Request> requests,
            long seed,
            int concurrency,
            boolean apiServer,
            CancellationToken cancel) {
        return simulate(requests, seed, concurrency, apiServer, Double.NaN, Double.NaN, cancel);
    }

    /**
     * Whether the requests' P99 TTFT and P99 TPOT meet the targets (seconds), as {@link #simulate} followed by
     * {@link BatchingSimulator#quantile} would say; a run sure to miss them ends there ({@link P99Watch}).
     */
    boolean meetsP99(
            List<BatchingSimulator.Request> requests,
            long seed,
            boolean apiServer,
            double ttftTarget,
            double tpotTarget,
            CancellationToken cancel) {
        BatchingSimulator.Outcome o = simulate(requests, seed, 0, apiServer, ttftTarget, tpotTarget, cancel);
        return o != null
                && BatchingSimulator.quantile(o.ttft(), 0.99) <= ttftTarget
                && BatchingSimulator.quantile(o.tpot(), 0.99) <= tpotTarget;
    }

    /**
     * {@link #simulate}, ended early (null) when P99 targets are given (NaN: none) and sure to be missed ({@link
     * P99Watch}).
     */
    private BatchingSimulator.Outcome simulate(
            List<BatchingSimulator.Request> requests,
            long seed,
            int concurrency,
            boolean apiServer,
            double ttftTarget,
            double tpotTarget,
            CancellationToken cancel) {
        StepLatency l = latency();
        double front = apiServer ? l.fit().requestSeconds() : 0;
        int ranks = spec.attentionReplicas();
        List<BatchingSimulator.Request> share = requests;
        int rankConcurrency = concurrency;
        if (ranks > 1) {
            // the API server hands every replica's requests over in turn: each replica sees one in ranks of its time
            share = new ArrayList<>();
            for (int i = 0; i < requests.size(); i += ranks) {
                share.add(requests.get(i));
            }
            rankConcurrency = concurrency == 0 ? 0 : Math.max(1, (int) Math.ceil((double) concurrency / ranks));
            front *= ranks;
        }
        P99Watch watch = Double.isNaN(ttftTarget) ? null : new P99Watch(share.size(), ttftTarget, tpotTarget);
        BatchingSimulator.Outcome o =
                BatchingSimulator.run(share, l, scheduler(), speculation, seed, rankConcurrency, front, watch, cancel);
        if (ranks == 1 || o == null) {
            return o;
        }
        return new BatchingSimulator.Outcome(
                o.ttft(),
                o.tpot(),
                o.e2e(),
                o.outputTokens() * ranks,
                o.simulatedSeconds(),
                o.steps(),
                o.preemptions() * ranks,
                o.meanKvUtilisation(),
                o.kvUtilisation(),
                o.kvSeriesSeconds());
    }

    /**
     * Seconds per output token of a lone request at {@code context} tokens: one decode step, or with speculative
     * decoding one verification step and γ draft steps per (1 − α^(γ+1)) / (1 − α) tokens (Leviathan et al.).
     */
    public double singleStreamTpot(double context) {
        StepLatency l = latency();
        double step = l.seconds(0, 0, 1, context);
        if (speculation == null) {
            return step;
        }
        int g = speculation.draftTokens();
        double verify = l.seconds(g, g * context + g * (g + 1) / 2.0, 1, context);
        return (verify + g * speculation.draftCost() * step)
                / SpeculativeDecoding.expectedTokens(speculation.acceptance(), g);
    }
}
