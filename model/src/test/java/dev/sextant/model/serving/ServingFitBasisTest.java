package dev.sextant.model.serving;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sextant.model.architecture.ModelCatalog;
import dev.sextant.model.hardware.GpuCatalog;
import org.junit.jupiter.api.Test;

/** Every plan says which fitted constants apply to its GPU and on what they were fitted (issue 38, item 2). */
class ServingFitBasisTest {

    @Test
    void eachGpuSaysWhatWasFittedForIt() {
        ServingFit f = ServingFit.DEFAULT;
        assertThat(f.basis(GpuCatalog.get("h200-sxm")))
                .isEqualTo("compute at 0.81 of the kernel model, fitted on published Hopper measurements");
        assertThat(f.basis(GpuCatalog.get("a100-sxm-80gb")))
                .isEqualTo("compute at 0.80 of the kernel model, fitted on published A100 measurements");
        assertThat(f.basis(GpuCatalog.get("mi300x")))
                .isEqualTo("compute at 0.39 of the kernel model, fitted on published MI300X measurements (dstack's"
                        + " vLLM ROCm runs of Llama 3.1 405B)");
        assertThat(f.basis(GpuCatalog.get("b200")))
                .isEqualTo("no compute share fitted for NVIDIA B200: no fitted measurement ran on it, so its kernels"
                        + " run at the datasheet peak");
        assertThat(ServingFit.NONE.basis(GpuCatalog.get("h100-sxm"))).isEqualTo("no fitted constants");
        ServingReplica amd = ServingReplica.of(
                ModelCatalog.get("llama-3-8b"), GpuCatalog.get("mi300x"), 1, WeightFormat.BF16, false, 256, 2048, true);
        assertThat(amd.latencySource())
                .endsWith("fitted on published MI300X measurements (dstack's vLLM ROCm runs of" + " Llama 3.1 405B)");
    }
}
