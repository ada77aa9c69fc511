package dev.sextant.model.serving.validation;

import dev.sextant.model.InputError;
import dev.sextant.model.architecture.ModelArchitecture;
import dev.sextant.model.hardware.GpuSpec;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.serving.BatchingSimulator;
import dev.sextant.model.serving.EngineProfile;
import dev.sextant.model.serving.LengthDistribution;
import dev.sextant.model.serving.ServingFit;
import dev.sextant.model.serving.ServingReplica;
import dev.sextant.model.serving.ServingSpec;
import dev.sextant.model.serving.ServingSpecBuilder;
import dev.sextant.model.serving.WeightStorage;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
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
        return List.copyOf(runs.stream()
                .map(PublishedServingRun::sourceGroup)
                .collect(Collectors.toCollection(LinkedHashSet::new)));
    }

    public List<String> organisations() {
        return List.copyOf(runs.stream()
                .map(PublishedServingRun::organisation)
                .collect(Collectors.toCollection(LinkedHashSet::new)));
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
        int budget = r.maxNumBatchedTokens() != null
                ? r.maxNumBatchedTokens()
                : e.defaultMaxNumBatchedTokens(gpu, maxModelLen);
        if (batch) {
            budget = Math.max(budget, perReplica * r.promptTokens()); // a static batch prefills together
        }
        ServingSpec spec = ServingSpecBuilder.of(m, gpu)
                .engine(e)
                .parallel(r.tp(), 1, r.ep())
                .weights(r.storage() != null ? r.storage() : WeightStorage.of(r.weights()))
                .kvFp8(r.kvFp8())
                .maxModelLen(maxModelLen)
                .batchLimits(seqs, budget)
                .build();
        return new ServingReplica(spec, e.chunkedPrefill() && !batch, null, null, e);
    }

    private static int requestsPerReplica(PublishedServingRun r) {
        return (int) Math.ceil((double) r.requests() / (r.load().kind() == ServingLoad.Kind.BATCH ? 1 : r.replicas()));
    }

    /** The simulator with its default fitted constants. */
    public static double simulate(PublishedServingRun r) {
        return simulate(r, ServingFit.DEFAULT);
    }

    /** The simulator with the fitted constants {@code fit}. */
    public static ServingPredictor simulator(ServingFit fit) {
        return r -> simulate(r, fit);
    }

    /** A measurement's prediction with the fitted constants {@code fit}. */
    public static double simulate(PublishedServingRun r, ServingFit fit) {
        return value(r, run(r, fit));
    }

    /**
     * What a measurement's configuration produces under {@code fit}: the simulated outcome. Measurements of one run that
     * differ only in their metric share it.
     */
    static BatchingSimulator.Outcome run(PublishedServingRun r, ServingFit fit) {
        ServingReplica replica = replica(r).withFit(fit);
        int n = requestsPerReplica(r);
        List<BatchingSimulator.Request> requests = new ArrayList<>();
        if (r.load().kind() == ServingLoad.Kind.RATE) {
            requests = BatchingSimulator.poisson(
                    r.load().value() / r.replicas(),
                    0,
                    n,
                    new LengthDistribution.Constant(r.promptTokens()),
                    new LengthDistribution.Constant(r.outputTokens()),
                    SEED);
        } else {
            for (int i = 0; i < n; i++) {
                requests.add(new BatchingSimulator.Request(0, r.promptTokens(), r.outputTokens()));
            }
        }
        int concurrency = r.load().kind() == ServingLoad.Kind.CONCURRENCY
                ? (int) Math.ceil(r.load().value() / r.replicas())
                : 0;
        return replica.simulate(requests, SEED, concurrency, r.server(), CancellationToken.none());
    }

    /** The metric's value from what {@link #run} produced. */
    static double value(PublishedServingRun r, BatchingSimulator.Outcome o) {
        return switch (r.metric()) {
            case OUTPUT_TPS -> o.throughputTokensPerSecond() * r.replicas();
            case E2E_MS -> 1e3 * mean(o.e2e());
            case TTFT_MS -> 1e3 * mean(o.ttft());
            case ITL_MS -> 1e3 * mean(o.tpot());
            default -> throw new IllegalStateException("unhandled metric " + r.metric());
        };
    }

    /** The configuration a measurement ran: everything but its metric and value. */
    static String configuration(PublishedServingRun r) {
        return String.join(
                "|",
                r.sourceGroup(),
                r.engine().id(),
                r.modelId(),
                r.gpuId(),
                String.valueOf(r.gpus()),
                String.valueOf(r.tp()),
                String.valueOf(r.ep()),
                r.weights().slug(),
                String.valueOf(r.kvFp8()),
                r.load().toString(),
                String.valueOf(r.server()),
                String.valueOf(r.requests()),
                String.valueOf(r.promptTokens()),
                String.valueOf(r.outputTokens()),
                String.valueOf(r.maxNumSeqs()),
                String.valueOf(r.maxNumBatchedTokens()));
    }

    /**
     * Every measurement predicted under {@code fit}, each configuration simulated once and in parallel; NaN where the
     * simulator refuses a configuration.
     */
    public static Map<PublishedServingRun, Double> predictAll(List<PublishedServingRun> runs, ServingFit fit) {
        Map<String, List<PublishedServingRun>> byConfiguration = new LinkedHashMap<>();
        for (PublishedServingRun r : runs) {
            byConfiguration
                    .computeIfAbsent(configuration(r), k -> new ArrayList<>())
                    .add(r);
        }
        Map<PublishedServingRun, Double> out = new ConcurrentHashMap<>();
        byConfiguration.values().parallelStream().forEach(group -> {
            BatchingSimulator.Outcome produced;
            try {
                produced = run(group.get(0), fit);
            } catch (InputError e) {
                group.forEach(r -> out.put(r, Double.NaN));
                return;
            }
            group.forEach(r -> out.put(r, value(r, produced)));
        });
        return out;
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
        return every(predictor, "in-sample");
    }

    /** As {@link #evaluate}, over measurements held out of every fit: the shipped constants on sources never fitted to. */
    public ServingReport heldOut(ServingPredictor predictor) {
        return every(predictor, "held out of every fit");
    }

    private ServingReport every(ServingPredictor predictor, String protocol) {
        List<ServingPrediction> out = new ArrayList<>();
        for (PublishedServingRun r : runs) {
            out.add(predict(predictor, r, ""));
        }
        return new ServingReport(protocol, out);
    }

    /** Leave-one-source-out: each group predicted by {@code fit} of all the other groups' measurements. */
    public ServingReport loso(Function<List<PublishedServingRun>, ServingPredictor> fit) {
        return leaveOut(fit, PublishedServingRun::sourceGroup, "leave-one-source-out");
    }

    /** Leave-one-organisation-out: every group an organisation published held out together. */
    public ServingReport looo(Function<List<PublishedServingRun>, ServingPredictor> fit) {
        return leaveOut(fit, PublishedServingRun::organisation, "leave-one-organisation-out");
    }

    private ServingReport leaveOut(
            Function<List<PublishedServingRun>, ServingPredictor> fit,
            Function<PublishedServingRun, String> key,
            String protocol) {
        ServingPrediction[] out = new ServingPrediction[runs.size()];
        Set<String> keys = runs.stream().map(key).collect(Collectors.toCollection(LinkedHashSet::new));
        for (String k : keys) {
            ServingPredictor p =
                    fit.apply(runs.stream().filter(r -> !key.apply(r).equals(k)).toList());
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
        } catch (InputError e) {
            // e.g. the memory plan holds no request of that length
            return ServingPrediction.refused(r, heldOut, e.getMessage());
        }
        if (!(v > 0) || Double.isInfinite(v)) {
            throw new IllegalStateException("measurement " + r.id() + ": predicted " + v);
        }
        return new ServingPrediction(r, v, heldOut);
    }
}
