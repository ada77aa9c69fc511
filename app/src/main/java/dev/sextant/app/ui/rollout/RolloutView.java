package dev.sextant.app.ui.rollout;

import dev.sextant.app.ui.shell.ExportChooser;
import dev.sextant.app.ui.shell.Forms;
import dev.sextant.app.ui.shell.FxmlView;
import java.io.File;
import java.util.List;
import java.util.function.BooleanSupplier;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;

/**
 * Controller of RolloutView.fxml, the Rollout area: its header, the decision line with the report's buttons, and the
 * parts each wired by its own view — the policy editor ({@link GatePolicyPane}) and one view per tab
 * ({@link DecisionTab}, {@link IntervalsTab}, {@link CanaryPlanTab}, {@link JudgeReplayTab}).
 */
public final class RolloutView {

    /** Where the area's tables remember their column widths, as when the area was one view. */
    static final String TABLE_KEYS = "RolloutView";

    private final RolloutViewModel vm;

    @FXML
    private VBox root;

    @FXML
    private Label problem;

    @FXML
    private SplitPane split;

    @FXML
    private Label decision;

    @FXML
    private Button exportHtml;

    @FXML
    private Button exportPdf;

    @FXML
    private Button present;

    @FXML
    private Tab decisionTab;

    @FXML
    private Tab intervalsTab;

    @FXML
    private Tab canaryTab;

    @FXML
    private Tab replayTab;

    public RolloutView(RolloutViewModel vm) {
        this.vm = vm;
    }

    @FXML
    private void initialize() {
        Forms.bindProblem(problem, vm.problemProperty());
        BooleanSupplier dark = this::dark;
        split.getItems().add(0, FxmlView.load(new GatePolicyPane(vm), TABLE_KEYS));
        split.setDividerPositions(0.42);
        decisionTab.setContent(FxmlView.load(new DecisionTab(vm, decision), TABLE_KEYS));
        intervalsTab.setContent(FxmlView.load(new IntervalsTab(vm, dark), TABLE_KEYS));
        canaryTab.setContent(FxmlView.load(new CanaryPlanTab(vm, dark), TABLE_KEYS));
        replayTab.setContent(FxmlView.load(new JudgeReplayTab(vm), TABLE_KEYS));
        wireReport();
    }

    private void wireReport() {
        exportHtml.setOnAction(e -> save("HTML", "html"));
        exportPdf.setOnAction(e -> save("PDF", "pdf"));
        present.setOnAction(
                e -> vm.report(r -> Presentation.show(root.getScene().getWindow(), r, dark())));
        for (Button b : List.of(exportHtml, exportPdf, present)) {
            b.disableProperty()
                    .bind(vm.decisionProperty().isNull().or(vm.shell().jobs().runningProperty()));
        }
    }

    private void save(String kind, String extension) {
        FileChooser chooser =
                ExportChooser.of(vm.shell(), "Export the rollout report", "rollout-report", kind, extension);
        File f = chooser.showSaveDialog(root.getScene().getWindow());
        if (f != null) {
            vm.export(ExportChooser.withExtension(chooser, f));
        }
    }

    private boolean dark() {
        return root.getScene() != null
                && "dark".equals(vm.shell().home().settings().theme());
    }
}
