package dev.sextant.app.ui.contamination;

import dev.sextant.app.ui.shell.Forms;
import dev.sextant.app.ui.shell.FxmlView;
import javafx.fxml.FXML;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;

/**
 * Controller of ContaminationView.fxml, the Contamination area: its header and problem line, and its two sides, each
 * wired by its own view ({@link ScanSetupPane}, {@link ScanResultsPane}).
 */
public final class ContaminationView {

    /** Where the area's tables remember their column widths, as when the area was one view. */
    private static final String TABLE_KEYS = "ContaminationView";

    private final ContaminationViewModel vm;

    @FXML
    private Label problem;

    @FXML
    private SplitPane split;

    public ContaminationView(ContaminationViewModel vm) {
        this.vm = vm;
    }

    @FXML
    private void initialize() {
        Forms.bindProblem(problem, vm.problemProperty());
        split.getItems()
                .setAll(
                        FxmlView.load(new ScanSetupPane(vm), TABLE_KEYS),
                        FxmlView.load(new ScanResultsPane(vm), TABLE_KEYS));
        split.setDividerPositions(0.34);
    }
}
