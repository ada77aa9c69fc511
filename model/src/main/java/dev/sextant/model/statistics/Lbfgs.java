package dev.sextant.model.statistics;

import java.util.Arrays;

/**
 * Limited-memory BFGS minimisation of a smooth function with its gradient: the two-loop recursion over the last
 * {@link #MEMORY} steps (Nocedal and Wright, "Numerical Optimization", 2nd ed., Algorithm 7.4) and a backtracking
 * line search on the Armijo condition with the curvature pair kept only when sᵀy &gt; 0 (so the implied Hessian stays
 * positive definite). Stops when the gradient's largest component or the relative change of the value is below the
 * tolerances, or after {@code maxIterations}.
 */
public final class Lbfgs {

    /** A function to minimise: writes its gradient at {@code x} into {@code gradient} and returns its value. */
    @FunctionalInterface
    public interface Objective {
        double value(double[] x, double[] gradient);
    }

    /** Where the search stopped: the point, its value, the iterations taken and whether a tolerance was met. */
    public record Result(double[] x, double value, int iterations, boolean converged) {}

    /** Curvature pairs kept. */
    static final int MEMORY = 10;

    private static final double ARMIJO = 1e-4;

    private final int maxIterations;
    private final double gradientTolerance;
    private final double valueTolerance;

    /**
     * @param gradientTolerance stop when every gradient component is at most this in size
     * @param valueTolerance    stop when an iteration lowers the value by less than this share of it
     */
    public Lbfgs(int maxIterations, double gradientTolerance, double valueTolerance) {
        this.maxIterations = maxIterations;
        this.gradientTolerance = gradientTolerance;
        this.valueTolerance = valueTolerance;
    }

    public Result minimize(Objective f, double[] start) {
        int n = start.length;
        double[] x = start.clone();
        double[] g = new double[n];
        double fx = f.value(x, g);
        if (!Double.isFinite(fx)) {
            return new Result(x, fx, 0, false);
        }
        double[][] s = new double[MEMORY][];
        double[][] y = new double[MEMORY][];
        double[] rho = new double[MEMORY];
        int stored = 0;
        int newest = -1;
        double[] d = new double[n];
        double[] xNew = new double[n];
        double[] gNew = new double[n];
        double[] alpha = new double[MEMORY];
        for (int it = 1; it <= maxIterations; it++) {
            if (maxAbs(g) <= gradientTolerance) {
                return new Result(x, fx, it - 1, true);
            }
            // d = −H g by the two-loop recursion, H₀ scaled by sᵀy / yᵀy of the newest pair
            for (int i = 0; i < n; i++) {
                d[i] = -g[i];
            }
            for (int k = 0; k < stored; k++) {
                int j = Math.floorMod(newest - k, MEMORY);
                alpha[j] = rho[j] * dot(s[j], d);
                axpy(-alpha[j], y[j], d);
            }
            double gamma =
                    stored == 0 ? 1 / Math.max(1, maxAbs(g)) : dot(s[newest], y[newest]) / dot(y[newest], y[newest]);
            for (int i = 0; i < n; i++) {
                d[i] *= gamma;
            }
            for (int k = stored - 1; k >= 0; k--) {
                int j = Math.floorMod(newest - k, MEMORY);
                double beta = rho[j] * dot(y[j], d);
                axpy(alpha[j] - beta, s[j], d);
            }
            double slope = dot(g, d);
            if (!(slope < 0)) {
                // not a descent direction (rounding): start the memory again along the steepest descent
                stored = 0;
                for (int i = 0; i < n; i++) {
                    d[i] = -g[i] / Math.max(1, maxAbs(g));
                }
                slope = dot(g, d);
            }
            double step = 1;
            double fNew = Double.NaN;
            boolean accepted = false;
            for (int tries = 0; tries < 60; tries++) {
                for (int i = 0; i < n; i++) {
                    xNew[i] = x[i] + step * d[i];
                }
                fNew = f.value(xNew, gNew);
                if (Double.isFinite(fNew) && fNew <= fx + ARMIJO * step * slope) {
                    accepted = true;
                    break;
                }
                step *= 0.5;
            }
            if (!accepted) {
                return new Result(x, fx, it, maxAbs(g) <= gradientTolerance);
            }
            double[] sk = new double[n];
            double[] yk = new double[n];
            for (int i = 0; i < n; i++) {
                sk[i] = xNew[i] - x[i];
                yk[i] = gNew[i] - g[i];
            }
            double sy = dot(sk, yk);
            if (sy > 1e-300) {
                newest = (newest + 1) % MEMORY;
                s[newest] = sk;
                y[newest] = yk;
                rho[newest] = 1 / sy;
                stored = Math.min(MEMORY, stored + 1);
            }
            double drop = fx - fNew;
            System.arraycopy(xNew, 0, x, 0, n);
            System.arraycopy(gNew, 0, g, 0, n);
            fx = fNew;
            if (drop <= valueTolerance * Math.max(Math.abs(fx), 1e-300)) {
                return new Result(x, fx, it, true);
            }
        }
        return new Result(x, fx, maxIterations, maxAbs(g) <= gradientTolerance);
    }

    private static double dot(double[] a, double[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * b[i];
        }
        return s;
    }

    private static void axpy(double a, double[] x, double[] y) {
        for (int i = 0; i < x.length; i++) {
            y[i] += a * x[i];
        }
    }

    private static double maxAbs(double[] v) {
        return Arrays.stream(v).map(Math::abs).max().orElse(0);
    }
}
