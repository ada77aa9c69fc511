package dev.sextant.app.ui.runhealth;

import static dev.sextant.app.ui.shell.Tables.number;
import static dev.sextant.app.ui.shell.Tables.text;
import static dev.sextant.app.ui.shell.Tables.width;

import dev.sextant.app.study.RunHealthStudy;
import dev.sextant.app.ui.charts.RunHealthCharts;
import dev.sextant.app.ui.planning.InputGrid;
import dev.sextant.app.ui.planning.ProblemMarks;
import dev.sextant.app.ui.shell.AreaPanes;
import dev.sextant.app.ui.shell.Dialogs;
import dev.sextant.app.ui.shell.Forms;
import dev.sextant.app.ui.shell.Tables;
import dev.sextant.model.runhealth.FailureStudy;
import dev.sextant.workspaces.SavedFailureStudy;
import dev.sextant.workspaces.SavedTrainingPlan;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.title.TextTitle;

/**
 * The Failures tab: a whole run under hardware failures. The scenario (typed, or from a kept training plan) on the left
 * with the kept studies; on the right each policy's completion time side by side, their distributions, and one simulated
 * run's progress.
 */
final class FailuresTab {

    private final RunHealthViewModel vm;
    private final BooleanSupplier dark;
    private final Label verdict = new Label();
    private final TableView<RunHealthStudy.PolicyOutcome> policies = new TableView<>();
    private final StackPane distribution = new StackPane();
    private final StackPane timeline = new StackPane();
    private final TableView<SavedFailureStudy> kept = new TableView<>();
    private final SplitPane node;

    FailuresTab(RunHealthViewModel vm, ProblemMarks marks, BooleanSupplier dark) {
        this.vm = vm;
        this.dark = dark;
        node = new SplitPane(left(marks), right());
        node.setDividerPositions(0.36);
        vm.outcomesProperty().addListener((o, a, n) -> show(n));
        show(vm.outcomesProperty().get());
    }

    Node node() {
        return node;
    }

    private Node left(ProblemMarks marks) {
        Label title = new Label("The run");
        title.getStyleClass().add("card-title");
        ComboBox<SavedTrainingPlan> plan = new ComboBox<>(vm.plans());
        plan.setPromptText("From a kept training plan (optional)");
        plan.setMaxWidth(Double.MAX_VALUE);
        plan.setConverter(Forms.converter(p -> p == null ? "" : p.name()));
        plan.valueProperty().addListener((o, a, p) -> vm.useplan(p));
        plan.setId("runhealth-from-plan");
        InputGrid grid = new InputGrid(marks);
        var in = vm.failureInputs();
        grid.field("GPUs", "failures.gpus", in.get("gpus"), "", "runhealth-f-gpus");
        grid.field(
                "GPUs per node",
                "failures.gpusPerNode",
                in.get("gpusPerNode"),
                "a failure takes its node",
                "runhealth-f-per-node");
        grid.field("Seconds a step", "failures.stepSeconds", in.get("stepSeconds"), "", "runhealth-f-step");
        grid.field("Steps", "failures.steps", in.get("steps"), "", "runhealth-f-steps");
        grid.field(
                "Failures per GPU-day",
                "failures.rate",
                in.get("failuresPerGpuDay"),
                "blank: Llama 3's 4.74e-4",
                "runhealth-f-rate");
        grid.field(
                "Checkpoint every (min)",
                "failures.checkpointInterval",
                in.get("checkpointMinutes"),
                "blank: Daly's optimum",
                "runhealth-f-interval");
        grid.field(
                "Checkpoint write (s)",
                "failures.checkpointSeconds",
                in.get("checkpointSeconds"),
                "",
                "runhealth-f-ckpt");
        grid.field(
                "Restart (min)",
                "failures.restartSeconds",
                in.get("restartMinutes"),
                "detect and restart",
                "runhealth-f-restart");
        grid.field(
                "Spare nodes",
                "failures.spareNodes",
                in.get("spareNodes"),
                "blank: as many as needed",
                "runhealth-f-spares");
        grid.field(
                "Repair (hours)",
                "failures.repairHours",
                in.get("repairHours"),
                "until a node is back",
                "runhealth-f-repair");
        grid.field(
                "GPUs per DP replica",
                "failures.gpusPerReplica",
                in.get("gpusPerReplica"),
                "blank: a node",
                "runhealth-f-replica");
        grid.field(
                "Snapshot every (min)",
                "failures.memorySnapshot",
                in.get("memorySnapshotMinutes"),
                "in memory; 0: none",
                "runhealth-f-snapshot");
        grid.field("Runs", "failures.runs", in.get("runs"), "", "runhealth-f-runs");
        grid.field("Seed", "failures.seed", in.get("seed"), "", "runhealth-f-seed");
        CheckBox async = new CheckBox("Asynchronous checkpoints");
        async.selectedProperty().bindBidirectional(vm.asyncProperty());
        CheckBox elastic = new CheckBox("Elastic: no spare left, go on with fewer replicas");
        elastic.selectedProperty().bindBidirectional(vm.elasticProperty());
        async.setTooltip(new Tooltip("Only the snapshot to host memory (a tenth of the write) blocks training;"
                + " the checkpoint counts once written."));
        elastic.setTooltip(
                new Tooltip(
                        "With no spare node left, continue on the data-parallel replicas still whole"
                                + " (step time from the training plan, or the batch spread over fewer) instead of waiting for repairs."));
        Button simulate = new Button("Simulate");
        simulate.setId("runhealth-simulate");
        simulate.getStyleClass().add("accent");
        simulate.disableProperty().bind(vm.shell().jobs().runningProperty());
        simulate.setOnAction(e -> vm.simulate());
        HBox head = new HBox(8, title, simulate);
        head.setAlignment(Pos.CENTER_LEFT);
        HBox.setHgrow(title, Priority.ALWAYS);
        title.setMaxWidth(Double.MAX_VALUE);
        VBox card = new VBox(8, head, plan, grid.grid(), async, elastic);
        card.getStyleClass().add("card");

        Label keptTitle = new Label("Kept studies");
        keptTitle.getStyleClass().add("card-title");
        Button keep = new Button("Keep…");
        keep.getStyleClass().add("small");
        keep.disableProperty().bind(vm.outcomesProperty().isNull());
        keep.setOnAction(e -> askName().ifPresent(vm::keepStudy));
        Button open = new Button("Open");
        open.getStyleClass().add("small");
        open.disableProperty()
                .bind(kept.getSelectionModel().selectedItemProperty().isNull());
        open.setOnAction(e -> vm.openStudy(kept.getSelectionModel().getSelectedItem()));
        Button delete = new Button("Delete");
        delete.getStyleClass().add("small");
        delete.disableProperty()
                .bind(kept.getSelectionModel().selectedItemProperty().isNull());
        delete.setOnAction(e -> vm.deleteStudy(kept.getSelectionModel().getSelectedItem()));
        HBox keptBar = new HBox(6, keptTitle, keep, open, delete);
        keptBar.setAlignment(Pos.CENTER_LEFT);
        HBox.setHgrow(keptTitle, Priority.ALWAYS);
        keptTitle.setMaxWidth(Double.MAX_VALUE);
        kept.setItems(vm.studies());
        kept.setId("runhealth-studies");
        kept.getColumns()
                .setAll(List.of(
                        width(text("Study", SavedFailureStudy::name), 220),
                        width(
                                number(
                                        "Mean hours",
                                        s -> s.study().completionHours().mean(),
                                        "%,.0f"),
                                100),
                        width(number("Goodput", s -> 100 * s.study().goodput(), "%.1f%%"), 86)));
        kept.setPlaceholder(new Label("Simulate, then keep the study."));
        kept.setPrefHeight(160);
        Tables.fit(kept, "RunHealthView.studies");
        return AreaPanes.column(card, keptBar, kept);
    }

    private Node right() {
        AreaPanes.headline(verdict, "runhealth-failures-verdict");
        policies.setId("runhealth-policies");
        policies.getColumns()
                .setAll(List.of(
                        width(text("Policy", RunHealthStudy.PolicyOutcome::name), 200),
                        width(number("Mean h", p -> p.study().completionHours().mean(), "%,.1f"), 80),
                        width(number("P50 h", p -> p.study().completionHours().p50(), "%,.1f"), 80),
                        width(number("P90 h", p -> p.study().completionHours().p90(), "%,.1f"), 80),
                        width(number("P99 h", p -> p.study().completionHours().p99(), "%,.1f"), 80),
                        width(number("Failures", p -> p.study().failuresMean(), "%,.1f"), 80),
                        width(number("Goodput", p -> 100 * p.study().goodput(), "%.1f%%"), 80),
                        width(number("GPU-hours lost", p -> p.study().gpuHoursLostMean(), "%,.0f"), 120)));
        policies.setPlaceholder(new Label("Simulate the run to see each policy's completion time."));
        policies.setPrefHeight(150);
        policies.setMinHeight(110);
        Tables.exportable(policies, "failure-policies.csv", vm.shell());
        Tables.fit(policies, "RunHealthView.policies");
        // one chart at a time under the table: stacked, on a 768-pixel screen each flattened to its title and legend
        Tab completion = new Tab("Completion time", distribution);
        Tab oneRun = new Tab("One simulated run", timeline);
        TabPane charts = new TabPane(completion, oneRun);
        charts.setId("runhealth-failure-charts");
        charts.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        charts.setMinHeight(270);
        VBox box = new VBox(8, verdict, policies, charts);
        VBox.setVgrow(charts, Priority.ALWAYS);
        box.setPadding(new Insets(0, 0, 0, 10));
        return box;
    }

    /** A chart under a tab that names it: its height to the plot (the subtitle, saying how to read it, stays). */
    private static JFreeChart untitled(JFreeChart chart) {
        chart.setTitle((TextTitle) null);
        return chart;
    }

    private Optional<String> askName() {
        return Dialogs.askName(
                node.getScene().getWindow(), "Keep this failure study in the project as", "Failure study");
    }

    private void show(List<RunHealthStudy.PolicyOutcome> r) {
        if (r == null || r.isEmpty()) {
            verdict.setText("");
            policies.getItems().clear();
            Forms.show(distribution, null, "Simulate the run, or open a kept study.");
            timeline.getChildren().clear();
            return;
        }
        policies.getItems().setAll(r);
        FailureStudy s = r.get(0).study();
        // "as many spare nodes as needed" is the bound a limited-spares policy approaches, not an option to take
        RunHealthStudy.PolicyOutcome best = r.stream()
                .filter(p -> p.study().scenario().spareNodes() == s.scenario().spareNodes())
                .min(Comparator.comparingDouble(p -> p.study().completionHours().mean()))
                .orElseThrow();
        verdict.setText(String.format(
                Locale.ROOT,
                "%s: %,.0f h on average (P90 %,.0f h) against %,.0f h without failures; %.1f failures a day, "
                        + "%.0f a run; goodput %.1f %%.%s %s.",
                vm.outcomeTitleProperty().get(),
                s.completionHours().mean(),
                s.completionHours().p90(),
                s.scenario().idealSeconds() / 3600,
                s.scenario().failuresPerDay(),
                s.failuresMean(),
                100 * s.goodput(),
                best == r.get(0)
                        ? ""
                        : String.format(
                                Locale.ROOT,
                                " “%s” would finish %,.0f h sooner.",
                                best.name(),
                                s.completionHours().mean()
                                        - best.study().completionHours().mean()),
                RunHealthStudy.sparesNote(s.scenario())));
        Forms.show(
                distribution,
                untitled(RunHealthCharts.completions(
                        r.stream().map(RunHealthStudy.PolicyOutcome::name).toList(),
                        r.stream().map(RunHealthStudy.PolicyOutcome::study).toList(),
                        dark.getAsBoolean())),
                "");
        if (s.timeline() != null) {
            Forms.show(
                    timeline,
                    untitled(RunHealthCharts.timeline(s.timeline(), s.scenario().steps(), dark.getAsBoolean())),
                    "");
        } else {
            timeline.getChildren().clear();
        }
    }
}
