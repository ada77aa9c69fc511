package dev.sextant.app.ui.gpu;

import static dev.sextant.app.ui.shell.Forms.show;
import static dev.sextant.app.ui.shell.Tables.number;
import static dev.sextant.app.ui.shell.Tables.text;
import static dev.sextant.app.ui.shell.Tables.width;

import dev.sextant.app.ui.charts.CalibrationCharts;
import dev.sextant.app.ui.shell.Dialogs;
import dev.sextant.app.ui.shell.Forms;
import dev.sextant.app.ui.shell.Tables;
import dev.sextant.model.calibration.CalibrationProfile;
import dev.sextant.model.calibration.DeviceInfo;
import dev.sextant.model.calibration.GemmFit;
import dev.sextant.model.calibration.GemmPoint;
import dev.sextant.model.calibration.GpuStatus;
import dev.sextant.model.calibration.ProfileComparison;
import dev.sextant.workspaces.SavedProfile;
import java.io.File;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import javafx.beans.binding.Bindings;
import javafx.collections.FXCollections;
import javafx.collections.ListChangeListener;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.SelectionMode;
import javafx.scene.control.TableView;
import javafx.scene.control.TextInputDialog;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;

/** Controller of GpuView.fxml: wiring only. */
public final class GpuView {

    private final GpuViewModel vm;

    @FXML
    private VBox root;

    @FXML
    private Label problem;

    @FXML
    private Label device;

    @FXML
    private CheckBox quick;

    @FXML
    private Button calibrate;

    @FXML
    private Button importProfile;

    @FXML
    private Button openSaved;

    @FXML
    private Button compareSaved;

    @FXML
    private Button deleteSaved;

    @FXML
    private TableView<SavedProfile> savedTable;

    @FXML
    private Label summary;

    @FXML
    private Button saveProfile;

    @FXML
    private TableView<ProfileComparison.Rate> ratesTable;

    @FXML
    private TableView<GemmPoint> gemmTable;

    @FXML
    private StackPane rooflinePane;

    @FXML
    private StackPane heatmapPane;

    @FXML
    private Label comparisonTitle;

    @FXML
    private TableView<ProfileComparison.Line> comparisonTable;

    public GpuView(GpuViewModel vm) {
        this.vm = vm;
    }

    @FXML
    private void initialize() {
        Forms.bindProblem(problem, vm.problemProperty());
        quick.selectedProperty().bindBidirectional(vm.quickProperty());
        device.setText("Probing…");
        vm.statusProperty().addListener((o, a, s) -> showStatus(s));
        calibrate
                .disableProperty()
                .bind(Bindings.createBooleanBinding(
                                () -> vm.statusProperty().get() == null
                                        || !vm.statusProperty().get().available(),
                                vm.statusProperty())
                        .or(vm.shell().jobs().runningProperty()));
        calibrate.setOnAction(e -> vm.calibrate());
        comparisonTitle.textProperty().bind(vm.comparisonTitleProperty());
        wireTables();
        wireSaved();
        vm.shownProperty().addListener((o, a, p) -> showProfile(p));
        showProfile(null);
    }

    private void showStatus(GpuStatus s) {
        if (s == null) {
            return;
        }
        if (!s.available()) {
            device.setText("Calibration is unavailable here: " + s.reason()
                    + ". Kept profiles (such as the demo's) can still be opened, "
                    + "compared and used by the planners.");
            calibrate.setTooltip(new Tooltip(s.reason()));
            return;
        }
        String devices = s.devices().stream().map(GpuView::describe).collect(Collectors.joining("\n"));
        device.setText(devices + "\nCUDA driver API " + s.driverVersion() + "; GEMMs through "
                + (s.cublas() ? "cuBLAS" : "Sextant's own kernels (" + s.cublasReason() + ")")
                + ". Calibration runs on device 0.");
    }

    static String describe(DeviceInfo d) {
        return String.format(
                "%s — compute %s, %d SMs, %.1f GiB, SM %d MHz, memory %d MHz × %d bits (%.0f GB/s theoretical)",
                d.name(),
                d.computeCapability(),
                d.smCount(),
                d.memoryBytes() / 1073741824.0,
                d.smClockMHz(),
                d.memoryClockMHz(),
                d.memoryBusBits(),
                d.theoreticalBandwidthGBs());
    }

    private void wireTables() {
        ratesTable
                .getColumns()
                .setAll(List.of(
                        width(text("Measured", ProfileComparison.Rate::metric), 290),
                        width(text("Unit", ProfileComparison.Rate::unit), 70),
                        width(number("Median", r -> r.spread().median(), "%,.1f"), 90),
                        width(number("Min", r -> r.spread().min(), "%,.1f"), 80),
                        width(number("Max", r -> r.spread().max(), "%,.1f"), 80),
                        width(number("Datasheet", ProfileComparison.Rate::datasheet, "%,.0f"), 90),
                        width(number("Share", r -> r.share() == null ? null : 100 * r.share(), "%.1f%%"), 76)));
        ratesTable.setPlaceholder(new Label("Calibrate, or open a kept profile."));
        Tables.exportable(ratesTable, "gpu-rates.csv", vm.shell());
        gemmTable
                .getColumns()
                .setAll(List.of(
                        width(number("M", g -> (double) g.m(), "%.0f"), 70),
                        width(number("N", g -> (double) g.n(), "%.0f"), 70),
                        width(number("K", g -> (double) g.k(), "%.0f"), 70),
                        width(text("Type", GemmPoint::dtype), 60),
                        width(number("FLOPs/byte", GemmPoint::arithmeticIntensity, "%,.1f"), 100),
                        width(number("TFLOP/s", GemmPoint::tflops, "%,.1f"), 90),
                        width(
                                number(
                                        "Efficiency",
                                        g -> g.efficiency() == null ? null : 100 * g.efficiency(),
                                        "%.1f%%"),
                                100)));
        gemmTable.setPlaceholder(new Label(""));
        Tables.exportable(gemmTable, "gpu-gemm.csv", vm.shell());
        comparisonTable.setItems(vm.comparison());
        comparisonTable
                .getColumns()
                .setAll(List.of(
                        width(text("Rate", ProfileComparison.Line::metric), 330),
                        width(number("First", ProfileComparison.Line::first, "%,.1f"), 100),
                        width(number("Second", ProfileComparison.Line::second, "%,.1f"), 100),
                        width(number("First / second", ProfileComparison.Line::ratio, "%.2f×"), 120)));
        comparisonTable.setPlaceholder(
                new Label("Open a profile to compare it with its datasheet, or select two kept profiles and Compare."));
        Tables.exportable(comparisonTable, "gpu-comparison.csv", vm.shell());
        saveProfile.disableProperty().bind(vm.shownProperty().isNull());
        saveProfile.setOnAction(e -> ask(
                        "Keep this calibration profile in the project",
                        vm.shownProperty().get().device().name())
                .ifPresent(vm::save));
    }

    private Optional<String> ask(String header, String suggestion) {
        TextInputDialog d = new TextInputDialog(suggestion);
        d.initOwner(root.getScene().getWindow());
        d.setTitle("Sextant");
        d.setHeaderText(header);
        d.setContentText("Name");
        return d.showAndWait().filter(n -> !n.isBlank());
    }

    private void showProfile(CalibrationProfile p) {
        if (p == null) {
            summary.setText("No profile shown.");
            ratesTable.getItems().clear();
            gemmTable.getItems().clear();
            show(rooflinePane, null, "The roofline of a profile appears here.");
            show(heatmapPane, null, "GEMM efficiency by shape appears here.");
            return;
        }
        GemmFit bf16 = p.fit("bf16");
        summary.setText(String.format(
                "“%s”: %s, %s, %s. Memory %.0f GB/s, launch %.1f µs%s.",
                vm.shownNameProperty().get(),
                p.device().name(),
                p.measuredAt().toString().substring(0, 10),
                p.source(),
                p.memoryBandwidthGBs().median(),
                p.launchLatencyMicros().median(),
                bf16 == null
                        ? ""
                        : String.format(
                                ", BF16 GEMM t = F / %.0f TFLOP/s + B / %.0f GB/s + %.1f µs (±%.0f%%)",
                                bf16.maxTflops(),
                                bf16.bandwidthGBs(),
                                bf16.latencyMicros(),
                                100 * bf16.rmsLogError())));
        ratesTable.setItems(FXCollections.observableArrayList(vm.rates()));
        gemmTable.setItems(FXCollections.observableArrayList(p.gemm()));
        show(
                rooflinePane,
                p.gemm().isEmpty()
                        ? null
                        : CalibrationCharts.roofline(
                                "Measured roofline: GEMMs against the measured ceilings", p, dark()),
                "No GEMMs in this profile.");
        show(
                heatmapPane,
                p.gemm().stream().noneMatch(g -> g.efficiency() != null)
                        ? null
                        : CalibrationCharts.efficiencyHeatmap(
                                "GEMM efficiency by shape (share of the ceiling)", p, dark()),
                "No ceilings to compare with.");
    }

    private void wireSaved() {
        savedTable.setItems(vm.saved());
        savedTable.getSelectionModel().setSelectionMode(SelectionMode.MULTIPLE);
        savedTable
                .getColumns()
                .setAll(List.of(
                        width(text("Profile", s -> s.name() + (s.demo() ? " (demo)" : "")), 190),
                        width(text("Device", s -> s.profile().device().name()), 170),
                        width(
                                text(
                                        "Measured",
                                        s -> s.profile().measuredAt().toString().substring(0, 10)),
                                96)));
        savedTable.setPlaceholder(new Label("No calibration profiles in this project."));
        vm.saved().addListener((ListChangeListener<SavedProfile>) c -> {
            if (vm.shownProperty().get() == null && !vm.saved().isEmpty()) {
                savedTable.getSelectionModel().select(0);
                vm.open(vm.saved().get(0));
            }
        });
        var sel = savedTable.getSelectionModel().getSelectedItems();
        openSaved.disableProperty().bind(Bindings.size(sel).isNotEqualTo(1));
        compareSaved.disableProperty().bind(Bindings.size(sel).isNotEqualTo(2));
        deleteSaved.disableProperty().bind(Bindings.isEmpty(sel));
        openSaved.setOnAction(e -> vm.open(sel.get(0)));
        compareSaved.setOnAction(e -> vm.compare(sel.get(0), sel.get(1)));
        deleteSaved.setOnAction(e -> {
            List<SavedProfile> doomed = List.copyOf(sel);
            if (Dialogs.confirm(
                    root.getScene().getWindow(),
                    "Delete " + (doomed.size() == 1 ? "“" + doomed.get(0).name() + "”" : doomed.size() + " profiles")
                            + "?",
                    "Plans made with them keep the profile's name only.",
                    "Delete")) {
                doomed.forEach(vm::delete);
            }
        });
        importProfile.setOnAction(e -> {
            FileChooser chooser = new FileChooser();
            chooser.setTitle("Import a calibration profile (the JSON of sextant gpu calibrate --json)");
            chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter("JSON", "*.json"));
            File f = chooser.showOpenDialog(root.getScene().getWindow());
            if (f != null) {
                ask("Name the imported profile", f.getName().replaceFirst("\\.json$", ""))
                        .ifPresent(n -> vm.importFile(f.toPath(), n));
            }
        });
    }

    private boolean dark() {
        return root.getScene() != null
                && "dark".equals(vm.shell().home().settings().theme());
    }
}
