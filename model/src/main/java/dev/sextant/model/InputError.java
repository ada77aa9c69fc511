package dev.sextant.model;

import java.util.Objects;

/**
 * A value the user gave that the domain cannot accept, with the input it is about. The field key names the input in
 * the domain's words ({@code serving.tp}, {@code training.globalBatch}, {@code canary.rate}), never a command-line flag
 * or a control: the command line maps keys to its flags in one place, the view models to their controls. The message
 * is the problem in plain words, without the key ("TP (3) must divide the 32 attention heads").
 *
 * <p>One of the {@link InputProblem}s. It is also an {@link IllegalArgumentException} for the code that validates
 * arguments; but a bare {@code IllegalArgumentException} is a broken precondition inside Sextant, an internal failure,
 * never shown as bad input. Faces that know the key can point at the input, others show the message.
 */
public final class InputError extends IllegalArgumentException implements InputProblem {

    private final String field;

    public InputError(String field, String problem) {
        super(Objects.requireNonNull(problem, "problem"));
        this.field = Objects.requireNonNull(field, "field");
    }

    /** The input the problem is about, e.g. {@code serving.tp}. */
    public String field() {
        return field;
    }

    /** The field key of {@code e} when it is an input error, else the empty string. */
    public static String fieldOf(Throwable e) {
        return e instanceof InputError i ? i.field : "";
    }

    /** Throws an input error for {@code field} unless {@code ok}. */
    public static void require(boolean ok, String field, String problem) {
        if (!ok) {
            throw new InputError(field, problem);
        }
    }
}
