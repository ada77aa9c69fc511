package dev.sextant.app.ui.evaluation;

import static dev.sextant.app.ui.evaluation.ChartPanes.show;
import static dev.sextant.app.ui.shell.Tables.number;
import static dev.sextant.app.ui.shell.Tables.text;
import static dev.sextant.app.ui.shell.Tables.width;

import dev.sextant.app.ui.charts.SampleCharts;
import dev.sextant.app.ui.shell.Forms;
import dev.sextant.app.ui.shell.Tables;
import dev.sextant.model.evaluation.RepeatedSamples;
import java.io.File;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.BooleanSupplier;
import javafx.beans.binding.Bindings;
import javafx.collections.ListChangeListener;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.StackPane;
import javafx.stage.FileChooser;

/**
 * Controller of SamplesTab.fxml, the Evaluation area's Samples tab: items answered several times — pass@k and pass^k
 * against k, majority, consistency, tokens and cost per solved item — with the two charts, accuracy against tokens
 * and reliability against k.
 */
public final class SamplesTab {

    private final SamplesModel vm;
    private final BooleanSupplier dark;

    @FXML
    private Button choose;

    @FXML
    private Label chosen;

    @FXML
    private TextField ks;

    @FXML
    private TextField priceIn;

    @FXML
    private TextField priceOut;

    @FXML
    private Button summarise;

    @FXML
    private Label problem;

    @FXML
    private Label notes;

    @FXML
    private TableView<RepeatedSamples.Row> table;

    @FXML
    private StackPane byKPane;

    @FXML
    private StackPane tokensPane;

    SamplesTab(SamplesModel vm, BooleanSupplier dark) {
        this.vm = vm;
        this.dark = dark;
    }

    @FXML
    private void initialize() {
        ks.textProperty().bindBidirectional(vm.ksProperty());
        priceIn.textProperty().bindBidirectional(vm.priceInProperty());
        priceOut.textProperty().bindBidirectional(vm.priceOutProperty());
        Forms.bindProblem(problem, vm.problemProperty());
        Forms.bindProblem(notes, vm.notesProperty()); // shown only while there are some
        chosen.textProperty()
                .bind(Bindings.createStringBinding(
                        () -> vm.files().isEmpty()
                                ? "the project's repeated samples"
                                : vm.files().size() == 1
                                        ? vm.files().get(0).getFileName().toString()
                                        : vm.files().size() + " files",
                        vm.files()));
        choose.setTooltip(
                new Tooltip("Items answered several times: per-item CSVs with a sample column, lm-evaluation-harness"
                        + " samples files of several runs (one file a run), τ-bench results. Without files: the project's evidence scored with a"
                        + " sample index."));
        choose.setOnAction(e -> {
            FileChooser c = new FileChooser();
            c.setTitle("Trial files: the same items answered several times");
            c.getExtensionFilters()
                    .add(new FileChooser.ExtensionFilter(
                            "Trials (CSV, JSON Lines, JSON)", "*.csv", "*.jsonl", "*.json"));
            List<File> picked = c.showOpenMultipleDialog(choose.getScene().getWindow());
            if (picked != null && !picked.isEmpty()) {
                vm.files().setAll(picked.stream().map(File::toPath).toList());
                vm.summarise();
            }
        });
        summarise.setOnAction(e -> vm.summarise());
        table.setItems(vm.rows());
        table.setPlaceholder(
                new Label(
                        "Choose trial files: each item answered several times (a sample column, a file per run, τ-bench's trials)."));
        Tables.exportable(table, "repeated-samples.csv", vm.shell());
        vm.shownKs().addListener((ListChangeListener<Integer>) c -> columns());
        vm.rows().addListener((ListChangeListener<RepeatedSamples.Row>) c -> draw());
        columns();
        draw();
    }

    private void columns() {
        List<TableColumn<RepeatedSamples.Row, ?>> cols = new ArrayList<>(List.of(
                width(text("Model", RepeatedSamples.Row::model), 170),
                width(text("Benchmark", RepeatedSamples.Row::benchmark), 120),
                width(text("Sampling", r -> r.sampling().describe()), 200),
                width(number("Items", r -> (double) r.n(), "%,.0f"), 70),
                width(number("Trials", r -> (double) r.samplesPerItem(), "%,.0f"), 72)));
        for (int k : vm.shownKs()) {
            cols.add(width(text("pass@" + k, r -> fmt(r.passAt().get(k))), 150));
        }
        for (int k : vm.shownKs()) {
            cols.add(width(text("pass^" + k, r -> fmt(r.passHat().get(k))), 150));
        }
        cols.addAll(List.of(
                width(text("Majority", r -> fmt(r.majority())), 150),
                width(number("Consistent", r -> r.consistency().value(), "%.3f"), 90),
                width(number("Tokens/item", r -> finite(r.tokens().perItem()), "%,.0f"), 95),
                width(number("Tokens/solved", r -> finite(r.tokens().perSolved()), "%,.0f"), 105),
                width(number("Cost/solved, $", r -> finite(r.costPerSolved()), "%.4g"), 110),
                width(
                        number(
                                "SE at 1 sample",
                                r -> r.variance() == null ? null : r.variance().seOneSample(),
                                "%.4f"),
                        115),
                width(text("Notes", r -> String.join("; ", r.notes())), 360)));
        table.getColumns().setAll(cols);
    }

    private void draw() {
        List<RepeatedSamples.Row> rows = List.copyOf(vm.rows());
        show(
                byKPane,
                rows.isEmpty() ? null : SampleCharts.byK(rows, dark.getAsBoolean()),
                "pass@k and pass^k against k appear here.");
        boolean tokens = rows.stream().anyMatch(r -> Double.isFinite(r.tokens().perItem()));
        show(
                tokensPane,
                tokens ? SampleCharts.accuracyVsTokens(rows, dark.getAsBoolean()) : null,
                rows.isEmpty()
                        ? "Accuracy against tokens per item appears here."
                        : "No token counts here: accuracy against tokens needs" + " an output_tokens column.");
    }

    static String fmt(RepeatedSamples.Estimate e) {
        return e == null ? "—" : String.format(Locale.ROOT, "%.3f [%.3f, %.3f]", e.value(), e.low(), e.high());
    }

    static Double finite(double v) {
        return Double.isFinite(v) ? v : null;
    }
}
