package dev.sextant.model.serving;

import java.util.Locale;

/**
 * How the weights of the linear layers are stored when serving. Embeddings, the output layer, norms and biases stay
 * 16-bit (as vLLM keeps them for quantized checkpoints). INT4 is group-quantized (AWQ/GPTQ style): 4 bits a weight plus
 * a 16-bit scale and a 4-bit zero point per group of 128.
 */
public enum WeightFormat {
    BF16(2),
    FP8(1),
    INT8(1),
    INT4(0.5 + (2 + 0.5) / 128.0);

    private final double bytesPerWeight;

    WeightFormat(double bytesPerWeight) {
        this.bytesPerWeight = bytesPerWeight;
    }

    /** Bytes per linear-layer weight, group scales included. */
    public double bytesPerWeight() {
        return bytesPerWeight;
    }

    public String slug() {
        return name().toLowerCase(Locale.ROOT);
    }
}
