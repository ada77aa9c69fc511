package dev.sextant.model.statistics;

/** A confidence interval [low, high]. */
public record Interval(double low, double high) {

    public Interval {
        if (!(low <= high) && !(Double.isNaN(low) && Double.isNaN(high))) {
            throw new IllegalArgumentException("interval low " + low + " above high " + high);
        }
    }

    public double width() {
        return high - low;
    }

    public boolean contains(double x) {
        return low <= x && x <= high;
    }
}
