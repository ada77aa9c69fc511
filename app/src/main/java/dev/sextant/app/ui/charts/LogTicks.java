package dev.sextant.app.ui.charts;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Where a logarithmic axis puts its ticks and what it writes there: a pure function of the range and of how many
 * labels fit, so that it can be checked against hand-made lists.
 *
 * <p>Labels sit at 1, 2 and 5 × 10<sup>k</sup> — the steps people read off a log scale without arithmetic — and thin
 * out, as the range widens or the axis shortens, to one per decade, then every second or third decade. The other
 * integers of each shown decade (3, 4, 6…9 × 10<sup>k</sup>) are unlabelled minor ticks while they are not too dense.
 * A range narrower than one 1-2-5 step, or one within a decade that would carry fewer than three such labels, is
 * labelled at every integer mantissa (0.04, 0.05, 0.06) instead, where those labels fit.
 *
 * <p>Numbers of a thousand and up take SI suffixes (1k, 20k, 5M, 1G): axes here count tokens, bytes and FLOPs, where
 * "20k" reads faster than "20,000". Numbers below one are plain decimals (0.5, 0.05, 0.001), not milli- or
 * micro-prefixed: most sub-one axes are latencies in seconds, where "50m" would read as minutes or millions, while
 * "0.05" is unambiguous and converts to milliseconds at a glance. Below 0.0001 decimals grow too long, and such values
 * are written as {@code 5e-5}.
 */
public final class LogTicks {

    /** One tick: a value, its label ({@code null} for an unlabelled minor tick). */
    public record Tick(double value, String label) {
        public boolean major() {
            return label != null;
        }
    }

    /** Mantissas labelled at each density, from the densest. */
    private static final int[][] MANTISSAS = {{1, 2, 3, 4, 5, 6, 7, 8, 9}, {1, 2, 5}, {1}};

    private static final String[] SI = {"", "k", "M", "G", "T", "P", "E"};

    /** Minor ticks closer than this share of the axis per decade would blur into a bar: above 12 decades, decade ticks only. */
    private static final double MAX_DECADES_WITH_INTEGER_MINORS = 12;

    private LogTicks() {}

    /**
     * The ticks for {@code [lower, upper]} with at most {@code maxLabels} labelled ones (at least two are labelled
     * whenever the range holds two candidates, however short the axis), in increasing order.
     */
    public static List<Tick> of(double lower, double upper, int maxLabels) {
        if (!(lower > 0) || !(upper > lower) || !Double.isFinite(upper)) {
            return List.of();
        }
        int kLow = (int) Math.floor(Math.log10(lower)) - 1;
        int kHigh = (int) Math.ceil(Math.log10(upper)) + 1;
        int limit = Math.max(2, maxLabels);
        // 1-2-5 when it gives two labels, the integers only for ranges narrower than that
        List<Double> labelled = candidates(lower, upper, kLow, kHigh, MANTISSAS[1], 1);
        // fewer than three 1-2-5 labels on less than a decade (a TPOT axis over 0.03–0.12 s read 0.05 and 0.1 only):
        // every integer mantissa, where they fit
        if (labelled.size() < 2 || labelled.size() < 3 && upper / lower < 10) {
            List<Double> dense = candidates(lower, upper, kLow, kHigh, MANTISSAS[0], 1);
            if (dense.size() <= limit || labelled.isEmpty()) {
                labelled = dense;
            }
        }
        if (labelled.size() > limit) {
            labelled = candidates(lower, upper, kLow, kHigh, MANTISSAS[2], 1);
            for (int every = 2; labelled.size() > limit && every <= 12; every = every == 2 ? 3 : every * 2) {
                labelled = candidates(lower, upper, kLow, kHigh, MANTISSAS[2], every);
            }
        }
        List<Double> minors = minors(lower, upper, kLow, kHigh);
        List<Tick> ticks = new ArrayList<>();
        int i = 0;
        int j = 0;
        while (i < labelled.size() || j < minors.size()) {
            if (j >= minors.size() || i < labelled.size() && labelled.get(i) <= minors.get(j)) {
                double v = labelled.get(i++);
                ticks.add(new Tick(v, label(v)));
                if (j < minors.size() && same(minors.get(j), v)) {
                    j++;
                }
            } else {
                ticks.add(new Tick(minors.get(j++), null));
            }
        }
        return ticks;
    }

    /** The labelled values only: what {@link #of} writes on the axis. */
    public static List<String> labels(double lower, double upper, int maxLabels) {
        return of(lower, upper, maxLabels).stream()
                .filter(Tick::major)
                .map(Tick::label)
                .toList();
    }

    /**
     * A tick value as the axis writes it: SI suffix from 1000 up ({@code 2k}, {@code 500M}), plain decimal from 0.0001
     * to 1000 ({@code 0.05}, {@code 200}), {@code 5e-5} below.
     */
    public static String label(double value) {
        if (value == 0) {
            return "0";
        }
        if (value < 0) {
            return "-" + label(-value);
        }
        BigDecimal exact = new BigDecimal(String.format(Locale.ROOT, "%.6e", value)).stripTrailingZeros();
        int exponent = exact.precision() - exact.scale() - 1; // value = mantissa × 10^exponent, 1 ≤ mantissa < 10
        if (exponent >= 3) {
            int group = Math.min(exponent / 3, SI.length - 1);
            return exact.movePointLeft(3 * group).stripTrailingZeros().toPlainString() + SI[group];
        }
        if (exponent >= -4) {
            return exact.toPlainString();
        }
        return exact.movePointRight(-exponent).stripTrailingZeros().toPlainString() + "e" + exponent;
    }

    /** m × 10^k within the range for the given mantissas, on every {@code every}-th decade (those with k divisible by it). */
    private static List<Double> candidates(
            double lower, double upper, int kLow, int kHigh, int[] mantissas, int every) {
        List<Double> out = new ArrayList<>();
        for (int k = kLow; k <= kHigh; k++) {
            if (Math.floorMod(k, every) != 0) {
                continue;
            }
            for (int m : mantissas) {
                double v = value(m, k);
                if (within(v, lower, upper)) {
                    out.add(v);
                }
            }
        }
        return out;
    }

    /** Every integer mantissa of each decade on a range of a dozen decades or fewer; on wider ranges each decade's 1 only. */
    private static List<Double> minors(double lower, double upper, int kLow, int kHigh) {
        boolean integers = Math.log10(upper / lower) <= MAX_DECADES_WITH_INTEGER_MINORS;
        return candidates(lower, upper, kLow, kHigh, integers ? MANTISSAS[0] : MANTISSAS[2], 1);
    }

    /** m × 10^k, computed so that 0.1 × 3 lands on 0.3 exactly as the decimal literal does. */
    private static double value(int m, int k) {
        return BigDecimal.valueOf(m).scaleByPowerOfTen(k).doubleValue();
    }

    private static boolean within(double v, double lower, double upper) {
        double slack = 1e-9 * v;
        return v >= lower - slack && v <= upper + slack;
    }

    private static boolean same(double a, double b) {
        return Math.abs(a - b) <= 1e-9 * Math.max(Math.abs(a), Math.abs(b));
    }
}
