package dev.sextant.app.ui.evaluation;

import dev.sextant.app.Failures;
import dev.sextant.app.study.EvaluationStudy;
import dev.sextant.app.ui.shell.ShellModel;
import dev.sextant.model.InputError;
import dev.sextant.model.evaluation.EvaluationEvidence;
import dev.sextant.model.evaluation.ResultsByDate;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.function.Supplier;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/** State of the Evaluation area's By date tab: the dates file, model, benchmark and cut-off, and the comparison made of them. */
public final class ByDateModel {

    private final ShellModel shell;
    private final Supplier<EvaluationEvidence> evidence;
    private final ObjectProperty<Path> dates = new SimpleObjectProperty<>();
    private final StringProperty model = new SimpleStringProperty();
    private final StringProperty benchmark = new SimpleStringProperty();
    private final StringProperty cutoff = new SimpleStringProperty("");
    private final BooleanProperty skipUndated = new SimpleBooleanProperty(false);
    private final ObjectProperty<ResultsByDate.Result> result = new SimpleObjectProperty<>();
    private final StringProperty problem = new SimpleStringProperty("");

    public ByDateModel(ShellModel shell, Supplier<EvaluationEvidence> evidence) {
        this.shell = shell;
        this.evidence = evidence;
    }

    /** Compares the chosen model's accuracy before and after the cut-off on the chosen benchmark. */
    public void compare() {
        EvaluationEvidence e = evidence.get();
        Path d = dates.get();
        LocalDate cut;
        try {
            InputError.require(
                    e != null && model.get() != null && benchmark.get() != null,
                    "bydate.model",
                    "Choose a model and a benchmark with" + " per-item scores.");
            InputError.require(
                    d != null || !e.dating().itemsOf(benchmark.get()).isEmpty(),
                    "bydate.dates",
                    "Choose the items' dates first " + "(item_id,date CSV), or import them into the project.");
            String typed = cutoff.get() == null ? "" : cutoff.get().strip();
            try {
                cut = typed.isEmpty() ? e.dating().cutoffs().get(model.get()) : LocalDate.parse(typed);
            } catch (DateTimeParseException x) {
                throw new InputError(
                        "bydate.cutoff", "Training cut-off: '" + cutoff.get() + "' is not a date (YYYY-MM-DD).");
            }
            InputError.require(
                    cut != null,
                    "bydate.cutoff",
                    "Training cut-off: type one (YYYY-MM-DD), or import the models' cut-offs "
                            + "(model,cutoff CSV) into the project.");
        } catch (InputError x) {
            problem.set(x.getMessage());
            result.set(null);
            return;
        }
        String m = model.get();
        String b = benchmark.get();
        boolean skip = skipUndated.get();
        problem.set("");
        shell.jobs()
                .submit(
                        "Accuracy before and after " + cut,
                        (progress, cancel) -> EvaluationStudy.byDate(e, m, b, d, cut, skip),
                        result::set,
                        t -> {
                            result.set(null);
                            problem.set(Failures.message(t));
                        });
    }

    public ObjectProperty<Path> datesProperty() {
        return dates;
    }

    public StringProperty modelProperty() {
        return model;
    }

    public StringProperty benchmarkProperty() {
        return benchmark;
    }

    public StringProperty cutoffProperty() {
        return cutoff;
    }

    public BooleanProperty skipUndatedProperty() {
        return skipUndated;
    }

    public ObjectProperty<ResultsByDate.Result> resultProperty() {
        return result;
    }

    public StringProperty problemProperty() {
        return problem;
    }

    private Runnable onEvidence = () -> {};

    /** Called when the project's evidence changes (the tab refreshes its choices). */
    public void evidenceChanged(Runnable r) {
        onEvidence = r;
    }

    void evidenceChanged() {
        onEvidence.run();
    }

    /** The evidence the choices come from. */
    public EvaluationEvidence evidence() {
        return evidence.get();
    }
}
