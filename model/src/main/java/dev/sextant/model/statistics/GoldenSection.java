package dev.sextant.model.statistics;

import java.util.function.DoubleUnaryOperator;

/**
 * Golden-section search for the minimum of a function of one variable on [lo, hi] (Kiefer 1953; Press et al.,
 * Numerical Recipes, §10.2): each step keeps the bracket that holds the lower of two interior points, shrinking it by
 * 0.618, until it is narrower than {@code tolerance} times the range. Golden section assumes one minimum inside the range,
 * so the lower edge is compared at the end too: a correction that does not help stays at its "none" value there.
 */
public final class GoldenSection {

    private GoldenSection() {}

    /** The argument in [lo, hi] where {@code f} is least, to {@code tolerance} × (hi − lo). */
    public static double minimise(DoubleUnaryOperator f, double lo, double hi, double tolerance) {
        double g = (Math.sqrt(5) - 1) / 2;
        double a = lo;
        double b = hi;
        double c = b - g * (b - a);
        double d = a + g * (b - a);
        double fc = f.applyAsDouble(c);
        double fd = f.applyAsDouble(d);
        while (b - a > tolerance * (hi - lo)) {
            if (fc <= fd) {
                b = d;
                d = c;
                fd = fc;
                c = b - g * (b - a);
                fc = f.applyAsDouble(c);
            } else {
                a = c;
                c = d;
                fc = fd;
                d = a + g * (b - a);
                fd = f.applyAsDouble(d);
            }
        }
        double best = (a + b) / 2;
        return f.applyAsDouble(lo) <= f.applyAsDouble(best) ? lo : best;
    }
}
