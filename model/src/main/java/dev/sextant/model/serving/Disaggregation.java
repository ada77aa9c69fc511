package dev.sextant.model.serving;

import dev.sextant.model.InputError;
import dev.sextant.model.hardware.GpuSpec;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ModelLimitException;
import dev.sextant.model.job.ProgressListener;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Disaggregated prefill/decode serving (DistServe, Zhong et al., OSDI'24; Splitwise, Patel et al., ISCA'24; Mooncake,
 * Qin et al., FAST'25; NVIDIA Dynamo; SGLang PD) side by side with aggregated serving of the same traffic.
 * <p>
 * A prefill instance runs prompts only and hands each request's KV cache to a decode instance, which streams the rest
 * of the output. Each pool is simulated on its own ({@link BatchingSimulator}) and judged on its own target: a decode
 * instance on the P99 TPOT, with the wait before its first step held to a quarter of the TTFT target; a prefill instance
 * on the P99 of its time to first token plus the KV transfer, within what the TTFT target leaves after the decode
 * instance's measured P99 wait. The pools are then rate-matched (TensorRT-LLM, "Disaggregated Serving in
 * TensorRT-LLM", tech blog 5: goodput per GPU = rate ÷ (ctx GPUs · gen rate / ctx rate + gen GPUs)), which is
 * 1 / (g_p / R_p + g_d / R_d) requests per GPU-second for instances of g GPUs serving R requests/s; the deployment is the
 * smallest whole number of instances of each kind closest to that. KV transfers overlap the other requests' compute:
 * they add to the request's TTFT, not to an instance's busy time.
 */
public final class Disaggregation {

    /** Share of the TTFT target a decode instance may spend before a transferred request's first decode step. */
    static final double DECODE_WAIT_SHARE = 0.25;
    /** Instances of each kind tried for the whole-number deployment. */
    static final int MAX_INSTANCES = 16;
    /** GPUs of one node: pools that fit in one together transfer over NVLink by default. */
    static final int GPUS_PER_NODE = StepLatency.GPUS_PER_NODE;

    /**
     * The link the KV cache crosses, per GPU and direction: each rank of the smaller instance sends its share over its
     * own link. A transfer takes {@link #FLOOR_SECONDS} plus its bytes at {@link #EFFICIENCY} of the link. Both constants
     * are Mooncake's vLLM v1 disaggregation benchmark (kvcache-ai/Mooncake, docs/source/performance/vllm/
     * vllm-v1-pd-performance.md: Qwen3-8B TP8 → TP8 across two H800 nodes, 8 × ConnectX-7 RoCE of 200 Gb/s): 0.54 ms
     * for 20 MB up to 31.65 ms for 4.5 GB, i.e. a 0.45 ms floor and 148 GB/s marginal over a 200 GB/s line.
     */
    public record KvLink(double gbsPerGpu, String source) {
        public static final double FLOOR_SECONDS = 0.45e-3;
        public static final double EFFICIENCY = 0.75;

        public KvLink {
            InputError.require(
                    gbsPerGpu > 0, "serving.kvLinkGbs", "the KV link bandwidth must be positive, got " + gbsPerGpu);
        }

        /** Seconds to move {@code bytesPerGpu} from each sending GPU. */
        public double seconds(double bytesPerGpu) {
            return FLOOR_SECONDS + bytesPerGpu / (EFFICIENCY * gbsPerGpu * 1e9);
        }

        /** NVLink when both instances fit in one node together, else each GPU's network share. */
        public static KvLink between(GpuSpec gpu, int prefillGpus, int decodeGpus) {
            if (prefillGpus + decodeGpus <= GPUS_PER_NODE) {
                return new KvLink(
                        gpu.linkGBs(),
                        String.format(Locale.ROOT, "%s inside one node, %.0f GB/s per GPU", gpu.link(), gpu.linkGBs()));
            }
            return new KvLink(
                    gpu.networkGbps() / 8,
                    String.format(Locale.ROOT, "network between nodes, %.0f Gb/s per GPU", gpu.networkGbps()));
        }
    }

    /**
     * One pool's instance and what it sustains.
     *
     * @param goodput        requests per second one instance serves within its target
     * @param p99WaitSeconds prefill: P99 time to first token plus transfer; decode: P99 wait until a transferred
     *                       request's first decode step; both at the goodput
     */
    public record Pool(ServingReplica replica, double goodput, double p99WaitSeconds) {
        public int gpus() {
            return replica.gpus();
        }

        /** Requests per second per GPU. */
        public double goodputPerGpu() {
            return goodput / gpus();
        }
    }

    /** Aggregated serving: one kind of replica runs prefill and decode. Goodput per GPU in requests per second. */
    public record Aggregated(
            ServingReplica replica,
            double goodputPerReplica,
            double goodputPerGpu,
            double outputTokensPerSecondPerGpu,
            Double costPerMillionOutputTokens,
            String problem) {
        public int gpusPerReplica() {
            return replica.gpus();
        }
    }

    /**
     * Disaggregated serving.
     *
     * @param prefillInstances         prefill instances of the deployment unit
     * @param decodeInstances          decode instances of the deployment unit
     * @param ratio                    prefill instances per decode instance of that unit
     * @param goodputPerGpu            requests per second per GPU of that unit (the slower pool bounds it)
     * @param rateMatchedGoodputPerGpu the same with fractional instance counts (the blog's rate-matched figure)
     * @param kvBytesPerRequest        KV bytes one mean prompt sends from each GPU of the smaller instance
     * @param kvTransferSecondsPerRequest mean KV transfer time per request
     * @param problem                  why disaggregation cannot meet the targets, or null
     */
    public record Disaggregated(
            Pool prefill,
            Pool decode,
            int prefillInstances,
            int decodeInstances,
            double ratio,
            double goodputPerGpu,
            double outputTokensPerSecondPerGpu,
            double rateMatchedGoodputPerGpu,
            double kvBytesPerRequest,
            double kvTransferSecondsPerRequest,
            KvLink link,
            Double costPerMillionOutputTokens,
            String problem) {
        public int gpus() {
            return prefillInstances * prefill.gpus() + decodeInstances * decode.gpus();
        }
    }

    /** Both, and which serves more requests per GPU within the targets (aggregated on a tie: it is simpler to run). */
    public record Plan(Aggregated aggregated, Disaggregated disaggregated, String better) {}

    /**
     * What the user fixed; null: searched over TP 1, 2, 4, 8 for the best goodput per GPU.
     *
     * @param ep        expert parallelism of every pool (1: none), unless a pool has its own
     * @param prefillEp the prefill instances' own EP, or null for {@code ep}
     * @param decodeEp  the decode instances' own EP, or null for {@code ep}
     * @param kvLinkGbs the KV link per GPU, or null for {@link KvLink#between}
     */
    public record Choices(
            Integer aggregatedTp,
            Integer prefillTp,
            Integer decodeTp,
            int ep,
            Double kvLinkGbs,
            Integer prefillMaxNumBatchedTokens,
            Integer decodeMaxNumSeqs,
            Integer prefillEp,
            Integer decodeEp) {

        /** The pools with the base's batch limits. */
        public Choices(Integer aggregatedTp, Integer prefillTp, Integer decodeTp, int ep, Double kvLinkGbs) {
            this(aggregatedTp, prefillTp, decodeTp, ep, kvLinkGbs, null, null);
        }

        /** Every pool with the same EP. */
        public Choices(
                Integer aggregatedTp,
                Integer prefillTp,
                Integer decodeTp,
                int ep,
                Double kvLinkGbs,
                Integer prefillMaxNumBatchedTokens,
                Integer decodeMaxNumSeqs) {
            this(
                    aggregatedTp,
                    prefillTp,
                    decodeTp,
                    ep,
                    kvLinkGbs,
                    prefillMaxNumBatchedTokens,
                    decodeMaxNumSeqs,
                    null,
                    null);
        }

        /** The prefill instances' EP: their own, else the shared one. */
        public int prefillEpOrShared() {
            return prefillEp != null ? prefillEp : ep;
        }

        /** The decode instances' EP: their own (large EP with data-parallel attention, as DeepSeek serves), else the shared one. */
        public int decodeEpOrShared() {
            return decodeEp != null ? decodeEp : ep;
        }

        public Choices {
            InputError.require(
                    prefillMaxNumBatchedTokens == null || prefillMaxNumBatchedTokens >= 1,
                    "serving.prefillMaxNumBatchedTokens",
                    "the prefill instances' token budget must be at least 1");
            InputError.require(
                    decodeMaxNumSeqs == null || decodeMaxNumSeqs >= 1,
                    "serving.decodeMaxNumSeqs",
                    "the decode instances' most sequences must be at least 1");
            InputError.require(
                    prefillEp == null || prefillEp >= 1,
                    "serving.prefillEp",
                    "the prefill instances' EP must be at least 1");
            InputError.require(
                    decodeEp == null || decodeEp >= 1,
                    "serving.decodeEp",
                    "the decode instances' EP must be at least 1");
        }

        public static Choices searchAll() {
            return new Choices(null, null, null, 1, null);
        }
    }

    private Disaggregation() {}

    /**
     * Plans both ways from {@code base} (the model, GPU, weights, engine and batch limits; its TP and EP are replaced
     * as {@code choices} say).
     */
    public static Plan plan(
            ServingReplica base,
            Workload workload,
            Choices choices,
            double pricePerGpuHour,
            ProgressListener progress,
            CancellationToken cancel) {
        InputError.require(
                choices.kvLinkGbs() == null || choices.kvLinkGbs() > 0,
                "serving.kvLinkGbs",
                "the KV link bandwidth must be positive, got " + choices.kvLinkGbs());
        List<ServingReplica> agg = candidates(base, choices.aggregatedTp(), choices.ep(), "serving.tp");
        List<ServingReplica> pre = candidates(
                prefillBase(base, choices), choices.prefillTp(), choices.prefillEpOrShared(), "serving.prefillTp");
        List<ServingReplica> dec = candidates(
                decodeBase(base, choices), choices.decodeTp(), choices.decodeEpOrShared(), "serving.decodeTp");
        if (agg.isEmpty() && pre.isEmpty()) {
            throw new InputError(
                    "serving.tp",
                    "the model fits no TP of 1, 2, 4 or 8 with EP " + choices.ep() + ": "
                            + base.memory().doesNotFit());
        }
        int total = agg.size() + pre.size() * dec.size() + dec.size();
        AtomicInteger done = new AtomicInteger();
        Runnable tick = () -> progress.progress(Math.min(1, (double) done.incrementAndGet() / total), "judging pools");
        Aggregated bestAgg = bestAggregated(agg, workload, pricePerGpuHour, tick, cancel);
        Disaggregated bestDis = bestDisaggregated(pre, dec, workload, choices, pricePerGpuHour, tick, cancel);
        if (bestAgg == null) {
            bestAgg = new Aggregated(base, 0, 0, 0, null, "does not fit at TP 1, 2, 4 or 8");
        }
        if (bestDis == null) {
            throw new InputError(
                    "serving.tp",
                    "no prefill or decode instance fits at TP 1, 2, 4 or 8: "
                            + base.memory().doesNotFit());
        }
        String better = bestDis.goodputPerGpu() > bestAgg.goodputPerGpu() ? "disaggregated" : "aggregated";
        return new Plan(bestAgg, bestDis, better);
    }

    /** A prefill instance: the replica with its own token budget a step, when one is chosen. */
    private static ServingReplica prefillBase(ServingReplica base, Choices choices) {
        ServingSpec b = base.spec();
        return base.withSpec(b.withBatchLimits(
                b.maxNumSeqs(),
                choices.prefillMaxNumBatchedTokens() != null
                        ? choices.prefillMaxNumBatchedTokens()
                        : b.maxNumBatchedTokens()));
    }

    /** A decode instance: the replica with its own most sequences, when chosen. */
    private static ServingReplica decodeBase(ServingReplica base, Choices choices) {
        ServingSpec b = base.spec();
        return base.withSpec(b.withBatchLimits(
                choices.decodeMaxNumSeqs() != null ? choices.decodeMaxNumSeqs() : b.maxNumSeqs(),
                b.maxNumBatchedTokens()));
    }

    /** The aggregated candidate with the most goodput per GPU (the first of equals), or null when none fits. */
    private static Aggregated bestAggregated(
            List<ServingReplica> agg,
            Workload workload,
            double pricePerGpuHour,
            Runnable tick,
            CancellationToken cancel) {
        Aggregated best = null;
        for (Aggregated a : agg.parallelStream()
                .map(r -> {
                    Aggregated x = aggregated(r, workload, pricePerGpuHour, cancel);
                    tick.run();
                    return x;
                })
                .toList()) {
            if (best == null || a.goodputPerGpu() > best.goodputPerGpu()) {
                best = a;
            }
        }
        return best;
    }

    /** The best pairing of a prefill candidate with a decode pool ({@link #better}), or null when none fits. */
    private static Disaggregated bestDisaggregated(
            List<ServingReplica> pre,
            List<ServingReplica> dec,
            Workload workload,
            Choices choices,
            double pricePerGpuHour,
            Runnable tick,
            CancellationToken cancel) {
        // decode instances first: their measured wait is part of what the prefill instances' TTFT budget leaves
        List<Pool> decodes = dec.parallelStream()
                .map(r -> {
                    Pool p = decodePool(r, workload, cancel);
                    tick.run();
                    return p;
                })
                .toList();
        record Pairing(ServingReplica prefill, Pool decode) {}
        List<Pairing> pairings = new ArrayList<>();
        for (Pool d : decodes) {
            for (ServingReplica p : pre) {
                pairings.add(new Pairing(p, d));
            }
        }
        Disaggregated best = null;
        for (Disaggregated dis : pairings.parallelStream()
                .map(x -> {
                    Disaggregated y = disaggregated(
                            x.prefill(), x.decode(), workload, choices.kvLinkGbs(), pricePerGpuHour, cancel);
                    tick.run();
                    return y;
                })
                .toList()) {
            if (best == null || better(dis, best)) {
                best = dis;
            }
        }
        return best;
    }

    private static boolean better(Disaggregated a, Disaggregated b) {
        if (a.goodputPerGpu() != b.goodputPerGpu()) {
            return a.goodputPerGpu() > b.goodputPerGpu();
        }
        return a.gpus() < b.gpus();
    }

    /** The base at each TP that is fixed or, when null, at 1, 2, 4, 8 where the spec is valid and the model fits. */
    static List<ServingReplica> candidates(ServingReplica base, Integer tp, int ep) {
        return candidates(base, tp, ep, "serving.tp");
    }

    /** As above; a fixed TP that is invalid or does not fit is an input error about {@code field}. */
    static List<ServingReplica> candidates(ServingReplica base, Integer tp, int ep, String field) {
        List<ServingReplica> out = new ArrayList<>();
        if (tp != null) {
            InputError.require(tp >= 1 && tp <= 64, field, "TP must lie in 1..64, got " + tp);
            try {
                ServingReplica r = at(base, tp, ep);
                if (!r.memory().fits()) {
                    throw new InputError(field, r.memory().doesNotFit());
                }
                out.add(r);
            } catch (InputError e) {
                throw e.field().equals("serving.ep") || e.field().equals(field)
                        ? e
                        : new InputError(field, e.getMessage());
            }
            return out;
        }
        for (int t = 1; t <= GPUS_PER_NODE; t *= 2) {
            try {
                ServingReplica r = at(base, t, ep);
                if (r.memory().fits()) {
                    out.add(r);
                }
            } catch (InputError e) {
                // this TP does not divide the heads or fit the EP: not a candidate
            }
        }
        return out;
    }

    /**
     * The base at another TP and EP; an engine whose KV share follows the weights (TensorRT-LLM, LMDeploy) recomputes it,
     * others keep the base's memory utilisation.
     */
    private static ServingReplica at(ServingReplica base, int tp, int ep) {
        ServingSpec s = base.spec().withTp(tp, ep);
        return base.withSpec(
                base.engine().memoryFollowsWeights() ? base.engine().withMemoryRule(s) : s);
    }

    static Aggregated aggregated(ServingReplica r, Workload w, double price, CancellationToken cancel) {
        double goodput = w.goodput(r, cancel);
        double perGpu = goodput / r.gpus();
        return new Aggregated(
                r,
                goodput,
                perGpu,
                perGpu * w.output().mean(),
                ServingLevers.cost(perGpu, w, price),
                goodput > 0 ? null : "misses the latency targets at any rate");
    }

    /** A decode instance's goodput: P99 TPOT within target, P99 wait for the first decode step within its share of TTFT. */
    static Pool decodePool(ServingReplica r, Workload w, CancellationToken cancel) {
        double goodput;
        try {
            goodput = Capacity.highestRate(rate -> r.meetsP99(
                    prefilled(requests(rate, w, r)),
                    w.seed(),
                    false,
                    DECODE_WAIT_SHARE * w.sloTtft(),
                    w.sloTpot(),
                    cancel));
        } catch (ModelLimitException e) {
            throw new ModelLimitException("a decode instance at TP " + r.spec().tp() + ", EP "
                    + r.spec().ep() + ": " + e.getMessage());
        }
        double wait = 0;
        if (goodput > 0) {
            BatchingSimulator.Outcome o = r.simulate(prefilled(requests(goodput, w, r)), w.seed(), 0, false, cancel);
            wait = BatchingSimulator.quantile(o.ttft(), 0.99);
        }
        return new Pool(r, goodput, wait);
    }

    /** Prefill instances of {@code p} feeding decode instances {@code d}, rate-matched. */
    static Disaggregated disaggregated(
            ServingReplica p, Pool d, Workload w, Double kvLinkGbs, double price, CancellationToken cancel) {
        if (kvLinkGbs != null) {
            return disaggregated(p, d, w, new KvLink(kvLinkGbs, "given"), price, cancel);
        }
        // across nodes unless the whole deployment unit fits in one node, where NVLink carries the KV
        Disaggregated network =
                disaggregated(p, d, w, KvLink.between(p.spec().gpu(), GPUS_PER_NODE, GPUS_PER_NODE), price, cancel);
        if (network.problem() == null && network.gpus() > GPUS_PER_NODE || p.gpus() + d.gpus() > GPUS_PER_NODE) {
            return network;
        }
        Disaggregated node = disaggregated(p, d, w, KvLink.between(p.spec().gpu(), p.gpus(), d.gpus()), price, cancel);
        return node.problem() == null && node.gpus() <= GPUS_PER_NODE ? node : network;
    }

    private static Disaggregated disaggregated(
            ServingReplica p, Pool d, Workload w, KvLink link, double price, CancellationToken cancel) {
        double bytesPerTokenPerGpu = transferBytesPerTokenPerGpu(p, d.replica());
        double meanBytes = bytesPerTokenPerGpu * w.prompt().mean();
        double meanTransfer = link.seconds(meanBytes);
        double budget = w.sloTtft() - d.p99WaitSeconds();
        double prefillGoodput = 0;
        double prefillWait = 0;
        if (d.goodput() > 0 && budget > 0) {
            prefillGoodput = Capacity.highestRate(
                    rate -> prefillTtftP99(p, w, rate, link, bytesPerTokenPerGpu, cancel) <= budget);
            if (prefillGoodput > 0) {
                prefillWait = prefillTtftP99(p, w, prefillGoodput, link, bytesPerTokenPerGpu, cancel);
            }
        }
        Pool prefill = new Pool(p, prefillGoodput, prefillWait);
        if (prefillGoodput <= 0 || d.goodput() <= 0) {
            String problem = d.goodput() <= 0
                    ? "a decode instance misses the TPOT target at any rate"
                    : "a prefill instance misses the TTFT target at any rate (with the KV transfer and the decode instance's wait)";
            return new Disaggregated(prefill, d, 0, 0, 0, 0, 0, 0, meanBytes, meanTransfer, link, null, problem);
        }
        double matched = 1 / (prefill.gpus() / prefillGoodput + d.gpus() / d.goodput());
        double best = 0;
        for (int np = 1; np <= MAX_INSTANCES; np++) {
            for (int nd = 1; nd <= MAX_INSTANCES; nd++) {
                best = Math.max(best, unitGoodputPerGpu(prefill, np, d, nd));
            }
        }
        // the smallest unit within 2 % of the best: fewer instances are easier to run and to scale in steps
        int bestP = 1;
        int bestD = 1;
        outer:
        for (int size = 2; size <= 2 * MAX_INSTANCES; size++) {
            for (int np = Math.max(1, size - MAX_INSTANCES); np <= Math.min(MAX_INSTANCES, size - 1); np++) {
                if (unitGoodputPerGpu(prefill, np, d, size - np) >= 0.98 * best) {
                    bestP = np;
                    bestD = size - np;
                    break outer;
                }
            }
        }
        best = unitGoodputPerGpu(prefill, bestP, d, bestD);
        return new Disaggregated(
                prefill,
                d,
                bestP,
                bestD,
                (double) bestP / bestD,
                best,
                best * w.output().mean(),
                matched,
                meanBytes,
                meanTransfer,
                link,
                ServingLevers.cost(best, w, price),
                null);
    }

    /** Requests/s per GPU of a unit of whole prefill and decode instances: the slower pool bounds it, all GPUs count. */
    private static double unitGoodputPerGpu(Pool prefill, int prefillInstances, Pool decode, int decodeInstances) {
        return Math.min(prefillInstances * prefill.goodput(), decodeInstances * decode.goodput())
                / (prefillInstances * prefill.gpus() + decodeInstances * decode.gpus());
    }

    /**
     * KV bytes per prompt token each sending GPU moves: the instance with fewer GPUs per request (more bytes on each)
     * bounds the transfer.
     */
    private static double transferBytesPerTokenPerGpu(ServingReplica prefill, ServingReplica decode) {
        return Math.max(
                prefill.memory().kvBytesPerTokenPerGpu() * prefill.spec().pp(),
                decode.memory().kvBytesPerTokenPerGpu() * decode.spec().pp());
    }

    /** What a prefill instance runs of each request: its prompt, with the one token the prefill samples. */
    private static List<BatchingSimulator.Request> promptsOnly(List<BatchingSimulator.Request> requests) {
        List<BatchingSimulator.Request> out = new ArrayList<>(requests.size());
        for (BatchingSimulator.Request r : requests) {
            out.add(new BatchingSimulator.Request(r.arrival(), r.promptTokens(), 1));
        }
        return out;
    }

    /** P99 over requests of a prefill instance's time to first token plus the request's own KV transfer. */
    static double prefillTtftP99(
            ServingReplica p,
            Workload w,
            double rate,
            KvLink link,
            double bytesPerTokenPerGpu,
            CancellationToken cancel) {
        List<BatchingSimulator.Request> prompts = promptsOnly(requests(rate, w, p));
        BatchingSimulator.Outcome o = p.simulate(prompts, w.seed(), cancel);
        double[] total = new double[prompts.size()];
        for (int i = 0; i < total.length; i++) {
            total[i] = of(o.ttft(), i, total.length)
                    + link.seconds(bytesPerTokenPerGpu * prompts.get(i).promptTokens());
        }
        return BatchingSimulator.quantile(total, 0.99);
    }

    /**
     * A run through {@code prefillInstances} prefill and {@code decodeInstances} decode instances: requests dealt in turn
     * to each pool (a round-robin router), each prefill instance simulated on its share with one output token, each
     * request's KV transfer, then each decode instance on its share of transferred requests in the order they arrive
     * there.
     *
     * @param ttft   per request: arrival to the decode instance's first step
     * @param tpot   per request: the decode instance's time per output token after that
     * @param e2e    per request: arrival to the last token
     * @param seconds first arrival to last token
     */
    public record Run(double[] ttft, double[] tpot, double[] e2e, long outputTokens, double seconds) {
        public double outputTokensPerSecond() {
            return seconds > 0 ? outputTokens / seconds : 0;
        }
    }

    /** Rounds of the closed loop's fixed point: arrivals from the last round's completions. */
    static final int CLOSED_LOOP_ROUNDS = 8;

    /**
     * As {@link #run(ServingReplica, int, ServingReplica, int, KvLink, List, CancellationToken)} with a client holding
     * {@code concurrency} requests in flight: the first that many arrive at once, each later one when an earlier one
     * finishes. Completions depend on arrivals across both pools, so arrivals are found by a fixed point: start from
     * waves of {@code concurrency} one lone request's time apart, then take each round's completions as the next
     * round's arrivals ({@value #CLOSED_LOOP_ROUNDS} rounds).
     */
    public static Run closedLoop(
            ServingReplica prefill,
            int prefillInstances,
            ServingReplica decode,
            int decodeInstances,
            KvLink link,
            List<BatchingSimulator.Request> requests,
            int concurrency,
            CancellationToken cancel) {
        InputError.require(concurrency >= 1, "serving.concurrency", "the concurrency must be at least 1");
        int n = requests.size();
        Run lone = run(
                prefill,
                1,
                decode,
                1,
                link,
                List.of(new BatchingSimulator.Request(
                        0, requests.get(0).promptTokens(), requests.get(0).outputTokens())),
                cancel);
        double[] arrival = new double[n];
        for (int i = 0; i < n; i++) {
            arrival[i] = (i / concurrency) * lone.e2e()[0];
        }
        Run r = null;
        for (int round = 0; round < CLOSED_LOOP_ROUNDS; round++) {
            List<BatchingSimulator.Request> timed = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                BatchingSimulator.Request q = requests.get(i);
                timed.add(new BatchingSimulator.Request(arrival[i], q.promptTokens(), q.outputTokens()));
            }
            r = run(prefill, prefillInstances, decode, decodeInstances, link, timed, cancel);
            double[] done = new double[n];
            for (int i = 0; i < n; i++) {
                done[i] = arrival[i] + r.e2e()[i];
            }
            Arrays.sort(done);
            double[] next = new double[n];
            for (int i = 0; i < n; i++) {
                next[i] = i < concurrency ? 0 : done[i - concurrency];
            }
            arrival = next;
        }
        return r;
    }

    /** An open-loop run: the requests at their own arrival times (in order of arrival). */
    public static Run run(
            ServingReplica prefill,
            int prefillInstances,
            ServingReplica decode,
            int decodeInstances,
            KvLink link,
            List<BatchingSimulator.Request> requests,
            CancellationToken cancel) {
        InputError.require(
                prefillInstances >= 1 && decodeInstances >= 1,
                "serving.instances",
                "each pool needs at least one instance");
        int n = requests.size();
        double bytesPerTokenPerGpu = transferBytesPerTokenPerGpu(prefill, decode);
        double[] handed = new double[n]; // when the request's KV reaches its decode instance
        for (int k = 0; k < prefillInstances; k++) {
            List<Integer> mine = new ArrayList<>();
            List<BatchingSimulator.Request> share = new ArrayList<>();
            for (int i = k; i < n; i += prefillInstances) {
                mine.add(i);
                share.add(requests.get(i));
            }
            if (share.isEmpty()) {
                continue;
            }
            List<BatchingSimulator.Request> prompts = promptsOnly(share);
            BatchingSimulator.Outcome o = prefill.simulate(prompts, 1, cancel);
            for (int j = 0; j < mine.size(); j++) {
                int i = mine.get(j);
                handed[i] = requests.get(i).arrival()
                        + of(o.ttft(), j, mine.size())
                        + link.seconds(bytesPerTokenPerGpu * requests.get(i).promptTokens());
            }
        }
        double[] ttft = new double[n];
        double[] tpot = new double[n];
        double[] e2e = new double[n];
        long tokens = 0;
        double first = Double.POSITIVE_INFINITY;
        double last = 0;
        for (int k = 0; k < decodeInstances; k++) {
            List<Integer> mine = new ArrayList<>();
            for (int i = k; i < n; i += decodeInstances) {
                mine.add(i);
            }
            if (mine.isEmpty()) {
                continue;
            }
            mine.sort(Comparator.comparingDouble(i -> handed[i]));
            List<BatchingSimulator.Request> transferred = new ArrayList<>();
            for (int i : mine) {
                BatchingSimulator.Request q = requests.get(i);
                transferred.add(new BatchingSimulator.Request(handed[i], q.promptTokens(), q.outputTokens(), true));
            }
            BatchingSimulator.Outcome o = decode.simulate(transferred, 1, 0, false, cancel);
            tokens += o.outputTokens();
            for (int j = 0; j < mine.size(); j++) {
                int i = mine.get(j);
                double arrival = requests.get(i).arrival();
                ttft[i] = handed[i] + of(o.ttft(), j, mine.size()) - arrival;
                tpot[i] = of(o.tpot(), j, mine.size());
                e2e[i] = handed[i] + of(o.e2e(), j, mine.size()) - arrival;
                first = Math.min(first, arrival);
                last = Math.max(last, arrival + e2e[i]);
            }
        }
        return new Run(ttft, tpot, e2e, tokens, n == 0 ? 0 : last - first);
    }

    /**
     * The outcome of the {@code i}-th of {@code n} requests an instance was given. With data-parallel attention an
     * instance simulates one attention replica's share (every replicas-th request) and takes the others to run alike,
     * so its arrays are shorter: request i maps to the share's (i · share / n)-th.
     */
    static double of(double[] values, int i, int n) {
        return values.length == n
                ? values[i]
                : values[Math.min(values.length - 1, (int) ((long) i * values.length / n))];
    }

    private static List<BatchingSimulator.Request> requests(double rate, Workload w, ServingReplica r) {
        return BatchingSimulator.poisson(rate, 0, Capacity.searchRequests(r), w.prompt(), w.output(), w.seed());
    }

    private static List<BatchingSimulator.Request> prefilled(List<BatchingSimulator.Request> rs) {
        List<BatchingSimulator.Request> out = new ArrayList<>(rs.size());
        for (BatchingSimulator.Request r : rs) {
            out.add(r.asPrefilled());
        }
        return out;
    }
}
