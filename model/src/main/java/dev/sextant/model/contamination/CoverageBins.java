package dev.sextant.model.contamination;

import java.util.List;
import java.util.Locale;

/**
 * Items' contaminated-token fractions in bins a tenth wide, [0, 0.1) … [0.9, 1), and a bin of their own for items
 * covered whole (1.0): an item found entire is not lumped with one found at 90 %.
 */
public final class CoverageBins {

    public static final int BINS = 11;

    private CoverageBins() {}

    /** The bin of {@code fraction}: floor(10 f) (with a rounding allowance), 10 for a whole item. */
    public static int bin(double fraction) {
        if (fraction >= 1 - 1e-12) {
            return BINS - 1;
        }
        return Math.max(0, Math.min(9, (int) Math.floor(fraction * 10 + 1e-9)));
    }

    /** Counts per bin of the items with a match (not-checkable items left out). */
    public static int[] count(List<ScanResult.ItemResult> items) {
        int[] bins = new int[BINS];
        for (ScanResult.ItemResult i : items) {
            if (i.status() != ScanResult.Status.NOT_CHECKABLE && i.matchedNgrams() > 0) {
                bins[bin(i.tokenFraction())]++;
            }
        }
        return bins;
    }

    /** Each bin's label: "0.0–0.1" … "0.9–1.0", then "1.0 (whole)". */
    public static String label(int bin) {
        return bin == BINS - 1 ? "1.0 (whole)" : String.format(Locale.ROOT, "%.1f–%.1f", bin / 10.0, (bin + 1) / 10.0);
    }
}
