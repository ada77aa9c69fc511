package dev.sextant.app.ui.planning;

import dev.sextant.app.ui.shell.Forms;
import java.util.HashMap;
import java.util.Map;
import javafx.beans.value.ObservableStringValue;
import javafx.scene.control.Control;

/**
 * The inputs of a planning area by the keys its view model's problems name ({@code problemFieldProperty}): the one a
 * problem is about is marked, with the message as its tooltip, and the others lose their mark.
 */
public final class ProblemMarks {

    private final Map<String, Control> byKey = new HashMap<>();

    public ProblemMarks(ObservableStringValue problemField, ObservableStringValue problem) {
        problemField.addListener((o, a, key) -> Forms.markProblem(byKey, key, problem.get()));
    }

    /** Registers {@code input} under {@code key}; returns it. */
    public <C extends Control> C add(String key, C input) {
        byKey.put(key, input);
        return input;
    }
}
