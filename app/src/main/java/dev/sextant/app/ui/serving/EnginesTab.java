package dev.sextant.app.ui.serving;

import static dev.sextant.app.ui.shell.Tables.number;
import static dev.sextant.app.ui.shell.Tables.text;
import static dev.sextant.app.ui.shell.Tables.width;

import dev.sextant.app.ui.charts.Charts;
import dev.sextant.app.ui.shell.Forms;
import dev.sextant.app.ui.shell.Staleness;
import dev.sextant.app.ui.shell.Tables;
import dev.sextant.model.serving.ServingIntervals;
import dev.sextant.model.serving.ServingLevers;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.function.BooleanSupplier;
import javafx.beans.binding.Bindings;
import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableView;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;

/**
 * The Engines tab: the replica on the form (model, GPU, TP, formats) under every serving engine at its own defaults,
 * side by side on the same workload and targets: requests per GPU with their interval, cost against vLLM, KV tokens and
 * each engine's settings.
 */
final class EnginesTab {

    private final ServingViewModel vm;
    private final BooleanSupplier dark;
    private final Label headline = new Label();
    private final TableView<ServingLevers.Row> table = new TableView<>();
    private final StackPane chart = new StackPane();
    private final Label detail = new Label();
    private final VBox node;

    EnginesTab(ServingViewModel vm, BooleanSupplier dark) {
        this.vm = vm;
        this.dark = dark;
        Button compare = new Button("Compare engines");
        compare.setId("serving-engines-compare");
        compare.setMinWidth(Region.USE_PREF_SIZE);
        compare.setOnAction(e -> vm.compareEngines());
        compare.disableProperty().bind(vm.shell().jobs().runningProperty());
        Label how = Forms.muted(
                "Each engine runs the model, GPU, TP and formats on the left at its own defaults (batch limits, memory rule, "
                        + "chunked prefill, CUDA graphs, host costs) on the same arrivals and P99 targets; the left's batch limits and memory setting do "
                        + "not apply.");
        how.setWrapText(true);
        how.setMinHeight(Region.USE_PREF_SIZE);
        how.setPrefWidth(420);
        how.setMaxWidth(Double.MAX_VALUE);
        HBox top = new HBox(16, compare, how);
        HBox.setHgrow(how, Priority.ALWAYS);
        headline.setWrapText(true);
        headline.setMinHeight(Region.USE_PREF_SIZE);
        headline.setId("serving-engines-headline");
        headline.getStyleClass().add("headline");
        table.setId("serving-engines");
        table.getColumns()
                .setAll(List.of(
                        width(text("Engine", ServingLevers.Row::name), 160),
                        width(number("Req/s/GPU", ServingLevers.Row::goodputPerGpu, "%.3f"), 92),
                        width(number("Cost vs vLLM", ServingLevers.Row::costVersusBaseline, "%.2f×"), 104),
                        width(
                                number(
                                        "Cost/M tokens",
                                        ServingLevers.Row::costPerMillionOutputTokens,
                                        Bindings.createStringBinding(
                                                () -> vm.shell()
                                                        .settingsProperty()
                                                        .get()
                                                        .moneyFormat("%.2f"),
                                                vm.shell().settingsProperty())),
                                112),
                        width(
                                number(
                                        "TPOT ms",
                                        x -> x.singleStreamTpotSeconds() == null
                                                ? null
                                                : 1000 * x.singleStreamTpotSeconds(),
                                        "%.1f"),
                                76),
                        width(
                                number("KV tokens", x -> x.kvTokens() == null ? null : (double) x.kvTokens(), "%,.0f"),
                                92)));
        Label empty = new Label("Compare engines runs the replica on the left under each engine at its own defaults.");
        empty.setWrapText(true);
        table.setPlaceholder(empty);
        Tables.exportable(table, "serving-engines.csv", vm.shell());
        Tables.fit(table, "ServingView.enginesTable");
        detail.setWrapText(true);
        detail.setId("serving-engine-detail");
        detail.setMinHeight(Region.USE_PREF_SIZE);
        detail.setMinWidth(0);
        detail.setMaxWidth(Double.MAX_VALUE);
        detail.setPadding(new Insets(6, 4, 0, 4));
        table.getSelectionModel().selectedItemProperty().addListener((o, a, r) -> describe(r));
        VBox below = new VBox(0, table, detail);
        below.setMinWidth(0);
        chart.setMinHeight(150);
        table.setMinHeight(130);
        VBox.setVgrow(table, Priority.ALWAYS);
        SplitPane results = new SplitPane(chart, below);
        results.setOrientation(Orientation.VERTICAL);
        results.setDividerPositions(0.42);
        VBox.setVgrow(results, Priority.ALWAYS);
        node = new VBox(
                10,
                top,
                Staleness.banner(
                        vm.enginesStaleProperty(),
                        "The inputs changed since the engines were compared.",
                        vm::compareEngines),
                headline,
                results);
        node.setPadding(new Insets(10));
        vm.enginesProperty().addListener((o, a, rows) -> show(rows));
        show(vm.enginesProperty().get());
    }

    private void show(List<ServingLevers.Row> rows) {
        if (rows == null) {
            headline.setText("");
            table.getItems().clear();
            Forms.show(chart, null, "Requests per second per GPU under each engine appear after Compare engines.");
            describe(null);
            return;
        }
        headline.setText(headline(rows));
        List<Charts.ForestRow> forest = forest(rows);
        Forms.show(
                chart,
                forest.isEmpty()
                        ? null
                        : Charts.forest(
                                "Requests/s per GPU within the P99 targets, with the 80 % interval",
                                "requests/s per GPU", forest, dark.getAsBoolean()),
                "No engine meets the targets with this replica.");
        table.setItems(FXCollections.observableArrayList(rows));
        table.getSelectionModel().selectFirst();
    }

    private void describe(ServingLevers.Row r) {
        detail.setText(
                r == null
                        ? ""
                        : r.name() + " — " + (r.problem() != null ? "⚠ " + r.problem() + "; its settings: " : "")
                                + r.change());
    }

    /** Engines with a goodput, each with the held-out 80 % interval on it. */
    static List<Charts.ForestRow> forest(List<ServingLevers.Row> rows) {
        ServingIntervals.Factors f = ServingIntervals.DEFAULT.throughput();
        List<Charts.ForestRow> out = new ArrayList<>();
        for (ServingLevers.Row r : rows) {
            if (r.problem() == null && r.goodputPerGpu() != null && r.goodputPerGpu() > 0) {
                out.add(new Charts.ForestRow(
                        r.name(), r.goodputPerGpu(), f.low() * r.goodputPerGpu(), f.high() * r.goodputPerGpu()));
            }
        }
        return out;
    }

    /** Which engine serves the most per GPU, by how much over vLLM and the runner-up, and how far to trust the gap. */
    static String headline(List<ServingLevers.Row> rows) {
        List<ServingLevers.Row> ok = rows.stream()
                .filter(r -> r.problem() == null && r.goodputPerGpu() != null && r.goodputPerGpu() > 0)
                .sorted(Comparator.comparingDouble(ServingLevers.Row::goodputPerGpu)
                        .reversed())
                .toList();
        if (ok.isEmpty()) {
            ServingLevers.Row first = rows.get(0);
            return "No engine serves this replica within the targets: "
                    + (first.problem() != null ? first.problem() : "none meets them") + ".";
        }
        ServingLevers.Row best = ok.get(0);
        ServingLevers.Row vllm = rows.get(0);
        String versus = best == vllm
                ? ""
                : vllm.problem() == null && vllm.goodputPerGpu() != null && vllm.goodputPerGpu() > 0
                        ? String.format(Locale.ROOT, ", %.2f× vLLM's", best.goodputPerGpu() / vllm.goodputPerGpu())
                        : ", where vLLM cannot";
        String runnerUp = ok.size() < 2
                ? ""
                : String.format(
                        Locale.ROOT,
                        "; next %s at %.3f (%.0f %% less)",
                        ok.get(1).name(),
                        ok.get(1).goodputPerGpu(),
                        100 * (1 - ok.get(1).goodputPerGpu() / best.goodputPerGpu()));
        ServingIntervals.Factors f = ServingIntervals.DEFAULT.throughput();
        return String.format(
                Locale.ROOT,
                "%s serves the most: %.3f requests/s per GPU%s%s. 80 %% interval ×%.2f–×%.2f on each; gaps of a few "
                        + "per cent are within what the engines' fitted host costs tell apart.",
                best.name(),
                best.goodputPerGpu(),
                versus,
                runnerUp,
                f.low(),
                f.high());
    }

    Node node() {
        return node;
    }
}
