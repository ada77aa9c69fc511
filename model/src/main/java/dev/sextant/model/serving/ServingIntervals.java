package dev.sextant.model.serving;

import java.util.Arrays;

/**
 * How far the simulator's predictions stray from published measurements it was not fitted to: for each kind of
 * prediction, the 10th and 90th percentiles of measured / predicted over the leave-one-source-out predictions of the
 * bundled serving measurements (every source group weighing the same), so that a prediction times these factors is an
 * 80 % interval. The opt-in ServingLosoTest recomputes them from its fold predictions and fails when they move.
 *
 * @param throughput factors for output throughput and goodput (a rate: higher is faster)
 * @param ttft       factors for time to first token
 * @param tpot       factors for time per output token and end-to-end latency
 */
public record ServingIntervals(Factors throughput, Factors ttft, Factors tpot) {

    /**
     * An interval as factors on a prediction.
     *
     * @param low      measured / predicted at the 10th percentile
     * @param high     measured / predicted at the 90th percentile
     * @param coverage share of the held-out measurements the interval holds (0.8 by construction, less where sources
     *                 disagree)
     */
    public record Factors(double low, double high, double coverage) {
        public Factors {
            if (!(low > 0 && high >= low)) {
                throw new IllegalArgumentException(
                        "interval factors must be positive and ordered: " + low + ", " + high);
            }
        }

        /** The interval around {@code value}. */
        public double[] around(double value) {
            return new double[] {value * low, value * high};
        }

        /** The interval around a cost, which goes as 1 / throughput: the factors inverted. */
        public double[] aroundInverse(double value) {
            return new double[] {value / high, value / low};
        }

        /** The q-quantile of ratios, each with its weight (weights summing to 1), by the weighted empirical distribution. */
        static double quantile(double[] ratios, double[] weights, double q) {
            Integer[] order = new Integer[ratios.length];
            for (int i = 0; i < order.length; i++) {
                order[i] = i;
            }
            Arrays.sort(order, (a, b) -> Double.compare(ratios[a], ratios[b]));
            double cumulative = 0;
            for (Integer i : order) {
                cumulative += weights[i];
                if (cumulative >= q) {
                    return ratios[i];
                }
            }
            return ratios[order[order.length - 1]];
        }

        /** Factors from held-out ratios measured / predicted, each with its weight. */
        public static Factors of(double[] ratios, double[] weights) {
            double low = quantile(ratios, weights, 0.10);
            double high = quantile(ratios, weights, 0.90);
            int inside = 0;
            for (double r : ratios) {
                inside += r >= low && r <= high ? 1 : 0;
            }
            return new Factors(low, high, (double) inside / ratios.length);
        }
    }

    /**
     * From the leave-one-source-out predictions of the 370 bundled measurements the simulator runs (README "Serving
     * accuracy"): throughput ×0.57–×1.48 (it holds 80 % of the held-out rows), TTFT ×0.93–×1.86 (59 %), TPOT and
     * end-to-end latency ×0.84–×1.89 (61 %). The throughput band is as wide as it is because dstack's MI300X runs, held
     * out, leave no AMD measurement to fit the MI300X share on and come out at the datasheet peak, 60 % fast; latency
     * coverage falls short of 80 % because the quantiles weigh every source the same and the 201 GPUStack rows stray
     * more than the rest.
     */
    public static final ServingIntervals DEFAULT = new ServingIntervals(
            new Factors(0.573, 1.477, 0.80), new Factors(0.931, 1.864, 0.59), new Factors(0.839, 1.895, 0.61));
}
