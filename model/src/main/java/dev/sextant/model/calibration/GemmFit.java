package dev.sextant.model.calibration;

import dev.sextant.model.InputError;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.commons.math3.stat.regression.OLSMultipleLinearRegression;

/**
 * Achieved GEMM time as a function of shape, one fit per data type: t = F / T_max + B / W + t₀, with F = 2mnk FLOPs
 * and B the bytes moved at least once (inputs read, output written). T_max is the sustained tensor-core ceiling, W the
 * bandwidth the GEMM sees while it streams its operands, t₀ the fixed latency of a launch and its tail wave. Throughput
 * F / t then rises with arithmetic intensity F / B (a roofline) and with size (small GEMMs pay t₀). Fitted by least
 * squares on relative error (each row divided by its measured time, so that a 10 % miss weighs the same for a 10 µs
 * and a 10 ms GEMM; commons-math3 OLS without intercept), keeping the three terms non-negative.
 *
 * @param maxTflops     T_max
 * @param bandwidthGBs  W (infinite when the fit needs no bandwidth term)
 * @param latencyMicros t₀
 * @param rmsLogError   root-mean-square of ln(measured / fitted) time over the points
 */
public record GemmFit(
        String dtype, double maxTflops, double bandwidthGBs, double latencyMicros, double rmsLogError, int points) {

    public double seconds(double m, double n, double k) {
        double flops = 2 * m * n * k;
        double bytes = bytes(m, n, k, GemmPoint.bytesPerElement(dtype));
        return flops / (maxTflops * 1e12)
                + (Double.isInfinite(bandwidthGBs) ? 0 : bytes / (bandwidthGBs * 1e9))
                + latencyMicros * 1e-6;
    }

    /** Achieved TFLOP/s for a shape. */
    public double tflops(double m, double n, double k) {
        return 2 * m * n * k / seconds(m, n, k) / 1e12;
    }

    static double bytes(double m, double n, double k, double bytesPerElement) {
        return GemmPoint.bytes(m, n, k, bytesPerElement);
    }

    /** Fits the points of one data type; at least three shapes. */
    public static GemmFit fit(String dtype, List<GemmPoint> all) {
        List<GemmPoint> pts = all.stream()
                .filter(p -> p.dtype().equals(dtype) && p.tflops() > 0)
                .toList();
        if (pts.size() < 3) {
            throw new InputError(
                    "calibration.gemm", "fitting " + dtype + " GEMMs needs at least three shapes, got " + pts.size());
        }
        int n = pts.size();
        double[][] x = new double[n][3];
        double bpe = GemmPoint.bytesPerElement(dtype);
        for (int i = 0; i < n; i++) {
            GemmPoint p = pts.get(i);
            double t = p.flops() / (p.tflops() * 1e12);
            x[i] = new double[] {p.flops() / t, bytes(p.m(), p.n(), p.k(), bpe) / t, 1 / t};
        }
        // least squares on the terms still in, dropping any that comes out negative (a non-negative fit)
        boolean[] in = {true, true, true};
        double[] coef = new double[3];
        while (true) {
            List<Integer> cols = new ArrayList<>();
            for (int j = 0; j < 3; j++) {
                if (in[j]) {
                    cols.add(j);
                }
            }
            double[][] xs = new double[n][cols.size()];
            double[] y = new double[n];
            for (int i = 0; i < n; i++) {
                for (int c = 0; c < cols.size(); c++) {
                    xs[i][c] = x[i][cols.get(c)];
                }
                y[i] = 1;
            }
            OLSMultipleLinearRegression ols = new OLSMultipleLinearRegression();
            ols.setNoIntercept(true);
            ols.newSampleData(y, xs);
            double[] b = ols.estimateRegressionParameters();
            int worst = -1;
            for (int c = 0; c < cols.size(); c++) {
                if (b[c] < 0 && (worst < 0 || b[c] < b[worst])) {
                    worst = c;
                }
            }
            if (worst < 0) {
                Arrays.fill(coef, 0);
                for (int c = 0; c < cols.size(); c++) {
                    coef[cols.get(c)] = b[c];
                }
                break;
            }
            if (cols.get(worst) == 0 || cols.size() == 1) {
                throw new InputError(
                        "calibration.gemm", "the " + dtype + " GEMM measurements do not grow with size; cannot fit");
            }
            in[cols.get(worst)] = false;
        }
        if (!(coef[0] > 0)) {
            throw new InputError(
                    "calibration.gemm", "the " + dtype + " GEMM measurements do not grow with size; cannot fit");
        }
        GemmFit f = new GemmFit(
                dtype,
                1 / coef[0] / 1e12,
                coef[1] > 0 ? 1 / coef[1] / 1e9 : Double.POSITIVE_INFINITY,
                coef[2] * 1e6,
                0,
                n);
        double sq = 0;
        for (GemmPoint p : pts) {
            double r = Math.log(p.flops() / (p.tflops() * 1e12) / f.seconds(p.m(), p.n(), p.k()));
            sq += r * r;
        }
        return new GemmFit(dtype, f.maxTflops(), f.bandwidthGBs(), f.latencyMicros(), Math.sqrt(sq / n), n);
    }
}
