package dev.sextant.model.job;

/**
 * A question the model cannot answer, found while answering it: a search ran into its bound (a capacity the simulation
 * could not limit), so the value it would return is the bound, not an answer. Reported as a failure in plain words,
 * never shown as a result.
 */
public final class ModelLimitException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public ModelLimitException(String message) {
        super(message);
    }
}
