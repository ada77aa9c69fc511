package dev.sextant.model.training;

import dev.sextant.model.InputError;
import dev.sextant.model.architecture.ModelArchitecture;
import dev.sextant.model.hardware.Cluster;
import dev.sextant.model.hardware.GpuSpec;
import dev.sextant.model.hardware.Precision;
import dev.sextant.model.job.CancellationToken;
import java.util.Optional;

/**
 * What a training plan answers: a model on a cluster for a sequence length and global batch, with whatever layout
 * choices the user fixed, and a token budget.
 *
 * @param model         the architecture (from the catalog or a config.json)
 * @param gpu           the GPU (from the catalog or user-defined)
 * @param gpus          GPUs in the job
 * @param gpusPerNode   GPUs per node sharing NVLink
 * @param interNodeGbps network bandwidth per GPU across nodes, Gb/s
 * @param intraNodeGBs  bandwidth per GPU and direction inside a node, GB/s
 * @param seqLen        sequence length
 * @param globalBatch   sequences per optimizer step
 * @param tokens        token budget (0: none)
 * @param fixed         degrees and options the user fixed
 * @param stack         the training software, for its overlap rules ({@link SoftwareStack#DEFAULT} when null, as in
 *                      requests saved before it existed)
 */
public record TrainingRequest(
        ModelArchitecture model,
        GpuSpec gpu,
        int gpus,
        int gpusPerNode,
        double interNodeGbps,
        double intraNodeGBs,
        int seqLen,
        int globalBatch,
        double tokens,
        LayoutSearch.Fixed fixed,
        SoftwareStack stack,
        MoeDispatcher dispatcher) {

    public TrainingRequest {
        if (stack == null) {
            stack = SoftwareStack.DEFAULT;
        }
        if (dispatcher == null) {
            dispatcher = MoeDispatcher.DEFAULT;
        }
    }

    /** A request with the default MoE dispatcher ({@link MoeDispatcher#DEFAULT}). */
    public TrainingRequest(
            ModelArchitecture model,
            GpuSpec gpu,
            int gpus,
            int gpusPerNode,
            double interNodeGbps,
            double intraNodeGBs,
            int seqLen,
            int globalBatch,
            double tokens,
            LayoutSearch.Fixed fixed,
            SoftwareStack stack) {
        this(
                model,
                gpu,
                gpus,
                gpusPerNode,
                interNodeGbps,
                intraNodeGBs,
                seqLen,
                globalBatch,
                tokens,
                fixed,
                stack,
                MoeDispatcher.DEFAULT);
    }

    /** A request for {@link SoftwareStack#DEFAULT}. */
    public TrainingRequest(
            ModelArchitecture model,
            GpuSpec gpu,
            int gpus,
            int gpusPerNode,
            double interNodeGbps,
            double intraNodeGBs,
            int seqLen,
            int globalBatch,
            double tokens,
            LayoutSearch.Fixed fixed) {
        this(
                model,
                gpu,
                gpus,
                gpusPerNode,
                interNodeGbps,
                intraNodeGBs,
                seqLen,
                globalBatch,
                tokens,
                fixed,
                SoftwareStack.DEFAULT);
    }

    public Cluster cluster() {
        return Cluster.of(gpu, gpus, gpusPerNode, interNodeGbps, intraNodeGBs);
    }

    public LayoutSearch.Result search(ComputeEfficiency efficiency) {
        return search(efficiency, CancellationToken.none());
    }

    public LayoutSearch.Result search(ComputeEfficiency efficiency, CancellationToken cancel) {
        return LayoutSearch.search(
                model, cluster(), seqLen, globalBatch, fixed, tokens, efficiency, stack, dispatcher, cancel);
    }

    /**
     * The one layout the request names when TP, PP, CP and the micro-batch (and EP for a mixture of experts) are all
     * fixed; the rest defaults to EP 1, no interleaving, ZeRO 1, selective recompute, sequence parallelism with TP,
     * BF16, fused attention. Empty when something is left to search.
     */
    public Optional<TrainingLayout> fixedLayout() {
        LayoutSearch.Fixed f = fixed;
        if (f.tp() == null
                || f.pp() == null
                || f.cp() == null
                || f.microBatch() == null
                || f.ep() == null && model.hasExperts()) {
            return Optional.empty();
        }
        int tp = f.tp();
        int pp = f.pp();
        int cp = f.cp();
        InputError.require(tp >= 1, "training.tp", "TP must be at least 1");
        InputError.require(pp >= 1, "training.pp", "PP must be at least 1");
        InputError.require(cp >= 1, "training.cp", "CP must be at least 1");
        InputError.require(
                gpus % (tp * pp * cp) == 0,
                "training.gpus",
                "TP × PP × CP (" + tp * pp * cp + ") must divide the " + gpus + " GPUs");
        return Optional.of(new TrainingLayout(
                tp,
                pp,
                gpus / (tp * pp * cp),
                cp,
                f.ep() == null ? 1 : f.ep(),
                f.vpp() == null ? 1 : f.vpp(),
                f.microBatch(),
                f.zeroStage() == null ? 1 : f.zeroStage(),
                f.recompute() == null ? Recompute.SELECTIVE : f.recompute(),
                f.sequenceParallel() != null ? f.sequenceParallel() : tp > 1,
                f.precision() == null ? Precision.BF16 : f.precision(),
                f.fusedAttention() == null || f.fusedAttention()));
    }

    /** The same request with other fixed choices. */
    public TrainingRequest withFixed(LayoutSearch.Fixed other) {
        return new TrainingRequest(
                model,
                gpu,
                gpus,
                gpusPerNode,
                interNodeGbps,
                intraNodeGBs,
                seqLen,
                globalBatch,
                tokens,
                other,
                stack,
                dispatcher);
    }

    /** The same request for another software stack. */
    public TrainingRequest withStack(SoftwareStack other) {
        return new TrainingRequest(
                model,
                gpu,
                gpus,
                gpusPerNode,
                interNodeGbps,
                intraNodeGBs,
                seqLen,
                globalBatch,
                tokens,
                fixed,
                other,
                dispatcher);
    }

    /** The same request with another MoE dispatcher. */
    public TrainingRequest withDispatcher(MoeDispatcher other) {
        return new TrainingRequest(
                model,
                gpu,
                gpus,
                gpusPerNode,
                interNodeGbps,
                intraNodeGBs,
                seqLen,
                globalBatch,
                tokens,
                fixed,
                stack,
                other);
    }

    public TrainingPlanner planner(ComputeEfficiency efficiency) {
        return new TrainingPlanner(model, cluster(), seqLen, globalBatch, efficiency, stack, dispatcher);
    }

    /** GPUs a node unless told otherwise: eight, as in DGX and HGX nodes. */
    public static final int DEFAULT_GPUS_PER_NODE = 8;

    /**
     * The one way every face assembles a request, with the defaults from one place: the GPU's catalog entry for the
     * links, {@link #DEFAULT_GPUS_PER_NODE}, nothing fixed, {@link SoftwareStack#DEFAULT} and {@link
     * MoeDispatcher#DEFAULT}. {@link Builder#build} checks the GPUs against the GPUs a node.
     */
    public static Builder builder(ModelArchitecture model, GpuSpec gpu) {
        return new Builder(model, gpu);
    }

    /** A builder holding this request's settings, links included, for {@code model} on {@code gpu}. */
    public Builder toBuilder(ModelArchitecture model, GpuSpec gpu) {
        return builder(model, gpu)
                .cluster(gpus, gpusPerNode)
                .links(interNodeGbps, intraNodeGBs)
                .batch(seqLen, globalBatch)
                .tokens(tokens)
                .fixed(fixed)
                .software(stack, dispatcher);
    }

    /** A builder holding this request's settings. */
    public Builder toBuilder() {
        return toBuilder(model, gpu);
    }

    public static final class Builder {
        private final ModelArchitecture model;
        private final GpuSpec gpu;
        private int gpus;
        private int gpusPerNode = DEFAULT_GPUS_PER_NODE;
        private Double interNodeGbps;
        private Double intraNodeGBs;
        private int seqLen;
        private int globalBatch;
        private double tokens;
        private LayoutSearch.Fixed fixed = LayoutSearch.Fixed.none();
        private SoftwareStack stack = SoftwareStack.DEFAULT;
        private MoeDispatcher dispatcher = MoeDispatcher.DEFAULT;

        private Builder(ModelArchitecture model, GpuSpec gpu) {
            this.model = model;
            this.gpu = gpu;
        }

        /** GPUs in the job and GPUs a node sharing NVLink. */
        public Builder cluster(int gpus, int gpusPerNode) {
            this.gpus = gpus;
            this.gpusPerNode = gpusPerNode;
            return this;
        }

        /** Bandwidths per GPU across nodes (Gb/s) and inside a node (GB/s a direction); null: the GPU's catalog entry. */
        public Builder links(Double interNodeGbps, Double intraNodeGBs) {
            this.interNodeGbps = interNodeGbps;
            this.intraNodeGBs = intraNodeGBs;
            return this;
        }

        /** The sequence length and the sequences an optimizer step. */
        public Builder batch(int seqLen, int globalBatch) {
            this.seqLen = seqLen;
            this.globalBatch = globalBatch;
            return this;
        }

        /** The token budget; 0: none. */
        public Builder tokens(double tokens) {
            this.tokens = tokens;
            return this;
        }

        /** The degrees and options the user fixed; the rest is searched. */
        public Builder fixed(LayoutSearch.Fixed fixed) {
            this.fixed = fixed == null ? LayoutSearch.Fixed.none() : fixed;
            return this;
        }

        /** The training software and the MoE dispatcher; null: the defaults. */
        public Builder software(SoftwareStack stack, MoeDispatcher dispatcher) {
            this.stack = stack == null ? SoftwareStack.DEFAULT : stack;
            this.dispatcher = dispatcher == null ? MoeDispatcher.DEFAULT : dispatcher;
            return this;
        }

        public TrainingRequest build() {
            TrainingRequest r = new TrainingRequest(
                    model,
                    gpu,
                    gpus,
                    gpusPerNode,
                    interNodeGbps != null ? interNodeGbps : gpu.networkGbps(),
                    intraNodeGBs != null ? intraNodeGBs : gpu.linkGBs(),
                    seqLen,
                    globalBatch,
                    tokens,
                    fixed,
                    stack,
                    dispatcher);
            r.cluster(); // checks the GPUs against the GPUs a node
            return r;
        }
    }
}
