package dev.sextant.model.serving;

import dev.sextant.model.hardware.GpuCatalog;
import dev.sextant.model.hardware.GpuSpec;
import dev.sextant.model.hardware.Precision;
import dev.sextant.model.training.ComputeEfficiency;
import dev.sextant.model.training.FusedAttention;
import java.util.Locale;

/**
 * Constants of the serving step latency that published kernel figures do not settle, fitted to published serving
 * measurements ({@code validation.ServingFitting}; the validation refits them without each held-out source):
 *
 * @param hopperCompute sustained share of the kernel model's compute rate that serving engines reach on Hopper cards
 *                      (H100, H200, H800, H20): the GEMM and attention tables are best-case kernel runs, an engine's prefill
 *                      runs them among norms, quantisation, sampling and at the clocks its power draw allows
 * @param ampereCompute the same on Ampere (A100)
 * @param cdna3Compute  the same on AMD's CDNA 3 (MI300X, MI325X), fitted on the only bundled AMD measurements, dstack's
 *                      vLLM 0.6.4 ROCm runs of Llama 3.1 405B on 4 and 8 MI300X: it takes in all that ROCm's libraries
 *                      (hipBLASLt GEMMs, its attention kernels, RCCL) and that build's eager mode lose against the
 *                      kernel model's peak-based rates, so it is as good as that one source; AMD's own vLLM ROCm tables
 *                      are held out to check it
 * @param expertSeconds time each expert a step touches adds to a grouped expert GEMM on its GPU when it has a full
 *                      tile of rows (16), seconds, a fraction of it below: the fused MoE kernels' per-expert work
 *                      (routing metadata, gathering and scattering its rows, scheduling its tiles) that the tile model of
 *                      a dense GEMM does not have and that grows with the rows an expert gets, so a decode step's experts
 *                      of one or two tokens pay little of it
 * @param requestSeconds time an OpenAI-compatible API server spends on each request before the engine sees it (parse,
 *                      chat template, tokenize, hand over), one at a time; measurements fed offline skip it
 */
public record ServingFit(
        double hopperCompute, double ampereCompute, double cdna3Compute, double expertSeconds, double requestSeconds) {

    /** Nothing fitted: the kernel figures as published, no per-expert or per-request cost. */
    public static final ServingFit NONE = new ServingFit(1, 1, 1, 0, 0);

    /**
     * The fit over every bundled measurement ({@code validation.ServingFitting.fit}; the opt-in ServingLosoTest fails
     * when a change moves it): Hopper engines at 0.81, Ampere at 0.80 and MI300X at 0.39 of the kernel model's compute
     * rate, 8.9 µs a touched expert with a full tile and GEMM, 3.1 ms a request through an API server.
     */
    public static final ServingFit DEFAULT = new ServingFit(0.81, 0.80, 0.39, 8.9e-6, 3.1e-3);

    public ServingFit {
        if (!(hopperCompute > 0 && hopperCompute <= 1.5)
                || !(ampereCompute > 0 && ampereCompute <= 1.5)
                || !(cdna3Compute > 0 && cdna3Compute <= 1.5)
                || !(expertSeconds >= 0 && expertSeconds < 1e-3)
                || !(requestSeconds >= 0 && requestSeconds < 1)) {
            throw new IllegalArgumentException("serving fit out of range: " + this);
        }
    }

    public ServingFit withHopperCompute(double v) {
        return new ServingFit(v, ampereCompute, cdna3Compute, expertSeconds, requestSeconds);
    }

    public ServingFit withAmpereCompute(double v) {
        return new ServingFit(hopperCompute, v, cdna3Compute, expertSeconds, requestSeconds);
    }

    public ServingFit withCdna3Compute(double v) {
        return new ServingFit(hopperCompute, ampereCompute, v, expertSeconds, requestSeconds);
    }

    public ServingFit withExpertSeconds(double v) {
        return new ServingFit(hopperCompute, ampereCompute, cdna3Compute, v, requestSeconds);
    }

    public ServingFit withRequestSeconds(double v) {
        return new ServingFit(hopperCompute, ampereCompute, cdna3Compute, expertSeconds, v);
    }

    /** The GPU generations the compute shares are fitted for; OTHER has no measurements to fit and keeps the kernel rates. */
    public enum Generation {
        HOPPER,
        AMPERE,
        CDNA3,
        OTHER;

        public static Generation of(GpuSpec gpu) {
            return switch (GpuCatalog.sameSilicon(gpu).map(GpuSpec::id).orElse(gpu.id())) {
                case "h100-sxm", "h100-pcie", "h100-sxm-96gb", "h800", "h100-nvl", "h20", "h200-sxm" -> HOPPER;
                case "a100-sxm-40gb", "a100-sxm-80gb" -> AMPERE;
                case "mi300x", "mi325x" -> CDNA3;
                default -> OTHER;
            };
        }
    }

    /** The compute share for a GPU: Hopper or Ampere silicon, 1 for others. */
    public double computeShare(GpuSpec gpu) {
        return switch (Generation.of(gpu)) {
            case HOPPER -> hopperCompute;
            case AMPERE -> ampereCompute;
            case CDNA3 -> cdna3Compute;
            case OTHER -> 1;
        };
    }

    /**
     * What this fit does to {@code gpu}'s compute rate and what it was fitted on, in words, so that every plan says which
     * of its constants were fitted on measurements of that GPU and which were not.
     */
    public String basis(GpuSpec gpu) {
        if (this.equals(NONE)) {
            return "no fitted constants";
        }
        return switch (Generation.of(gpu)) {
            case HOPPER -> String.format(
                    Locale.ROOT,
                    "compute at %.2f of the kernel model, fitted on published Hopper measurements",
                    hopperCompute);
            case AMPERE -> String.format(
                    Locale.ROOT,
                    "compute at %.2f of the kernel model, fitted on published A100 measurements",
                    ampereCompute);
            case CDNA3 -> String.format(
                    Locale.ROOT,
                    "compute at %.2f of the kernel model, fitted on published MI300X measurements (dstack's vLLM ROCm"
                            + " runs of Llama 3.1 405B)",
                    cdna3Compute);
            case OTHER -> "no compute share fitted for " + gpu.name()
                    + ": no fitted measurement ran on it, so its kernels run at the datasheet peak";
        };
    }

    /** {@code efficiency} with its compute-bound kernels (GEMMs, fused attention) at this fit's share for the GPU. */
    public ComputeEfficiency sustained(ComputeEfficiency efficiency, GpuSpec gpu) {
        double share = computeShare(gpu);
        if (share == 1) {
            return efficiency;
        }
        GpuSpec slower = new GpuSpec(
                gpu.id(),
                gpu.name(),
                gpu.bf16Tflops() * share,
                gpu.hasFp8() ? gpu.fp8Tflops() * share : Double.NaN,
                gpu.memoryGB(),
                gpu.hbmGBs(),
                gpu.linkGBs(),
                gpu.link(),
                gpu.networkGbps(),
                gpu.source(),
                gpu.smCount());
        return new ComputeEfficiency() {
            @Override
            public double gemmSeconds(GpuSpec g, Precision precision, double m, double n, double k) {
                return efficiency.gemmSeconds(g == gpu ? slower : g, precision, m, n, k);
            }

            @Override
            public double memorySeconds(GpuSpec g, double bytes) {
                return efficiency.memorySeconds(g, bytes);
            }

            @Override
            public double attentionSeconds(
                    GpuSpec g,
                    double flops,
                    double chunk,
                    double headDim,
                    boolean causal,
                    double sequencesTimesHeads,
                    boolean backward,
                    FusedAttention.Generation generation) {
                return efficiency.attentionSeconds(
                        g == gpu ? slower : g,
                        flops,
                        chunk,
                        headDim,
                        causal,
                        sequencesTimesHeads,
                        backward,
                        generation);
            }

            @Override
            public String name() {
                return efficiency.name();
            }
        };
    }
}
