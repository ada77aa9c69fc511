package dev.sextant.model.serving;

import dev.sextant.model.architecture.ModelArchitecture;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;

/**
 * The levers of a serving deployment side by side, each judged on the same workload: memory (weights per GPU, KV
 * tokens, concurrency), a lone request's time per output token, goodput per replica and per GPU at the P99 targets
 * (by simulation, {@link Capacity#goodput}), and the cost of a million output tokens at a GPU-hour price. Levers:
 * weight quantization (FP8, INT8, INT4), an FP8 KV cache, twice or half the tensor parallelism, speculative decoding
 * (Leviathan et al.), batch limits, and a smaller model taking a share of the traffic (a router's split).
 *
 * <p>Accuracy risks are flagged, not computed. Kurtic et al., "Give Me BF16 or Give Me Death? Accuracy-Performance
 * Trade-Offs in LLM Quantization" (arXiv 2411.02355, 2024) report FP8 weights and activations as lossless across
 * Llama 3.1 scales, INT8 W8A8 at 1–3 % degradation, and INT4 weight-only competitive with INT8 on average.
 */
public final class ServingLevers {

    /**
     * A lever: a replica changed in one way; a split names the small model's replica and its share of the requests;
     * {@code disaggregated} runs the replica's prompts and decodes on separate, rate-matched instances of it
     * ({@link Disaggregation}).
     */
    public record Lever(
            String name,
            String change,
            ServingReplica replica,
            ServingReplica small,
            double smallShare,
            String accuracyRisk,
            boolean disaggregated) {

        public Lever(
                String name,
                String change,
                ServingReplica replica,
                ServingReplica small,
                double smallShare,
                String accuracyRisk) {
            this(name, change, replica, small, smallShare, accuracyRisk, false);
        }
    }

    /**
     * One lever's result. Null where it does not apply (a split has no single replica; a replica that does not fit
     * has no latency). {@code problem} says why a lever cannot be used.
     */
    public record Row(
            String name,
            String change,
            Integer gpusPerReplica,
            Double weightsBytesPerGpu,
            Long kvTokens,
            Double maxConcurrency,
            Double singleStreamTpotSeconds,
            Double goodputPerReplica,
            Double goodputPerGpu,
            Double costPerMillionOutputTokens,
            Double costVersusBaseline,
            String accuracyRisk,
            String problem) {}

    /** Optional levers: speculative decoding and a smaller model for simple traffic. */
    public record Options(BatchingSimulator.Speculation speculation, ModelArchitecture smallModel, double smallShare) {
        public static Options none() {
            return new Options(null, null, 0);
        }
    }

    static final String NO_RISK = "none: the model and its numbers are unchanged";

    private ServingLevers() {}

    /** The baseline and every lever that changes something for it. */
    public static List<Lever> standard(ServingReplica base, Options options) {
        List<Lever> out = new ArrayList<>();
        out.add(new Lever("Baseline", describe(base), base, null, 0, NO_RISK));
        out.addAll(formatLevers(base));
        out.addAll(tensorParallelLevers(base));
        if (options.speculation() != null && base.speculation() == null) {
            out.add(speculationLever(base, options.speculation()));
        }
        out.add(new Lever(
                "Disaggregated prefill/decode",
                "prompts and decodes on separate instances of TP " + base.spec().tp() + ", rate-matched",
                base,
                null,
                0,
                NO_RISK,
                true));
        out.addAll(batchLevers(base));
        if (options.smallModel() != null && options.smallShare() > 0) {
            out.add(smallModelLever(base, options.smallModel(), options.smallShare()));
        }
        return out;
    }

    /** Smaller weight formats than the replica's, and an FP8 KV cache when it keeps 16-bit keys and values. */
    private static List<Lever> formatLevers(ServingReplica base) {
        ServingSpec s = base.spec();
        List<Lever> out = new ArrayList<>();
        for (WeightFormat f : WeightFormat.values()) {
            if (f != s.weights() && f.bytesPerWeight() < s.weights().bytesPerWeight() + 1e-9) {
                out.add(new Lever(
                        f.slug().toUpperCase() + " weights",
                        s.weights().slug() + " → " + f.slug(),
                        base.withSpec(with(s, f)),
                        null,
                        0,
                        risk(f)));
            }
        }
        if (!s.kvFp8()) {
            out.add(new Lever(
                    "FP8 KV cache",
                    "16-bit → FP8 keys and values",
                    base.withSpec(copy(s, s.tp(), s.weights(), true, s.maxNumSeqs(), s.maxNumBatchedTokens())),
                    null,
                    0,
                    "low: small changes reported; check long-context tasks"));
        }
        return out;
    }

    /** Twice the TP (up to 8, dividing the heads) and half of it (when even). */
    private static List<Lever> tensorParallelLevers(ServingReplica base) {
        ServingSpec s = base.spec();
        List<Lever> out = new ArrayList<>();
        int heads = s.model().heads();
        if (s.tp() * 2 <= 8 && heads % (s.tp() * 2) == 0) {
            out.add(tensorParallelLever(base, s.tp() * 2));
        }
        if (s.tp() > 1 && s.tp() % 2 == 0) {
            out.add(tensorParallelLever(base, s.tp() / 2));
        }
        return out;
    }

    private static Lever tensorParallelLever(ServingReplica base, int tp) {
        ServingSpec s = base.spec();
        return new Lever(
                "TP " + tp,
                "tensor parallelism " + s.tp() + " → " + tp,
                base.withSpec(copy(s, tp, s.weights(), s.kvFp8(), s.maxNumSeqs(), s.maxNumBatchedTokens())),
                null,
                0,
                NO_RISK);
    }

    private static Lever speculationLever(ServingReplica base, BatchingSimulator.Speculation sp) {
        return new Lever(
                "Speculative decoding",
                String.format(
                        "γ = %d drafts, acceptance %.2f, draft cost %.2f",
                        sp.draftTokens(), sp.acceptance(), sp.draftCost()),
                base.withSpeculation(sp),
                null,
                0,
                "none: rejection sampling keeps the target's output distribution (Leviathan et al.)");
    }

    /** Half the sequences a step, and twice the tokens a step. */
    private static List<Lever> batchLevers(ServingReplica base) {
        ServingSpec s = base.spec();
        return List.of(
                new Lever(
                        "Half the batch",
                        "max_num_seqs " + s.maxNumSeqs() + " → " + Math.max(1, s.maxNumSeqs() / 2),
                        base.withSpec(copy(
                                s,
                                s.tp(),
                                s.weights(),
                                s.kvFp8(),
                                Math.max(1, s.maxNumSeqs() / 2),
                                s.maxNumBatchedTokens())),
                        null,
                        0,
                        NO_RISK),
                new Lever(
                        "Twice the token budget",
                        "max_num_batched_tokens " + s.maxNumBatchedTokens() + " → " + s.maxNumBatchedTokens() * 2,
                        base.withSpec(
                                copy(s, s.tp(), s.weights(), s.kvFp8(), s.maxNumSeqs(), s.maxNumBatchedTokens() * 2)),
                        null,
                        0,
                        NO_RISK));
    }

    /** A share of the traffic routed to a smaller model, on the fewest GPUs it fits. */
    private static Lever smallModelLever(ServingReplica base, ModelArchitecture smallModel, double share) {
        ServingReplica small = smallest(base, smallModel);
        return new Lever(
                "Smaller model for simple traffic",
                String.format(
                        "%.0f%% of requests to %s%s",
                        100 * share,
                        smallModel.name(),
                        small == null ? "" : " (TP " + small.spec().tp() + ")"),
                base,
                small,
                share,
                "depends on the router: the routed share gets the small model's quality; evaluate it on that traffic");
    }

    /**
     * Judges each lever on the workload; levers that cannot run (do not fit, miss the targets at any rate) get their
     * problem instead of numbers.
     *
     * @param pricePerGpuHour 0 when unknown (no costs)
     */
    public static List<Row> compare(
            List<Lever> levers,
            Workload workload,
            double pricePerGpuHour,
            ProgressListener progress,
            CancellationToken cancel) {
        return compare(levers, workload, pricePerGpuHour, null, Double.NaN, progress, cancel);
    }

    /**
     * As above, with the goodput of one replica already searched ({@code known}, by identity, at {@code knownGoodput}
     * requests/s for this workload): a study that has just searched its plan's goodput does not search it again for
     * the baseline row.
     */
    public static List<Row> compare(
            List<Lever> levers,
            Workload workload,
            double pricePerGpuHour,
            ServingReplica known,
            double knownGoodput,
            ProgressListener progress,
            CancellationToken cancel) {
        // levers are independent and deterministic: judged in parallel, reported in order. Each thread takes the next
        // lever not yet taken, the costliest kinds first (a disaggregated plan searches several pools, a split two
        // replicas), so that no long one starts last and leaves the other cores idle
        List<Integer> order = IntStream.range(0, levers.size())
                .boxed()
                .sorted(Comparator.comparingInt(
                        i -> levers.get(i).disaggregated() ? 0 : levers.get(i).smallShare() > 0 ? 1 : 2))
                .toList();
        Row[] judged = new Row[levers.size()];
        AtomicInteger next = new AtomicInteger();
        AtomicInteger done = new AtomicInteger();
        int workers = Math.min(levers.size(), Runtime.getRuntime().availableProcessors());
        IntStream.range(0, workers).parallel().forEach(worker -> {
            for (int k = next.getAndIncrement(); k < order.size(); k = next.getAndIncrement()) {
                int i = order.get(k);
                Lever l = levers.get(i);
                judged[i] = l.disaggregated()
                        ? disaggregated(l, workload, pricePerGpuHour, cancel)
                        : l.smallShare() > 0
                                ? split(l, workload, pricePerGpuHour, cancel)
                                : single(
                                        l,
                                        workload,
                                        pricePerGpuHour,
                                        l.replica() == known ? knownGoodput : Double.NaN,
                                        cancel);
                progress.progress((double) done.incrementAndGet() / levers.size(), "judged " + l.name());
            }
        });
        Double baselineGpg = judged[0].goodputPerGpu();
        List<Row> rows = new ArrayList<>();
        for (Row r : judged) {
            Double versus =
                    r.goodputPerGpu() == null || baselineGpg == null || !(r.goodputPerGpu() > 0) || !(baselineGpg > 0)
                            ? null
                            : baselineGpg / r.goodputPerGpu();
            rows.add(new Row(
                    r.name(),
                    r.change(),
                    r.gpusPerReplica(),
                    r.weightsBytesPerGpu(),
                    r.kvTokens(),
                    r.maxConcurrency(),
                    r.singleStreamTpotSeconds(),
                    r.goodputPerReplica(),
                    r.goodputPerGpu(),
                    r.costPerMillionOutputTokens(),
                    versus,
                    r.accuracyRisk(),
                    r.problem()));
        }
        return rows;
    }

    /** @param known the replica's goodput for {@code w} when already searched, else NaN */
    private static Row single(Lever l, Workload w, double price, double known, CancellationToken cancel) {
        ServingReplica rep = l.replica();
        ServingMemory m = rep.memory();
        if (!m.fits()) {
            return new Row(
                    l.name(),
                    l.change(),
                    rep.gpus(),
                    m.weightsBytesPerGpu(),
                    null,
                    null,
                    null,
                    null,
                    null,
                    null,
                    null,
                    l.accuracyRisk(),
                    String.format("does not fit: %.1f GiB short", -m.kvCacheBytesPerGpu() / ServingMemory.GIB));
        }
        double tpot = rep.singleStreamTpot(w.typicalContext());
        String problem = null;
        double goodput;
        try {
            goodput = Double.isNaN(known) ? w.goodput(rep, cancel) : known;
        } catch (IllegalArgumentException e) {
            goodput = 0;
            problem = e.getMessage();
        }
        if (goodput <= 0 && problem == null) {
            problem = "misses the latency targets at any rate";
        }
        double perGpu = goodput / rep.gpus();
        return new Row(
                l.name(),
                l.change(),
                rep.gpus(),
                m.weightsBytesPerGpu(),
                m.kvTokens(),
                m.maxConcurrency(),
                tpot,
                goodput,
                perGpu,
                cost(perGpu, w, price),
                null,
                l.accuracyRisk(),
                problem);
    }

    /**
     * Prefill and decode instances of the lever's replica, rate-matched ({@link Disaggregation}); the "replica" is the
     * deployment unit of whole instances.
     */
    private static Row disaggregated(Lever l, Workload w, double price, CancellationToken cancel) {
        ServingReplica rep = l.replica();
        ServingMemory m = rep.memory();
        double tpot = rep.singleStreamTpot(w.typicalContext());
        Disaggregation.Disaggregated d =
                Disaggregation.disaggregated(rep, Disaggregation.decodePool(rep, w, cancel), w, null, price, cancel);
        if (d.problem() != null) {
            return new Row(
                    l.name(),
                    l.change(),
                    null,
                    m.weightsBytesPerGpu(),
                    m.kvTokens(),
                    null,
                    tpot,
                    null,
                    null,
                    null,
                    null,
                    l.accuracyRisk(),
                    d.problem());
        }
        String change = String.format(
                Locale.ROOT,
                "%d prefill + %d decode instances of TP %d, KV %.1f ms a request",
                d.prefillInstances(),
                d.decodeInstances(),
                rep.spec().tp(),
                d.kvTransferSecondsPerRequest() * 1e3);
        return new Row(
                l.name(),
                change,
                d.gpus(),
                m.weightsBytesPerGpu(),
                m.kvTokens(),
                m.maxConcurrency(),
                tpot,
                d.goodputPerGpu() * d.gpus(),
                d.goodputPerGpu(),
                d.costPerMillionOutputTokens(),
                null,
                l.accuracyRisk(),
                null);
    }

    /**
     * A share s of the requests to a small model: per unit of traffic the GPUs are (1 − s) / g_big + s / g_small
     * (goodputs per GPU), so the mix's goodput per GPU is their weighted harmonic mean.
     */
    private static Row split(Lever l, Workload w, double price, CancellationToken cancel) {
        if (l.small() == null) {
            return new Row(
                    l.name(),
                    l.change(),
                    null,
                    null,
                    null,
                    null,
                    null,
                    null,
                    null,
                    null,
                    null,
                    l.accuracyRisk(),
                    "the small model does not fit this GPU at TP ≤ 8");
        }
        double big = w.goodput(l.replica(), cancel) / l.replica().gpus();
        double small = w.goodput(l.small(), cancel) / l.small().gpus();
        if (big <= 0 || small <= 0) {
            return new Row(
                    l.name(),
                    l.change(),
                    null,
                    null,
                    null,
                    null,
                    null,
                    null,
                    null,
                    null,
                    null,
                    l.accuracyRisk(),
                    "misses the latency targets at any rate");
        }
        double s = l.smallShare();
        double perGpu = 1 / ((1 - s) / big + s / small);
        double tpot = (1 - s) * l.replica().singleStreamTpot(w.typicalContext())
                + s * l.small().singleStreamTpot(w.typicalContext());
        return new Row(
                l.name(),
                l.change(),
                null,
                null,
                null,
                null,
                tpot,
                null,
                perGpu,
                cost(perGpu, w, price),
                null,
                l.accuracyRisk(),
                null);
    }

    /** Price of a million output tokens at full goodput: price / (requests per GPU-second × output tokens × 3600) × 10⁶. */
    static Double cost(double goodputPerGpu, Workload w, double price) {
        if (!(price > 0) || !(goodputPerGpu > 0)) {
            return null;
        }
        return price * 1e6 / (goodputPerGpu * w.output().mean() * 3600);
    }

    /** The small model's replica at the smallest TP (1, 2, 4, 8) that fits, the base's other settings kept; null if none. */
    static ServingReplica smallest(ServingReplica base, ModelArchitecture small) {
        ServingSpec s = base.spec();
        for (int tp = 1; tp <= 8; tp *= 2) {
            if (small.heads() % tp != 0) {
                continue;
            }
            ServingSpec spec = new ServingSpec(
                    small,
                    s.gpu(),
                    tp,
                    1,
                    s.weights(),
                    s.kvFp8(),
                    Math.min(s.maxModelLen(), small.maxPositions()),
                    s.maxNumSeqs(),
                    s.maxNumBatchedTokens(),
                    s.gpuMemoryUtilization(),
                    s.blockSize(),
                    s.gpuMemoryBytes(),
                    null,
                    null);
            ServingReplica r = new ServingReplica(spec, base.chunkedPrefill(), null, base.calibration(), base.engine());
            if (r.memory().fits()) {
                return r;
            }
        }
        return null;
    }

    static String describe(ServingReplica r) {
        ServingSpec s = r.spec();
        return String.format(
                "%s, TP %d%s, %s weights, %s KV, max_num_seqs %d, token budget %d",
                s.model().name(),
                s.tp(),
                s.pp() > 1 ? ", PP " + s.pp() : "",
                s.weights().slug(),
                s.kvFp8() ? "FP8" : "16-bit",
                s.maxNumSeqs(),
                s.maxNumBatchedTokens());
    }

    static String risk(WeightFormat f) {
        return switch (f) {
            case BF16 -> NO_RISK;
            case FP8 -> "low: FP8 weights and activations reported lossless (Kurtic et al. 2024)";
            case INT8 -> "low: 1–3 % degradation reported for INT8 (Kurtic et al. 2024)";
            case INT4 -> "moderate: 4-bit weights competitive with INT8 on average, larger drops on some tasks; evaluate on yours";
        };
    }

    private static ServingSpec with(ServingSpec s, WeightFormat f) {
        return copy(s, s.tp(), f, s.kvFp8(), s.maxNumSeqs(), s.maxNumBatchedTokens());
    }

    /** The spec with other choices; a measured activation peak no longer holds once the batch or TP changes. */
    private static ServingSpec copy(
            ServingSpec s, int tp, WeightFormat weights, boolean kvFp8, int maxNumSeqs, int maxNumBatchedTokens) {
        boolean sameShape =
                tp == s.tp() && maxNumSeqs == s.maxNumSeqs() && maxNumBatchedTokens == s.maxNumBatchedTokens();
        return new ServingSpec(
                s.model(),
                s.gpu(),
                tp,
                s.pp(),
                weights,
                kvFp8,
                s.maxModelLen(),
                maxNumSeqs,
                maxNumBatchedTokens,
                s.gpuMemoryUtilization(),
                s.blockSize(),
                s.gpuMemoryBytes(),
                sameShape ? s.activationPeakBytes() : null,
                tp == s.tp() ? s.overheadBytes() : null,
                weights == s.weights() ? s.storage() : WeightStorage.of(weights),
                keptEp(s.ep(), tp));
    }

    /** The expert parallelism a changed TP keeps: the same EP where it still divides TP or is a multiple of it, else none. */
    static int keptEp(int ep, int tp) {
        return ep <= tp ? (tp % ep == 0 ? ep : 1) : (ep % tp == 0 ? ep : 1);
    }
}
