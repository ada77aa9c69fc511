package dev.sextant.app.ui.shell;

import java.util.Locale;

/**
 * The planning areas' text inputs read as numbers, with one error style: "Field: expected a number, got 'x'" (the
 * field's label first, so that the view can mark the input at fault), and numbers written back as a person types them.
 */
public final class Inputs {

    private Inputs() {
    }

    public static double number(String field, String text) {
        try {
            return Double.parseDouble(text.strip());
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(field + ": expected a number, got '" + (text == null ? "" : text.strip()) + "'");
        }
    }

    public static double positive(String field, String text) {
        double v = number(field, text);
        if (!(v > 0)) {
            throw new IllegalArgumentException(field + ": must be positive");
        }
        return v;
    }

    /** A whole number of at least 1. */
    public static int integer(String field, String text) {
        try {
            int v = Integer.parseInt(text.strip());
            if (v < 1) {
                throw new IllegalArgumentException(field + ": must be at least 1");
            }
            return v;
        } catch (NumberFormatException | NullPointerException e) {
            throw new IllegalArgumentException(field + ": expected a whole number, got '" + (text == null ? "" : text.strip()) + "'");
        }
    }

    /** Blank is null; otherwise as {@link #integer}. */
    public static Integer optionalInteger(String field, String text) {
        return text == null || text.isBlank() ? null : integer(field, text);
    }

    /** Blank is null; otherwise as {@link #number}. */
    public static Double optionalNumber(String field, String text) {
        return text == null || text.isBlank() ? null : number(field, text);
    }

    /** A number as a person would type it: 1e12, 2.5e12, 600, 0.05. */
    public static String compact(double v) {
        java.math.BigDecimal d = new java.math.BigDecimal(String.format(Locale.ROOT, "%.4g", v)).stripTrailingZeros();
        double a = Math.abs(v);
        return a == 0 || a >= 1e-3 && a < 1e7 ? d.toPlainString() : d.toString().replace("E+", "e").replace("E", "e");
    }
}
