package dev.sextant.model.hardware;

import java.util.Locale;

/** Compute precision of the matrix multiplies; master weights and optimizer states stay FP32 either way. */
public enum Precision {
    BF16,
    FP8;

    public String slug() {
        return name().toLowerCase(Locale.ROOT);
    }
}
