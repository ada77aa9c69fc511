package dev.sextant.model.serving;

/** The median, 90th and 99th percentiles of a latency, seconds. */
public record Percentiles(double p50, double p90, double p99) {

    public static Percentiles of(double[] values) {
        return new Percentiles(
                BatchingSimulator.quantile(values, 0.5),
                BatchingSimulator.quantile(values, 0.9),
                BatchingSimulator.quantile(values, 0.99));
    }
}
