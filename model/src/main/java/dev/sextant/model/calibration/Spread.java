package dev.sextant.model.calibration;

import dev.sextant.model.InputError;
import java.util.Arrays;

/** A measured rate over repetitions: the median with the lowest and highest repetition. */
public record Spread(double median, double min, double max) {

    public static Spread of(double[] values) {
        if (values.length == 0) {
            throw new InputError("calibration.repetitions", "no repetitions");
        }
        double[] v = values.clone();
        Arrays.sort(v);
        int n = v.length;
        double median = n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
        return new Spread(median, v[0], v[n - 1]);
    }

    public static Spread exactly(double v) {
        return new Spread(v, v, v);
    }
}
