package dev.sextant.app.ui.rollout;

import dev.sextant.app.ui.shell.Inputs;
import dev.sextant.model.InputError;
import dev.sextant.model.gate.GatePolicy;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/** One check of the policy as the editor holds it: text the user types, parsed when the policy is saved. */
public final class CheckRow {

    final StringProperty name = new SimpleStringProperty();
    final ObjectProperty<GatePolicy.Layer> layer = new SimpleObjectProperty<>(GatePolicy.Layer.PRIVATE);
    final StringProperty metric = new SimpleStringProperty("accuracy");
    final ObjectProperty<String> better = new SimpleObjectProperty<>("higher");
    final StringProperty minimumEffect = new SimpleStringProperty("0");
    final StringProperty margin = new SimpleStringProperty("0.02");
    final ObjectProperty<GatePolicy.Test> test = new SimpleObjectProperty<>(GatePolicy.Test.PAIRED);
    final ObjectProperty<GatePolicy.Role> role = new SimpleObjectProperty<>(GatePolicy.Role.BLOCKING);

    static CheckRow of(GatePolicy.Check c) {
        CheckRow r = new CheckRow();
        r.name.set(c.name());
        r.layer.set(c.layer());
        r.metric.set(c.metric());
        r.better.set(c.higherIsBetter() ? "higher" : "lower");
        r.minimumEffect.set(Inputs.compact(c.minimumEffect()));
        r.margin.set(Inputs.compact(c.margin()));
        r.test.set(c.test());
        r.role.set(c.role());
        return r;
    }

    /** The check, or an IllegalArgumentException naming the row and field. */
    GatePolicy.Check toCheck(int row) {
        return new GatePolicy.Check(
                text(name.get(), row, "name"),
                layer.get(),
                text(metric.get(), row, "metric"),
                "higher".equals(better.get()),
                Inputs.number("gate.checks", "Policy row " + row + ": minimum effect", minimumEffect.get()),
                Inputs.number("gate.checks", "Policy row " + row + ": margin", margin.get()),
                test.get(),
                role.get());
    }

    private static String text(String v, int row, String field) {
        if (v == null || v.isBlank()) {
            throw new InputError("gate.checks", "Policy row " + row + ": " + field + " is empty");
        }
        return v.strip();
    }
}
