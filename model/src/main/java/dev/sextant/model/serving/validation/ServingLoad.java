package dev.sextant.model.serving.validation;

import dev.sextant.model.InputError;
import java.util.Locale;

/**
 * How a measurement sent its requests.
 *
 * @param kind  burst (all at once: offline, request rate inf), batch (one static batch started together), concurrency
 *              (closed loop: a new request as soon as one finishes) or rate (Poisson arrivals)
 * @param value in-flight requests for concurrency, requests per second for rate; 0 otherwise
 */
public record ServingLoad(Kind kind, double value) {

    public enum Kind {
        BURST,
        BATCH,
        CONCURRENCY,
        RATE
    }

    public ServingLoad {
        if ((kind == Kind.CONCURRENCY || kind == Kind.RATE) && !(value > 0 && Double.isFinite(value))) {
            throw new InputError(
                    "validation.load", kind.name().toLowerCase(Locale.ROOT) + " needs a positive value, got " + value);
        }
        if (kind == Kind.CONCURRENCY && value != Math.rint(value)) {
            throw new InputError("validation.load", "concurrency must be a whole number, got " + value);
        }
    }

    /** {@code burst}, {@code batch}, {@code concurrency:C} or {@code rate:Q}. */
    public static ServingLoad parse(String text) {
        String t = text.strip();
        int colon = t.indexOf(':');
        String head = colon < 0 ? t : t.substring(0, colon);
        switch (head) {
            case "burst":
            case "batch":
                if (colon >= 0) {
                    throw new InputError("validation.load", "'" + head + "' takes no value: '" + text + "'");
                }
                return new ServingLoad(head.equals("burst") ? Kind.BURST : Kind.BATCH, 0);
            case "concurrency":
            case "rate":
                if (colon < 0) {
                    throw new InputError("validation.load", "'" + head + "' needs a value, e.g. " + head + ":8");
                }
                try {
                    return new ServingLoad(
                            head.equals("rate") ? Kind.RATE : Kind.CONCURRENCY,
                            Double.parseDouble(t.substring(colon + 1)));
                } catch (NumberFormatException e) {
                    throw new InputError("validation.load", "not a number after '" + head + ":': '" + text + "'");
                }
            default:
                throw new InputError(
                        "validation.load", "must be burst, batch, concurrency:C or rate:Q, got '" + text + "'");
        }
    }

    @Override
    public String toString() {
        return switch (kind) {
            case BURST -> "burst";
            case BATCH -> "batch";
            case CONCURRENCY -> "concurrency:" + (int) value;
            case RATE -> "rate:" + value;
        };
    }
}
