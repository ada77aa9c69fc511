package dev.sextant.app.ui.training;

import static dev.sextant.app.ui.shell.Forms.choice;
import static dev.sextant.app.ui.shell.Tables.number;
import static dev.sextant.app.ui.shell.Tables.text;
import static dev.sextant.app.ui.shell.Tables.width;
import static dev.sextant.model.serving.ServingMemory.GIB;

import dev.sextant.app.ui.planning.InputGrid;
import dev.sextant.app.ui.planning.KeptPlans;
import dev.sextant.app.ui.planning.PlanForm;
import dev.sextant.app.ui.planning.ProblemMarks;
import dev.sextant.app.ui.shell.AreaPanes;
import dev.sextant.app.ui.shell.Forms;
import dev.sextant.app.ui.shell.Staleness;
import dev.sextant.app.ui.shell.Tables;
import dev.sextant.model.training.TrainingPlan;
import dev.sextant.workspaces.SavedTrainingPlan;
import java.io.File;
import java.util.List;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Tab;
import javafx.scene.control.TableView;
import javafx.scene.control.TextInputDialog;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;

/**
 * Controller of TrainingView.fxml, the Training area: the plan form, the fixed choices and the kept plans on the left;
 * the ranked layouts and the chosen one's tabs (each its own class) on the right. Wiring only.
 */
public final class TrainingView {

    private final TrainingViewModel vm;

    @FXML
    private VBox root;

    @FXML
    private Label problem;

    @FXML
    private VBox form;

    @FXML
    private GridPane fixed;

    @FXML
    private Button search;

    @FXML
    private Button calibrate;

    @FXML
    private Label summary;

    @FXML
    private Label indistinguishable;

    @FXML
    private VBox results;

    @FXML
    private TableView<TrainingPlan> plansTable;

    @FXML
    private Label chosen;

    @FXML
    private Button savePlan;

    @FXML
    private Tab memoryTab;

    @FXML
    private Tab communicationTab;

    @FXML
    private Tab pipelineTab;

    @FXML
    private Tab sensitivityTab;

    @FXML
    private Tab faultToleranceTab;

    public TrainingView(TrainingViewModel vm) {
        this.vm = vm;
    }

    @FXML
    private void initialize() {
        Forms.bindProblem(problem, vm.problemProperty());
        AreaPanes.verdictOrHint(
                summary,
                vm.summaryProperty(),
                "Nothing searched yet: Search layouts (under the "
                        + "form) ranks every layout that fits by step time; a kept plan opens with Open.");
        indistinguishable.textProperty().bind(vm.indistinguishableProperty());
        indistinguishable.visibleProperty().bind(vm.indistinguishableProperty().isNotEmpty());
        indistinguishable.managedProperty().bind(indistinguishable.visibleProperty());
        results.getChildren()
                .add(
                        0,
                        Staleness.banner(
                                vm.staleProperty(),
                                "The inputs changed since these layouts were searched: the table, charts and summary still show the old inputs.",
                                vm::search));
        ProblemMarks marks = new ProblemMarks(vm.problemFieldProperty(), vm.problemProperty());
        form.getChildren().add(0, planForm(marks).node());
        fixChoices(new InputGrid(fixed, marks));
        form.getChildren().add(keptPlans().node());
        search.setOnAction(e -> vm.search());
        calibrate.setTooltip(
                new Tooltip(
                        "Runs measured on a small cluster (a CSV of gpus, tp, pp, micro_batch, global_batch, "
                                + "seq_len and tokens_per_gpu_per_second, or a Megatron-LM log) correct the planner's kernel speed before it searches this cluster"));
        calibrate.disableProperty().bind(vm.shell().jobs().runningProperty());
        calibrate.setOnAction(e -> {
            FileChooser c = new FileChooser();
            c.setTitle("Runs measured on a small cluster (CSV or Megatron-LM log)");
            File f = c.showOpenDialog(root.getScene().getWindow());
            if (f != null) {
                vm.calibrateFrom(f.toPath());
            }
        });
        search.disableProperty().bind(vm.shell().jobs().runningProperty());
        wirePlans();
        memoryTab.setContent(new MemoryTab(vm, this::dark).node());
        communicationTab.setContent(new CommunicationTab(vm, this::dark).node());
        pipelineTab.setContent(new PipelineTab(vm, this::dark).node());
        sensitivityTab.setContent(new SensitivityTab(vm, this::dark).node());
        faultToleranceTab.setContent(new FaultToleranceTab(vm, marks).node());
    }

    private PlanForm planForm(ProblemMarks marks) {
        PlanForm f = new PlanForm("Model and cluster", "training", vm.choices(), marks);
        InputGrid in = f.inputs();
        in.field("GPUs", "gpus", vm.form().gpusProperty(), "", "training-gpus");
        in.field("GPUs per node", "gpusPerNode", vm.form().gpusPerNodeProperty(), "", "training-gpus-per-node");
        in.field(
                "Network Gb/s per GPU",
                "network",
                vm.form().networkGbpsProperty(),
                "GPU's default",
                "training-network-gb-s-per-gpu");
        in.field(
                "NVLink GB/s per GPU",
                "intra",
                vm.form().intraNodeGBsProperty(),
                "GPU's default",
                "training-nvlink-gb-s-per-gpu");
        in.field("Sequence length", "seqLen", vm.form().seqLenProperty(), "", "training-sequence-length");
        in.field(
                "Global batch (sequences)",
                "globalBatch",
                vm.form().globalBatchProperty(),
                "",
                "training-global-batch-sequences-");
        in.field("Token budget", "tokens", vm.form().tokensProperty(), "e.g. 2e12", "training-token-budget");
        f.profile(vm.profiles());
        f.source(
                "Software",
                choice(vm.form().stackProperty(), TrainingViewModel.stacks().toArray(String[]::new)));
        return f;
    }

    /** The choices a search otherwise makes; blank degrees are searched. */
    private void fixChoices(InputGrid fix) {
        fix.field("TP", "tp", vm.form().tpProperty(), "searched", null);
        fix.field("PP", "pp", vm.form().ppProperty(), "searched", null);
        fix.field("CP", "cp", vm.form().cpProperty(), "searched", null);
        fix.field("EP", "ep", vm.form().epProperty(), "searched", null);
        fix.field("Micro-batch", "microBatch", vm.form().microBatchProperty(), "searched", null);
        fix.row("Recompute", choice(vm.form().recomputeProperty(), TrainingViewModel.ANY, "none", "selective", "full"));
        fix.row("ZeRO stage", choice(vm.form().zeroProperty(), TrainingViewModel.ANY, "0", "1", "2", "3"));
        fix.row("Attention", choice(vm.form().attentionProperty(), "fused", "unfused"));
        fix.row(
                "MoE dispatcher",
                choice(
                        vm.form().dispatcherProperty(),
                        TrainingViewModel.dispatchers().toArray(String[]::new)));
    }

    private KeptPlans<SavedTrainingPlan> keptPlans() {
        // the list stays compact (the pane is narrow); an opened plan's headline and Compare give each its 80 % range
        return new KeptPlans<>(
                        vm.saved(),
                        SavedTrainingPlan::name,
                        List.of(
                                width(text("Plan", s -> s.name() + (s.demo() ? " (demo)" : "")), 150),
                                width(number("GPUs", s -> (double) s.request().gpus(), "%,.0f"), 62),
                                width(number("Step s", s -> s.plan().stepTimeSeconds(), "%.3g"), 70),
                                width(number("MFU %", s -> 100 * s.plan().mfu(), "%.1f"), 68)),
                        "No kept plans in this project.",
                        "saved-training-plans",
                        "TrainingView.savedTable",
                        200,
                        vm::open,
                        vm::delete)
                .comparing(TrainingComparison.comparison())
                // a newcomer sees a kept plan at once instead of an empty area
                .openingTheFirstWhen(() -> vm.plans().isEmpty(), vm::open);
    }

    private void wirePlans() {
        plansTable.setItems(vm.plans());
        plansTable
                .getColumns()
                .setAll(List.of(
                        width(text("Layout", p -> TrainingViewModel.layout(p)), 178),
                        width(number("µbatch", p -> (double) p.layout().microBatch(), "%.0f"), 50),
                        width(number("ZeRO", p -> (double) p.layout().zeroStage(), "%.0f"), 62),
                        width(text("Recompute", p -> p.layout().recompute().slug()), 98),
                        width(number("Mem GiB", p -> p.memory().total() / GIB, "%.1f"), 58),
                        width(number("Step s", TrainingPlan::stepTimeSeconds, "%.3g"), 70),
                        width(number("MFU %", p -> 100 * p.mfu(), "%.1f"), 68),
                        width(number("Bubble %", p -> 100 * p.bubbleFraction(), "%.1f"), 72),
                        width(
                                number(
                                        "Days",
                                        p -> Double.isNaN(p.trainingDays()) || p.trainingDays() == 0
                                                ? null
                                                : p.trainingDays(),
                                        "%,.0f"),
                                58),
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
            showChosen(p);
        });
        savePlan.disableProperty().bind(vm.selectedProperty().isNull());
        savePlan.setOnAction(e -> {
            TrainingPlan p = vm.selectedProperty().get();
            TextInputDialog d = new TextInputDialog(vm.modelProperty().get().name() + " on "
                    + p.layout().gpus() + " × " + vm.gpuProperty().get().name());
            d.initOwner(root.getScene().getWindow());
            d.setTitle("Sextant");
            d.setHeaderText("Keep this plan in the project");
            d.setContentText("Name");
            d.showAndWait().filter(n -> !n.isBlank()).ifPresent(vm::save);
        });
        showChosen(vm.selectedProperty().get());
    }

    private void showChosen(TrainingPlan p) {
        chosen.setText(
                p == null
                        ? "No plan chosen"
                        : "Chosen: " + TrainingViewModel.layout(p) + " · compute efficiency: " + p.efficiency());
    }

    private boolean dark() {
        return root.getScene() != null
                && "dark".equals(vm.shell().home().settings().theme());
    }
}
