package dev.sextant.model;

import java.util.Locale;

/** Shares written as percentages for people: one decimal, more where one would round a share off its true side. */
public final class Percent {

    private Percent() {}

    /**
     * {@code share} (0–1) as a percentage with one decimal ("97.3 %"), or with as many more (up to four) as it takes to
     * keep a share below 1 from reading "100.0 %" and one above 0 from reading "0.0 %": 0.99996 is "99.996 %", not
     * "100.0 %" — a goodput of 100 % says nothing is ever lost. Beyond four decimals: "> 99.9999 %", "< 0.0001 %".
     */
    public static String of(double share) {
        if (!Double.isFinite(share)) {
            return "–";
        }
        double pct = 100 * share;
        for (int decimals = 1; decimals <= 4; decimals++) {
            String s = String.format(Locale.ROOT, "%." + decimals + "f", pct);
            double shown = Double.parseDouble(s);
            boolean misleading = shown >= 100 && share < 1 || shown <= 0 && share > 0;
            if (!misleading) {
                return s + " %";
            }
        }
        return share < 1 && share > 0.5 ? "> 99.9999 %" : "< 0.0001 %";
    }
}
