package dev.sextant.app.ui.evaluation;

import static dev.sextant.app.ui.evaluation.ChartPanes.parse;

import dev.sextant.model.evaluation.ScoreSummarizer;
import java.util.List;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;

/**
 * Controller of CompareTab.fxml, the Evaluation area's Compare tab: two models paired on their shared items, and how
 * many items a comparison needs.
 */
public final class CompareTab {

    private final EvaluationViewModel vm;

    @FXML
    private ComboBox<String> compareBenchmark;

    @FXML
    private ComboBox<String> compareA;

    @FXML
    private ComboBox<String> compareB;

    @FXML
    private Button compareButton;

    @FXML
    private GridPane compareResult;

    @FXML
    private Label compareVerdict;

    @FXML
    private TextField powerSdDiff;

    @FXML
    private TextField powerSdWithin;

    @FXML
    private TextField powerK;

    @FXML
    private TextField powerN;

    @FXML
    private Label powerMde;

    @FXML
    private TextField powerEffect;

    @FXML
    private Label powerRequired;

    CompareTab(EvaluationViewModel vm) {
        this.vm = vm;
    }

    @FXML
    private void initialize() {
        wireCompare();
        wirePower();
    }

    private void wireCompare() {
        compareBenchmark.setItems(vm.benchmarks());
        compareA.setItems(vm.models());
        compareB.setItems(vm.models());
        compareBenchmark.valueProperty().bindBidirectional(vm.compareBenchmarkProperty());
        compareA.valueProperty().bindBidirectional(vm.compareAProperty());
        compareB.valueProperty().bindBidirectional(vm.compareBProperty());
        compareButton.setOnAction(e -> vm.compare());
        vm.comparisonProperty().addListener((o, a, r) -> showComparison(r));
        vm.evidenceProperty().addListener((o, a, e) -> {
            if (vm.models().size() >= 2) {
                vm.compare(); // show the first pair at once; the user changes it from here
            } else {
                showComparison(null);
            }
        });
        vm.compareProblemProperty().addListener((o, a, p) -> {
            if (p != null && !p.isEmpty()) {
                compareVerdict.setText(p);
            }
        });
        showComparison(null);
    }

    private void showComparison(ScoreSummarizer.PairedResult r) {
        compareResult.getChildren().clear();
        if (r == null) {
            compareVerdict.setText(
                    vm.models().size() < 2
                            ? "Needs per-item scores of two models on one benchmark."
                            : "Choose a benchmark and two models, then Compare.");
            return;
        }
        String[][] rows = {
            {"Shared items", String.valueOf(r.n())},
            {"Mean A / B", String.format("%.4f / %.4f", r.meanA(), r.meanB())},
            {"Difference A − B", String.format("%+.4f", r.meanDiff())},
            {"95% CI", String.format("[%+.4f, %+.4f]", r.ciLow(), r.ciHigh())},
            {"Paired SE", String.format("%.4f  (unpaired would be %.4f)", r.se(), r.seUnpaired())},
            {"Correlation", Double.isNaN(r.correlation()) ? "undefined" : String.format("%.3f", r.correlation())},
            {"p-value", String.format("%.4g", r.pValue())}
        };
        for (int i = 0; i < rows.length; i++) {
            Label k = new Label(rows[i][0]);
            k.getStyleClass().add("text-muted");
            compareResult.addRow(i, k, new Label(rows[i][1]));
        }
        boolean real = r.ciLow() > 0 || r.ciHigh() < 0;
        compareVerdict.setText(
                real
                        ? String.format(
                                "The lead is real at 95%%: %s %s by %.1f points (CI excludes zero).",
                                r.meanDiff() > 0 ? r.a() : r.b(), "leads", 100 * Math.abs(r.meanDiff()))
                        : String.format(
                                "Not distinguishable at 95%%: the interval includes zero. %s",
                                r.unmatchedA() + r.unmatchedB() > 0
                                        ? "(" + (r.unmatchedA() + r.unmatchedB()) + " unshared items left out)"
                                        : ""));
    }

    private void wirePower() {
        Runnable update = () -> {
            double sdDiff = parse(powerSdDiff.getText());
            double sdWithin = parse(powerSdWithin.getText());
            int k = (int) parse(powerK.getText());
            long n = (long) parse(powerN.getText());
            double effect = parse(powerEffect.getText());
            double mde = EvaluationViewModel.minDetectableEffect(sdDiff, sdWithin, k, n);
            long required = EvaluationViewModel.requiredN(sdDiff, sdWithin, k, effect);
            powerMde.setText(
                    Double.isNaN(mde)
                            ? "check the inputs"
                            : String.format("→ detects a true difference of %.4f (%.1f points)", mde, 100 * mde));
            powerRequired.setText(required < 0 ? "check the inputs" : String.format("→ needs %,d items", required));
        };
        for (TextField f : List.of(powerSdDiff, powerSdWithin, powerK, powerN, powerEffect)) {
            f.textProperty().addListener((o, a, b) -> update.run());
        }
        update.run();
    }
}
