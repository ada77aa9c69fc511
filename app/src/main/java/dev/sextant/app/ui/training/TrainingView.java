package dev.sextant.app.ui.training;

import static dev.sextant.app.ui.shell.Tables.number;
import static dev.sextant.app.ui.shell.Tables.text;
import static dev.sextant.app.ui.shell.Tables.width;

import dev.sextant.app.ui.charts.PlanCharts;
import dev.sextant.app.ui.shell.Dialogs;
import static dev.sextant.app.ui.shell.Forms.choice;
import static dev.sextant.app.ui.shell.Forms.columns;
import static dev.sextant.app.ui.shell.Forms.field;
import static dev.sextant.app.ui.shell.Forms.muted;
import static dev.sextant.app.ui.shell.Forms.row;
import static dev.sextant.app.ui.shell.Forms.show;
import dev.sextant.app.ui.shell.Tables;
import dev.sextant.model.training.FaultTolerance;
import static dev.sextant.model.serving.ServingMemory.GIB;
import dev.sextant.model.training.PipelineSchedule;
import dev.sextant.model.training.Sensitivity;
import dev.sextant.model.training.TrainingPlan;
import dev.sextant.workspaces.SavedTrainingPlan;
import java.util.ArrayList;

import java.util.List;
import javafx.beans.property.StringProperty;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.SelectionMode;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.TextInputDialog;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;

/** Controller of TrainingView.fxml: wiring only. */
public final class TrainingView {

    /** Micro-batches drawn in the pipeline timeline at most; enough to show warm-up, steady state and drain. */
    static final int TIMELINE_MICRO_BATCHES = 24;

    private final TrainingViewModel vm;
    /** The inputs by the keys {@link TrainingViewModel#problemFieldProperty()} names. */
    private final java.util.Map<String, javafx.scene.control.Control> fieldsByKey = new java.util.HashMap<>();

    @FXML private VBox root;
    @FXML private Label problem;
    @FXML private javafx.scene.control.MenuItem importModel;
    @FXML private javafx.scene.control.MenuItem importGpu;
    @FXML private GridPane inputs;
    @FXML private GridPane fixed;
    @FXML private Button search;
    @FXML private Button openSaved;
    @FXML private Button compareSaved;
    @FXML private Button deleteSaved;
    @FXML private TableView<SavedTrainingPlan> savedTable;
    @FXML private Label summary;
    @FXML private VBox results;
    @FXML private TableView<TrainingPlan> plansTable;
    @FXML private Label chosen;
    @FXML private Button savePlan;
    @FXML private TabPane tabs;
    @FXML private StackPane memoryPane;
    @FXML private StackPane commPane;
    @FXML private StackPane pipelinePane;
    @FXML private StackPane tpPane;
    @FXML private StackPane mbPane;
    @FXML private GridPane faultInputs;
    @FXML private GridPane faultResults;

    public TrainingView(TrainingViewModel vm) {
        this.vm = vm;
    }

    @FXML
    private void initialize() {
        dev.sextant.app.ui.shell.Forms.bindProblem(problem, vm.problemProperty());
        summary.textProperty().bind(vm.summaryProperty());
        results.getChildren().add(0, dev.sextant.app.ui.shell.Staleness.banner(vm.staleProperty(),
                "The inputs changed since these layouts were searched: the table, charts and summary still show the old inputs.", vm::search));
        wireInputs();
        wirePlans();
        wireSaved();
        wireFaults();
        vm.problemFieldProperty().addListener((o, a, key) -> markProblem(key));
    }

    private void wireInputs() {
        var model = vm.choices().modelBox("training-model");
        var gpu = vm.choices().gpuBox("training-gpu");
        columns(inputs);
        columns(fixed);
        columns(faultInputs);
        columns(faultResults);
        row(inputs, 0, "Model", model);
        row(inputs, 1, "GPU", gpu);
        String[][] fields = {{"GPUs", ""}, {"GPUs per node", ""}, {"Network Gb/s per GPU", "GPU's default"},
                {"NVLink GB/s per GPU", "GPU's default"}, {"Sequence length", ""}, {"Global batch (sequences)", ""}, {"Token budget", "e.g. 2e12"}};
        StringProperty[] props = {vm.gpusProperty(), vm.gpusPerNodeProperty(), vm.networkGbpsProperty(), vm.intraNodeGBsProperty(),
                vm.seqLenProperty(), vm.globalBatchProperty(), vm.tokensProperty()};
        String[] keys = {"gpus", "gpusPerNode", "network", "intra", "seqLen", "globalBatch", "tokens"};
        for (int i = 0; i < fields.length; i++) {
            TextField f = field(props[i], fields[i][1], "training-" + fields[i][0].toLowerCase().replaceAll("[^a-z]+", "-"));
            fieldsByKey.put(keys[i], f);
            row(inputs, i + 2, fields[i][0], f);
        }
        row(inputs, fields.length + 2, "Rates from", vm.profiles().comboBox("training-profile"));
        String[] degrees = {"TP", "PP", "CP", "EP", "Micro-batch"};
        StringProperty[] degreeProps = {vm.tpProperty(), vm.ppProperty(), vm.cpProperty(), vm.epProperty(), vm.microBatchProperty()};
        String[] degreeKeys = {"tp", "pp", "cp", "ep", "microBatch"};
        for (int i = 0; i < degrees.length; i++) {
            TextField f = field(degreeProps[i], "searched", null);
            fieldsByKey.put(degreeKeys[i], f);
            row(fixed, i, degrees[i], f);
        }
        row(fixed, 5, "Recompute", choice(vm.recomputeProperty(), TrainingViewModel.ANY, "none", "selective", "full"));
        row(fixed, 6, "ZeRO stage", choice(vm.zeroProperty(), TrainingViewModel.ANY, "0", "1", "2", "3"));
        row(fixed, 7, "Attention", choice(vm.attentionProperty(), "fused", "unfused"));
        vm.choices().wireImports(importModel, importGpu, () -> root.getScene().getWindow());
        search.setOnAction(e -> vm.search());
        search.disableProperty().bind(vm.shell().jobs().runningProperty());
    }

    private void wirePlans() {
        plansTable.setItems(vm.plans());
        plansTable.getColumns().setAll(List.of(
                width(text("Layout", p -> TrainingViewModel.layout(p)), 178),
                width(number("µbatch", p -> (double) p.layout().microBatch(), "%.0f"), 50),
                width(number("ZeRO", p -> (double) p.layout().zeroStage(), "%.0f"), 62),
                width(text("Recompute", p -> p.layout().recompute().slug()), 98),
                width(number("Mem GiB", p -> p.memory().total() / GIB, "%.1f"), 58),
                width(number("Step s", TrainingPlan::stepTimeSeconds, "%.3g"), 70),
                width(number("MFU %", p -> 100 * p.mfu(), "%.1f"), 68),
                width(number("Bubble %", p -> 100 * p.bubbleFraction(), "%.1f"), 72),
                width(number("Days", p -> Double.isNaN(p.trainingDays()) || p.trainingDays() == 0 ? null : p.trainingDays(), "%,.0f"), 58),
                width(text("Limited by", TrainingPlan::bottleneck), 120)));
        plansTable.setPlaceholder(new Label("Choose a model and cluster, then Search layouts."));
        Tables.exportable(plansTable, "training-plans.csv", vm.shell());
        plansTable.getSelectionModel().selectedItemProperty().addListener((o, a, p) -> {
            if (p != null && p != vm.selectedProperty().get()) {
                vm.selectedProperty().set(p);
            }
        });
        vm.selectedProperty().addListener((o, a, p) -> {
            if (p != null && plansTable.getSelectionModel().getSelectedItem() != p) {
                plansTable.getSelectionModel().select(p);
            }
            showPlan(p);
        });
        vm.sensitivityProperty().addListener((o, a, s) -> showSensitivity(s));
        savePlan.disableProperty().bind(vm.selectedProperty().isNull());
        savePlan.setOnAction(e -> {
            TrainingPlan p = vm.selectedProperty().get();
            TextInputDialog d = new TextInputDialog(vm.modelProperty().get().name() + " on " + p.layout().gpus() + " × "
                    + vm.gpuProperty().get().name());
            d.initOwner(root.getScene().getWindow());
            d.setTitle("Sextant");
            d.setHeaderText("Keep this plan in the project");
            d.setContentText("Name");
            d.showAndWait().filter(n -> !n.isBlank()).ifPresent(vm::save);
        });
        showPlan(null);
        showSensitivity(null);
    }

    private void showPlan(TrainingPlan p) {
        if (p == null) {
            chosen.setText("No plan chosen");
            show(memoryPane, null, "Memory per GPU appears here.");
            show(commPane, null, "Communication per dimension appears here.");
            show(pipelinePane, null, "The pipeline timeline appears here.");
            return;
        }
        chosen.setText("Chosen: " + TrainingViewModel.layout(p) + " · compute efficiency: " + p.efficiency());
        TrainingPlan.Memory m = p.memory();
        show(memoryPane, PlanCharts.stacked(String.format("Memory per GPU on the most loaded stage: %.1f of %.1f GiB%s", m.total() / GIB,
                        m.capacity() / GIB, p.fits() ? "" : " (does not fit)"), "GiB", "per GPU",
                List.of("weights", "gradients", "optimizer states", "activations", "buffers"),
                List.of(m.weights() / GIB, m.gradients() / GIB, m.optimizer() / GIB, m.activations() / GIB, m.buffers() / GIB),
                m.capacity() / GIB, "GPU memory", dark()), "");
        TrainingPlan.ByDimension s = p.commSeconds();
        TrainingPlan.ByDimension b = p.commBytes();
        String sent = String.format("bytes sent per GPU: TP %s, PP %s, DP %s, CP %s, EP %s", gb(b.tp()), gb(b.pp()), gb(b.dp()), gb(b.cp()),
                gb(b.ep()));
        show(commPane, s.sum() <= 0 ? null : PlanCharts.values(String.format("Communication on the critical path per step (of %.2f s); %s",
                        p.stepTimeSeconds(), sent), "seconds per step", List.of("TP", "PP", "DP (exposed)", "CP (exposed)", "EP"),
                List.of(s.tp(), s.pp(), s.dp(), s.cp(), s.ep()), dark()),
                "No communication on the critical path: what there is overlaps with compute (" + sent + ").");
        int stages = p.layout().pp();
        int shown = Math.min(p.microBatches(), TIMELINE_MICRO_BATCHES);
        List<PipelineSchedule.Pass> passes = PipelineSchedule.of(p, shown);
        show(pipelinePane, PlanCharts.timeline(String.format("1F1B schedule, %d stage%s%s (bubble %.1f%% of the step%s)", stages,
                stages == 1 ? "" : "s", shown < p.microBatches() ? String.format(", first %d of %d micro-batches", shown, p.microBatches()) : "",
                100 * p.bubbleFraction(), p.layout().vpp() > 1 ? String.format("; interleaved with v = %d in the plan", p.layout().vpp()) : ""),
                passes, stages, dark()), "");
    }

    /** Marks the input a problem is about, with the message beside it as a tooltip; the others lose their mark. */
    private void markProblem(String key) {
        dev.sextant.app.ui.shell.Forms.markProblem(fieldsByKey, key, vm.problemProperty().get());
    }



    private static String gb(double bytes) {
        return bytes >= GIB ? String.format("%.1f GiB", bytes / GIB) : String.format("%.0f MiB", bytes / (GIB / 1024));
    }

    private void showSensitivity(Sensitivity s) {
        if (s == null) {
            show(tpPane, null, "Step time against TP appears after a search.");
            show(mbPane, null, "Step time against the micro-batch appears after a search.");
            return;
        }
        show(tpPane, s.tensorParallel().isEmpty() ? null
                : PlanCharts.lines("Best step time by TP (the rest searched)", "TP", "seconds per step", List.of("best"),
                List.of(s.tensorParallel()), dark()), "No TP value fits.");
        show(mbPane, s.microBatch().isEmpty() ? null
                : PlanCharts.lines("Best step time by micro-batch", "micro-batch", "seconds per step", List.of("best"),
                List.of(s.microBatch()), dark()), "No micro-batch fits.");
    }

    private void wireSaved() {
        savedTable.setItems(vm.saved());
        savedTable.getSelectionModel().setSelectionMode(SelectionMode.MULTIPLE);
        savedTable.getColumns().setAll(List.of(
                width(text("Plan", s -> s.name() + (s.demo() ? " (demo)" : "")), 150),
                width(number("GPUs", s -> (double) s.request().gpus(), "%,.0f"), 62),
                width(number("Step s", s -> s.plan().stepTimeSeconds(), "%.3g"), 70),
                width(number("MFU %", s -> 100 * s.plan().mfu(), "%.1f"), 68)));
        savedTable.setPlaceholder(new Label("No kept plans in this project."));
        // a newcomer sees a kept plan at once instead of an empty area
        vm.saved().addListener((javafx.collections.ListChangeListener<SavedTrainingPlan>) c -> {
            if (vm.plans().isEmpty() && !vm.saved().isEmpty()) {
                savedTable.getSelectionModel().select(0);
                vm.open(vm.saved().get(0));
            }
        });
        var sel = savedTable.getSelectionModel().getSelectedItems();
        openSaved.disableProperty().bind(javafx.beans.binding.Bindings.size(sel).isNotEqualTo(1));
        compareSaved.disableProperty().bind(javafx.beans.binding.Bindings.size(sel).isNotEqualTo(2));
        deleteSaved.disableProperty().bind(javafx.beans.binding.Bindings.isEmpty(sel));
        openSaved.setOnAction(e -> vm.open(sel.get(0)));
        deleteSaved.setOnAction(e -> {
            List<SavedTrainingPlan> doomed = new ArrayList<>(sel);
            if (Dialogs.confirm(root.getScene().getWindow(), "Delete " + (doomed.size() == 1 ? "“" + doomed.get(0).name() + "”" : doomed.size()
                    + " plans") + "?", "Kept plans are deleted from the project.", "Delete")) {
                doomed.forEach(vm::delete);
            }
        });
        compareSaved.setOnAction(e -> PlanComparison.show(root.getScene().getWindow(), sel.get(0), sel.get(1)));
    }

    private void wireFaults() {
        String[] labels = {"Failures per GPU-day", "Checkpoint storage GB/s", "Restart after a failure, s"};
        StringProperty[] props = {vm.failuresPerGpuDayProperty(), vm.storageGBsProperty(), vm.restartSecondsProperty()};
        String[] faultKeys = {"failures", "storage", "restartSeconds"};
        for (int i = 0; i < labels.length; i++) {
            TextField f = field(props[i], "", null);
            fieldsByKey.put(faultKeys[i], f);
            row(faultInputs, i, labels[i], f);
        }
        CheckBox async = new CheckBox("Asynchronous checkpoints");
        async.selectedProperty().bindBidirectional(vm.asyncCheckpointsProperty());
        faultInputs.add(async, 0, labels.length, 2, 1);
        Label note = new Label("Default rate: Llama 3's 419 unexpected interruptions in 54 days on 16,384 GPUs.");
        note.getStyleClass().add("text-muted");
        note.setWrapText(true);
        note.setMaxWidth(320);
        faultInputs.add(note, 0, labels.length + 1, 2, 1);
        vm.faultsProperty().addListener((o, a, f) -> showFaults(f));
        showFaults(null);
    }

    private void showFaults(FaultTolerance f) {
        faultResults.getChildren().clear();
        if (f == null) {
            faultResults.add(muted("Choose a plan to see what failures cost."), 0, 0);
            return;
        }
        var c = f.checkpointing();
        String[][] rows = {
                {"Checkpoint", String.format("%.0f GiB (14 bytes per parameter), written in %.0f s", f.checkpointBytes() / GIB, f.checkpointSeconds())},
                {"Failures", String.format("%.2g a day; job MTBF %.1f h", c.failuresPerDay(), c.mtbfSeconds() / 3600)},
                {"Checkpoint every", String.format("%.0f s (Daly; Young: %.0f s)", c.dalyIntervalSeconds(), c.youngIntervalSeconds())},
                {"Goodput", String.format("%.1f %% of wall-clock time is useful training", 100 * c.goodput())},
                {"Expected days", Double.isNaN(f.expectedDays()) ? "give a token budget" : String.format("%.1f including failures", f.expectedDays())}};
        for (int i = 0; i < rows.length; i++) {
            Label value = new Label(rows[i][1]);
            value.setWrapText(true);
            Label key = muted(rows[i][0]);
            dev.sextant.app.ui.shell.Glossary.explain(key);
            key.setMinWidth(Region.USE_PREF_SIZE);
            faultResults.addRow(i, key, value);
        }
    }

    private boolean dark() {
        return root.getScene() != null && "dark".equals(vm.shell().home().settings().theme());
    }


}
