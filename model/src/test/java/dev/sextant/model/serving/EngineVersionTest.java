package dev.sextant.model.serving;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sextant.model.InputError;
import org.junit.jupiter.api.Test;

/** {@code --engine NAME@VERSION} picks the profile of the generation a release runs, or says which is not modelled. */
class EngineVersionTest {

    @Test
    void aReleaseGetsItsGenerationsProfile() {
        assertThat(EngineProfile.of("vllm@0.6.3")).isSameAs(EngineProfile.VLLM_V0);
        assertThat(EngineProfile.of("vllm@0.4")).isSameAs(EngineProfile.VLLM_V0);
        assertThat(EngineProfile.of("vllm@0.8.0")).isSameAs(EngineProfile.VLLM);
        assertThat(EngineProfile.of("vLLM@v0.10.1")).isSameAs(EngineProfile.VLLM);
        assertThat(EngineProfile.of("vllm@1.0")).isSameAs(EngineProfile.VLLM);
        assertThat(EngineProfile.of("sglang@0.4.6")).isSameAs(EngineProfile.SGLANG);
        assertThat(EngineProfile.of("trtllm@0.17")).isSameAs(EngineProfile.TRTLLM);
        assertThat(EngineProfile.of("trtllm@0.7.1")).isSameAs(EngineProfile.TRTLLM);
        assertThat(EngineProfile.of("trtllm@0.6.1")).isSameAs(EngineProfile.TRTLLM_PRE_GQA);
        assertThat(EngineProfile.of("trtllm@0.5.0")).isSameAs(EngineProfile.TRTLLM_PRE_GQA);
        assertThat(EngineProfile.of("trtllm-0.6")).isSameAs(EngineProfile.TRTLLM_PRE_GQA);
        assertThat(EngineProfile.of("tensorrt-llm@1.0")).isSameAs(EngineProfile.TRTLLM);
        assertThat(EngineProfile.of("lmdeploy@0.2")).isSameAs(EngineProfile.LMDEPLOY);
        assertThat(EngineProfile.of("vllm")).isSameAs(EngineProfile.VLLM); // no version: the current generation
        // an older generation is named but not offered among the engines to compare
        assertThat(EngineProfile.ALL).doesNotContain(EngineProfile.TRTLLM_PRE_GQA);
    }

    @Test
    void aGenerationNotModelledIsRefusedByName() {
        assertThatThrownBy(() -> EngineProfile.of("vllm@0.7.3"))
                .isInstanceOf(InputError.class)
                .hasMessageContaining("vllm@0.7.3: vLLM 0.7 ran the V0 scheduler with FlashAttention-3 kernels");
        assertThatThrownBy(() -> EngineProfile.of("vllm@0.3")).hasMessageContaining("vLLM before 0.4 is not modelled");
        assertThatThrownBy(() -> EngineProfile.of("trtllm@0.4"))
                .hasMessageContaining("TensorRT-LLM before 0.5 (FasterTransformer) is not modelled");
        assertThatThrownBy(() -> EngineProfile.of("sglang@0.3.6")).hasMessageContaining("no overlap scheduler");
        assertThatThrownBy(() -> EngineProfile.of("vllm@latest")).hasMessageContaining("expected a version such as");
        assertThatThrownBy(() -> EngineProfile.of("tgi@2.0")).hasMessageContaining("unknown engine 'tgi'");
        assertThatThrownBy(() -> EngineProfile.of("nope")).hasMessageContaining("or NAME@VERSION");
    }
}
