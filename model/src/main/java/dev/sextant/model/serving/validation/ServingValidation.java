package dev.sextant.model.serving.validation;

import dev.sextant.model.architecture.ModelArchitecture;
import dev.sextant.model.hardware.GpuSpec;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.serving.BatchingSimulator;
import dev.sextant.model.serving.EngineProfile;
import dev.sextant.model.serving.ServingReplica;
import dev.sextant.model.serving.ServingSpec;
import dev.sextant.model.serving.StepLatency;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The serving simulator against published measurements, each run with its published configuration and load. Two
 * protocols, as for training ({@code TrainingValidation}): in-sample ({@link #evaluate}) and leave-one-source-out
 * ({@link #loso}): each source group predicted by a fit made without it.
 */
public final class ServingValidation {

    /** Seed of the Poisson arrivals of rate-driven measurements. */
    static final long SEED = 17;

    private final List<PublishedServingRun> runs;

    public ServingValidation(List<PublishedServingRun> runs) {
        if (runs.isEmpty()) {
            throw new IllegalArgumentException("no published measurements to validate against");
        }
        Set<String> ids = new LinkedHashSet<>();
        for (PublishedServingRun r : runs) {
            if (!ids.add(r.id())) {
                throw new IllegalArgumentException("measurement id " + r.id() + " appears twice");
            }
        }
        this.runs = List.copyOf(runs);
    }

    public List<PublishedServingRun> runs() {
        return runs;
    }

    public List<String> sourceGroups() {
        return List.copyOf(runs.stream().map(PublishedServingRun::sourceGroup).collect(Collectors.toCollection(LinkedHashSet::new)));
    }

    public List<String> organisations() {
        return List.copyOf(runs.stream().map(PublishedServingRun::organisation).collect(Collectors.toCollection(LinkedHashSet::new)));
    }

    /** The replica a measurement ran: its engine's defaults where the source states none. */
    public static ServingReplica replica(PublishedServingRun r) {
        ModelArchitecture m = r.model();
        GpuSpec gpu = r.gpu();
        EngineProfile e = r.engine();
        int maxModelLen = (int) Math.min(m.maxPositions(), (long) r.promptTokens() + r.outputTokens());
        int perReplica = requestsPerReplica(r);
        boolean batch = r.load().kind() == ServingLoad.Kind.BATCH;
        int seqs = batch ? perReplica : r.maxNumSeqs() != null ? r.maxNumSeqs() : e.defaultMaxNumSeqs(gpu);
        int budget = r.maxNumBatchedTokens() != null ? r.maxNumBatchedTokens() : e.defaultMaxNumBatchedTokens(gpu, maxModelLen);
        if (batch) {
            budget = Math.max(budget, perReplica * r.promptTokens()); // a static batch prefills together
        }
        double util = e.gpuMemoryUtilization(gpu.memoryBytes(), dev.sextant.model.serving.ServingMemory.weightsPerGpu(m, r.weights(), r.tp(), 1));
        ServingSpec spec = new ServingSpec(m, gpu, r.tp(), 1, r.weights(), r.kvFp8(), maxModelLen, seqs, budget, util,
                ServingReplica.BLOCK_SIZE, null, null, null);
        return new ServingReplica(spec, e.chunkedPrefill() && !batch, null, null, e);
    }

    private static int requestsPerReplica(PublishedServingRun r) {
        return (int) Math.ceil((double) r.requests() / (r.load().kind() == ServingLoad.Kind.BATCH ? 1 : r.replicas()));
    }

    /** The simulator with its current constants. */
    public static double simulate(PublishedServingRun r) {
        ServingReplica replica = replica(r);
        StepLatency.Prepared step = replica.latency().prepared();
        int n = requestsPerReplica(r);
        switch (r.metric()) {
            case PREFILL_MS:
                return 1e3 * step.seconds(n, (long) n * r.promptTokens(), n * (r.promptTokens() * (r.promptTokens() + 1.0) / 2), 0, 0);
            case DECODE_STEP_MS:
                return 1e3 * step.seconds(0, 0, 0, n, (double) n * r.promptTokens());
            default:
                break;
        }
        List<BatchingSimulator.Request> requests = new ArrayList<>();
        if (r.load().kind() == ServingLoad.Kind.RATE) {
            requests = BatchingSimulator.poisson(r.load().value() / r.replicas(), 0, n,
                    new dev.sextant.model.serving.LengthDistribution.Constant(r.promptTokens()),
                    new dev.sextant.model.serving.LengthDistribution.Constant(r.outputTokens()), SEED);
        } else {
            for (int i = 0; i < n; i++) {
                requests.add(new BatchingSimulator.Request(0, r.promptTokens(), r.outputTokens()));
            }
        }
        int concurrency = r.load().kind() == ServingLoad.Kind.CONCURRENCY ? (int) Math.ceil(r.load().value() / r.replicas()) : 0;
        BatchingSimulator.Outcome o = replica.simulateClosedLoop(requests, concurrency, SEED, CancellationToken.none());
        return switch (r.metric()) {
            case OUTPUT_TPS -> o.throughputTokensPerSecond() * r.replicas();
            case E2E_MS -> 1e3 * mean(o.e2e());
            case TTFT_MS -> 1e3 * mean(o.ttft());
            case ITL_MS -> 1e3 * mean(o.tpot());
            default -> throw new IllegalStateException("unhandled metric " + r.metric());
        };
    }

    private static double mean(double[] v) {
        double s = 0;
        for (double x : v) {
            s += x;
        }
        return s / v.length;
    }

    /** A "fit" that ignores its runs: for predictors without fitted constants. */
    public static Function<List<PublishedServingRun>, ServingPredictor> unfitted(ServingPredictor p) {
        return fitRuns -> p;
    }

    public ServingReport evaluate(ServingPredictor predictor) {
        List<ServingPrediction> out = new ArrayList<>();
        for (PublishedServingRun r : runs) {
            out.add(predict(predictor, r, ""));
        }
        return new ServingReport("in-sample", out);
    }

    /** Leave-one-source-out: each group predicted by {@code fit} of all the other groups' measurements. */
    public ServingReport loso(Function<List<PublishedServingRun>, ServingPredictor> fit) {
        return leaveOut(fit, PublishedServingRun::sourceGroup, "leave-one-source-out");
    }

    /** Leave-one-organisation-out: every group an organisation published held out together. */
    public ServingReport looo(Function<List<PublishedServingRun>, ServingPredictor> fit) {
        return leaveOut(fit, PublishedServingRun::organisation, "leave-one-organisation-out");
    }

    private ServingReport leaveOut(Function<List<PublishedServingRun>, ServingPredictor> fit, Function<PublishedServingRun, String> key,
                                   String protocol) {
        ServingPrediction[] out = new ServingPrediction[runs.size()];
        Set<String> keys = runs.stream().map(key).collect(Collectors.toCollection(LinkedHashSet::new));
        for (String k : keys) {
            ServingPredictor p = fit.apply(runs.stream().filter(r -> !key.apply(r).equals(k)).toList());
            for (int i = 0; i < runs.size(); i++) {
                if (key.apply(runs.get(i)).equals(k)) {
                    out[i] = predict(p, runs.get(i), k);
                }
            }
        }
        return new ServingReport(protocol, List.of(out));
    }

    private static ServingPrediction predict(ServingPredictor p, PublishedServingRun r, String heldOut) {
        double v;
        try {
            v = p.predict(r);
        } catch (dev.sextant.model.InputError e) {
            return ServingPrediction.refused(r, heldOut, e.getMessage()); // e.g. the memory plan holds no request of that length
        }
        if (!(v > 0) || Double.isInfinite(v)) {
            throw new IllegalStateException("measurement " + r.id() + ": predicted " + v);
        }
        return new ServingPrediction(r, v, heldOut);
    }
}
