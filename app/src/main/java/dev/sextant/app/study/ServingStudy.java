package dev.sextant.app.study;

import dev.sextant.model.InputError;
import dev.sextant.model.calibration.Calibration;
import dev.sextant.model.io.ServingFiles;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import dev.sextant.model.serving.BatchingSimulator;
import dev.sextant.model.serving.Capacity;
import dev.sextant.model.serving.Disaggregation;
import dev.sextant.model.serving.EngineComparison;
import dev.sextant.model.serving.EngineProfile;
import dev.sextant.model.serving.LengthDistribution;
import dev.sextant.model.serving.PrefixCaching;
import dev.sextant.model.serving.ServingAnalysis;
import dev.sextant.model.serving.ServingLevers;
import dev.sextant.model.serving.ServingMemory;
import dev.sextant.model.serving.ServingPlanRequest;
import dev.sextant.model.serving.ServingReplica;
import dev.sextant.model.serving.ServingSpec;
import dev.sextant.model.serving.ServingSpecBuilder;
import dev.sextant.model.serving.Workload;
import dev.sextant.workspaces.SavedServingPlan;
import dev.sextant.workspaces.Workspace;
import java.util.List;
import java.util.UUID;
import java.util.function.Consumer;

/**
 * Serving plans, for every face: the memory plan a serving engine makes at start-up, the whole study of a plan
 * (goodput at the P99 targets, latency against rate, the day's replicas, the levers), capacity over a day, the levers
 * side by side, a simulated stream of requests, and the plans kept in a project. The step latency's rates are the
 * catalog defaults or a calibration profile's, and every answer says which. The Serving area, {@code plan serve},
 * {@code plan capacity}, {@code plan levers}, {@code simulate serve} and {@code plan list} take their numbers from
 * here.
 */
public final class ServingStudy {

    private final Workspace ws;
    private final UUID projectId;

    /** A study in a project: plans, and the plans kept there. */
    public ServingStudy(Workspace ws, UUID projectId) {
        this.ws = ws;
        this.projectId = projectId;
    }

    /** A study outside any project: plans only (keeping one needs a project). */
    public ServingStudy() {
        this(null, null);
    }

    /** The memory plan of a replica: weights, activation peak, KV blocks and tokens; it may not fit (see {@link ServingMemory#fits()}). */
    public ServingMemory memory(ServingSpec spec) {
        return ServingMemory.plan(spec);
    }

    /** The memory plan of a replica that must fit; one that does not is refused with what does not fit. */
    public ServingMemory fittingMemory(ServingSpec spec) {
        ServingMemory m = memory(spec);
        if (!m.fits()) {
            throw m.doesNotFitError();
        }
        return m;
    }

    /**
     * What a prefix shared by a share of the requests saves at this memory plan (concurrency, prefill), or null without
     * one (no tokens or no share).
     *
     * @param promptMean the mean prompt length, for the share of prefill saved
     */
    public PrefixCaching prefixCaching(ServingMemory m, int prefixTokens, double share, double promptMean) {
        if (prefixTokens == 0 || share == 0) {
            return null;
        }
        return PrefixCaching.of(
                m.kvTokens(),
                m.spec().maxModelLen(),
                prefixTokens,
                share,
                promptMean,
                m.spec().blockSize());
    }

    /**
     * The replica these settings describe, run by their engine, its step latency from the profile's rates (null: the
     * catalog defaults).
     *
     * @param chunkedPrefill whether prefills are chunked; null for the engine's default
     */
    public ServingReplica replica(ServingSpecBuilder settings, Boolean chunkedPrefill, Calibration profile) {
        EngineProfile engine = settings.engine();
        return new ServingReplica(
                        settings.build(), chunkedPrefill != null ? chunkedPrefill : engine.chunkedPrefill(), null, null)
                .withCalibration(profile)
                .withEngine(engine);
    }

    /**
     * The whole study of a plan: the memory plan, goodput, latency against rate, the run at the rate, the day and the
     * levers. Length distributions that do not read are input errors about their inputs. Cancellable.
     */
    public ServingAnalysis analyse(ServingPlanRequest request, ProgressListener progress, CancellationToken cancel) {
        return analyse(request, progress, cancel, firstPart -> {});
    }

    /** As above, telling {@code firstPart} of the study without its levers while they are judged. */
    public ServingAnalysis analyse(
            ServingPlanRequest request,
            ProgressListener progress,
            CancellationToken cancel,
            Consumer<ServingAnalysis> firstPart) {
        LengthDistribution prompt = ServingFiles.distribution("serving.promptTokens", request.promptTokens());
        LengthDistribution output = ServingFiles.distribution("serving.outputTokens", request.outputTokens());
        return ServingAnalysis.run(request, prompt, output, progress, cancel, firstPart);
    }

    /**
     * Capacity over a day: one replica's goodput at the workload's P99 targets (by simulation), then replicas per window
     * with headroom and scale-up delay, GPU-hours and cost, against fixed provisioning at the peak.
     *
     * @param scaleUpMinutes time from deciding to add a replica until it serves
     */
    public Capacity.Plan capacity(
            ServingReplica replica,
            Workload workload,
            List<Capacity.Window> traffic,
            double headroom,
            double scaleUpMinutes,
            double pricePerGpuHour,
            CancellationToken cancel) {
        double goodput = workload.goodput(replica, cancel);
        return Capacity.plan(traffic, goodput, replica.gpus(), headroom, scaleUpMinutes / 60, pricePerGpuHour);
    }

    /**
     * Aggregated against disaggregated prefill/decode serving of one workload ({@link Disaggregation}): each pool's TP
     * searched over 1, 2, 4, 8 unless fixed, the pools rate-matched, the KV transfer over the link between them.
     */
    public Disaggregation.Plan disaggregation(
            ServingReplica base,
            Workload workload,
            Disaggregation.Choices choices,
            double pricePerGpuHour,
            ProgressListener progress,
            CancellationToken cancel) {
        return Disaggregation.plan(base, workload, choices, pricePerGpuHour, progress, cancel);
    }

    /** As above for a serving plan's replica and workload (its length distributions read as {@link #analyse} reads them). */
    public Disaggregation.Plan disaggregation(
            ServingPlanRequest request,
            Disaggregation.Choices choices,
            ProgressListener progress,
            CancellationToken cancel) {
        Workload w = request.workload(
                ServingFiles.distribution("serving.promptTokens", request.promptTokens()),
                ServingFiles.distribution("serving.outputTokens", request.outputTokens()));
        return disaggregation(request.replica(), w, choices, request.pricePerGpuHour(), progress, cancel);
    }

    /**
     * The standard levers (weight and KV formats, TP, speculative decoding, batch limits, a smaller model) against the
     * replica of {@code spec} with chunked prefill, on one workload. A replica that does not fit is refused first.
     */
    public List<ServingLevers.Row> levers(
            ServingSpec spec,
            Calibration profile,
            ServingLevers.Options options,
            Workload workload,
            double pricePerGpuHour,
            ProgressListener progress,
            CancellationToken cancel) {
        return levers(spec, profile, EngineProfile.VLLM, options, workload, pricePerGpuHour, progress, cancel);
    }

    /** As above, served by {@code engine}. */
    public List<ServingLevers.Row> levers(
            ServingSpec spec,
            Calibration profile,
            EngineProfile engine,
            ServingLevers.Options options,
            Workload workload,
            double pricePerGpuHour,
            ProgressListener progress,
            CancellationToken cancel) {
        fittingMemory(spec);
        List<ServingLevers.Lever> levers =
                ServingLevers.standard(new ServingReplica(spec, true, null, profile, engine), options);
        return ServingLevers.compare(levers, workload, pricePerGpuHour, progress, cancel);
    }

    /**
     * The plan's model, GPU and formats under every serving engine at its own defaults ({@link EngineComparison}), on
     * the plan's workload and targets. Cancellable.
     */
    public List<ServingLevers.Row> engines(
            ServingPlanRequest request, ProgressListener progress, CancellationToken cancel) {
        LengthDistribution prompt = ServingFiles.distribution("serving.promptTokens", request.promptTokens());
        LengthDistribution output = ServingFiles.distribution("serving.outputTokens", request.outputTokens());
        return engines(
                request.spec(),
                request.calibration(),
                request.workload(prompt, output),
                request.pricePerGpuHour(),
                progress,
                cancel);
    }

    /** As above for a replica of {@code spec}; an engine that cannot hold it says so in its row (the others may). */
    public List<ServingLevers.Row> engines(
            ServingSpec spec,
            Calibration profile,
            Workload workload,
            double pricePerGpuHour,
            ProgressListener progress,
            CancellationToken cancel) {
        return EngineComparison.compare(
                new ServingReplica(spec, true, null, profile, EngineProfile.VLLM),
                workload,
                pricePerGpuHour,
                progress,
                cancel);
    }

    /**
     * A simulated run of a replica's continuous batching.
     *
     * @param kvBlocks      KV blocks of the memory plan (as plan serve counts them; the scheduler counts a block once per
     *                      layer that holds it)
     * @param latencySource what the step latency's rates come from
     */
    public record Simulation(BatchingSimulator.Outcome outcome, long kvBlocks, String latencySource) {}

    /** Runs the requests through the replica's scheduler; deterministic for a seed. */
    public Simulation simulate(
            ServingReplica replica, List<BatchingSimulator.Request> requests, long seed, CancellationToken cancel) {
        return simulate(replica, requests, seed, 0, cancel);
    }

    /** As above as a closed loop of {@code concurrency} requests in flight (0: by their arrival times). */
    public Simulation simulate(
            ServingReplica replica,
            List<BatchingSimulator.Request> requests,
            long seed,
            int concurrency,
            CancellationToken cancel) {
        BatchingSimulator.Outcome o = replica.simulate(requests, seed, concurrency, true, cancel);
        return new Simulation(o, replica.memory().kvBlocks(), replica.latencySource());
    }

    /** {@code count} requests for a closed loop: all ready at once, lengths drawn as Poisson arrivals would draw them. */
    public List<BatchingSimulator.Request> closedLoop(
            int count, LengthDistribution prompt, LengthDistribution output, long seed) {
        return BatchingSimulator.poisson(1, 0, count, prompt, output, seed).stream()
                .map(r -> new BatchingSimulator.Request(0, r.promptTokens(), r.outputTokens()))
                .toList();
    }

    /**
     * Requests arriving by {@code process}: {@code poisson} at the rate, or {@code gamma:CV} gaps (bursty above a CV of
     * 1), for {@code duration} seconds or {@code count} requests (0: not bounded by it).
     */
    public List<BatchingSimulator.Request> arrivals(
            String process,
            double rate,
            double duration,
            int count,
            LengthDistribution prompt,
            LengthDistribution output,
            long seed) {
        if (process.equals("poisson")) {
            return BatchingSimulator.poisson(rate, duration, count, prompt, output, seed);
        }
        if (process.startsWith("gamma:")) {
            double cv;
            try {
                cv = Double.parseDouble(process.substring(6));
            } catch (NumberFormatException e) {
                throw new InputError("serving.arrivals", "gamma:CV needs a number, got '" + process + "'");
            }
            return BatchingSimulator.gamma(rate, cv, duration, count, prompt, output, seed);
        }
        throw new InputError("serving.arrivals", "expected poisson, gamma:CV or trace:FILE, got '" + process + "'");
    }

    /** The plans kept in the project, newest first. */
    public List<SavedServingPlan> kept() {
        return workspace().servingPlans().list(project());
    }

    /** Keeps a worked-out plan in the project under {@code name}. */
    public UUID keep(String name, ServingPlanRequest request, ServingAnalysis analysis) {
        return workspace().servingPlans().save(project(), name, request, analysis, false);
    }

    public void delete(UUID keptPlan) {
        workspace().servingPlans().delete(keptPlan);
    }

    private Workspace workspace() {
        if (ws == null) {
            throw new IllegalStateException("kept serving plans need a workspace");
        }
        return ws;
    }

    private UUID project() {
        workspace();
        if (projectId == null) {
            throw new IllegalStateException("kept serving plans need a project");
        }
        return projectId;
    }
}
