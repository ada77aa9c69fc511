package dev.sextant.model.serving;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.sextant.model.architecture.ModelArchitecture;
import dev.sextant.model.architecture.ParameterCount;
import dev.sextant.model.io.HfModelConfig;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** A checkpoint's own quantization sets the weights' bytes: DeepSeek-V3 in FP8, gpt-oss with MXFP4 experts. */
class WeightStorageTest {

    static Path fixture(String name) throws Exception {
        return Path.of(WeightStorageTest.class
                .getResource("/hf-configs/" + name + ".json")
                .toURI());
    }

    @Test
    void deepSeekV3PlansAsFp8() throws Exception {
        ModelArchitecture m = HfModelConfig.read(fixture("deepseek-v3"));
        WeightStorage w = HfModelConfig.weights(fixture("deepseek-v3")).orElseThrow();
        ParameterCount p = m.parameters();
        double bytes = ServingMemory.weightsPerGpu(m, w, 1, 1);
        // by hand: linear weights (all but embedding, output, norms) at 1 + 4/16,384 bytes, the rest 16-bit (the final
        // norm's 7,168 weights are left out of the weights per GPU, as they always were)
        long norms = (long) m.layers() * p.normPerLayer();
        long linear = p.total() - p.embedding() - p.output() - norms - p.finalNorm();
        double expected = linear * (1 + 4.0 / 16_384) + 2.0 * (p.embedding() + p.output() + norms);
        assertThat(bytes).isCloseTo(expected, within(expected * 1e-12));
        // about 671 GB of weights (DeepSeek-V3's 671B parameters, one byte each), not the 1.34 TB of BF16
        assertThat(bytes / 1e9).isCloseTo(671, within(671 * 0.01));
        assertThat(ServingMemory.weightsPerGpu(m, WeightFormat.BF16, 1, 1) / 1e9)
                .isGreaterThan(1300);
    }

    @Test
    void gptOss120bExpertsInMxfp4() throws Exception {
        ModelArchitecture m = HfModelConfig.read(fixture("gpt-oss-120b"));
        WeightStorage w = HfModelConfig.weights(fixture("gpt-oss-120b")).orElseThrow();
        ParameterCount p = m.parameters();
        // 36 layers × 128 experts × (3 × 2880² + 3 × 2880 biases) = 114,701,598,720
        long experts = (long) m.layers() * m.moe().experts() * p.expertPerLayer();
        assertThat(experts).isEqualTo(114_701_598_720L);
        double expected = experts * 0.53125 + 2.0 * (p.total() - experts - p.finalNorm());
        assertThat(ServingMemory.weightsPerGpu(m, w, 1, 1)).isCloseTo(expected, within(expected * 1e-12));
        // about 65 GB: the published checkpoint's size, which fits one 80 GB card
        assertThat(expected / 1e9).isCloseTo(65.2, within(0.5));
    }

    @Test
    void aChosenFormatIsThePlainOne() {
        WeightStorage w = WeightStorage.of(WeightFormat.INT4);
        assertThat(w.linearBytesPerWeight()).isEqualTo(WeightFormat.INT4.bytesPerWeight());
        assertThat(w.source()).isEqualTo("chosen");
        assertThat(w.fromCheckpoint()).isFalse();
    }
}
