package dev.sextant.model.architecture;

import dev.sextant.model.InputError;
import java.util.Locale;

/**
 * A Llama-shaped dense model of a given size, for planning a model that exists only as a parameter count (a scaling
 * law's compute-optimal N). Llama 2's family keeps about 128 units of width a layer (7B: 4,096 wide, 32 layers; 13B:
 * 5,120, 40; Touvron et al. 2023, Table 1) with 128-wide heads and a SwiGLU MLP of 8/3 the width rounded up to 256;
 * eight key/value heads (grouped-query attention) from 64 heads up (70B), and a 32,000-token vocabulary with untied
 * embeddings.
 */
public final class DenseShapes {

    static final int VOCAB = 32_000;

    private DenseShapes() {}

    /** The Llama-shaped model whose total parameters come nearest {@code params} (in ratio). */
    public static ModelArchitecture llamaShaped(double params) {
        InputError.require(
                params >= 1e6 && params <= 1e13 && Double.isFinite(params),
                "ablate.params",
                "a model to plan needs between a million and ten trillion parameters");
        ModelArchitecture best = null;
        double bestGap = Double.POSITIVE_INFINITY;
        // past 64 heads, widths in steps of 8 heads (GQA groups)
        for (int h = 128; h <= 65_536; h += h >= 8192 ? 1024 : 128) {
            ModelArchitecture m = shape(h, params);
            double gap = Math.abs(Math.log(m.parameters().total() / params));
            if (gap < bestGap) {
                best = m;
                bestGap = gap;
            } else if (m.parameters().total() > params) {
                break;
            }
        }
        return best;
    }

    private static ModelArchitecture shape(int hidden, double target) {
        int heads = hidden / 128;
        int layers = Math.max(2, heads);
        int ffn = (int) Math.ceil(8.0 / 3 * hidden / 256) * 256;
        int kv = heads >= 64 && heads % 8 == 0 ? 8 : heads;
        ParameterCount count = new ModelArchitecture(
                        "llama-shaped",
                        "",
                        layers,
                        hidden,
                        heads,
                        kv,
                        128,
                        ffn,
                        VOCAB,
                        8192,
                        false,
                        ModelArchitecture.Style.LLAMA,
                        false,
                        null,
                        null,
                        "")
                .parameters();
        String name = String.format(
                Locale.ROOT, "Llama-shaped %.3g B (%d layers × %d wide)", count.total() / 1e9, layers, hidden);
        return new ModelArchitecture(
                "llama-shaped",
                name,
                layers,
                hidden,
                heads,
                kv,
                128,
                ffn,
                VOCAB,
                8192,
                false,
                ModelArchitecture.Style.LLAMA,
                false,
                null,
                null,
                String.format(
                        Locale.ROOT,
                        "a Llama-shaped model for %.3g B parameters (Touvron et al. 2023's proportions)",
                        target / 1e9));
    }
}
