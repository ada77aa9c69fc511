package dev.sextant.model.training.validation;

/** What a published run reports about its speed, as the source prints it. */
public enum Metric {
    /** Seconds per optimizer step (iteration). */
    STEP("step", "s/step"),
    /** Tokens per second per GPU. */
    TOKENS_PER_GPU("tokens_per_gpu", "tokens/s/GPU"),
    /**
     * TFLOP/s per GPU counted with Narayanan et al.'s Eq. 3 (arXiv 2104.04473): 96 B s l h² (1 + s/6h + V/16lh) per step,
     * which includes the forward pass that full recomputation repeats.
     */
    HW_TFLOPS("hw_tflops", "TFLOP/s/GPU (Eq. 3)");

    private final String slug;
    private final String unit;

    Metric(String slug, String unit) {
        this.slug = slug;
        this.unit = unit;
    }

    public String slug() {
        return slug;
    }

    public String unit() {
        return unit;
    }

    /** The metric a slug names, or null. */
    public static Metric of(String slug) {
        for (Metric m : values()) {
            if (m.slug.equals(slug)) {
                return m;
            }
        }
        return null;
    }
}
