package dev.sextant.model.data.quality;

import java.util.List;

/**
 * A family of published heuristic rules (Gopher quality, Gopher repetition, C4, FineWeb), judged as datatrove judges
 * them: the rules in their order, the first that fails removes the document.
 */
public interface QualityFamily {

    /** Its name on the command line and in results: {@code gopher-quality}, {@code c4} … */
    String name();

    /** Its thresholds and switches, in the order the rules check them. */
    List<QualityParam> params();

    /**
     * The document's verdict under the settings: null when it stays, else the rule that removes it with what it measured.
     * A family that rewrites what it keeps (C4 keeps only some lines) gives the rewritten text through {@link
     * Text#rewrite}.
     */
    default Removal judge(Text text, QualitySettings settings) {
        return judge(text, settings, Probe.DECIDE);
    }

    /** Whether a threshold checks anything: off (NaN) does not; Gopher's families also skip a rule set to 0. */
    default boolean active(double threshold) {
        return !Double.isNaN(threshold);
    }

    /** As the other, each rule asked through {@code probe} (which may measure every rule instead of deciding). */
    Removal judge(Text text, QualitySettings settings, Probe probe);
}
