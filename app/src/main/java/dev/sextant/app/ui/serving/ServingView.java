package dev.sextant.app.ui.serving;

import static dev.sextant.app.ui.shell.Forms.choice;
import static dev.sextant.app.ui.shell.Forms.columns;
import static dev.sextant.app.ui.shell.Forms.converter;
import static dev.sextant.app.ui.shell.Forms.field;
import static dev.sextant.app.ui.shell.Forms.row;
import static dev.sextant.app.ui.shell.Forms.show;
import static dev.sextant.app.ui.shell.Tables.number;
import static dev.sextant.app.ui.shell.Tables.text;
import static dev.sextant.app.ui.shell.Tables.width;

import dev.sextant.app.ui.charts.PlanCharts;
import dev.sextant.app.ui.charts.ServingCharts;
import dev.sextant.app.ui.shell.Dialogs;
import dev.sextant.app.ui.shell.Tables;
import dev.sextant.model.serving.Capacity;
import dev.sextant.model.serving.ServingLevers;
import dev.sextant.model.serving.ServingMemory;
import dev.sextant.model.serving.ServingPlanRequest;
import dev.sextant.model.serving.ServingAnalysis;
import dev.sextant.model.serving.SimulationSummary;
import dev.sextant.model.serving.WeightFormat;
import dev.sextant.model.architecture.ModelArchitecture;
import dev.sextant.workspaces.SavedServingPlan;
import java.io.File;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javafx.collections.FXCollections;
import javafx.collections.ListChangeListener;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Control;
import javafx.scene.control.Label;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.TextInputDialog;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;

/** Controller of ServingView.fxml: wiring only. */
public final class ServingView {

    private final ServingViewModel vm;
    private final Map<String, Control> fieldsByKey = new HashMap<>();

    @FXML private VBox root;
    @FXML private Label problem;
    @FXML private MenuItem importModel;
    @FXML private MenuItem importGpu;
    @FXML private GridPane replica;
    @FXML private GridPane measured;
    @FXML private GridPane workload;
    @FXML private TextArea traffic;
    @FXML private Button loadTraffic;
    @FXML private GridPane day;
    @FXML private GridPane levers;
    @FXML private Button plan;
    @FXML private Button openSaved;
    @FXML private Button deleteSaved;
    @FXML private TableView<SavedServingPlan> savedTable;
    @FXML private Label summary;
    @FXML private VBox results;
    @FXML private Button savePlan;
    @FXML private Label memoryText;
    @FXML private StackPane memoryPane;
    @FXML private StackPane concurrencyPane;
    @FXML private StackPane ttftPane;
    @FXML private StackPane tpotPane;
    @FXML private StackPane kvPane;
    @FXML private StackPane dayPane;
    @FXML private TableView<Capacity.WindowPlan> windowsTable;
    @FXML private TableView<ServingLevers.Row> leversTable;

    public ServingView(ServingViewModel vm) {
        this.vm = vm;
    }

    @FXML
    private void initialize() {
        dev.sextant.app.ui.shell.Forms.bindProblem(problem, vm.problemProperty());
        summary.textProperty().bind(vm.summaryProperty());
        results.getChildren().add(0, dev.sextant.app.ui.shell.Staleness.banner(vm.staleProperty(),
                "The inputs changed since this plan was worked out: the headline, Latency, Day and Levers still show the old inputs "
                        + "(Memory follows the inputs).", vm::plan));
        wireInputs();
        wireResults();
        wireSaved();
        vm.problemFieldProperty().addListener((o, a, key) -> markProblem(key));
    }

    private void wireInputs() {
        for (GridPane g : List.of(replica, measured, workload, day, levers)) {
            columns(g);
        }
        var model = vm.choices().modelBox("serving-model");
        var gpu = vm.choices().gpuBox("serving-gpu");
        var weights = choice(vm.weightsProperty(), WeightFormat.values());
        weights.setConverter(converter(w -> w == null ? "" : w == WeightFormat.INT4 ? "int4 (groups of 128)" : w.slug()));
        row(replica, 0, "Model", model);
        row(replica, 1, "GPU", gpu);
        int r = 2;
        r = fields(replica, r, new String[][] {{"TP", "tp", ""}, {"PP", "pp", ""}});
        row(replica, r++, "Weights", weights);
        row(replica, r++, "KV cache", choice(vm.kvDtypeProperty(), "auto", "fp8"));
        row(replica, r++, "Rates from", vm.profiles().comboBox("serving-profile"));
        fields(replica, r, new String[][] {{"Max model length", "maxModelLen", "tokens"}, {"Max sequences", "maxNumSeqs", "max_num_seqs"},
                {"Token budget", "maxNumBatchedTokens", "max_num_batched_tokens"}, {"GPU memory utilisation", "gpuMemoryUtilization", "0–1"},
                {"Block size", "blockSize", "tokens"}});
        fields(measured, 0, new String[][] {{"GPU memory GiB", "gpuMemoryGib", "the card's, as reported"},
                {"Activation peak GiB", "activationPeakGib", "from a start-up log"}, {"Overhead GiB", "overheadGib", "non-torch memory"}});
        fields(workload, 0, new String[][] {{"Prompt tokens", "promptTokens", "const:N, uniform:A:B, lognormal:MEAN:SD, file:PATH"},
                {"Output tokens", "outputTokens", "as prompt tokens"}, {"P99 TTFT target, s", "sloTtft", ""}, {"P99 TPOT target, s", "sloTpot", ""},
                {"Rate to simulate, req/s", "rate", ""}, {"Seed", "seed", ""}, {"Shared prefix tokens", "prefixTokens", "system prompt, few-shot"},
                {"Prefix share", "prefixShare", "share of requests with it, 0–1"}});
        traffic.textProperty().bindBidirectional(vm.textInputs().get("traffic"));
        fieldsByKey.put("traffic", traffic);
        fields(day, 0, new String[][] {{"Headroom", "headroom", "e.g. 0.2"}, {"Scale-up minutes", "scaleUpMinutes", "to start a replica"},
                {"Price per GPU-hour, " + vm.shell().home().settings().currency(), "price", "blank: no costs"}});
        int l = fields(levers, 0, new String[][] {{"Speculative acceptance", "specAcceptance", "blank: not compared"},
                {"Drafted tokens", "specTokens", "γ"}, {"Draft cost", "specCost", "draft step / target step"}});
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
        row(levers, l++, "Smaller model", small);
        fields(levers, l, new String[][] {{"Its share of requests", "smallShare", "0–1"}});
        plan.setOnAction(e -> vm.plan());
        plan.disableProperty().bind(vm.shell().jobs().runningProperty());
        vm.choices().wireImports(importModel, importGpu, () -> root.getScene().getWindow());
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

    /** Rows of {label, key, prompt} bound to the view model's text inputs; returns the next free row. */
    private int fields(GridPane grid, int first, String[][] rows) {
        int r = first;
        for (String[] f : rows) {
            TextField field = field(vm.textInputs().get(f[1]), f[2], "serving-" + f[1]);
            fieldsByKey.put(f[1], field);
            row(grid, r++, f[0], field);
        }
        return r;
    }

    private void wireResults() {
        vm.memoryProperty().addListener((o, a, m) -> showMemory(m));
        vm.prefixProperty().addListener((o, a, p) -> showMemory(vm.memoryProperty().get()));
        vm.studyProperty().addListener((o, a, s) -> showStudy(s));
        showMemory(vm.memoryProperty().get());
        showStudy(null);
        windowsTable.getColumns().setAll(List.of(
                width(text("Start", w -> clock(w.startHour())), 80),
                width(number("Requests/s", Capacity.WindowPlan::rate, "%.2f"), 110),
                width(number("Replicas", w -> (double) w.replicas(), "%,.0f"), 90),
                width(number("GPUs", w -> (double) w.gpus(), "%,.0f"), 90)));
        windowsTable.setPlaceholder(new Label("Give the day's traffic, then Plan serving."));
        Tables.exportable(windowsTable, "serving-day.csv", vm.shell());
        leversTable.getColumns().setAll(List.of(
                width(text("Lever", ServingLevers.Row::name), 210),
                width(number("Cost vs base", ServingLevers.Row::costVersusBaseline, "%.2f×"), 124),
                width(number("Req/s/GPU", ServingLevers.Row::goodputPerGpu, "%.3f"), 112),
                width(number("Cost/M tokens", ServingLevers.Row::costPerMillionOutputTokens, vm.shell().home().settings().moneyFormat("%.2f")), 130),
                width(number("Req/s", ServingLevers.Row::goodputPerReplica, "%.2f"), 64),
                width(number("TPOT ms", x -> x.singleStreamTpotSeconds() == null ? null : 1000 * x.singleStreamTpotSeconds(), "%.1f"), 92),
                width(number("GPUs", x -> x.gpusPerReplica() == null ? null : (double) x.gpusPerReplica(), "%,.0f"), 70),
                width(number("Weights GiB", x -> x.weightsBytesPerGpu() == null ? null : x.weightsBytesPerGpu() / ServingMemory.GIB, "%.1f"), 120),
                width(number("KV tokens", x -> x.kvTokens() == null ? null : (double) x.kvTokens(), "%,.0f"), 110),
                width(text("Accuracy risk / problem", x -> x.problem() != null ? "⚠ " + x.problem() : x.accuracyRisk()), 420),
                width(text("Change", ServingLevers.Row::change), 260)));
        leversTable.setPlaceholder(new Label("Plan serving to compare the levers on this workload."));
        Tables.exportable(leversTable, "serving-levers.csv", vm.shell());
        savePlan.disableProperty().bind(vm.studyProperty().isNull());
        savePlan.setOnAction(e -> {
            ServingPlanRequest r = vm.requestProperty().get();
            TextInputDialog d = new TextInputDialog(r.spec().model().name() + " on " + r.spec().tp() * r.spec().pp() + " × " + r.spec().gpu().name());
            d.initOwner(root.getScene().getWindow());
            d.setTitle("Sextant");
            d.setHeaderText("Keep this serving plan in the project");
            d.setContentText("Name");
            d.showAndWait().filter(n -> !n.isBlank()).ifPresent(vm::save);
        });
    }

    private void showMemory(ServingMemory m) {
        if (m == null) {
            memoryText.setText("");
            show(memoryPane, null, "The memory plan appears here.");
            show(concurrencyPane, null, "");
            return;
        }
        double gib = ServingMemory.GIB;
        var s = m.spec();
        double reserved = m.totalBytes() * (1 - s.gpuMemoryUtilization());
        memoryText.setText(String.format("KV per token %,.0f bytes (%,.0f per GPU) · %,d blocks of %d tokens · %,d KV tokens · %.1f requests of %,d tokens "
                        + "at once", m.kvBytesPerToken(), m.kvBytesPerTokenPerGpu(), m.kvBlocks(), s.blockSize(), m.kvTokens(), m.maxConcurrency(),
                s.maxModelLen()) + prefixText() + (vm.weightSource().isEmpty() ? "" : " · weights " + vm.weightSource()));
        show(memoryPane, PlanCharts.stacked(String.format("Memory per GPU: %.1f GiB reported", m.totalBytes() / gib), "GiB", "per GPU",
                List.of("weights", "activation peak", "runtime overhead", "KV cache", "kept free (1 − utilisation)"),
                List.of(m.weightsBytesPerGpu() / gib, m.activationPeakBytes() / gib, m.overheadBytes() / gib, Math.max(0, m.kvCacheBytesPerGpu()) / gib,
                        reserved / gib), m.totalBytes() / gib, "card", dark()), "");
        show(concurrencyPane, !m.fits() ? null : PlanCharts.lines("Requests that fit at once, by context length", "tokens per request",
                "requests", List.of("concurrency"), List.of(ServingAnalysis.concurrencyByContext(m)), dark()), "Nothing fits: " + m.doesNotFit());
    }

    private String prefixText() {
        var p = vm.prefixProperty().get();
        return p == null ? "" : String.format("%nPrefix caching: %,d tokens held once for the requests that share them → %.1f requests at once, "
                + "%.0f%% of prefill no longer computed", p.sharedTokens(), p.maxConcurrency(), 100 * p.prefillSaved());
    }

    private void showStudy(ServingAnalysis s) {
        if (s == null) {
            show(ttftPane, null, "Latency against the request rate appears after Plan serving.");
            show(tpotPane, null, "");
            show(kvPane, null, "KV utilisation over time appears after Plan serving.");
            show(dayPane, null, "Replicas over the day appear after Plan serving.");
            windowsTable.getItems().clear();
            leversTable.getItems().clear();
            return;
        }
        ServingPlanRequest r = vm.requestProperty().get();
        show(ttftPane, ServingCharts.latencyVsRate("Time to first token against the rate", "seconds", s.sweep(), SimulationSummary::ttft,
                r.sloTtft(), s.goodputPerReplica(), dark()), "");
        show(tpotPane, ServingCharts.latencyVsRate("Time per output token against the rate", "seconds", s.sweep(), SimulationSummary::tpot,
                r.sloTpot(), s.goodputPerReplica(), dark()), "");
        SimulationSummary at = s.atRate();
        show(kvPane, ServingCharts.kvOverTime(String.format("KV cache at %s requests/s: %.0f%% in use on average, %d preemptions; P99 TTFT %.2f s, "
                        + "TPOT %.0f ms; %.0f%% of requests within both targets", dev.sextant.app.ui.shell.Inputs.compact(at.rate()), 100 * at.meanKvUtilisation(),
                at.preemptions(), at.ttft().p99(), 1000 * at.tpot().p99(), 100 * at.sloAttainment()), at.kvUtilisation(), at.kvSeriesSeconds(),
                dark()), "");
        if (s.day() == null) {
            show(dayPane, null, s.notes().isEmpty() ? "Give the day's traffic (start,rate) to plan replicas." : String.join(" ", s.notes()));
            windowsTable.getItems().clear();
        } else {
            var d = s.day();
            var money = vm.shell().home().settings();
            String cost = r.pricePerGpuHour() > 0 ? String.format("; cost %s a day against %s", money.money("%,.0f", d.costPerDay()),
                    money.money("%,.0f", d.fixedCostPerDay())) : "";
            show(dayPane, ServingCharts.replicasOverDay(String.format("Replicas over the day: %,.0f GPU-hours autoscaled, %,.0f fixed at the peak%s",
                    d.gpuHours(), d.fixedGpuHours(), cost), d.windows(), d.peakReplicas(), dark()), "");
            windowsTable.setItems(FXCollections.observableArrayList(d.windows()));
        }
        leversTable.setItems(FXCollections.observableArrayList(s.levers()));
    }

    static String clock(double hours) {
        int minutes = (int) Math.round(hours * 60);
        return String.format("%02d:%02d", minutes / 60, minutes % 60);
    }

    private void wireSaved() {
        savedTable.setItems(vm.saved());
        savedTable.getColumns().setAll(List.of(
                width(text("Plan", x -> x.name() + (x.demo() ? " (demo)" : "")), 200),
                width(number("Req/s", x -> x.study().goodputPerReplica(), "%.2f"), 64),
                width(number("Peak", x -> x.study().day() == null ? null : (double) x.study().day().peakReplicas(), "%.0f"), 56)));
        savedTable.setPlaceholder(new Label("No kept serving plans in this project."));
        vm.saved().addListener((ListChangeListener<SavedServingPlan>) c -> {
            if (vm.studyProperty().get() == null && !vm.saved().isEmpty()) {
                savedTable.getSelectionModel().select(0);
                vm.open(vm.saved().get(0));
            }
        });
        var sel = savedTable.getSelectionModel().selectedItemProperty();
        openSaved.disableProperty().bind(sel.isNull());
        deleteSaved.disableProperty().bind(sel.isNull());
        openSaved.setOnAction(e -> vm.open(sel.get()));
        deleteSaved.setOnAction(e -> {
            SavedServingPlan doomed = sel.get();
            if (Dialogs.confirm(root.getScene().getWindow(), "Delete “" + doomed.name() + "”?", "Kept plans are deleted from the project.", "Delete")) {
                vm.delete(doomed);
            }
        });
    }

    private void markProblem(String key) {
        dev.sextant.app.ui.shell.Forms.markProblem(fieldsByKey, key, vm.problemProperty().get());
    }

    private boolean dark() {
        return root.getScene() != null && "dark".equals(vm.shell().home().settings().theme());
    }
}
