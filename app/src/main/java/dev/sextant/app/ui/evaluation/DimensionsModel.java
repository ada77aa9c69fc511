package dev.sextant.app.ui.evaluation;

import dev.sextant.app.Failures;
import dev.sextant.app.study.EvaluationStudy;
import dev.sextant.app.ui.shell.ShellModel;
import dev.sextant.model.evaluation.CapabilityProfile;
import dev.sextant.model.evaluation.EvaluationEvidence;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * State of the Evaluation area's Dimensions tab: the project's evidence as a profile over capability dimensions, with
 * the dimension map and refusal sets the user chose (a job: the per-item summaries behind it may take a moment).
 */
public final class DimensionsModel {

    private final ShellModel shell;
    private final Supplier<EvaluationEvidence> evidence;
    private final ObjectProperty<Path> map = new SimpleObjectProperty<>();
    private final ObservableList<Path> refusalSets = FXCollections.observableArrayList();
    private final ObjectProperty<CapabilityProfile.Result> result = new SimpleObjectProperty<>();
    private final StringProperty problem = new SimpleStringProperty("");

    public DimensionsModel(ShellModel shell, Supplier<EvaluationEvidence> evidence) {
        this.shell = shell;
        this.evidence = evidence;
    }

    /** The profile of the project's evidence with the chosen map and refusal sets. */
    public void refresh() {
        EvaluationEvidence e = evidence.get();
        Path m = map.get();
        List<Path> sets = List.copyOf(refusalSets);
        if (e == null || e.items().isEmpty() && e.reported().isEmpty() && e.scores() == null && sets.isEmpty()) {
            result.set(null);
            problem.set("");
            return;
        }
        shell.jobs()
                .submit(
                        "Profile capability dimensions",
                        (progress, cancel) -> EvaluationStudy.dimensions(e, m, sets, cancel),
                        r -> {
                            problem.set("");
                            result.set(r);
                        },
                        t -> {
                            result.set(null);
                            problem.set(Failures.message(t));
                        });
    }

    public ObjectProperty<Path> mapProperty() {
        return map;
    }

    public ObservableList<Path> refusalSets() {
        return refusalSets;
    }

    public ObjectProperty<CapabilityProfile.Result> resultProperty() {
        return result;
    }

    public StringProperty problemProperty() {
        return problem;
    }

    public ShellModel shell() {
        return shell;
    }
}
