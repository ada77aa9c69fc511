package dev.sextant.model.data.quality;

import dev.sextant.model.InputError;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * One threshold or switch of a rule family, named as datatrove names its constructor argument, with datatrove's default
 * (the default here) and the value the family's paper gives (the {@code paper} preset). A value may be {@code off}
 * (stored as NaN), which skips the check, as datatrove's {@code None} does.
 *
 * @param family the family's name ({@link QualityFamily#name()})
 * @param kind   what values it takes
 */
public record QualityParam(String family, String name, Kind kind, double datatrove, double paper, String meaning) {

    /** What values a parameter takes. */
    public enum Kind {
        /** A whole number of at least 0. */
        COUNT,
        /** A share, 0 to 1. */
        RATIO,
        /** A length in characters or words, at least 0, fractions allowed. */
        LENGTH,
        /** true or false (1 or 0). */
        SWITCH,
        /** Any finite number, negative too (a score a document carries). */
        VALUE
    }

    /** Reads a value the user typed ({@code 0.3}, {@code 50}, {@code true}, {@code off}), refusing one out of range. */
    public double parse(String text) {
        String key = family + "." + name;
        String t = text.strip().toLowerCase(Locale.ROOT);
        if (kind == Kind.SWITCH) {
            return switch (t) {
                case "true", "on", "1", "yes" -> 1;
                case "false", "off", "0", "no" -> 0;
                default -> throw new InputError(key, key + ": expected true or false, got " + text);
            };
        }
        if (t.equals("off") || t.equals("none")) {
            return Double.NaN;
        }
        double v;
        try {
            v = Double.parseDouble(t);
        } catch (NumberFormatException e) {
            throw new InputError(key, key + ": expected a number or off, got " + text);
        }
        if (!Double.isFinite(v)) {
            throw new InputError(key, key + ": expected a finite number, got " + text);
        }
        if (kind != Kind.VALUE && v < 0) {
            throw new InputError(key, key + ": expected a number of at least 0, got " + text);
        }
        if (kind == Kind.RATIO && v > 1) {
            throw new InputError(key, key + ": a share from 0 to 1, got " + text);
        }
        if (kind == Kind.COUNT && v != Math.rint(v)) {
            throw new InputError(key, key + ": a whole number, got " + text);
        }
        return v;
    }

    /** The value as the user would type it. */
    public String format(double v) {
        if (Double.isNaN(v)) {
            return "off";
        }
        if (kind == Kind.SWITCH) {
            return v != 0 ? "true" : "false";
        }
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }

    /** The parameter of {@code params} named {@code name}. */
    static Optional<QualityParam> find(List<QualityParam> params, String name) {
        return params.stream().filter(p -> p.name.equals(name)).findFirst();
    }
}
