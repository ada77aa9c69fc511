package dev.sextant.app.ui.evaluation;

import dev.sextant.app.ui.charts.SampleCharts;
import dev.sextant.app.ui.shell.Forms;
import dev.sextant.model.evaluation.EvaluationEvidence;
import dev.sextant.model.evaluation.ItemScore;
import dev.sextant.model.evaluation.ResultsByDate;
import java.io.File;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.Locale;
import java.util.function.BooleanSupplier;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.StackPane;
import javafx.stage.FileChooser;

/**
 * Controller of ByDateTab.fxml, the Evaluation area's By date tab: a model's accuracy on items dated up to its
 * training cut-off against those after it, with the difference's interval and accuracy month by month.
 */
public final class ByDateTab {

    private final ByDateModel vm;
    private final BooleanSupplier dark;

    @FXML
    private Button chooseDates;

    @FXML
    private Label datesName;

    @FXML
    private ComboBox<String> model;

    @FXML
    private ComboBox<String> benchmark;

    @FXML
    private TextField cutoff;

    @FXML
    private CheckBox skipUndated;

    @FXML
    private Button compare;

    @FXML
    private Label problem;

    @FXML
    private Label verdict;

    @FXML
    private Label notes;

    @FXML
    private StackPane chartPane;

    ByDateTab(ByDateModel vm, BooleanSupplier dark) {
        this.vm = vm;
        this.dark = dark;
    }

    @FXML
    private void initialize() {
        Forms.bindProblem(problem, vm.problemProperty());
        vm.datesProperty().addListener((o, a, b) -> showStored());
        chooseDates.setTooltip(new Tooltip("CSV item_id,date[,benchmark]: each item's release or creation date"));
        chooseDates.setOnAction(e -> {
            FileChooser c = new FileChooser();
            c.setTitle("The items' dates: item_id,date[,benchmark]");
            c.getExtensionFilters().add(new FileChooser.ExtensionFilter("CSV", "*.csv"));
            File f = c.showOpenDialog(chooseDates.getScene().getWindow());
            if (f != null) {
                vm.datesProperty().set(f.toPath());
            }
        });
        model.valueProperty().bindBidirectional(vm.modelProperty());
        benchmark.valueProperty().bindBidirectional(vm.benchmarkProperty());
        cutoff.textProperty().bindBidirectional(vm.cutoffProperty());
        skipUndated.selectedProperty().bindBidirectional(vm.skipUndatedProperty());
        compare.setOnAction(e -> vm.compare());
        model.setOnShowing(e -> choices());
        benchmark.setOnShowing(e -> choices());
        model.valueProperty().addListener((o, a, b) -> choices());
        benchmark.valueProperty().addListener((o, a, b) -> showStored());
        vm.evidenceChanged(this::choices);
        choices();
        vm.resultProperty().addListener((o, a, r) -> show(r));
        show(vm.resultProperty().get());
    }

    private boolean filling;

    /** The models and benchmarks with per-item scores in the evidence (the first of each chosen when none is). */
    private void choices() {
        if (filling) {
            return; // a combo's items being replaced changes its value: no second round from that
        }
        filling = true;
        try {
            EvaluationEvidence e = vm.evidence();
            List<ItemScore> items = e == null ? List.of() : e.items();
            String keepModel = model.getValue();
            model.getItems()
                    .setAll(items.stream()
                            .map(ItemScore::model)
                            .distinct()
                            .sorted()
                            .toList());
            model.setValue(
                    keepModel != null && model.getItems().contains(keepModel)
                            ? keepModel
                            : model.getItems().isEmpty()
                                    ? null
                                    : model.getItems().get(0));
            String m = model.getValue();
            String keepBench = benchmark.getValue();
            benchmark
                    .getItems()
                    .setAll(items.stream()
                            .filter(x -> x.model().equals(m))
                            .map(ItemScore::benchmark)
                            .distinct()
                            .sorted()
                            .toList());
            // a benchmark whose items the project dates comes first
            String dated = benchmark.getItems().stream()
                    .filter(x -> !e.dating().itemsOf(x).isEmpty())
                    .findFirst()
                    .orElse(null);
            benchmark.setValue(
                    keepBench != null && benchmark.getItems().contains(keepBench)
                            ? keepBench
                            : dated != null
                                    ? dated
                                    : benchmark.getItems().isEmpty()
                                            ? null
                                            : benchmark.getItems().get(0));
        } finally {
            filling = false;
        }
        showStored();
    }

    /** The dates file chosen, else the project's imported dates; the project's cut-off of the model as the field's prompt. */
    private void showStored() {
        EvaluationEvidence e = vm.evidence();
        String b = benchmark.getValue();
        Path d = vm.datesProperty().get();
        int stored = e == null || b == null ? 0 : e.dating().itemsOf(b).size();
        datesName.setText(
                d != null
                        ? "Item dates: " + d.getFileName()
                        : stored > 0
                                ? String.format("Item dates: the project's (%,d items of %s)", stored, b)
                                : "No item dates for " + (b == null ? "this benchmark" : b)
                                        + " in the project: choose a file (item_id,date).");
        datesName.setVisible(b != null || d != null);
        datesName.setManaged(datesName.isVisible());
        LocalDate cut = e == null || model.getValue() == null
                ? null
                : e.dating().cutoffs().get(model.getValue());
        cutoff.setPromptText(cut == null ? "YYYY-MM-DD" : cut.toString());
    }

    private void show(ResultsByDate.Result r) {
        if (r == null) {
            verdict.setText("");
            notes.setText("");
            ChartPanes.show(
                    chartPane,
                    null,
                    "Choose a model and a benchmark, the items' dates and the model's training cut-off (or import them into the project), then Compare.");
            return;
        }
        verdict.setText(String.format(
                Locale.ROOT,
                "%s on %s: %.3f on %d items up to %s, %.3f on %d after — after − before %+.3f [%+.3f, %+.3f]%s",
                r.model(),
                r.benchmark(),
                r.before().mean(),
                r.before().n(),
                r.cutoff(),
                r.after().mean(),
                r.after().n(),
                r.difference().value(),
                r.difference().low(),
                r.difference().high(),
                r.difference().high() < 0
                        ? ": better on the older items — contamination by date?"
                        : r.difference().low() > 0
                                ? ": better on the newer items"
                                : ": no difference the items can show"));
        notes.setText(String.join("\n", r.notes()));
        ChartPanes.show(chartPane, SampleCharts.byMonth(r, dark.getAsBoolean()), "");
    }
}
