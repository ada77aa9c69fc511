package dev.sextant.model.runhealth;

import dev.sextant.model.InputError;
import java.util.Arrays;

/**
 * One metric of a training run over its steps: strictly increasing steps, each with its logged value (which may be
 * NaN or infinite: a non-finite loss is a finding, not a gap).
 */
public final class MetricSeries {

    private final String name;
    private final long[] steps;
    private final double[] values;

    public MetricSeries(String name, long[] steps, double[] values) {
        if (steps.length != values.length) {
            throw new IllegalArgumentException("steps and values differ in length");
        }
        for (int i = 1; i < steps.length; i++) {
            if (steps[i] <= steps[i - 1]) {
                throw new InputError(
                        "runhealth.steps", name + ": steps must increase (" + steps[i - 1] + " then " + steps[i] + ")");
            }
        }
        this.name = name;
        this.steps = steps;
        this.values = values;
    }

    public String name() {
        return name;
    }

    public int size() {
        return steps.length;
    }

    public long step(int i) {
        return steps[i];
    }

    public double value(int i) {
        return values[i];
    }

    public long firstStep() {
        return steps.length == 0 ? -1 : steps[0];
    }

    public long lastStep() {
        return steps.length == 0 ? -1 : steps[steps.length - 1];
    }

    /** A copy of the steps. */
    public long[] steps() {
        return steps.clone();
    }

    /** A copy of the values. */
    public double[] values() {
        return values.clone();
    }

    /** Index of the last point at or before {@code step}, or −1. */
    public int indexAtOrBefore(long step) {
        int i = Arrays.binarySearch(steps, step);
        return i >= 0 ? i : -i - 2;
    }

    /** The points up to, not including, {@code step}. */
    public MetricSeries before(long step) {
        int end = indexAtOrBefore(step - 1) + 1;
        return new MetricSeries(name, Arrays.copyOf(steps, end), Arrays.copyOf(values, end));
    }

    /** This series followed by {@code later}'s points (all of whose steps come after this one's). */
    public MetricSeries append(MetricSeries later) {
        long[] s = Arrays.copyOf(steps, steps.length + later.steps.length);
        double[] v = Arrays.copyOf(values, values.length + later.values.length);
        System.arraycopy(later.steps, 0, s, steps.length, later.steps.length);
        System.arraycopy(later.values, 0, v, values.length, later.values.length);
        return new MetricSeries(name, s, v);
    }
}
