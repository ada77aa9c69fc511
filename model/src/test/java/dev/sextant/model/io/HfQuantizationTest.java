package dev.sextant.model.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.sextant.model.serving.WeightFormat;
import dev.sextant.model.serving.WeightStorage;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** quantization_config read into exact bytes per weight, scales included (hand-computed from each format's layout). */
class HfQuantizationTest {

    static WeightStorage parse(String quantizationConfig) {
        return HfQuantization.of(
                        Json.readLine("{\"quantization_config\": " + quantizationConfig + "}", "config.json", 1),
                        "config.json")
                .orElseThrow();
    }

    static Path fixture(String name) throws Exception {
        return Path.of(HfQuantizationTest.class
                .getResource("/hf-configs/" + name + ".json")
                .toURI());
    }

    @Test
    void deepSeekV3IsFp8WithBlockScales() throws Exception {
        WeightStorage w = HfModelConfig.weights(fixture("deepseek-v3")).orElseThrow();
        // one FP32 scale per 128 × 128 block: 1 + 4 / 16,384 bytes
        assertThat(w.format()).isEqualTo(WeightFormat.FP8);
        assertThat(w.linearBytesPerWeight()).isEqualTo(1 + 4.0 / 16_384);
        assertThat(w.source()).isEqualTo("quantization_config (fp8, blocks of 128×128)");
        assertThat(w.fromCheckpoint()).isTrue();
    }

    @Test
    void gptOssHasMxfp4Experts() throws Exception {
        WeightStorage w = HfModelConfig.weights(fixture("gpt-oss-120b")).orElseThrow();
        // 4-bit elements, one 8-bit scale per 32 (OCP MX v1.0); attention, router and embeddings stay BF16
        assertThat(w.expertBytesPerWeight()).isEqualTo(0.53125);
        assertThat(w.linearBytesPerWeight()).isEqualTo(2);
    }

    @Test
    void integerGroupsCountScalesAndZeros() {
        // AWQ 4-bit, groups of 128, zero points: 0.5 + (2 + 0.5) / 128
        assertThat(parse(
                                "{\"quant_method\": \"awq\", \"bits\": 4, \"group_size\": 128, \"zero_point\": true, \"version\": \"gemm\"}")
                        .linearBytesPerWeight())
                .isEqualTo(0.5 + 2.5 / 128);
        // GPTQ 4-bit, groups of 32: packed qzeros stored even when symmetric
        WeightStorage gptq = parse(
                "{\"quant_method\": \"gptq\", \"bits\": 4, \"group_size\": 32, \"sym\": true, \"desc_act\": false}");
        assertThat(gptq.linearBytesPerWeight()).isEqualTo(0.5 + 2.5 / 32);
        assertThat(gptq.format()).isEqualTo(WeightFormat.INT4);
        assertThat(parse("{\"quant_method\": \"gptq\", \"bits\": 8, \"group_size\": 128}")
                        .linearBytesPerWeight())
                .isEqualTo(1 + 3.0 / 128);
        assertThat(parse("{\"quant_method\": \"gptq\", \"bits\": 4, \"group_size\": -1}")
                        .linearBytesPerWeight())
                .isCloseTo(0.5, within(1e-6));
    }

    @Test
    void compressedTensorsSchemes() {
        // FP8 dynamic per channel (e.g. RedHatAI "-FP8-dynamic"): 1 byte, row scales not counted
        WeightStorage fp8 = parse(
                "{\"quant_method\": \"compressed-tensors\", \"format\": \"float-quantized\", \"config_groups\": {\"group_0\":"
                        + " {\"targets\": [\"Linear\"], \"weights\": {\"num_bits\": 8, \"type\": \"float\", \"strategy\": \"channel\", \"symmetric\": true}}},"
                        + " \"ignore\": [\"lm_head\"]}");
        assertThat(fp8.format()).isEqualTo(WeightFormat.FP8);
        assertThat(fp8.linearBytesPerWeight()).isEqualTo(1);
        // W4A16 int groups of 128, symmetric: 0.5 + 2 / 128
        WeightStorage w4 = parse(
                "{\"quant_method\": \"compressed-tensors\", \"format\": \"pack-quantized\", \"config_groups\": {\"group_0\":"
                        + " {\"targets\": [\"Linear\"], \"weights\": {\"num_bits\": 4, \"type\": \"int\", \"strategy\": \"group\", \"group_size\": 128,"
                        + " \"symmetric\": true}}}}");
        assertThat(w4.linearBytesPerWeight()).isEqualTo(0.5 + 2.0 / 128);
        // NVFP4: FP4 in groups of 16 with an FP8 scale each: 0.5 + 1 / 16
        WeightStorage nvfp4 = parse(
                "{\"quant_method\": \"compressed-tensors\", \"format\": \"nvfp4-pack-quantized\", \"config_groups\": {\"group_0\":"
                        + " {\"targets\": [\"Linear\"], \"weights\": {\"num_bits\": 4, \"type\": \"float\", \"strategy\": \"tensor_group\", \"group_size\": 16}}}}");
        assertThat(nvfp4.linearBytesPerWeight()).isEqualTo(0.5 + 1.0 / 16);
        // FP8 with 128 × 128 blocks
        assertThat(parse(
                                "{\"quant_method\": \"compressed-tensors\", \"config_groups\": {\"group_0\": {\"targets\": [\"Linear\"], \"weights\":"
                                        + " {\"num_bits\": 8, \"type\": \"float\", \"strategy\": \"block\", \"block_structure\": [128, 128]}}}}")
                        .linearBytesPerWeight())
                .isEqualTo(1 + 4.0 / 16_384);
    }

    @Test
    void fbgemmFp8KeepsAttentionInBf16() {
        WeightStorage w = parse("{\"quant_method\": \"fbgemm_fp8\", \"activation_scale_ub\": 1200.0,"
                + " \"modules_to_not_convert\": [\"language_model.model.layers.0.self_attn\", \"vision_model\"]}");
        assertThat(w.format()).isEqualTo(WeightFormat.FP8);
        assertThat(w.expertBytesPerWeight()).isEqualTo(1);
        assertThat(w.linearBytesPerWeight()).isEqualTo(2);
    }

    @Test
    void bitsandbytesAndUnknownMethods() {
        // NF4 blocks of 64 with an FP32 absmax: 0.5 + 4 / 64
        assertThat(parse("{\"quant_method\": \"bitsandbytes\", \"load_in_4bit\": true}")
                        .linearBytesPerWeight())
                .isEqualTo(0.5 + 4.0 / 64);
        WeightStorage unknown = parse("{\"quant_method\": \"hqq\", \"nbits\": 4}");
        assertThat(unknown.format()).isEqualTo(WeightFormat.BF16);
        assertThat(unknown.fromCheckpoint()).isFalse();
        assertThat(unknown.source()).contains("'hqq'").contains("choose the weight format");
        assertThat(HfQuantization.of(Json.readLine("{\"model_type\": \"llama\"}", "config.json", 1), "config.json"))
                .isEmpty();
    }
}
