package dev.sextant.app.ui.evaluation;

import static dev.sextant.app.ui.evaluation.ChartPanes.integerField;
import static dev.sextant.app.ui.evaluation.ChartPanes.show;
import static dev.sextant.app.ui.shell.Tables.number;
import static dev.sextant.app.ui.shell.Tables.text;
import static dev.sextant.app.ui.shell.Tables.width;

import dev.sextant.app.ui.charts.Charts;
import dev.sextant.app.ui.shell.Tables;
import dev.sextant.model.evaluation.ScoreSummary;
import dev.sextant.model.evaluation.ScoreSummarySpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.BooleanSupplier;
import javafx.collections.ListChangeListener;
import javafx.collections.transformation.FilteredList;
import javafx.collections.transformation.SortedList;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.layout.StackPane;

/** Controller of VarianceTab.fxml, the Evaluation area's Variance tab: each score with its error bars, and a forest plot. */
public final class VarianceTab {

    private final EvaluationViewModel vm;
    private final BooleanSupplier dark;

    @FXML
    private ChoiceBox<ScoreSummarySpec.CiMethod> ciMethod;

    @FXML
    private TextField bootstrapRounds;

    @FXML
    private TextField seed;

    @FXML
    private Button recompute;

    @FXML
    private TextField summaryFilter;

    @FXML
    private TableView<ScoreSummary> summaryTable;

    @FXML
    private ComboBox<String> forestBenchmark;

    @FXML
    private StackPane forestPane;

    VarianceTab(EvaluationViewModel vm, BooleanSupplier dark) {
        this.vm = vm;
        this.dark = dark;
    }

    @FXML
    private void initialize() {
        ciMethod.getItems().setAll(ScoreSummarySpec.CiMethod.values());
        ciMethod.valueProperty().bindBidirectional(vm.ciMethodProperty());
        integerField(bootstrapRounds, vm.bootstrapRoundsProperty());
        integerField(seed, vm.seedProperty());
        recompute.setOnAction(e -> vm.recompute());

        FilteredList<ScoreSummary> filtered = new FilteredList<>(vm.summaries());
        summaryFilter.textProperty().addListener((o, a, f) -> {
            String q = f == null ? "" : f.strip().toLowerCase(Locale.ROOT);
            filtered.setPredicate(r -> q.isEmpty()
                    || r.model().toLowerCase(Locale.ROOT).contains(q)
                    || r.benchmark().toLowerCase(Locale.ROOT).contains(q));
        });
        SortedList<ScoreSummary> sorted = new SortedList<>(filtered);
        sorted.comparatorProperty().bind(summaryTable.comparatorProperty());
        summaryTable.setItems(sorted);
        summaryTable
                .getColumns()
                .setAll(List.of(
                        width(text("Benchmark", ScoreSummary::benchmark), 140),
                        width(text("Model", ScoreSummary::model), 190),
                        width(text("Metric", r -> r.metric() == null ? "per item" : r.metric()), 120),
                        width(number("Items", r -> r.n() == null ? null : (double) r.n(), "%,.0f"), 70),
                        width(number("Mean", ScoreSummary::mean, "%.4f"), 80),
                        width(number("SE", ScoreSummary::se, "%.4f"), 80),
                        width(number("SE clustered", ScoreSummary::seClustered, "%.4f"), 105),
                        width(number("CI low", ScoreSummary::ciLow, "%.4f"), 80),
                        width(number("CI high", ScoreSummary::ciHigh, "%.4f"), 80),
                        width(text("Method", ScoreSummary::method), 110),
                        width(number("Samples/item", ScoreSummary::samplesPerItem, "%.1f"), 110),
                        width(
                                number(
                                        "SE at 1 sample",
                                        r -> r.resampling() == null
                                                ? null
                                                : r.resampling().seOneSample(),
                                        "%.4f"),
                                120),
                        width(
                                number(
                                        "SE at ∞ samples",
                                        r -> r.resampling() == null
                                                ? null
                                                : r.resampling().seInfiniteSamples(),
                                        "%.4f"),
                                125),
                        width(number("Wilson low", ScoreSummary::wilsonLow, "%.4f"), 95),
                        width(number("Wilson high", ScoreSummary::wilsonHigh, "%.4f"), 95),
                        width(text("Sampling", r -> String.join("; ", r.samplingConfigs())), 260),
                        width(text("Flags", r -> String.join("; ", r.flags())), 520)));
        summaryTable.setPlaceholder(new Label("No scores to summarise."));
        Tables.exportable(summaryTable, "evaluation-summary.csv", vm.shell());

        vm.summaries().addListener((ListChangeListener<ScoreSummary>) c -> refreshForestChoices());
        forestBenchmark.valueProperty().addListener((o, a, b) -> drawForest());
        refreshForestChoices();
    }

    private void refreshForestChoices() {
        List<String> names = vm.summaries().stream()
                .map(ScoreSummary::benchmark)
                .distinct()
                .sorted()
                .toList();
        String keep = forestBenchmark.getValue();
        forestBenchmark.getItems().setAll(names);
        forestBenchmark.setValue(names.contains(keep) ? keep : names.isEmpty() ? null : names.get(0));
        drawForest();
    }

    private void drawForest() {
        String b = forestBenchmark.getValue();
        List<Charts.ForestRow> rows = new ArrayList<>();
        for (ScoreSummary r : vm.summaries()) {
            if (r.benchmark().equals(b)) {
                rows.add(new Charts.ForestRow(
                        r.model(),
                        r.mean(),
                        r.ciLow() == null ? Double.NaN : r.ciLow(),
                        r.ciHigh() == null ? Double.NaN : r.ciHigh()));
            }
        }
        rows.sort((x, y) -> Double.compare(y.estimate(), x.estimate()));
        show(
                forestPane,
                rows.isEmpty()
                        ? null
                        : Charts.forest(b + ": mean with 95% interval", "score", rows, dark.getAsBoolean()),
                "No scores to plot.");
    }
}
