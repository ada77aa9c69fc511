package dev.sextant.app.ui.serving;

import static dev.sextant.app.ui.shell.Forms.choice;
import static dev.sextant.app.ui.shell.Forms.converter;
import static dev.sextant.app.ui.shell.Tables.number;
import static dev.sextant.app.ui.shell.Tables.text;
import static dev.sextant.app.ui.shell.Tables.width;

import dev.sextant.app.ui.planning.InputGrid;
import dev.sextant.app.ui.planning.KeptPlans;
import dev.sextant.app.ui.planning.PlanForm;
import dev.sextant.app.ui.planning.ProblemMarks;
import dev.sextant.app.ui.shell.AreaPanes;
import dev.sextant.app.ui.shell.Forms;
import dev.sextant.app.ui.shell.Staleness;
import dev.sextant.model.architecture.ModelArchitecture;
import dev.sextant.model.serving.EngineProfile;
import dev.sextant.model.serving.ServingPlanRequest;
import dev.sextant.model.serving.WeightFormat;
import dev.sextant.workspaces.SavedServingPlan;
import java.io.File;
import java.util.ArrayList;
import java.util.List;
import javafx.beans.binding.Bindings;
import javafx.collections.FXCollections;
import javafx.collections.ListChangeListener;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.Tab;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.TextInputDialog;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;

/**
 * Controller of ServingView.fxml, the Serving area: the replica (the shared plan form), measured values, workload,
 * the day's traffic, the levers and the kept plans on the left; the headline and the tabs (each its own class) on the
 * right. Wiring only.
 */
public final class ServingView {

    private final ServingViewModel vm;
    private ProblemMarks marks;

    @FXML
    private VBox root;

    @FXML
    private Label problem;

    @FXML
    private VBox form;

    @FXML
    private GridPane measured;

    @FXML
    private GridPane workload;

    @FXML
    private TextArea traffic;

    @FXML
    private Button loadTraffic;

    @FXML
    private GridPane day;

    @FXML
    private GridPane levers;

    @FXML
    private Button plan;

    @FXML
    private Label summary;

    @FXML
    private VBox results;

    @FXML
    private Button savePlan;

    @FXML
    private Tab memoryTab;

    @FXML
    private Tab latencyTab;

    @FXML
    private Tab dayTab;

    @FXML
    private Tab leversTab;

    @FXML
    private Tab enginesTab;

    @FXML
    private Tab disaggTab;

    public ServingView(ServingViewModel vm) {
        this.vm = vm;
    }

    @FXML
    private void initialize() {
        Forms.bindProblem(problem, vm.problemProperty());
        // before anything is planned the headline says what fills it, muted, not in the verdict's voice
        AreaPanes.verdictOrHint(
                summary,
                vm.summaryProperty(),
                "Nothing planned yet: Plan serving (under the form) "
                        + "works out what a replica serves within the targets, latency against the rate, the day's replicas and the levers. The "
                        + "Memory tab follows the form as it is typed.");
        results.getChildren()
                .add(
                        0,
                        Staleness.banner(
                                vm.staleProperty(),
                                "The inputs changed since this plan was worked out: the headline, Latency, Day and Levers still show the old inputs "
                                        + "(Memory follows the inputs).",
                                vm::plan));
        marks = new ProblemMarks(vm.problemFieldProperty(), vm.problemProperty());
        form.getChildren().add(0, replica().node());
        wireInputs();
        form.getChildren().add(keptPlans().node());
        wireHeadline();
        memoryTab.setContent(new MemoryTab(vm, this::dark).node());
        latencyTab.setContent(new LatencyTab(vm, this::dark).node());
        dayTab.setContent(new DayTab(vm, this::dark).node());
        leversTab.setContent(new LeversTab(vm).node());
        enginesTab.setContent(new EnginesTab(vm, this::dark).node());
        disaggTab.setContent(new DisaggTab(vm, marks, this::dark).node());
    }

    /** The replica's card: model, GPU and parallelism, weights, KV cache, rates, and the engine's settings. */
    private PlanForm replica() {
        PlanForm f = new PlanForm("Replica", "serving", vm.choices(), marks);
        InputGrid in = f.inputs();
        fields(in, new String[][] {{"TP", "tp", ""}, {"PP", "pp", ""}, {"EP", "ep", "experts over GPUs"}});
        var weights = choice(vm.weightsProperty(), WeightFormat.values());
        weights.setConverter(
                converter(w -> w == null ? "" : w == WeightFormat.INT4 ? "int4 (groups of 128)" : w.slug()));
        in.row("Weights", weights);
        in.row("KV cache", choice(vm.kvDtypeProperty(), "auto", "fp8"));
        var engine = choice(
                vm.engineProperty(),
                EngineProfile.ALL.stream().map(EngineProfile::id).toArray(String[]::new));
        engine.setConverter(
                converter(id -> id == null ? "" : EngineProfile.of(id).name()));
        in.row("Engine", engine);
        f.profile(vm.profiles());
        fields(in, new String[][] {
            {"Max model length", "maxModelLen", "tokens"},
            {"Max sequences", "maxNumSeqs", "max_num_seqs"},
            {"Token budget", "maxNumBatchedTokens", "max_num_batched_tokens"}
        });
        var memory = in.field(
                "GPU memory utilisation",
                "gpuMemoryUtilization",
                vm.textInputs().get("gpuMemoryUtilization"),
                "0–1",
                "serving-gpuMemoryUtilization");
        var tip = new Tooltip();
        tip.textProperty()
                .bind(Bindings.createStringBinding(
                        () -> {
                            var e = EngineProfile.of(
                                    vm.engineProperty().get() == null
                                            ? "vllm"
                                            : vm.engineProperty().get());
                            return e.name() + "'s " + e.memorySettingName()
                                    + (e.memoryFollowsWeights()
                                            ? ": the share of the memory the weights leave free that the KV cache takes (default "
                                                    + e.defaultMemoryShare() + ")"
                                            : ": the share of the card for weights, activations and KV cache (default "
                                                    + e.defaultMemoryShare() + ")");
                        },
                        vm.engineProperty()));
        memory.setTooltip(tip);
        fields(in, new String[][] {{"Block size", "blockSize", "tokens"}});
        return f;
    }

    private void wireInputs() {
        fields(new InputGrid(measured, marks), new String[][] {
            {"GPU memory GiB", "gpuMemoryGib", "the card's, as reported"},
            {"Activation peak GiB", "activationPeakGib", "from a start-up log"},
            {"Overhead GiB", "overheadGib", "non-torch memory"}
        });
        fields(new InputGrid(workload, marks), new String[][] {
            {"Prompt tokens", "promptTokens", "const:N, uniform:A:B, lognormal:MEAN:SD, file:PATH"},
            {"Output tokens", "outputTokens", "as prompt tokens"},
            {"P99 TTFT target, s", "sloTtft", ""},
            {"P99 TPOT target, s", "sloTpot", ""},
            {"Rate to simulate, req/s", "rate", ""},
            {"Seed", "seed", ""},
            {"Shared prefix tokens", "prefixTokens", "system prompt, few-shot"},
            {"Prefix share", "prefixShare", "share of requests with it, 0–1"}
        });
        traffic.textProperty().bindBidirectional(vm.textInputs().get("traffic"));
        marks.add("traffic", traffic);
        InputGrid dayGrid = new InputGrid(day, marks);
        fields(dayGrid, new String[][] {
            {"Headroom", "headroom", "e.g. 0.2"}, {"Scale-up minutes", "scaleUpMinutes", "to start a replica"}
        });
        TextField price = Forms.field(vm.textInputs().get("price"), "blank: no costs", "serving-price");
        marks.add("price", price);
        dayGrid.row(
                Bindings.createStringBinding(
                        () -> "Price per GPU-hour, "
                                + vm.shell().settingsProperty().get().currency(),
                        vm.shell().settingsProperty()),
                price);
        InputGrid lever = new InputGrid(levers, marks);
        fields(lever, new String[][] {
            {"Speculative acceptance", "specAcceptance", "blank: not compared"},
            {"Drafted tokens", "specTokens", "γ"},
            {"Draft cost", "specCost", "draft step / target step"}
        });
        lever.row("Smaller model", smallModel());
        fields(lever, new String[][] {{"Its share of requests", "smallShare", "0–1"}});
        plan.setOnAction(e -> vm.plan());
        plan.disableProperty().bind(vm.shell().jobs().runningProperty());
        loadTraffic.setOnAction(e -> {
            FileChooser chooser = new FileChooser();
            chooser.setTitle("Load the day's traffic: start,rate per line");
            chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter("CSV", "*.csv", "*.txt"));
            File f = chooser.showOpenDialog(root.getScene().getWindow());
            if (f != null) {
                vm.loadTraffic(f.toPath());
            }
        });
    }

    /** The smaller model some requests could go to instead: none, or one of the models on offer. */
    private ComboBox<ModelArchitecture> smallModel() {
        ComboBox<ModelArchitecture> small = new ComboBox<>();
        small.getItems().add(null);
        small.getItems().addAll(vm.models());
        vm.models().addListener((ListChangeListener<ModelArchitecture>) c -> {
            List<ModelArchitecture> all = new ArrayList<>();
            all.add(null);
            all.addAll(vm.models());
            small.setItems(FXCollections.observableArrayList(all));
        });
        small.valueProperty().bindBidirectional(vm.smallModelProperty());
        small.setConverter(converter(m -> m == null ? "none" : m.name()));
        small.setMaxWidth(Double.MAX_VALUE);
        return small;
    }

    /** Rows of {label, key, prompt} bound to the view model's text inputs (ids {@code serving-<key>}). */
    private void fields(InputGrid grid, String[][] rows) {
        for (String[] f : rows) {
            grid.field(f[0], f[1], vm.textInputs().get(f[1]), f[2], "serving-" + f[1]);
        }
    }

    private KeptPlans<SavedServingPlan> keptPlans() {
        return new KeptPlans<>(
                        vm.saved(),
                        SavedServingPlan::name,
                        List.of(
                                width(text("Plan", x -> x.name() + (x.demo() ? " (demo)" : "")), 200),
                                width(number("Req/s", x -> x.study().goodputPerReplica(), "%.2f"), 64),
                                width(
                                        number(
                                                "Peak",
                                                x -> x.study().day() == null
                                                        ? null
                                                        : (double)
                                                                x.study().day().peakReplicas(),
                                                "%.0f"),
                                        56)),
                        "No kept serving plans in this project.",
                        "saved-serving-plans",
                        "ServingView.savedTable",
                        160,
                        vm::open,
                        vm::delete)
                .comparing(ServingComparison.comparison(this::dark))
                .openingTheFirstWhen(() -> vm.studyProperty().get() == null, vm::open);
    }

    /** The headline's Keep plan…: names the plan worked out and keeps it in the project. */
    private void wireHeadline() {
        savePlan.disableProperty()
                .bind(vm.studyProperty().isNull().or(vm.studyCompleteProperty().not()));
        savePlan.setOnAction(e -> {
            ServingPlanRequest r = vm.requestProperty().get();
            TextInputDialog d = new TextInputDialog(r.spec().model().name() + " on "
                    + r.spec().tp() * r.spec().pp() + " × " + r.spec().gpu().name());
            d.initOwner(root.getScene().getWindow());
            d.setTitle("Sextant");
            d.setHeaderText("Keep this serving plan in the project");
            d.setContentText("Name");
            d.showAndWait().filter(n -> !n.isBlank()).ifPresent(vm::save);
        });
    }

    private boolean dark() {
        return root.getScene() != null
                && "dark".equals(vm.shell().home().settings().theme());
    }
}
