package dev.sextant.model.serving;

import java.util.Locale;

/**
 * How the linear layers' weights are stored, in exact bytes per weight with the scales (and zero points) their
 * quantization keeps, and where that choice came from. Routed experts can be stored apart from the rest: gpt-oss
 * ships its experts in MXFP4 and its attention in BF16. Embeddings, the output layer, norms and biases stay 16-bit.
 *
 * @param format               the nearest of the planner's formats (what the latency model and the levers work with)
 * @param linearBytesPerWeight bytes per weight of the attention and dense MLP matrices (and shared experts)
 * @param expertBytesPerWeight bytes per weight of the routed experts
 * @param source               why: "chosen" (or the command line's option), "default", or "quantization_config (fp8, blocks of 128×128)"
 */
public record WeightStorage(
        WeightFormat format, double linearBytesPerWeight, double expertBytesPerWeight, String source) {

    public WeightStorage {
        if (!(linearBytesPerWeight > 0) || !(expertBytesPerWeight > 0)) {
            throw new IllegalArgumentException("bytes per weight must be positive");
        }
    }

    /** Every linear layer in {@code format}, as chosen on the command line or in a view. */
    public static WeightStorage of(WeightFormat format, String source) {
        return new WeightStorage(format, format.bytesPerWeight(), format.bytesPerWeight(), source);
    }

    public static WeightStorage of(WeightFormat format) {
        return of(format, "chosen");
    }

    /**
     * FP8 (E4M3) with one FP32 scale per block of rows × columns weights (DeepSeek-V3: weight_block_size [128, 128],
     * DeepSeek-V3 technical report §3.3.2): 1 + 4 / (rows · columns) bytes.
     */
    public static WeightStorage fp8Blocks(int rows, int columns, String source) {
        double b = 1 + 4.0 / ((double) rows * columns);
        return new WeightStorage(WeightFormat.FP8, b, b, source);
    }

    /**
     * MXFP4 (OCP Microscaling Formats v1.0): 4-bit E2M1 elements in blocks of 32 sharing one 8-bit E8M0 scale,
     * 0.5 + 1/32 = 0.53125 bytes per weight; applied to the routed experts only, the rest BF16 (gpt-oss).
     */
    public static WeightStorage mxfp4Experts(String source) {
        return new WeightStorage(WeightFormat.INT4, WeightFormat.BF16.bytesPerWeight(), 0.5 + 1.0 / 32, source);
    }

    /**
     * Integer weights of {@code bits} in groups of {@code group} input weights, each group with a 16-bit scale and,
     * where asymmetric, a zero point of {@code bits} (AWQ, GPTQ): bits/8 + (2 + bits/8) / group bytes.
     */
    public static WeightStorage groupedInt(int bits, int group, boolean zeroPoint, String source) {
        double b = bits / 8.0 + (2 + (zeroPoint ? bits / 8.0 : 0)) / group;
        return new WeightStorage(bits <= 4 ? WeightFormat.INT4 : WeightFormat.INT8, b, b, source);
    }

    /** Whether the weights came from the checkpoint's own quantization rather than a choice. */
    public boolean fromCheckpoint() {
        return source.startsWith("quantization_config");
    }

    /**
     * The bytes a weight, as a plan states them: "fp8, 1.0002 bytes a weight" for one format, "experts 0.5313 bytes a
     * weight, other layers 2.0000" when routed experts are stored apart (MXFP4 in gpt-oss), where no one format name is
     * true.
     */
    public String bytesText() {
        return expertBytesPerWeight != linearBytesPerWeight
                ? String.format(
                        Locale.ROOT,
                        "experts %.4f bytes a weight, other layers %.4f",
                        expertBytesPerWeight,
                        linearBytesPerWeight)
                : String.format(Locale.ROOT, "%s, %.4f bytes a weight", format.slug(), linearBytesPerWeight);
    }

    /** The weights' name in a plan's headline: the format, or the two byte widths when experts are stored apart. */
    public String headline() {
        return expertBytesPerWeight != linearBytesPerWeight
                ? String.format(
                        Locale.ROOT, "%.2f-byte expert and %.2f-byte other", expertBytesPerWeight, linearBytesPerWeight)
                : format.slug();
    }
}
