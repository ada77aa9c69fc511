package dev.sextant.app.ui.evaluation;

import static dev.sextant.app.ui.evaluation.ChartPanes.integerField;
import static dev.sextant.app.ui.evaluation.ChartPanes.parse;
import static dev.sextant.app.ui.evaluation.ChartPanes.show;
import static dev.sextant.app.ui.shell.Tables.number;
import static dev.sextant.app.ui.shell.Tables.text;
import static dev.sextant.app.ui.shell.Tables.width;

import dev.sextant.app.ui.charts.Charts;
import dev.sextant.app.ui.shell.Forms;
import dev.sextant.app.ui.shell.Tables;
import dev.sextant.model.evaluation.CompositeIndexResult;
import dev.sextant.model.evaluation.CompositeIndexSpec;
import dev.sextant.model.io.IndexTemplates;
import java.io.File;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.layout.StackPane;
import javafx.stage.DirectoryChooser;

/**
 * Controller of IndexTab.fxml, the Evaluation area's Index tab: a composite index re-weighted to the workload, its rank
 * probabilities under perturbed weights and scores.
 */
public final class IndexTab {

    private final EvaluationViewModel vm;
    private final BooleanSupplier dark;

    @FXML
    private TextField indexSamples;

    @FXML
    private TextField concentration;

    @FXML
    private Button recomputeIndex;

    @FXML
    private Button editIndex;

    @FXML
    private Button templates;

    @FXML
    private ChoiceBox<CompositeIndexSpec.Normalization> normalization;

    @FXML
    private Label divergence;

    @FXML
    private TableView<CompositeIndexResult.ModelRow> indexTable;
    /** Shown when the scores give tokens per item: the index's token-efficiency columns. */
    private final TableColumn<CompositeIndexResult.ModelRow, Double> tokensColumn =
            number("Tokens / item", CompositeIndexResult.ModelRow::tokens, "%,.0f");

    private final TableColumn<CompositeIndexResult.ModelRow, Double> efficiencyColumn =
            number("Score / 1k tokens", CompositeIndexResult.ModelRow::scorePerKiloToken, "%.4f");

    @FXML
    private StackPane mixPane;

    @FXML
    private StackPane heatmapPane;

    IndexTab(EvaluationViewModel vm, BooleanSupplier dark) {
        this.vm = vm;
        this.dark = dark;
    }

    @FXML
    private void initialize() {
        integerField(indexSamples, vm.indexSamplesProperty());
        concentration.setText(String.valueOf(vm.concentrationProperty().get()));
        concentration.textProperty().addListener((o, a, b) -> {
            double v = parse(b);
            if (v > 0) {
                vm.concentrationProperty().set(v);
            }
        });
        recomputeIndex.setOnAction(e -> vm.recompute());
        normalization.getItems().setAll(CompositeIndexSpec.Normalization.values());
        normalization.setConverter(Forms.converter(n -> n == null
                ? ""
                : switch (n) {
                    case RAW -> "as scored";
                    case RANDOM_BASELINE -> "above random guessing";
                }));
        normalization.valueProperty().bindBidirectional(vm.normalizationProperty());
        editIndex.setOnAction(e -> {
            var ev = vm.evidenceProperty().get();
            IndexEditor.show(
                            editIndex.getScene().getWindow(),
                            ev == null ? null : ev.weights(),
                            ev == null ? null : ev.scores(),
                            ev == null ? null : ev.mix())
                    .ifPresent(x -> vm.keepIndex(x.name(), x.weights(), x.mix()));
        });
        editIndex.disableProperty().bind(vm.shell().currentProjectProperty().isNull());
        templates.setOnAction(e -> {
            DirectoryChooser c = new DirectoryChooser();
            c.setTitle("Folder for the index templates (" + IndexTemplates.WEIGHTS + ", " + IndexTemplates.SCORES + ", "
                    + IndexTemplates.MIX + ")");
            File dir = c.showDialog(templates.getScene().getWindow());
            if (dir != null) {
                vm.saveTemplates(dir.toPath());
            }
        });
        indexTable
                .getColumns()
                .setAll(List.of(
                        number("Rank", r -> (double) r.rank(), "%.0f"),
                        width(text("Model", CompositeIndexResult.ModelRow::model), 200),
                        number("Score", CompositeIndexResult.ModelRow::score, "%.4f"),
                        number("Rank (your mix)", r -> r.rankMix() == null ? null : (double) r.rankMix(), "%.0f"),
                        number("Score (your mix)", CompositeIndexResult.ModelRow::scoreMix, "%.4f"),
                        number("Rank change", r -> r.rankChange() == null ? null : (double) r.rankChange(), "%+.0f"),
                        number("P(top 1)", CompositeIndexResult.ModelRow::pTop1, "%.3f"),
                        number("P(top 3)", CompositeIndexResult.ModelRow::pTopK, "%.3f"),
                        tokensColumn,
                        efficiencyColumn));
        indexTable.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        indexTable.setPlaceholder(new Label(
                "Build an index (Build or edit index…) over imported model scores, or import a weight table and "
                        + "scores — Save templates… writes example files to fill in."));
        Tables.exportable(indexTable, "composite-index.csv", vm.shell());
        vm.indexProperty().addListener((o, a, r) -> showIndex(r));
        showIndex(vm.indexProperty().get());
    }

    private void showIndex(CompositeIndexResult r) {
        indexTable.getItems().setAll(r == null ? List.of() : r.models());
        boolean tokens = r != null && r.models().stream().anyMatch(m -> m.tokens() != null);
        tokensColumn.setVisible(tokens);
        efficiencyColumn.setVisible(tokens);
        if (r == null) {
            divergence.setText("");
            show(mixPane, null, "No weight table and model scores in this project.");
            show(heatmapPane, null, "");
            return;
        }
        divergence.setText(
                r.divergence() == null
                        ? "No workload mix imported"
                        : String.format(
                                "Index vs your mix: total variation %.2f · Jensen-Shannon %.2f bits%s",
                                r.divergence().totalVariation(),
                                r.divergence().jensenShannon(),
                                r.kendallTau() == null ? "" : String.format(" · mean Kendall τ %.2f", r.kendallTau())));
        if (r.divergence() != null) {
            var cats = r.divergence().categories();
            show(
                    mixPane,
                    Charts.pairedBars(
                            "Index weights vs your workload",
                            "index",
                            "your mix",
                            cats.stream()
                                    .map(CompositeIndexResult.CategoryShare::category)
                                    .toList(),
                            cats.stream()
                                    .map(CompositeIndexResult.CategoryShare::index)
                                    .toList(),
                            cats.stream()
                                    .map(CompositeIndexResult.CategoryShare::mix)
                                    .toList(),
                            dark.getAsBoolean()),
                    "");
        } else {
            show(
                    mixPane,
                    Charts.pairedBars(
                            "Index weights by benchmark",
                            "index",
                            "share of spread",
                            r.benchmarks().stream()
                                    .map(CompositeIndexResult.BenchmarkRow::benchmark)
                                    .toList(),
                            r.benchmarks().stream()
                                    .map(CompositeIndexResult.BenchmarkRow::weight)
                                    .toList(),
                            r.benchmarks().stream()
                                    .map(b -> Math.max(0, b.spreadShare()))
                                    .toList(),
                            dark.getAsBoolean()),
                    "");
        }
        boolean sampled = r.models().stream().allMatch(m -> m.rankProbabilities() != null);
        List<String> ranks = new ArrayList<>();
        for (int i = 1; i <= r.models().size(); i++) {
            ranks.add(String.valueOf(i));
        }
        show(
                heatmapPane,
                sampled
                        ? Charts.heatmap(
                                "Rank probabilities under perturbed weights and scores",
                                r.models().stream()
                                        .map(CompositeIndexResult.ModelRow::model)
                                        .toList(),
                                ranks,
                                r.models().stream()
                                        .map(CompositeIndexResult.ModelRow::rankProbabilities)
                                        .toList(),
                                "rank",
                                false,
                                dark.getAsBoolean())
                        : null,
                "Set Monte Carlo draws above 0 for rank probabilities.");
    }
}
