package dev.sextant.model.io.trainlog;

import java.util.Locale;

/** Numbers as trainers print them: Python's {@code nan}, {@code inf}, {@code -inf} as well as Java's spellings. */
final class LogNumbers {

    private LogNumbers() {}

    /** The number {@code text} spells, or null when it is not one. */
    static Double parse(String text) {
        String t = text.strip();
        if (t.isEmpty()) {
            return null;
        }
        switch (t.toLowerCase(Locale.ROOT)) {
            case "nan", "-nan", "+nan" -> {
                return Double.NaN;
            }
            case "inf", "+inf", "infinity", "+infinity" -> {
                return Double.POSITIVE_INFINITY;
            }
            case "-inf", "-infinity" -> {
                return Double.NEGATIVE_INFINITY;
            }
            default -> {}
        }
        char c = t.charAt(0);
        if (!(Character.isDigit(c) || c == '-' || c == '+' || c == '.')) {
            return null;
        }
        try {
            return Double.parseDouble(t);
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
