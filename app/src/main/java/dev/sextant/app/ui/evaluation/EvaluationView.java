package dev.sextant.app.ui.evaluation;

import dev.sextant.app.ui.charts.Charts;
import dev.sextant.app.ui.shell.Dialogs;
import static dev.sextant.app.ui.shell.Tables.number;
import static dev.sextant.app.ui.shell.Tables.text;
import static dev.sextant.app.ui.shell.Tables.width;
import dev.sextant.app.ui.shell.Tables;
import dev.sextant.model.evaluation.ArenaResult;
import dev.sextant.model.evaluation.CompositeIndexResult;
import dev.sextant.model.evaluation.ScoreSummarizer;
import dev.sextant.model.evaluation.ScoreSummary;
import dev.sextant.model.evaluation.ScoreSummarySpec;
import dev.sextant.model.evaluation.Scorecard;
import dev.sextant.model.statistics.BradleyTerry;
import dev.sextant.workspaces.EvidenceSource;
import java.io.File;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.transformation.FilteredList;
import javafx.collections.transformation.SortedList;
import javafx.fxml.FXML;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeTableColumn;
import javafx.scene.control.TreeTableView;
import javafx.scene.input.TransferMode;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.fx.ChartViewer;

/** Controller of EvaluationView.fxml: wiring only; state and analyses live in {@link EvaluationViewModel}. */
public final class EvaluationView {

    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm").withZone(ZoneId.systemDefault());

    private final EvaluationViewModel vm;

    @FXML private VBox root;
    @FXML private Button importButton;
    @FXML private Label message;
    @FXML private TabPane tabs;
    @FXML private VBox dropZone;
    @FXML private Button removeSource;
    @FXML private TableView<EvidenceSource> sourcesTable;
    @FXML private ChoiceBox<ScoreSummarySpec.CiMethod> ciMethod;
    @FXML private TextField bootstrapRounds;
    @FXML private TextField seed;
    @FXML private Button recompute;
    @FXML private TextField summaryFilter;
    @FXML private TableView<ScoreSummary> summaryTable;
    @FXML private ComboBox<String> forestBenchmark;
    @FXML private StackPane forestPane;
    @FXML private ComboBox<String> compareBenchmark;
    @FXML private ComboBox<String> compareA;
    @FXML private ComboBox<String> compareB;
    @FXML private Button compareButton;
    @FXML private GridPane compareResult;
    @FXML private Label compareVerdict;
    @FXML private TextField powerSdDiff;
    @FXML private TextField powerSdWithin;
    @FXML private TextField powerK;
    @FXML private TextField powerN;
    @FXML private Label powerMde;
    @FXML private TextField powerEffect;
    @FXML private Label powerRequired;
    @FXML private TextField indexSamples;
    @FXML private TextField concentration;
    @FXML private Button recomputeIndex;
    @FXML private Label divergence;
    @FXML private TableView<CompositeIndexResult.ModelRow> indexTable;
    @FXML private StackPane mixPane;
    @FXML private StackPane heatmapPane;
    @FXML private TextField arenaRounds;
    @FXML private Button recomputeArena;
    @FXML private Label arenaCounts;
    @FXML private Label arenaWarning;
    @FXML private TableView<BradleyTerry.Rating> arenaTable;
    @FXML private StackPane arenaPane;
    @FXML private StackPane winRatePane;
    @FXML private TreeTableView<Scorecard.Check> scorecardTable;

    public EvaluationView(EvaluationViewModel vm) {
        this.vm = vm;
    }

    @FXML
    private void initialize() {
        message.textProperty().bind(vm.messageProperty());
        message.visibleProperty().bind(vm.messageProperty().isNotEmpty());
        message.managedProperty().bind(message.visibleProperty());
        importButton.setOnAction(e -> chooseAndImport());
        wireDrop(root);
        wireSources();
        wireVariance();
        wireCompare();
        wirePower();
        wireIndex();
        wireArena();
        wireScorecard();
        keepToolbarLabelsWhole(root);
    }

    /** Labels and buttons in a toolbar row keep their full text; fields give up width instead. */
    private static void keepToolbarLabelsWhole(javafx.scene.Parent parent) {
        for (Node n : parent.getChildrenUnmodifiable()) {
            if (parent instanceof javafx.scene.layout.HBox && n instanceof javafx.scene.control.Labeled l && !l.isWrapText()
                    && !l.getStyleClass().contains("verdict")) {
                l.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE); // verdicts may shorten, field labels may not
            }
            if (parent instanceof javafx.scene.layout.HBox && n instanceof TextField f) {
                f.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
            }
            if (n instanceof javafx.scene.Parent p) {
                keepToolbarLabelsWhole(p);
            }
        }
        if (parent instanceof TabPane tp) {
            tp.getTabs().forEach(t -> {
                if (t.getContent() instanceof javafx.scene.Parent p) {
                    keepToolbarLabelsWhole(p);
                }
            });
        }
    }

    // ------------------------------------------------------------------------------------------------ evidence

    private void chooseAndImport() {
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Import evaluation evidence");
        chooser.getExtensionFilters().addAll(
                new FileChooser.ExtensionFilter("Evaluation files", "*.csv", "*.jsonl", "*.json"),
                new FileChooser.ExtensionFilter("All files", "*"));
        List<File> files = chooser.showOpenMultipleDialog(root.getScene().getWindow());
        if (files != null) {
            vm.importFiles(files.stream().map(File::toPath).toList());
        }
    }

    private void wireDrop(Node target) {
        target.setOnDragOver(e -> {
            if (e.getDragboard().hasFiles()) {
                e.acceptTransferModes(TransferMode.COPY);
            }
            e.consume();
        });
        target.setOnDragDropped(e -> {
            boolean ok = e.getDragboard().hasFiles();
            if (ok) {
                vm.importFiles(e.getDragboard().getFiles().stream().map(File::toPath).toList());
            }
            e.setDropCompleted(ok);
            e.consume();
        });
    }

    private void wireSources() {
        sourcesTable.setItems(vm.sources());
        sourcesTable.getColumns().setAll(List.of(
                width(text("File", s -> s.name() + (s.demo() ? "  (demo)" : "")), 260),
                text("Kind", s -> s.kind().name().toLowerCase(Locale.ROOT).replace('_', ' ')),
                number("Rows", s -> (double) s.rows(), "%,.0f"),
                text("Imported", s -> WHEN.format(s.importedAt())),
                text("From", EvidenceSource::origin)));
        sourcesTable.setPlaceholder(new Label("Nothing imported yet: use Import… or drop files here."));
        sourcesTable.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        removeSource.disableProperty().bind(sourcesTable.getSelectionModel().selectedItemProperty().isNull());
        removeSource.setOnAction(e -> {
            EvidenceSource s = sourcesTable.getSelectionModel().getSelectedItem();
            if (s != null && Dialogs.confirm(root.getScene().getWindow(), "Remove " + s.name() + "?",
                    "Its " + s.rows() + " rows are removed from this project.", "Remove")) {
                vm.deleteSource(s);
            }
        });
        Tables.exportable(sourcesTable, "evaluation-sources.csv", vm.shell());
    }

    // ------------------------------------------------------------------------------------------------ variance

    private void wireVariance() {
        ciMethod.getItems().setAll(ScoreSummarySpec.CiMethod.values());
        ciMethod.valueProperty().bindBidirectional(vm.ciMethodProperty());
        integerField(bootstrapRounds, vm.bootstrapRoundsProperty());
        integerField(seed, vm.seedProperty());
        recompute.setOnAction(e -> vm.recompute());

        FilteredList<ScoreSummary> filtered = new FilteredList<>(vm.summaries());
        summaryFilter.textProperty().addListener((o, a, f) -> {
            String q = f == null ? "" : f.strip().toLowerCase(Locale.ROOT);
            filtered.setPredicate(r -> q.isEmpty() || r.model().toLowerCase(Locale.ROOT).contains(q)
                    || r.benchmark().toLowerCase(Locale.ROOT).contains(q));
        });
        SortedList<ScoreSummary> sorted = new SortedList<>(filtered);
        sorted.comparatorProperty().bind(summaryTable.comparatorProperty());
        summaryTable.setItems(sorted);
        summaryTable.getColumns().setAll(List.of(
                width(text("Benchmark", ScoreSummary::benchmark), 140),
                width(text("Model", ScoreSummary::model), 190),
                width(number("Items", r -> r.n() == null ? null : (double) r.n(), "%,.0f"), 70),
                width(number("Mean", ScoreSummary::mean, "%.4f"), 80),
                width(number("SE", ScoreSummary::se, "%.4f"), 80),
                width(number("SE clustered", ScoreSummary::seClustered, "%.4f"), 105),
                width(number("CI low", ScoreSummary::ciLow, "%.4f"), 80),
                width(number("CI high", ScoreSummary::ciHigh, "%.4f"), 80),
                width(text("Method", ScoreSummary::method), 110),
                width(number("Samples/item", ScoreSummary::samplesPerItem, "%.1f"), 110),
                width(number("SE at 1 sample", r -> r.resampling() == null ? null : r.resampling().seOneSample(), "%.4f"), 120),
                width(number("SE at ∞ samples", r -> r.resampling() == null ? null : r.resampling().seInfiniteSamples(), "%.4f"), 125),
                width(number("Wilson low", ScoreSummary::wilsonLow, "%.4f"), 95),
                width(number("Wilson high", ScoreSummary::wilsonHigh, "%.4f"), 95),
                width(text("Sampling", r -> String.join("; ", r.samplingConfigs())), 260),
                width(text("Flags", r -> String.join("; ", r.flags())), 520)));
        summaryTable.setPlaceholder(new Label("No scores to summarise."));
        Tables.exportable(summaryTable, "evaluation-summary.csv", vm.shell());

        vm.summaries().addListener((javafx.collections.ListChangeListener<ScoreSummary>) c -> refreshForestChoices());
        forestBenchmark.valueProperty().addListener((o, a, b) -> drawForest());
        refreshForestChoices();
    }

    private void refreshForestChoices() {
        List<String> names = vm.summaries().stream().map(ScoreSummary::benchmark).distinct().sorted().toList();
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
                rows.add(new Charts.ForestRow(r.model(), r.mean(), r.ciLow() == null ? Double.NaN : r.ciLow(),
                        r.ciHigh() == null ? Double.NaN : r.ciHigh()));
            }
        }
        rows.sort((x, y) -> Double.compare(y.estimate(), x.estimate()));
        show(forestPane, rows.isEmpty() ? null : Charts.forest(b + ": mean with 95% interval", "score", rows, dark()),
                "No scores to plot.");
    }

    // ------------------------------------------------------------------------------------------------ compare

    private void wireCompare() {
        compareBenchmark.setItems(vm.benchmarks());
        compareA.setItems(vm.models());
        compareB.setItems(vm.models());
        compareBenchmark.valueProperty().bindBidirectional(vm.compareBenchmarkProperty());
        compareA.valueProperty().bindBidirectional(vm.compareAProperty());
        compareB.valueProperty().bindBidirectional(vm.compareBProperty());
        compareButton.setOnAction(e -> vm.compare());
        vm.comparisonProperty().addListener((o, a, r) -> showComparison(r));
        vm.evidenceProperty().addListener((o, a, e) -> {
            if (vm.models().size() >= 2) {
                vm.compare(); // show the first pair at once; the user changes it from here
            } else {
                showComparison(null);
            }
        });
        vm.compareProblemProperty().addListener((o, a, p) -> {
            if (p != null && !p.isEmpty()) {
                compareVerdict.setText(p);
            }
        });
        showComparison(null);
    }

    private void showComparison(ScoreSummarizer.PairedResult r) {
        compareResult.getChildren().clear();
        if (r == null) {
            compareVerdict.setText(vm.models().size() < 2 ? "Needs per-item scores of two models on one benchmark."
                    : "Choose a benchmark and two models, then Compare.");
            return;
        }
        String[][] rows = {
                {"Shared items", String.valueOf(r.n())},
                {"Mean A / B", String.format("%.4f / %.4f", r.meanA(), r.meanB())},
                {"Difference A − B", String.format("%+.4f", r.meanDiff())},
                {"95% CI", String.format("[%+.4f, %+.4f]", r.ciLow(), r.ciHigh())},
                {"Paired SE", String.format("%.4f  (unpaired would be %.4f)", r.se(), r.seUnpaired())},
                {"Correlation", Double.isNaN(r.correlation()) ? "undefined" : String.format("%.3f", r.correlation())},
                {"p-value", String.format("%.4g", r.pValue())}};
        for (int i = 0; i < rows.length; i++) {
            Label k = new Label(rows[i][0]);
            k.getStyleClass().add("text-muted");
            compareResult.addRow(i, k, new Label(rows[i][1]));
        }
        boolean real = r.ciLow() > 0 || r.ciHigh() < 0;
        compareVerdict.setText(real
                ? String.format("The lead is real at 95%%: %s %s by %.1f points (CI excludes zero).", r.meanDiff() > 0 ? r.a() : r.b(),
                        "leads", 100 * Math.abs(r.meanDiff()))
                : String.format("Not distinguishable at 95%%: the interval includes zero. %s",
                        r.unmatchedA() + r.unmatchedB() > 0 ? "(" + (r.unmatchedA() + r.unmatchedB()) + " unshared items left out)" : ""));
    }

    private void wirePower() {
        Runnable update = () -> {
            double sdDiff = parse(powerSdDiff.getText());
            double sdWithin = parse(powerSdWithin.getText());
            int k = (int) parse(powerK.getText());
            long n = (long) parse(powerN.getText());
            double effect = parse(powerEffect.getText());
            double mde = EvaluationViewModel.minDetectableEffect(sdDiff, sdWithin, k, n);
            long required = EvaluationViewModel.requiredN(sdDiff, sdWithin, k, effect);
            powerMde.setText(Double.isNaN(mde) ? "check the inputs" : String.format("→ detects a true difference of %.4f (%.1f points)", mde, 100 * mde));
            powerRequired.setText(required < 0 ? "check the inputs" : String.format("→ needs %,d items", required));
        };
        for (TextField f : List.of(powerSdDiff, powerSdWithin, powerK, powerN, powerEffect)) {
            f.textProperty().addListener((o, a, b) -> update.run());
        }
        update.run();
    }

    // ------------------------------------------------------------------------------------------------ index

    private void wireIndex() {
        integerField(indexSamples, vm.indexSamplesProperty());
        concentration.setText(String.valueOf(vm.concentrationProperty().get()));
        concentration.textProperty().addListener((o, a, b) -> {
            double v = parse(b);
            if (v > 0) {
                vm.concentrationProperty().set(v);
            }
        });
        recomputeIndex.setOnAction(e -> vm.recompute());
        indexTable.getColumns().setAll(List.of(
                number("Rank", r -> (double) r.rank(), "%.0f"),
                width(text("Model", CompositeIndexResult.ModelRow::model), 200),
                number("Score", CompositeIndexResult.ModelRow::score, "%.4f"),
                number("Rank (your mix)", r -> r.rankMix() == null ? null : (double) r.rankMix(), "%.0f"),
                number("Score (your mix)", CompositeIndexResult.ModelRow::scoreMix, "%.4f"),
                number("Rank change", r -> r.rankChange() == null ? null : (double) r.rankChange(), "%+.0f"),
                number("P(top 1)", CompositeIndexResult.ModelRow::pTop1, "%.3f"),
                number("P(top 3)", CompositeIndexResult.ModelRow::pTopK, "%.3f")));
        indexTable.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        indexTable.setPlaceholder(new Label("Import a weight table and model scores (and your workload mix) to analyse an index."));
        Tables.exportable(indexTable, "composite-index.csv", vm.shell());
        vm.indexProperty().addListener((o, a, r) -> showIndex(r));
        showIndex(vm.indexProperty().get());
    }

    private void showIndex(CompositeIndexResult r) {
        indexTable.getItems().setAll(r == null ? List.of() : r.models());
        if (r == null) {
            divergence.setText("");
            show(mixPane, null, "No weight table and model scores in this project.");
            show(heatmapPane, null, "");
            return;
        }
        divergence.setText(r.divergence() == null ? "No workload mix imported"
                : String.format("Index vs your mix: total variation %.2f · Jensen-Shannon %.2f bits%s", r.divergence().totalVariation(),
                r.divergence().jensenShannon(), r.kendallTau() == null ? "" : String.format(" · mean Kendall τ %.2f", r.kendallTau())));
        if (r.divergence() != null) {
            var cats = r.divergence().categories();
            show(mixPane, Charts.pairedBars("Index weights vs your workload", "index", "your mix",
                    cats.stream().map(CompositeIndexResult.CategoryShare::category).toList(),
                    cats.stream().map(CompositeIndexResult.CategoryShare::index).toList(),
                    cats.stream().map(CompositeIndexResult.CategoryShare::mix).toList(), dark()), "");
        } else {
            show(mixPane, Charts.pairedBars("Index weights by benchmark", "index", "share of spread",
                    r.benchmarks().stream().map(CompositeIndexResult.BenchmarkRow::benchmark).toList(),
                    r.benchmarks().stream().map(CompositeIndexResult.BenchmarkRow::weight).toList(),
                    r.benchmarks().stream().map(b -> Math.max(0, b.spreadShare())).toList(), dark()), "");
        }
        boolean sampled = r.models().stream().allMatch(m -> m.rankProbabilities() != null);
        List<String> ranks = new ArrayList<>();
        for (int i = 1; i <= r.models().size(); i++) {
            ranks.add(String.valueOf(i));
        }
        show(heatmapPane, sampled ? Charts.heatmap("Rank probabilities under perturbed weights and scores",
                r.models().stream().map(CompositeIndexResult.ModelRow::model).toList(), ranks,
                r.models().stream().map(CompositeIndexResult.ModelRow::rankProbabilities).toList(), "rank", false, dark()) : null,
                "Set Monte Carlo draws above 0 for rank probabilities.");
    }

    // ------------------------------------------------------------------------------------------------ arena

    private void wireArena() {
        integerField(arenaRounds, vm.arenaRoundsProperty());
        recomputeArena.setOnAction(e -> vm.recompute());
        arenaTable.getColumns().setAll(List.of(
                text("Group", r -> String.valueOf(r.component() + 1)),
                text("Rank", r -> r.rankLow() == r.rankHigh() ? String.valueOf(r.rankLow()) : r.rankLow() + "–" + r.rankHigh()),
                width(text("Model", BradleyTerry.Rating::model), 200),
                number("Rating", BradleyTerry.Rating::rating, "%.1f"),
                number("CI low", BradleyTerry.Rating::ciLow, "%.1f"),
                number("CI high", BradleyTerry.Rating::ciHigh, "%.1f"),
                number("Battles", r -> (double) r.battles(), "%,.0f")));
        arenaTable.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        arenaTable.setPlaceholder(new Label("Import arena battles (model_a, model_b, winner) to rate models."));
        Tables.exportable(arenaTable, "arena-ratings.csv", vm.shell());
        arenaWarning.textProperty().bind(vm.arenaWarningProperty());
        arenaWarning.visibleProperty().bind(vm.arenaWarningProperty().isNotEmpty());
        arenaWarning.managedProperty().bind(arenaWarning.visibleProperty());
        vm.arenaProperty().addListener((o, a, r) -> showArena(r));
        showArena(vm.arenaProperty().get());
    }

    private void showArena(ArenaResult r) {
        arenaTable.getItems().setAll(r == null ? List.of() : r.models());
        arenaCounts.setText(r == null ? "" : String.format("%,d battles among %d models, %,d ties", r.totalBattles(), r.order().size(), r.ties()));
        show(arenaPane, r == null ? null : Charts.forest("Bradley-Terry rating with 95% bootstrap interval", "rating (Elo scale)",
                r.models().stream().map(m -> new Charts.ForestRow(m.model(), m.rating(), m.ciLow(), m.ciHigh())).toList(), dark()),
                "No battles in this project.");
        if (r == null) {
            show(winRatePane, null, "");
            return;
        }
        List<String> order = r.models().stream().map(BradleyTerry.Rating::model).toList();
        List<List<Double>> rates = new ArrayList<>();
        for (String a : order) {
            int i = r.order().indexOf(a);
            List<Double> row = new ArrayList<>();
            for (String b : order) {
                Double w = r.winRate()[i][r.order().indexOf(b)];
                row.add(w);
            }
            rates.add(row);
        }
        show(winRatePane, Charts.heatmap("Win rate of row model against column model (ties count half)", order, order, rates,
                "opponent", true, dark()), "");
    }

    // ------------------------------------------------------------------------------------------------ scorecard

    private void wireScorecard() {
        TreeTableColumn<Scorecard.Check, String> name = new TreeTableColumn<>("Benchmark / dimension / check");
        name.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().getValue().name()));
        name.setPrefWidth(300);
        Tables.textCells(name);
        TreeTableColumn<Scorecard.Check, Scorecard.Grade> grade = new TreeTableColumn<>("Grade");
        grade.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().getValue().grade()));
        grade.setCellFactory(col -> new javafx.scene.control.TreeTableCell<>() {
            @Override
            protected void updateItem(Scorecard.Grade g, boolean empty) {
                super.updateItem(g, empty);
                if (empty || g == null) {
                    setGraphic(null);
                    setText(null);
                } else {
                    Label badge = new Label(g.name().toLowerCase(Locale.ROOT));
                    badge.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
                    badge.getStyleClass().addAll("grade", "grade-" + g.name().toLowerCase(Locale.ROOT));
                    setGraphic(badge);
                    setText(null);
                }
            }
        });
        grade.setPrefWidth(130);
        grade.setMinWidth(110);
        TreeTableColumn<Scorecard.Check, String> evidence = new TreeTableColumn<>("Evidence");
        evidence.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().getValue().evidence()));
        Tables.textCells(evidence); // wraps; the full text as a tooltip when it is still cut
        evidence.setPrefWidth(620);
        scorecardTable.getColumns().setAll(List.of(name, grade, evidence));
        scorecardTable.setColumnResizePolicy(TreeTableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        scorecardTable.setPlaceholder(new Label("No evidence to assess."));
        vm.scorecardProperty().addListener((o, a, card) -> showScorecard(card));
        showScorecard(vm.scorecardProperty().get());
    }

    private void showScorecard(Scorecard card) {
        TreeItem<Scorecard.Check> root = new TreeItem<>(new Scorecard.Check("", Scorecard.Grade.UNKNOWN, ""));
        if (card != null) {
            root.getChildren().add(node("Composite index", card.index()));
            for (Scorecard.BenchmarkCard b : card.benchmarks()) {
                root.getChildren().add(node(b.benchmark(), b.dimensions()));
            }
        }
        scorecardTable.setRoot(root);
    }

    private static TreeItem<Scorecard.Check> node(String title, List<Scorecard.Dimension> dims) {
        Scorecard.Grade worst = Scorecard.Grade.UNKNOWN;
        for (Scorecard.Dimension d : dims) {
            worst = worse(worst, d.grade());
        }
        TreeItem<Scorecard.Check> item = new TreeItem<>(new Scorecard.Check(title, worst, ""));
        for (Scorecard.Dimension d : dims) {
            TreeItem<Scorecard.Check> dim = new TreeItem<>(new Scorecard.Check(d.name(), d.grade(), ""));
            d.checks().forEach(c -> dim.getChildren().add(new TreeItem<>(c)));
            dim.setExpanded(true);
            item.getChildren().add(dim);
        }
        item.setExpanded(true);
        return item;
    }

    private static Scorecard.Grade worse(Scorecard.Grade a, Scorecard.Grade b) {
        if (a == Scorecard.Grade.UNKNOWN) {
            return b;
        }
        if (b == Scorecard.Grade.UNKNOWN) {
            return a;
        }
        return a.ordinal() >= b.ordinal() ? a : b;
    }

    // ------------------------------------------------------------------------------------------------ helpers

    private boolean dark() {
        return root.getScene() != null && "dark".equals(vm.shell().home().settings().theme());
    }

    private static void show(StackPane pane, JFreeChart chart, String emptyText) {
        if (chart == null) {
            Label l = new Label(emptyText);
            l.getStyleClass().add("text-muted");
            pane.getChildren().setAll(l);
        } else {
            pane.getChildren().setAll(new ChartViewer(chart));
        }
    }

    private static void integerField(TextField field, javafx.beans.property.IntegerProperty property) {
        field.setText(String.valueOf(property.get()));
        field.textProperty().addListener((o, a, b) -> {
            try {
                property.set(Integer.parseInt(b.strip()));
                field.pseudoClassStateChanged(javafx.css.PseudoClass.getPseudoClass("danger"), false);
            } catch (NumberFormatException e) {
                field.pseudoClassStateChanged(javafx.css.PseudoClass.getPseudoClass("danger"), true);
            }
        });
    }

    private static double parse(String s) {
        try {
            return Double.parseDouble(s.strip());
        } catch (NumberFormatException | NullPointerException e) {
            return Double.NaN;
        }
    }
}
