package dev.sextant.app.ui.evaluation;

import dev.sextant.app.ui.shell.Tables;
import dev.sextant.model.evaluation.Scorecard;
import java.util.List;
import java.util.Locale;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.fxml.FXML;
import javafx.scene.control.Label;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeTableCell;
import javafx.scene.control.TreeTableColumn;
import javafx.scene.control.TreeTableView;
import javafx.scene.layout.Region;

/** Controller of ScorecardTab.fxml, the Evaluation area's Scorecard tab: each grade with the checks and evidence beneath it. */
public final class ScorecardTab {

    private final EvaluationViewModel vm;

    @FXML
    private TreeTableView<Scorecard.Check> scorecardTable;

    ScorecardTab(EvaluationViewModel vm) {
        this.vm = vm;
    }

    @FXML
    private void initialize() {
        TreeTableColumn<Scorecard.Check, String> name = new TreeTableColumn<>("Benchmark / dimension / check");
        name.setCellValueFactory(
                c -> new ReadOnlyObjectWrapper<>(c.getValue().getValue().name()));
        name.setPrefWidth(300);
        Tables.textCells(name);
        TreeTableColumn<Scorecard.Check, Scorecard.Grade> grade = new TreeTableColumn<>("Grade");
        grade.setCellValueFactory(
                c -> new ReadOnlyObjectWrapper<>(c.getValue().getValue().grade()));
        grade.setCellFactory(col -> new TreeTableCell<>() {
            @Override
            protected void updateItem(Scorecard.Grade g, boolean empty) {
                super.updateItem(g, empty);
                if (empty || g == null) {
                    setGraphic(null);
                    setText(null);
                } else {
                    Label badge = new Label(g.name().toLowerCase(Locale.ROOT));
                    badge.setMinWidth(Region.USE_PREF_SIZE);
                    badge.getStyleClass().addAll("grade", "grade-" + g.name().toLowerCase(Locale.ROOT));
                    setGraphic(badge);
                    setText(null);
                }
            }
        });
        grade.setPrefWidth(130);
        grade.setMinWidth(110);
        TreeTableColumn<Scorecard.Check, String> evidence = new TreeTableColumn<>("Evidence");
        evidence.setCellValueFactory(
                c -> new ReadOnlyObjectWrapper<>(c.getValue().getValue().evidence()));
        Tables.textCells(evidence); // wraps; the full text as a tooltip when it is still cut
        evidence.setPrefWidth(620);
        scorecardTable.getColumns().setAll(List.of(name, grade, evidence));
        scorecardTable.setColumnResizePolicy(TreeTableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        scorecardTable.setPlaceholder(new Label("No evidence to assess."));
        vm.scorecardProperty().addListener((o, a, card) -> showScorecard(card));
        showScorecard(vm.scorecardProperty().get());
    }

    private void showScorecard(Scorecard card) {
        TreeItem<Scorecard.Check> root = new TreeItem<>(new Scorecard.Check("", Scorecard.Grade.UNKNOWN, ""));
        if (card != null) {
            root.getChildren().add(node("Composite index", card.index()));
            for (Scorecard.BenchmarkCard b : card.benchmarks()) {
                root.getChildren().add(node(b.benchmark(), b.dimensions()));
            }
        }
        scorecardTable.setRoot(root);
    }

    private static TreeItem<Scorecard.Check> node(String title, List<Scorecard.Dimension> dims) {
        Scorecard.Grade worst = Scorecard.Grade.UNKNOWN;
        for (Scorecard.Dimension d : dims) {
            worst = worse(worst, d.grade());
        }
        TreeItem<Scorecard.Check> item = new TreeItem<>(new Scorecard.Check(title, worst, ""));
        for (Scorecard.Dimension d : dims) {
            TreeItem<Scorecard.Check> dim = new TreeItem<>(new Scorecard.Check(d.name(), d.grade(), ""));
            d.checks().forEach(c -> dim.getChildren().add(new TreeItem<>(c)));
            dim.setExpanded(true);
            item.getChildren().add(dim);
        }
        item.setExpanded(true);
        return item;
    }

    private static Scorecard.Grade worse(Scorecard.Grade a, Scorecard.Grade b) {
        if (a == Scorecard.Grade.UNKNOWN) {
            return b;
        }
        if (b == Scorecard.Grade.UNKNOWN) {
            return a;
        }
        return a.ordinal() >= b.ordinal() ? a : b;
    }
}
