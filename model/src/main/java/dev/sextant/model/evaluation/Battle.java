package dev.sextant.model.evaluation;

import dev.sextant.model.InputError;
import java.util.Objects;

/** One blind pairwise comparison (FastChat / Chatbot Arena battle record). */
public record Battle(String modelA, String modelB, Winner winner, String questionId, String category) {

    /** FastChat's winner values. */
    public enum Winner {
        MODEL_A("model_a"),
        MODEL_B("model_b"),
        TIE("tie"),
        TIE_BOTHBAD("tie (bothbad)");

        private final String label;

        Winner(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }

        /** The winner for FastChat's label, or null when the label is not one of them. */
        public static Winner of(String label) {
            for (Winner w : values()) {
                if (w.label.equals(label)) {
                    return w;
                }
            }
            return null;
        }
    }

    public Battle {
        Objects.requireNonNull(modelA, "modelA");
        Objects.requireNonNull(modelB, "modelB");
        Objects.requireNonNull(winner, "winner");
        if (modelA.equals(modelB)) {
            throw new InputError("evaluation.battles", "a model cannot battle itself");
        }
    }
}
