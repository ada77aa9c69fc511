package dev.sextant.app.ui.shell;

import dev.sextant.model.BadInputException;
import dev.sextant.model.InputError;
import java.math.BigDecimal;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * The planning areas' text inputs read as numbers, with one error style: "Label: expected a number, got 'x'", thrown
 * as an {@link InputError} whose key ({@code serving.tp}, {@code training.gpus}) names the input, so that the view
 * model can mark the control at fault without reading the message; and numbers written back as a person types them.
 * The forms without a key are for inputs no control is marked for.
 */
public final class Inputs {

    /** The key of an input no control is marked for. */
    private static final String NO_KEY = "";

    private Inputs() {}

    public static double number(String key, String label, String text) {
        try {
            return Double.parseDouble(text.strip());
        } catch (RuntimeException e) {
            throw new InputError(key, label + ": expected a number, got '" + (text == null ? "" : text.strip()) + "'");
        }
    }

    public static double positive(String key, String label, String text) {
        double v = number(key, label, text);
        if (!(v > 0)) {
            throw new InputError(key, label + ": must be positive");
        }
        return v;
    }

    /** A whole number of at least 1. */
    public static int integer(String key, String label, String text) {
        int v;
        try {
            v = Integer.parseInt(text.strip());
        } catch (NumberFormatException | NullPointerException e) {
            throw new InputError(
                    key, label + ": expected a whole number, got '" + (text == null ? "" : text.strip()) + "'");
        }
        if (v < 1) {
            throw new InputError(key, label + ": must be at least 1");
        }
        return v;
    }

    /** Blank is null; otherwise as {@link #integer(String, String, String)}. */
    public static Integer optionalInteger(String key, String label, String text) {
        return text == null || text.isBlank() ? null : integer(key, label, text);
    }

    /** Blank is null; otherwise as {@link #number(String, String, String)}. */
    public static Double optionalNumber(String key, String label, String text) {
        return text == null || text.isBlank() ? null : number(key, label, text);
    }

    /**
     * Reads an input written in a file's grammar (a traffic CSV, a length distribution), whose errors name the line and
     * field within it: any such error is about the input {@code key} as a whole.
     */
    public static <T> T reading(String key, Supplier<T> read) {
        try {
            return read.get();
        } catch (BadInputException e) {
            throw new InputError(key, e.getMessage());
        }
    }

    public static double number(String label, String text) {
        return number(NO_KEY, label, text);
    }

    public static double positive(String label, String text) {
        return positive(NO_KEY, label, text);
    }

    /** A whole number of at least 1. */
    public static int integer(String label, String text) {
        return integer(NO_KEY, label, text);
    }

    /** Blank is null; otherwise as {@link #integer(String, String)}. */
    public static Integer optionalInteger(String label, String text) {
        return optionalInteger(NO_KEY, label, text);
    }

    /** Blank is null; otherwise as {@link #number(String, String)}. */
    public static Double optionalNumber(String label, String text) {
        return optionalNumber(NO_KEY, label, text);
    }

    /** A number as a person would type it: 1e12, 2.5e12, 600, 0.05. */
    public static String compact(double v) {
        BigDecimal d = new BigDecimal(String.format(Locale.ROOT, "%.4g", v)).stripTrailingZeros();
        double a = Math.abs(v);
        return a == 0 || a >= 1e-3 && a < 1e7
                ? d.toPlainString()
                : d.toString().replace("E+", "e").replace("E", "e");
    }
}
