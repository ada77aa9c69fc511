package dev.sextant.app.ui.ablations;

import static dev.sextant.app.ui.shell.Tables.number;
import static dev.sextant.app.ui.shell.Tables.text;
import static dev.sextant.app.ui.shell.Tables.width;

import dev.sextant.app.study.AblationStudy;
import dev.sextant.app.study.ClusterOptimum;
import dev.sextant.app.ui.charts.AblationCharts;
import dev.sextant.app.ui.planning.InputGrid;
import dev.sextant.app.ui.planning.ProblemMarks;
import dev.sextant.app.ui.shell.AreaPanes;
import dev.sextant.app.ui.shell.Dialogs;
import dev.sextant.app.ui.shell.Forms;
import dev.sextant.app.ui.shell.Tables;
import dev.sextant.model.ablation.HyperparameterLaws;
import dev.sextant.model.ablation.LossCurve;
import dev.sextant.model.ablation.ScalingLawFit;
import dev.sextant.model.ablation.ScheduleComparison;
import dev.sextant.model.hardware.GpuCatalog;
import dev.sextant.model.hardware.GpuSpec;
import dev.sextant.model.io.AblationRunsFile;
import dev.sextant.workspaces.SavedAblationSet;
import java.io.File;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javafx.beans.binding.Bindings;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.css.PseudoClass;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;

/**
 * The Ablations area: kept sets of small runs and the fit's settings on the left; the runs, loss against compute with
 * the fitted frontier and its band, the IsoFLOP profiles, the parameters with their intervals and the residuals, and the
 * batch-size and learning-rate laws on the right; the big run's prediction under the headline.
 */
public final class AblationsView {

    private final AblationsViewModel vm;
    private final VBox root = new VBox(10);
    private final TableView<SavedAblationSet> sets = new TableView<>();
    private final TableView<AblationRunsFile.Run> runs = new TableView<>();
    private final TableView<ParameterRow> parameters = new TableView<>();
    private final StackPane frontierPane = new StackPane();
    private final StackPane isoPane = new StackPane();
    private final StackPane residualPane = new StackPane();
    private final StackPane gridPane = new StackPane();
    private final StackPane batchPane = new StackPane();
    private final StackPane ratePane = new StackPane();
    private final ComboBox<HyperparameterLaws.Budget> budget = new ComboBox<>();
    private final Label hyperSummary = new Label();
    private final TableView<ScheduleRow> scheduleTable = new TableView<>();
    private final Label scheduleSummary = new Label();
    private final Label prediction = new Label();
    private final Label verdict = new Label();
    private final StringProperty headline = new SimpleStringProperty("");

    /** A row of the schedules table: a shape, one schedule's best run there and its loss against the reference's. */
    record ScheduleRow(double params, double tokens, String schedule, String run, double loss, double vsReference) {}

    /** A row of the parameters table: a name, its value and 95 % interval, and what it is. */
    record ParameterRow(String name, double value, Double low, Double high, String meaning) {}

    public AblationsView(AblationsViewModel vm) {
        this.vm = vm;
        root.getStyleClass().add("area");
        root.setPadding(new Insets(20, 24, 12, 24));
        ProblemMarks marks = new ProblemMarks(vm.problemFieldProperty(), vm.problemProperty());
        SplitPane split = new SplitPane(left(marks), right());
        split.setDividerPositions(0.3);
        VBox.setVgrow(split, Priority.ALWAYS);
        root.getChildren()
                .addAll(
                        AreaPanes.heading(
                                "Ablations",
                                "Fit scaling laws to a team's own small runs — the loss of a bigger model, the "
                                        + "compute-optimal size for a budget, the batch size and learning rate that scale with it — with bootstrap intervals, and say how far "
                                        + "beyond the runs a prediction reaches."),
                        AreaPanes.problem(vm.problemProperty()),
                        split);
        root.setId("ablations");
        vm.fittedProperty().addListener((o, a, f) -> showFit(f));
        vm.hyperProperty().addListener((o, a, h) -> showHyper(h));
        vm.hyperProblemProperty()
                .addListener((o, a, h) -> showHyper(vm.hyperProperty().get()));
        vm.predictionProperty().addListener((o, a, p) -> showPrediction(p));
        showFit(null);
        showHyper(null);
        showPrediction(null);
    }

    public Node node() {
        return root;
    }

    private boolean dark() {
        return "dark".equals(vm.shell().home().settings().theme());
    }

    private Node left(ProblemMarks marks) {
        Button table = small("Import table…", "ablations-import-table");
        table.setOnAction(e -> importTables());
        Button log = small("Import log…", "ablations-import-log");
        log.setOnAction(e -> importLog());
        Button all = small("All sets", "ablations-all");
        all.setTooltip(new Tooltip("Fit every kept set together"));
        all.setOnAction(e -> {
            sets.getSelectionModel().clearSelection();
            vm.choose(null);
        });
        Button delete = small("Delete", "ablations-delete");
        delete.disableProperty()
                .bind(sets.getSelectionModel().selectedItemProperty().isNull());
        delete.setOnAction(e -> {
            SavedAblationSet s = sets.getSelectionModel().getSelectedItem();
            if (s != null
                    && Dialogs.confirm(
                            root.getScene().getWindow(),
                            "Delete “" + s.name() + "”?",
                            "Its " + s.runs() + " runs leave the project.",
                            "Delete")) {
                vm.delete(s);
            }
        });
        FlowPane buttons = new FlowPane(6, 6, table, log, all, delete);
        buttons.setAlignment(Pos.CENTER_LEFT);
        sets.setId("ablations-sets");
        sets.setItems(vm.sets());
        sets.getColumns()
                .setAll(List.of(
                        width(text("Set of runs", SavedAblationSet::name), 170),
                        width(number("Runs", s -> (double) s.runs(), "%,.0f"), 56)));
        sets.setPlaceholder(
                new Label("Import a table of small runs (run, params, tokens or flops, loss) or a training log."));
        sets.setPrefHeight(150);
        Tables.fit(sets, "AblationsView.sets");
        sets.getSelectionModel().selectedItemProperty().addListener((o, a, n) -> {
            if (n != null
                    && (vm.chosenProperty().get() == null
                            || !vm.chosenProperty().get().id().equals(n.id()))) {
                vm.choose(n);
            }
        });
        Label keptTitle = new Label("Kept runs");
        keptTitle.getStyleClass().add("card-title");
        Label which = Forms.muted("");
        which.textProperty()
                .bind(Bindings.createStringBinding(
                        () -> vm.chosenProperty().get() == null
                                ? "Fitting all kept sets together."
                                : "Fitting “" + vm.chosenProperty().get().name() + "”.",
                        vm.chosenProperty()));

        InputGrid fit = new InputGrid(marks);
        fit.row("Law", Forms.choice(vm.formProperty(), AblationStudy.AUTO, "chinchilla", "tied"));
        fit.field(
                "Leave out the highest",
                "ablate.excludeHighest",
                vm.excludeHighestProperty(),
                "runs of highest loss",
                "ablations-exclude");
        fit.field("Bootstrap resamples", "ablate.bootstrap", vm.bootstrapProperty(), "1000", "ablations-bootstrap");
        fit.field("Seed", "ablate.seed", vm.seedProperty(), "1", "ablations-seed");
        fit.field(
                "Near-optimal margin (%)",
                "ablate.margin", vm.marginProperty(), "0.25 (DeepSeek LLM)", "ablations-margin");
        Button run = new Button("Fit");
        run.setId("ablations-fit");
        run.getStyleClass().add("accent");
        run.disableProperty().bind(Bindings.isEmpty(vm.runs()));
        run.setOnAction(e -> vm.fit());
        Label lawNote = Forms.muted(
                "chinchilla: E + A/N^α + B/D^β (Hoffmann et al. 2022). tied: one exponent for both terms (Gadre et al. 2024), "
                        + "steadier when runs are over-trained far beyond 20 tokens a parameter. auto: the one that predicts the runs' own largest sizes "
                        + "better when fitted without them.");
        lawNote.setWrapText(true);
        VBox fitCard = AreaPanes.card("Fit", fit.grid(), lawNote, run);

        InputGrid big = new InputGrid(marks);
        big.field("Parameters", "ablate.params", vm.paramsProperty(), "e.g. 7e9 or 7B", "ablations-params");
        big.field("Tokens", "ablate.tokens", vm.tokensProperty(), "e.g. 1.4e12 or 1.4T", "ablations-tokens");
        Button predict = new Button("Predict");
        predict.setId("ablations-predict");
        predict.disableProperty().bind(vm.fittedProperty().isNull());
        predict.setOnAction(e -> vm.predict());
        big.field("Or a budget (FLOPs)", "ablate.flops", vm.budgetProperty(), "e.g. 1e23", "ablations-budget");
        Button optimal = new Button("Compute-optimal");
        optimal.setId("ablations-optimal");
        optimal.disableProperty().bind(vm.fittedProperty().isNull());
        optimal.setOnAction(e -> vm.optimal());
        big.field("Or GPU-hours", "ablate.gpuHours", vm.gpuHoursProperty(), "e.g. 100000", "ablations-gpu-hours");
        ComboBox<String> gpuChoice = new ComboBox<>();
        gpuChoice.setId("ablations-gpu");
        gpuChoice.getItems().setAll(GpuCatalog.all().stream().map(GpuSpec::id).toList());
        gpuChoice.valueProperty().bindBidirectional(vm.gpuProperty());
        gpuChoice.setMaxWidth(Double.MAX_VALUE);
        big.row("on GPUs of type", gpuChoice);
        big.field("GPUs", "ablate.gpus", vm.gpusProperty(), "256", "ablations-gpus");
        Button cluster = new Button("Best on this cluster");
        cluster.setId("ablations-optimal-cluster");
        cluster.setTooltip(
                new Tooltip("Plan Llama-shaped models of sizes around the optimum on this cluster and keep the one "
                        + "whose loss at the tokens the GPU-hours buy is lowest"));
        cluster.disableProperty().bind(vm.fittedProperty().isNull());
        cluster.setOnAction(e -> vm.optimalOnCluster());
        Button use = new Button("Use in Training plans");
        use.setId("ablations-use-in-training");
        use.disableProperty().bind(vm.predictionProperty().isNull());
        use.setOnAction(e -> vm.useInTraining());
        FlowPane bigButtons = new FlowPane(6, 6, predict, optimal, cluster, use);
        for (Button b : List.of(predict, optimal, cluster, use, run)) {
            b.setMinWidth(Region.USE_PREF_SIZE);
        }
        VBox bigCard = AreaPanes.card("The big run", big.grid(), bigButtons);
        return AreaPanes.column(keptTitle, buttons, sets, which, fitCard, bigCard);
    }

    private static Button small(String text, String id) {
        Button b = new Button(text);
        b.setId(id);
        b.getStyleClass().add("small");
        b.setMinWidth(Region.USE_PREF_SIZE);
        return b;
    }

    private Node right() {
        AreaPanes.headline(verdict, "ablations-verdict");
        AreaPanes.verdictOrHint(
                verdict,
                headline,
                "Choose a set of runs (or all) and press Fit: the law, its intervals and the big run's loss appear here.");
        prediction.setId("ablations-prediction");
        prediction.setWrapText(true);
        prediction.setMinHeight(Region.USE_PREF_SIZE);

        runs.setId("ablations-runs");
        runs.setItems(vm.runs());
        runs.getColumns()
                .setAll(List.of(
                        width(text("Run", AblationRunsFile.Run::run), 170),
                        width(number("Parameters", AblationRunsFile.Run::params, "%.3g"), 96),
                        width(number("Tokens", AblationRunsFile.Run::tokens, "%.3g"), 90),
                        width(number("Tokens/param", r -> r.tokens() / r.params(), "%.1f"), 96),
                        width(number("Compute (6ND)", r -> 6 * r.params() * r.tokens(), "%.3g"), 110),
                        width(number("Loss", AblationRunsFile.Run::loss, "%.4f"), 76),
                        width(number("Batch", AblationRunsFile.Run::batchSize, "%.4g"), 80),
                        width(number("Learning rate", AblationRunsFile.Run::learningRate, "%.3g"), 100),
                        width(text("Schedule", r -> r.schedule() == null ? "" : r.schedule()), 80)));
        runs.setPlaceholder(
                new Label("No runs kept in this project yet: import a table of small runs or a training log."));
        Tables.exportable(runs, "runs.csv", vm.shell());
        Tables.fit(runs, "AblationsView.runs");

        parameters.setId("ablations-parameters");
        parameters
                .getColumns()
                .setAll(List.of(
                        width(text("Quantity", ParameterRow::name), 150),
                        width(number("Value", ParameterRow::value, "%.4g"), 90),
                        width(number("95 % low", ParameterRow::low, "%.4g"), 90),
                        width(number("95 % high", ParameterRow::high, "%.4g"), 90),
                        width(text("What it is", ParameterRow::meaning), 300)));
        parameters.setPlaceholder(new Label("Fit the law to see its parameters with their bootstrap intervals."));
        parameters.setPrefHeight(260);
        Tables.exportable(parameters, "scaling-law.csv", vm.shell());
        Tables.fit(parameters, "AblationsView.parameters");
        residualPane.setMinHeight(180);
        VBox.setVgrow(residualPane, Priority.ALWAYS);
        VBox paramBox = new VBox(8, parameters, residualPane);
        paramBox.setPadding(new Insets(6, 0, 0, 0));

        budget.setId("ablations-budget-choice");
        budget.setConverter(Forms.converter(b -> b == null
                ? ""
                : String.format(
                        Locale.ROOT,
                        "%.2g FLOPs (%d runs)",
                        b.compute(),
                        b.runs().size())));
        budget.valueProperty()
                .addListener((o, a, b) -> Forms.show(
                        gridPane, b == null ? null : AblationCharts.grid(b, dark()), "Choose a budget of the grid."));
        hyperSummary.setWrapText(true);
        hyperSummary.setMinHeight(Region.USE_PREF_SIZE);
        HBox budgetRow = new HBox(8, new Label("Grid at"), budget);
        budgetRow.setAlignment(Pos.CENTER_LEFT);
        VBox heat = new VBox(6, budgetRow, gridPane);
        VBox.setVgrow(gridPane, Priority.ALWAYS);
        VBox lawCharts = new VBox(6, batchPane, ratePane);
        VBox.setVgrow(batchPane, Priority.ALWAYS);
        VBox.setVgrow(ratePane, Priority.ALWAYS);
        batchPane.setMinHeight(150);
        ratePane.setMinHeight(150);
        gridPane.setMinHeight(200);
        SplitPane charts = new SplitPane(heat, lawCharts);
        charts.setDividerPositions(0.55);
        VBox.setVgrow(charts, Priority.ALWAYS);
        ScrollPane summary = new ScrollPane(hyperSummary);
        summary.setFitToWidth(true);
        summary.setPrefViewportHeight(64);
        summary.setMinHeight(48);
        summary.getStyleClass().add("edge-to-edge");
        VBox hyperBox = new VBox(8, summary, charts);
        hyperBox.setPadding(new Insets(6, 0, 0, 0));

        scheduleTable.setId("ablations-schedules");
        scheduleTable
                .getColumns()
                .setAll(List.of(
                        width(number("Parameters", ScheduleRow::params, "%.3g"), 96),
                        width(number("Tokens", ScheduleRow::tokens, "%.3g"), 90),
                        width(text("Schedule", ScheduleRow::schedule), 100),
                        width(text("Run", ScheduleRow::run), 170),
                        width(number("Loss", ScheduleRow::loss, "%.4f"), 76),
                        width(
                                text(
                                        "Against the reference",
                                        r -> r.vsReference() == 0
                                                ? "reference"
                                                : String.format(Locale.ROOT, "%+.2f %%", 100 * r.vsReference())),
                                150)));
        Tables.exportable(scheduleTable, "schedules.csv", vm.shell());
        Tables.fit(scheduleTable, "AblationsView.schedules");
        scheduleSummary.setWrapText(true);
        scheduleSummary.setMinHeight(Region.USE_PREF_SIZE);
        VBox scheduleBox = new VBox(8, scheduleSummary, scheduleTable);
        VBox.setVgrow(scheduleTable, Priority.ALWAYS);
        scheduleBox.setPadding(new Insets(6, 0, 0, 0));
        vm.schedulesProperty().addListener((o, a, c) -> showSchedules());
        vm.schedulesProblemProperty().addListener((o, a, c) -> showSchedules());
        showSchedules();
        Tab runsTab = new Tab("Runs", runs);
        Tab frontierTab = new Tab("Frontier", frontierPane);
        Tab isoTab = new Tab("IsoFLOP", isoPane);
        Tab paramTab = new Tab("Parameters", paramBox);
        Tab hyperTab = new Tab("Batch & learning rate", hyperBox);
        runsTab.setId("ablations-tab-runs");
        frontierTab.setId("ablations-tab-frontier");
        hyperTab.setId("ablations-tab-hyper");
        Tab scheduleTab = new Tab("Schedules", scheduleBox);
        scheduleTab.setId("ablations-tab-schedules");
        TabPane tabs = new TabPane(runsTab, frontierTab, isoTab, paramTab, hyperTab, scheduleTab);
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        vm.fittedProperty().addListener((o, a, f) -> {
            if (f != null && tabs.getSelectionModel().getSelectedItem() == runsTab) {
                tabs.getSelectionModel().select(frontierTab);
            }
        });
        VBox.setVgrow(tabs, Priority.ALWAYS);
        VBox box = new VBox(8, verdict, prediction, tabs);
        box.setPadding(new Insets(0, 0, 0, 10));
        return box;
    }

    private void importTables() {
        FileChooser c = new FileChooser();
        c.setTitle("Import tables of small runs (CSV or JSON Lines)");
        c.getExtensionFilters()
                .addAll(
                        new FileChooser.ExtensionFilter(
                                "Tables of runs", "*.csv", "*.jsonl", "*.json", "*.csv.gz", "*.jsonl.gz"),
                        new FileChooser.ExtensionFilter("All files", "*"));
        List<File> picked = c.showOpenMultipleDialog(root.getScene().getWindow());
        if (picked != null && !picked.isEmpty()) {
            Dialogs.askName(
                            root.getScene().getWindow(),
                            "Keep these runs in the project as",
                            picked.get(0).getName())
                    .ifPresent(name ->
                            vm.importTables(picked.stream().map(File::toPath).toList(), name));
        }
    }

    /** A run's training log: its file, then its parameters and (where the log does not count them) tokens a step. */
    private void importLog() {
        FileChooser c = new FileChooser();
        c.setTitle("Import a small run's training log");
        File f = c.showOpenDialog(root.getScene().getWindow());
        if (f == null) {
            return;
        }
        Dialog<ButtonType> d = new Dialog<>();
        d.initOwner(root.getScene().getWindow());
        d.setTitle("Sextant");
        d.setHeaderText("Read “" + f.getName() + "” as one run");
        TextField name = new TextField(f.getName());
        TextField params = new TextField();
        params.setPromptText("e.g. 125e6 or 125M");
        params.setId("ablations-log-params");
        TextField perStep = new TextField();
        perStep.setPromptText("blank: the log's consumed-token counter");
        perStep.setId("ablations-log-tokens-per-step");
        TextField points = new TextField(Integer.toString(LossCurve.DEFAULT_POINTS));
        CheckBox cooldowns = new CheckBox("At the end of each cool-down (warmup-stable-decay)");
        cooldowns.setId("ablations-log-cooldowns");
        points.disableProperty().bind(cooldowns.selectedProperty());
        GridPane g = Dialogs.formGrid();
        Forms.row(g, 0, "Keep as", name);
        Forms.row(g, 1, "Parameters", params);
        Forms.row(g, 2, "Tokens a step", perStep);
        Forms.row(g, 3, "Token counts to read", points);
        Forms.row(g, 4, "Or read", cooldowns);
        Label note = Forms.muted(
                "Tokens a step is the global batch × the sequence length. Each point's loss is a least-squares line through the "
                        + LossCurve.DEFAULT_WINDOW
                        + " logged points up to it. On a cosine schedule, points before the end "
                        + "overstate the loss a run of that length reaches: read 1 unless the log has cool-downs.");
        note.setWrapText(true);
        note.setMaxWidth(460);
        d.getDialogPane().setContent(new VBox(10, g, note));
        d.getDialogPane().getButtonTypes().addAll(ButtonType.OK, ButtonType.CANCEL);
        d.showAndWait()
                .filter(b -> b == ButtonType.OK)
                .ifPresent(b -> vm.importLog(
                        f.toPath(),
                        name.getText().isBlank() ? f.getName() : name.getText().strip(),
                        params.getText(),
                        perStep.getText(),
                        points.getText(),
                        cooldowns.isSelected()));
    }

    private void showSchedules() {
        ScheduleComparison.Result c = vm.schedulesProperty().get();
        if (c == null) {
            scheduleTable.getItems().clear();
            String why = vm.schedulesProblemProperty().get();
            scheduleSummary.setText(
                    why == null || why.isEmpty()
                            ? "Runs of equal parameters and tokens under different learning-rate schedules "
                                    + "(a schedule column: cosine, constant, wsd) are compared here."
                            : "No schedules to compare: " + why + ".");
            return;
        }
        List<ScheduleRow> rows = new ArrayList<>();
        for (var shape : c.shapes()) {
            for (var e : shape.entries()) {
                rows.add(new ScheduleRow(
                        shape.params(), shape.tokens(), e.schedule(), e.run(), e.loss(), e.vsReference()));
            }
        }
        scheduleTable.getItems().setAll(rows);
        scheduleSummary.setText(String.join(
                " ",
                c.summary().stream()
                        .map(x -> String.format(
                                Locale.ROOT,
                                "%s against %s: %+.2f %% on average over %d shape%s (%+.2f %% to %+.2f %%).",
                                x.schedule(),
                                c.reference(),
                                100 * x.mean(),
                                x.shapes(),
                                x.shapes() == 1 ? "" : "s",
                                100 * x.best(),
                                100 * x.worst()))
                        .toList()));
    }

    private void showFit(AblationStudy.Fitted f) {
        if (f == null) {
            headline.set("");
            Forms.show(frontierPane, null, "Fit the law to draw the runs and the compute-optimal frontier.");
            Forms.show(
                    isoPane, null, "Fit the law to draw the IsoFLOP profiles (runs of one budget at several sizes).");
            Forms.show(residualPane, null, "");
            parameters.getItems().clear();
            return;
        }
        ScalingLawFit fit = f.fit();
        headline.set(headline(f));
        List<ParameterRow> rows = new ArrayList<>(rows(fit));
        if (f.isoFlop() != null) {
            rows.add(new ParameterRow(
                    "a, IsoFLOP",
                    f.isoFlop().a(),
                    null,
                    null,
                    "N_opt ∝ C^a through the IsoFLOP profiles' optima (approach 2)"));
        }
        if (f.envelope() != null) {
            rows.add(new ParameterRow(
                    "a, envelope", f.envelope().a(), null, null, "N_opt ∝ C^a through the loss envelope (approach 1)"));
        }
        parameters.getItems().setAll(rows);
        Forms.show(
                isoPane,
                f.isoFlop() == null ? null : AblationCharts.isoFlop(f.isoFlop(), dark()),
                f.isoFlopNote() == null ? "" : f.isoFlopNote() + ".");
        Forms.show(residualPane, AblationCharts.residuals(fit, dark()), "");
        drawFrontier();
    }

    private void drawFrontier() {
        AblationStudy.Fitted f = vm.fittedProperty().get();
        if (f == null) {
            return;
        }
        ScalingLawFit.Prediction p = vm.predictionProperty().get();
        Forms.show(
                frontierPane,
                AblationCharts.frontier(
                        f.fit(),
                        p == null ? null : new AblationCharts.Planned(6 * p.params() * p.tokens(), p.loss()),
                        dark()),
                "");
    }

    static String headline(AblationStudy.Fitted f) {
        ScalingLawFit fit = f.fit();
        ScalingLawFit.Estimate a = fit.paramsExponent();
        ScalingLawFit.Allocation at = fit.optimal(fit.largestCompute());
        String lead = String.format(
                Locale.ROOT,
                "L(N, D) = %.3g + %.3g/N^%.3f + %.3g/D^%.3f on %d runs",
                fit.bigE().value(),
                fit.bigA().value(),
                fit.alpha().value(),
                fit.bigB().value(),
                fit.beta().value(),
                fit.points());
        return lead
                + String.format(
                        Locale.ROOT,
                        "%s. Compute-optimal: N_opt ∝ C^%.2f (%.2f–%.2f), %.0f tokens a parameter (%.0f–%.0f) at %.2g FLOPs%s.",
                        f.excluded().isEmpty() ? "" : " (" + f.excluded().size() + " of highest loss left out)",
                        a.value(),
                        a.low(),
                        a.high(),
                        at.tokensPerParameter().value(),
                        at.tokensPerParameter().low(),
                        at.tokensPerParameter().high(),
                        fit.largestCompute(),
                        f.sweepNote() == null ? "" : "; grids and schedule ablations fitted through their best run")
                + (f.formNote() == null ? "" : " " + capital(f.formNote()) + ".");
    }

    private static String capital(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    static List<ParameterRow> rows(ScalingLawFit fit) {
        List<ParameterRow> out = new ArrayList<>();
        out.add(row("E", fit.bigE(), "the irreducible loss"));
        out.add(row("A", fit.bigA(), "the parameters term's scale"));
        out.add(row("α", fit.alpha(), "the parameters term's exponent"));
        out.add(row("B", fit.bigB(), "the data term's scale"));
        out.add(row("β", fit.beta(), "the data term's exponent"));
        out.add(row("a", fit.paramsExponent(), "N_opt ∝ C^a"));
        out.add(row("b", fit.tokensExponent(), "D_opt ∝ C^b"));
        out.add(row(
                "tokens / parameter",
                fit.optimal(fit.largestCompute()).tokensPerParameter(),
                String.format(Locale.ROOT, "compute-optimal at %.2g FLOPs (the largest run's)", fit.largestCompute())));
        return out;
    }

    private static ParameterRow row(String name, ScalingLawFit.Estimate e, String meaning) {
        return new ParameterRow(name, e.value(), e.low(), e.high(), meaning);
    }

    private void showPrediction(ScalingLawFit.Prediction p) {
        if (p == null) {
            prediction.setText("");
            drawFrontier();
            return;
        }
        StringBuilder b = new StringBuilder(String.format(
                Locale.ROOT,
                "The big run, %s parameters on %s tokens (%.0f a parameter): loss %.3f, "
                        + "95 %% prediction interval %.3f–%.3f (the law alone %.3f–%.3f); %.0f× the compute of the largest run fitted.",
                count(p.params()),
                count(p.tokens()),
                p.tokens() / p.params(),
                p.loss().value(),
                p.loss().low(),
                p.loss().high(),
                p.fitLoss().low(),
                p.fitLoss().high(),
                p.computeFactor()));
        HyperparameterLaws.Result h = vm.hyperProperty().get();
        if (h != null) {
            double c = 6 * p.params() * p.tokens();
            HyperparameterLaws.Recommendation bs = h.batchSize().recommend(c);
            HyperparameterLaws.Recommendation lr = h.learningRate().recommend(c);
            b.append(String.format(
                    Locale.ROOT,
                    " Batch %s tokens (%s–%s), learning rate %.3g (%.3g–%.3g).",
                    count(bs.value()),
                    count(bs.low()),
                    count(bs.high()),
                    lr.value(),
                    lr.low(),
                    lr.high()));
        }
        ClusterOptimum.HardwareOptimal hw = vm.hardwareProperty().get();
        if (hw != null && Math.abs(hw.best().params() - p.params()) < 1e-6 * p.params()) {
            b.append(String.format(
                    Locale.ROOT,
                    " On %s: %s at %s tokens/s (MFU %.0f %%) for %.1f days, %.2g FLOPs; at those FLOPs the law alone "
                            + "would choose %s parameters.",
                    hw.best().model(),
                    hw.best().layout(),
                    count(hw.best().tokensPerSecond()),
                    100 * hw.best().mfu(),
                    hw.wallDays(),
                    hw.flops(),
                    count(hw.atSameFlops().params().value())));
        }
        if (p.warning() != null) {
            b.append(" Warning: ").append(p.warning()).append('.');
        }
        prediction.setText(b.toString());
        prediction.pseudoClassStateChanged(PseudoClass.getPseudoClass("warning"), p.warning() != null);
        drawFrontier();
        HyperparameterLaws.Result h2 = vm.hyperProperty().get();
        if (h2 != null) {
            showHyper(h2);
        }
    }

    private void showHyper(HyperparameterLaws.Result h) {
        if (h == null) {
            budget.getItems().clear();
            String why = vm.hyperProblemProperty().get();
            hyperSummary.setText(
                    why == null || why.isEmpty()
                            ? "Fit to see the batch-size and learning-rate laws of the runs that give both."
                            : "No batch-size and learning-rate laws: " + why + ".");
            Forms.show(gridPane, null, "");
            Forms.show(batchPane, null, "");
            Forms.show(ratePane, null, "");
            return;
        }
        ScalingLawFit.Prediction p = vm.predictionProperty().get();
        Double target = p == null ? null : 6 * p.params() * p.tokens();
        HyperparameterLaws.Law bl = h.batchSize();
        HyperparameterLaws.Law ll = h.learningRate();
        StringBuilder s = new StringBuilder(String.format(
                Locale.ROOT,
                "Over %d budgets' near-optimal runs (within %.2f %% of each budget's best): "
                        + "B_opt = %.3g · C^%.3f%s, η_opt = %.3g · C^%.3f%s (DeepSeek LLM §3.1's method).",
                bl.budgets(),
                100 * h.margin(),
                bl.coefficient(),
                bl.exponent(),
                interval(bl),
                ll.coefficient(),
                ll.exponent(),
                interval(ll)));
        for (String n : h.notes()) {
            s.append(' ').append(n).append('.');
        }
        hyperSummary.setText(s.toString());
        List<HyperparameterLaws.Budget> usable =
                h.budgets().stream().filter(HyperparameterLaws.Budget::usable).toList();
        HyperparameterLaws.Budget was = budget.getValue();
        budget.getItems().setAll(usable);
        budget.setValue(usable.stream()
                .filter(b -> was != null && b.compute() == was.compute())
                .findFirst()
                .orElse(usable.get(usable.size() - 1)));
        Forms.show(batchPane, AblationCharts.law("batch size", h, true, target, dark()), "");
        Forms.show(ratePane, AblationCharts.law("learning rate", h, false, target, dark()), "");
    }

    /** A count in thousands, millions, billions or trillions: 7 B, 140 B, 4.56 M. */
    static String count(double v) {
        String[] units = {"", " k", " M", " B", " T"};
        int u = 0;
        while (u < units.length - 1 && Math.abs(v) >= 1000) {
            v /= 1000;
            u++;
        }
        return String.format(Locale.ROOT, "%.3g", v) + units[u];
    }

    private static String interval(HyperparameterLaws.Law l) {
        return l.exponentLow() == null
                ? " (no interval: two budgets)"
                : String.format(Locale.ROOT, " (%.3f–%.3f)", l.exponentLow(), l.exponentHigh());
    }
}
