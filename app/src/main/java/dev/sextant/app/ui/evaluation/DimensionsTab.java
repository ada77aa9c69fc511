package dev.sextant.app.ui.evaluation;

import static dev.sextant.app.ui.shell.Tables.number;
import static dev.sextant.app.ui.shell.Tables.text;
import static dev.sextant.app.ui.shell.Tables.width;

import dev.sextant.app.ui.charts.Charts;
import dev.sextant.app.ui.shell.Forms;
import dev.sextant.app.ui.shell.Tables;
import dev.sextant.model.evaluation.CapabilityProfile;
import dev.sextant.model.statistics.Interval;
import java.io.File;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.BooleanSupplier;
import javafx.beans.binding.Bindings;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.StackPane;
import javafx.stage.FileChooser;

/**
 * Controller of DimensionsTab.fxml, the Evaluation area's Dimensions tab: each model's profile over capability
 * dimensions (a table and a heat map), which of the workload mix's categories the evaluation measures, and refusal
 * boundaries.
 */
public final class DimensionsTab {

    /** One model's row of the profile: its cell per dimension (null: unmeasured). */
    public record ProfileRow(String model, List<CapabilityProfile.Cell> cells) {}

    private final DimensionsModel vm;
    private final BooleanSupplier dark;

    @FXML
    private Button chooseMap;

    @FXML
    private Button chooseRefusals;

    @FXML
    private Label chosen;

    @FXML
    private Label problem;

    @FXML
    private Label notes;

    @FXML
    private TableView<ProfileRow> profile;

    @FXML
    private TableView<CapabilityProfile.Coverage> coverage;

    @FXML
    private StackPane chartPane;

    @FXML
    private TableView<CapabilityProfile.Refusals> refusals;

    DimensionsTab(DimensionsModel vm, BooleanSupplier dark) {
        this.vm = vm;
        this.dark = dark;
    }

    @FXML
    private void initialize() {
        Forms.bindProblem(problem, vm.problemProperty());
        chosen.textProperty()
                .bind(Bindings.createStringBinding(
                        () -> (vm.mapProperty().get() == null
                                        ? "placement: the index's categories and the defaults for well-known tasks"
                                        : "map: " + vm.mapProperty().get().getFileName())
                                + (vm.refusalSets().isEmpty()
                                        ? ""
                                        : "; refusal sets: " + vm.refusalSets().size()),
                        vm.mapProperty(),
                        vm.refusalSets()));
        chooseMap.setTooltip(new Tooltip("benchmark,dimension[,weight] CSV: dimensions reasoning, code, long context,"
                + " instruction following, refusal/safety, knowledge (or their usual names: coding, math, safety…)"));
        chooseRefusals.setTooltip(new Tooltip("model,item_id,should_refuse,refused CSV (yes/no)"));
        chooseMap.setOnAction(e -> {
            File f = chooser("The dimension map: benchmark,dimension[,weight]")
                    .showOpenDialog(chooseMap.getScene().getWindow());
            if (f != null) {
                vm.mapProperty().set(f.toPath());
                vm.refresh();
            }
        });
        chooseRefusals.setOnAction(e -> {
            List<File> f = chooser("Refusal sets: model,item_id,should_refuse,refused")
                    .showOpenMultipleDialog(chooseRefusals.getScene().getWindow());
            if (f != null && !f.isEmpty()) {
                vm.refusalSets().setAll(f.stream().map(File::toPath).toList());
                vm.refresh();
            }
        });
        List<TableColumn<ProfileRow, ?>> cols = new ArrayList<>();
        cols.add(width(text("Model", ProfileRow::model), 170));
        for (int i = 0; i < CapabilityProfile.DIMENSIONS.size(); i++) {
            int k = i;
            cols.add(width(
                    text(
                            capital(CapabilityProfile.DIMENSIONS.get(i)),
                            r -> cell(r.cells().get(k))),
                    150));
        }
        profile.getColumns().setAll(cols);
        profile.setPlaceholder(new Label(
                "No benchmark scores to profile: import per-item scores, harness results or a model-score table."));
        Tables.exportable(profile, "capability-profile.csv", vm.shell());
        coverage.getColumns()
                .setAll(List.of(
                        width(text("Workload", CapabilityProfile.Coverage::category), 140),
                        width(number("Share", c -> 100 * c.share(), "%.0f %%"), 60),
                        width(
                                text("Dimension", c -> c.dimension() == null ? "(none of that name)" : c.dimension()),
                                140),
                        width(text("Measured", c -> c.measured() ? "yes" : "NO"), 75)));
        coverage.setPlaceholder(
                new Label("No workload mix imported: import one to see what the evaluation leaves unmeasured."));
        refusals.getColumns()
                .setAll(List.of(
                        width(text("Model", CapabilityProfile.Refusals::model), 150),
                        width(
                                text(
                                        "Refused when it should",
                                        r -> rate(r.refusedWhenShould(), r.shouldInterval(), r.shouldRefuse())),
                                210),
                        width(
                                text(
                                        "Refused when it should answer",
                                        r -> rate(r.refusedWhenShouldNot(), r.shouldNotInterval(), r.shouldAnswer())),
                                230)));
        refusals.setPlaceholder(new Label("Refusal boundaries need refusal sets (Refusal sets…)."));
        vm.resultProperty().addListener((o, a, r) -> show(r));
        show(vm.resultProperty().get());
    }

    private void show(CapabilityProfile.Result r) {
        if (r == null) {
            profile.getItems().clear();
            coverage.getItems().clear();
            refusals.getItems().clear();
            notes.setText("");
            ChartPanes.show(chartPane, null, "The profile's heat map appears here.");
            return;
        }
        List<String> models =
                r.cells().stream().map(CapabilityProfile.Cell::model).distinct().toList();
        List<ProfileRow> rows = new ArrayList<>();
        List<List<Double>> values = new ArrayList<>();
        for (String m : models) {
            List<CapabilityProfile.Cell> cells = new ArrayList<>();
            List<Double> v = new ArrayList<>();
            for (String d : CapabilityProfile.DIMENSIONS) {
                CapabilityProfile.Cell c = r.cells().stream()
                        .filter(x -> x.model().equals(m) && x.dimension().equals(d))
                        .findFirst()
                        .orElse(null);
                cells.add(c);
                v.add(c == null ? null : Math.max(0, Math.min(1, c.value())));
            }
            rows.add(new ProfileRow(m, cells));
            values.add(v);
        }
        profile.getItems().setAll(rows);
        coverage.getItems().setAll(r.coverage());
        refusals.getItems().setAll(r.refusals());
        List<String> all = new ArrayList<>(r.notes());
        r.placements().stream()
                .map(p -> p.benchmark() + " → " + p.dimension() + " (" + p.source() + ")")
                .reduce((a, b) -> a + "; " + b)
                .ifPresent(x -> all.add("Placed: " + x));
        notes.setText(String.join("\n", all));
        ChartPanes.show(
                chartPane,
                rows.isEmpty()
                        ? null
                        : Charts.heatmap(
                                "Capability profile (blank: unmeasured)",
                                models,
                                CapabilityProfile.DIMENSIONS.stream()
                                        .map(DimensionsTab::capital)
                                        .toList(),
                                values,
                                "dimension",
                                "score",
                                false,
                                dark.getAsBoolean()),
                "No benchmark scores to profile.");
    }

    static String cell(CapabilityProfile.Cell c) {
        return c == null
                ? "unmeasured"
                : c.low() == null
                        ? String.format(Locale.ROOT, "%.3f", c.value())
                        : String.format(Locale.ROOT, "%.3f [%.3f, %.3f]", c.value(), c.low(), c.high());
    }

    static String rate(double v, Interval i, int n) {
        return Double.isNaN(v)
                ? "— (no items)"
                : String.format(Locale.ROOT, "%.1f %% [%.1f, %.1f] of %d", 100 * v, 100 * i.low(), 100 * i.high(), n);
    }

    static String capital(String s) {
        return Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    private static FileChooser chooser(String title) {
        FileChooser c = new FileChooser();
        c.setTitle(title);
        c.getExtensionFilters().add(new FileChooser.ExtensionFilter("CSV", "*.csv"));
        return c;
    }
}
