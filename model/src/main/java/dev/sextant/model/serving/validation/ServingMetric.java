package dev.sextant.model.serving.validation;

/** What a published serving measurement reports, as the source prints it. */
public enum ServingMetric {
    /** Output tokens per second over all the measurement's GPUs. */
    OUTPUT_TPS("output_tps", "output tokens/s", true),
    /** Mean end-to-end latency of a request, ms. */
    E2E_MS("e2e_ms", "ms end to end", false),
    /** Mean time to first token, ms. */
    TTFT_MS("ttft_ms", "ms to first token", false),
    /** Mean time between output tokens after the first (TPOT; the inter-token latency when every step yields one), ms. */
    ITL_MS("itl_ms", "ms between tokens", false);

    private final String slug;
    private final String unit;
    private final boolean rate;

    ServingMetric(String slug, String unit, boolean rate) {
        this.slug = slug;
        this.unit = unit;
        this.rate = rate;
    }

    public String slug() {
        return slug;
    }

    public String unit() {
        return unit;
    }

    /** Whether larger is faster (a rate) rather than slower (a time). */
    public boolean rate() {
        return rate;
    }

    /** The metric a slug names, or null. */
    public static ServingMetric of(String slug) {
        for (ServingMetric m : values()) {
            if (m.slug.equals(slug)) {
                return m;
            }
        }
        return null;
    }
}
