package dev.sextant.app.ui.serving;

import static dev.sextant.app.ui.shell.Tables.number;
import static dev.sextant.app.ui.shell.Tables.text;
import static dev.sextant.app.ui.shell.Tables.width;

import dev.sextant.app.ui.shell.Tables;
import dev.sextant.model.serving.ServingAnalysis;
import dev.sextant.model.serving.ServingLevers;
import dev.sextant.model.serving.ServingMemory;
import java.util.List;
import javafx.beans.binding.Bindings;
import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/** The Levers tab: what each lever changes in cost, goodput and memory on this workload, and what it risks. */
final class LeversTab {

    private final TableView<ServingLevers.Row> levers = new TableView<>();

    LeversTab(ServingViewModel vm) {
        levers.setId("serving-levers");
        levers.getColumns()
                .setAll(List.of(
                        width(text("Lever", ServingLevers.Row::name), 210),
                        width(number("Cost vs base", ServingLevers.Row::costVersusBaseline, "%.2f×"), 124),
                        width(number("Req/s/GPU", ServingLevers.Row::goodputPerGpu, "%.3f"), 112),
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
                                130),
                        width(number("Req/s", ServingLevers.Row::goodputPerReplica, "%.2f"), 64),
                        width(
                                number(
                                        "TPOT ms",
                                        x -> x.singleStreamTpotSeconds() == null
                                                ? null
                                                : 1000 * x.singleStreamTpotSeconds(),
                                        "%.1f"),
                                92),
                        width(
                                number(
                                        "GPUs",
                                        x -> x.gpusPerReplica() == null ? null : (double) x.gpusPerReplica(),
                                        "%,.0f"),
                                70),
                        width(
                                number(
                                        "Weights GiB",
                                        x -> x.weightsBytesPerGpu() == null
                                                ? null
                                                : x.weightsBytesPerGpu() / ServingMemory.GIB,
                                        "%.1f"),
                                120),
                        width(
                                number("KV tokens", x -> x.kvTokens() == null ? null : (double) x.kvTokens(), "%,.0f"),
                                110),
                        width(
                                text(
                                        "Risk",
                                        x -> x.problem() != null
                                                ? "⚠ cannot"
                                                : x.accuracyRisk() == null
                                                                || x.accuracyRisk()
                                                                        .isBlank()
                                                        ? "—"
                                                        : "see below"),
                                90)));
        levers.setPlaceholder(new Label("Plan serving to compare the levers on this workload."));
        Tables.exportable(levers, "serving-levers.csv", vm.shell());
        Tables.fit(levers, "ServingView.leversTable");
        // the sentences (what a lever changes, what it risks) under the table, for the chosen lever: as columns they
        // pushed the numbers off a 1366-pixel screen
        detail.setWrapText(true);
        detail.setId("serving-lever-detail");
        detail.setMinHeight(Region.USE_PREF_SIZE);
        detail.setMinWidth(0);
        detail.setMaxWidth(Double.MAX_VALUE);
        detail.setPadding(new Insets(8, 4, 0, 4));
        levers.getSelectionModel().selectedItemProperty().addListener((o, a, r) -> describe(r));
        VBox.setVgrow(levers, Priority.ALWAYS);
        vm.studyProperty()
                .addListener((o, a, s) -> show(s, vm.studyCompleteProperty().get()));
        show(vm.studyProperty().get(), vm.studyCompleteProperty().get());
    }

    private final Label detail = new Label();
    /** What the sentence under the table says while the plan is shown before its levers are judged. */
    private static final String JUDGING =
            "Judging the levers on this workload (each is a goodput search of its own); the other tabs are ready.";

    private boolean judging;
    private final VBox node = new VBox(0, levers, detail);

    private void describe(ServingLevers.Row r) {
        if (r == null) {
            detail.setText(
                    judging
                            ? JUDGING
                            : levers.getItems().isEmpty()
                                    ? ""
                                    : "Choose a lever to read what it changes and what it risks.");
            return;
        }
        String risk = r.problem() != null
                ? "⚠ Cannot be planned: " + r.problem()
                : r.accuracyRisk() == null || r.accuracyRisk().isBlank()
                        ? "Accuracy risk: none."
                        : "Accuracy risk: " + r.accuracyRisk();
        detail.setText(r.name() + " — " + r.change() + "\n" + risk);
    }

    /** @param complete whether {@code s} is whole; false while its levers are judged (it is shown without them) */
    private void show(ServingAnalysis s, boolean complete) {
        judging = s != null && !complete;
        if (s == null) {
            levers.getItems().clear();
        } else {
            levers.setItems(FXCollections.observableArrayList(s.levers()));
            levers.getSelectionModel().selectFirst();
        }
        describe(levers.getSelectionModel().getSelectedItem());
    }

    Node node() {
        return node;
    }
}
