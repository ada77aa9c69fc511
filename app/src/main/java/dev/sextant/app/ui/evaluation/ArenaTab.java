package dev.sextant.app.ui.evaluation;

import static dev.sextant.app.ui.evaluation.ChartPanes.integerField;
import static dev.sextant.app.ui.evaluation.ChartPanes.show;
import static dev.sextant.app.ui.shell.Tables.number;
import static dev.sextant.app.ui.shell.Tables.text;
import static dev.sextant.app.ui.shell.Tables.width;

import dev.sextant.app.ui.charts.Charts;
import dev.sextant.app.ui.shell.Tables;
import dev.sextant.model.evaluation.ArenaResult;
import dev.sextant.model.statistics.BradleyTerry;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import org.jfree.chart.JFreeChart;

/** Controller of ArenaTab.fxml, the Evaluation area's Arena tab: Bradley-Terry ratings of battles, and the win rates. */
public final class ArenaTab {

    private final EvaluationViewModel vm;
    private final BooleanSupplier dark;

    @FXML
    private TextField arenaRounds;

    @FXML
    private Button recomputeArena;

    @FXML
    private Label arenaCounts;

    @FXML
    private Label arenaWarning;

    @FXML
    private TableView<BradleyTerry.Rating> arenaTable;

    @FXML
    private StackPane arenaPane;

    @FXML
    private StackPane winRatePane;

    ArenaTab(EvaluationViewModel vm, BooleanSupplier dark) {
        this.vm = vm;
        this.dark = dark;
    }

    @FXML
    private void initialize() {
        integerField(arenaRounds, vm.arenaRoundsProperty());
        recomputeArena.setOnAction(e -> vm.recompute());
        arenaTable
                .getColumns()
                .setAll(List.of(
                        text("Group", r -> String.valueOf(r.component() + 1)),
                        text(
                                "Rank",
                                r -> r.rankLow() == r.rankHigh()
                                        ? String.valueOf(r.rankLow())
                                        : r.rankLow() + "–" + r.rankHigh()),
                        width(text("Model", BradleyTerry.Rating::model), 200),
                        number("Rating", BradleyTerry.Rating::rating, "%.1f"),
                        number("CI low", BradleyTerry.Rating::ciLow, "%.1f"),
                        number("CI high", BradleyTerry.Rating::ciHigh, "%.1f"),
                        number("Battles", r -> (double) r.battles(), "%,.0f")));
        arenaTable.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        arenaTable.setPlaceholder(new Label("Import arena battles (model_a, model_b, winner) to rate models."));
        Tables.exportable(arenaTable, "arena-ratings.csv", vm.shell());
        arenaWarning.textProperty().bind(vm.arenaWarningProperty());
        arenaWarning.setMinHeight(Region.USE_PREF_SIZE); // wrapped whole, never cut with "…"
        arenaWarning.visibleProperty().bind(vm.arenaWarningProperty().isNotEmpty());
        arenaWarning.managedProperty().bind(arenaWarning.visibleProperty());
        vm.arenaProperty().addListener((o, a, r) -> showArena(r));
        showArena(vm.arenaProperty().get());
    }

    private void showArena(ArenaResult r) {
        arenaTable.getItems().setAll(r == null ? List.of() : r.models());
        arenaCounts.setText(
                r == null
                        ? ""
                        : String.format(
                                "%,d battles among %d models, %,d ties",
                                r.totalBattles(), r.order().size(), r.ties()));
        // groups that never met are rated on scales of their own: one chart, one axis, each
        List<JFreeChart> forests = new ArrayList<>();
        List<Integer> rows = new ArrayList<>();
        if (r != null) {
            for (ArenaResult.Component c : r.components()) {
                rows.add(c.models().size());
                String title = r.disconnected()
                        ? "Group " + (c.index() + 1) + " of " + r.components().size()
                                + ": Bradley-Terry rating, 95% interval " + "(its own scale)"
                        : "Bradley-Terry rating with 95% bootstrap interval";
                forests.add(Charts.forest(
                        title,
                        "rating (Elo scale)",
                        r.models().stream()
                                .filter(m -> c.models().contains(m.model()))
                                .map(m -> new Charts.ForestRow(m.model(), m.rating(), m.ciLow(), m.ciHigh()))
                                .toList(),
                        dark.getAsBoolean()));
            }
        }
        ChartPanes.showAll(arenaPane, forests, rows, "No battles in this project.");
        if (r == null) {
            show(winRatePane, null, "");
            return;
        }
        List<String> order = r.models().stream().map(BradleyTerry.Rating::model).toList();
        List<List<Double>> rates = new ArrayList<>();
        for (String a : order) {
            int i = r.order().indexOf(a);
            List<Double> row = new ArrayList<>();
            for (String b : order) {
                Double w = r.winRate()[i][r.order().indexOf(b)];
                row.add(w);
            }
            rates.add(row);
        }
        show(
                winRatePane,
                Charts.heatmap(
                        "Win rate of row model against column model (ties count half; blank: never met)",
                        order,
                        order,
                        rates,
                        "opponent",
                        true,
                        dark.getAsBoolean()),
                "");
    }
}
