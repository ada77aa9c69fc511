package dev.sextant.model.io;

import dev.sextant.model.BadInputException;
import java.math.BigDecimal;
import java.util.Locale;

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

    /**
     * An id or name (model, benchmark, item, request, metric, category…) a workspace keeps: at most {@value #MAX_ID}
     * characters, the width of its columns. Longer is refused by name rather than cut, because two cut ids could become
     * one.
     */
    public String identifier(String field, String v) {
        return text(field, v, MAX_ID);
    }

    /** Text of at most {@code max} characters (null passes). */
    public String text(String field, String v, int max) {
        if (v != null && v.length() > max) {
            throw problem(
                    field,
                    String.format(
                            Locale.ROOT, "%,d characters long; a workspace keeps at most %,d here", v.length(), max));
        }
        return v;
    }

    /** The widest id or name a workspace keeps. */
    public static final int MAX_ID = 400;
    /** The widest free text (a description, a reference) a workspace keeps. */
    public static final int MAX_TEXT = 4000;

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
