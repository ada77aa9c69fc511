package dev.sextant.model.io;

import java.math.BigDecimal;

/**
 * The one way readers check a number they read: finite, and within the range its field allows. Each check names the
 * place (file and line, 0 when the file has no lines to speak of, such as a JSON document) and the field, so that a
 * rejection reads {@code my-gpu.json: hbmGBs: must be positive, got 0}.
 *
 * @param source the file (or option) the number came from
 * @param line   1-based line, or 0
 */
public record FieldChecks(String source, long line) {

    public static FieldChecks at(String source, long line) {
        return new FieldChecks(source, line);
    }

    /** A number at all: NaN and infinities (also {@code 1e999}, which overflows to one) are refused. */
    public double finite(String field, double v) {
        if (!Double.isFinite(v)) {
            throw problem(field, "must be a finite number, got " + show(v));
        }
        return v;
    }

    public double positive(String field, double v) {
        if (!(finite(field, v) > 0)) {
            throw problem(field, "must be positive, got " + show(v));
        }
        return v;
    }

    public double nonNegative(String field, double v) {
        if (finite(field, v) < 0) {
            throw problem(field, "must not be negative, got " + show(v));
        }
        return v;
    }

    /** Within {@code [lo, hi]}, both ends included. */
    public double within(String field, double v, double lo, double hi) {
        if (finite(field, v) < lo || v > hi) {
            throw problem(field, "must lie in [" + show(lo) + ", " + show(hi) + "], got " + show(v));
        }
        return v;
    }

    /** A share or probability: within [0, 1]. */
    public double probability(String field, double v) {
        return within(field, v, 0, 1);
    }

    /** The same checks on an optional number: null passes. */
    public Double positive(String field, Double v) {
        return v == null ? null : positive(field, v.doubleValue());
    }

    public Double nonNegative(String field, Double v) {
        return v == null ? null : nonNegative(field, v.doubleValue());
    }

    public BadInputException problem(String field, String what) {
        return new BadInputException(source, line, field, what);
    }

    /** A number as people write it: 0 rather than 0.0, NaN and infinities by name. */
    static String show(double v) {
        if (Double.isNaN(v)) {
            return "NaN";
        }
        if (Double.isInfinite(v)) {
            return v > 0 ? "infinity" : "-infinity";
        }
        return new BigDecimal(Double.toString(v)).stripTrailingZeros().toPlainString();
    }
}
