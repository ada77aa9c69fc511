package dev.sextant.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sextant.app.ui.shell.JobRunner;
import dev.sextant.app.ui.shell.ShellModel;
import dev.sextant.workspaces.WorkspaceHome;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import javafx.application.Platform;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.Control;
import javafx.scene.control.DialogPane;
import javafx.scene.control.IndexedCell;
import javafx.scene.control.Label;
import javafx.scene.control.Labeled;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableView;
import javafx.scene.control.TreeTableView;
import javafx.scene.input.KeyCode;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The real window at 1920×1080 on the seeded workspace: in every area and every tab, no column header and no visible
 * table cell is drawn clipped (its skin's text differs from its own only when it ends in an ellipsis); the status
 * bar's Cancel is whole; costs carry the user's currency.
 */
@ExtendWith(ApplicationExtension.class)
class NoClippedTextTest {

    private static final KeyCode[] AREAS = {
        KeyCode.DIGIT1,
        KeyCode.DIGIT2,
        KeyCode.DIGIT3,
        KeyCode.DIGIT4,
        KeyCode.DIGIT5,
        KeyCode.DIGIT6,
        KeyCode.DIGIT7,
        KeyCode.DIGIT8,
        KeyCode.DIGIT9,
        KeyCode.DIGIT0
    };

    @TempDir
    Path tmp;

    ShellModel shell;
    Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        WorkspaceHome home = new WorkspaceHome(tmp.resolve("home"));
        home.save(home.settings().withCurrency("EUR"));
        shell = new ShellModel(home, JobRunner.fx());
        SextantApp.open(stage, shell);
        stage.setX(0);
        stage.setY(0);
        stage.setWidth(1920);
        stage.setHeight(1080);
        stage.show();
        shell.openWorkspace(home.defaultWorkspaceDir(), true);
    }

    @AfterEach
    void close(FxRobot robot) throws Exception {
        robot.interact(() -> stage.close());
        WaitForAsyncUtils.waitForFxEvents();
        shell.closeWorkspace();
    }

    @Test
    void noTableHeaderOrCellIsClippedInAnyAreaOrTab(FxRobot robot) throws Exception {
        waitUntil(() -> text(robot, "#status-workspace").equals("default"));
        List<String> clipped = new ArrayList<>();
        int tables = 0;
        for (int i = 0; i < AREAS.length; i++) {
            robot.press(KeyCode.CONTROL).press(AREAS[i]).release(AREAS[i]).release(KeyCode.CONTROL);
            settle();
            Parent area = (Parent) robot.lookup(".area-content").query();
            tables += visitTabs(robot, area, "area " + (i + 1), clipped);
        }
        assertThat(tables).as("tables seen").isGreaterThan(15);
        assertThat(clipped).isEmpty();
    }

    @Test
    void theKeptPlanComparisonShowsItsRowLabelsInFull(FxRobot robot) throws Exception {
        waitUntil(() -> text(robot, "#status-workspace").equals("default"));
        robot.press(KeyCode.CONTROL)
                .press(KeyCode.DIGIT4)
                .release(KeyCode.DIGIT4)
                .release(KeyCode.CONTROL);
        waitUntil(() -> robot.lookup("#saved-training-plans").tryQuery().isPresent());
        TableView<?> saved = robot.lookup("#saved-training-plans").queryAs(TableView.class);
        waitUntil(() -> saved.getItems().size() == 2);
        robot.interact(() -> saved.getSelectionModel().selectAll());
        Button compare = robot.from((Node) robot.lookup(".area-content").query())
                .lookup(".button")
                .match((Node n) -> n instanceof Button b && "Compare".equals(b.getText()))
                .queryButton();
        Platform.runLater(compare::fire); // the dialog waits for Close: not inside interact()
        // a row where the two plans differ is marked "≠ "
        waitUntil(() -> robot.lookup((Node n) -> n instanceof Label l
                        && l.getText() != null
                        && l.getText().endsWith("Memory per GPU"))
                .tryQuery()
                .isPresent());
        DialogPane pane = robot.lookup(".dialog-pane").queryAs(DialogPane.class);
        List<String> clipped = new ArrayList<>();
        for (Node n : pane.lookupAll(".label")) {
            if (n instanceof Labeled l && showing(l) && isClipped(l)) {
                clipped.add("“" + l.getText() + "” shown as “" + shown(l) + "”");
            }
        }
        assertThat(robot.lookup((Node n) -> n instanceof Label l
                                && l.getText() != null
                                && l.getText().endsWith("Tokens per second"))
                        .tryQuery())
                .isPresent();
        robot.interact(() -> ((Stage) pane.getScene().getWindow()).close());
        assertThat(clipped).isEmpty();
    }

    @Test
    void theStatusBarsCancelIsNeverClipped(FxRobot robot) throws Exception {
        waitUntil(() -> text(robot, "#status-workspace").equals("default"));
        CountDownLatch release = new CountDownLatch(1);
        robot.interact(() -> shell.jobs()
                .submit(
                        "A job with a very long title that would push everything else off the line ".repeat(4),
                        (progress, cancel) -> release.await(10, TimeUnit.SECONDS),
                        r -> {}));
        waitUntil(() -> shell.jobs().runningProperty().get());
        robot.interact(() -> stage.setWidth(1000));
        for (int i = 0; i < 3; i++) {
            WaitForAsyncUtils.waitForFxEvents(); // not settle(): the job is meant to be still running
        }
        Button cancel = robot.lookup("#status-cancel").queryButton();
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> WaitForAsyncUtils.asyncFx(() -> cancel.getWidth() > 0
                        && shown(cancel) != null
                        && !shown(cancel).isEmpty())
                .get()); // laid out once the job's box shows
        assertThat(cancel.isVisible()).isTrue();
        assertThat(shown(cancel)).isEqualTo("Cancel");
        release.countDown();
        waitUntil(() -> !shell.jobs().runningProperty().get());
    }

    @Test
    void theServingAreaShowsCostsInTheChosenCurrency(FxRobot robot) throws Exception {
        waitUntil(() -> text(robot, "#status-workspace").equals("default"));
        robot.press(KeyCode.CONTROL)
                .press(KeyCode.DIGIT5)
                .release(KeyCode.DIGIT5)
                .release(KeyCode.CONTROL);
        waitUntil(() -> robot.lookup("#serving-summary").tryQuery().isPresent());
        waitUntil(() -> text(robot, "#serving-summary").contains(" a day"));
        assertThat(text(robot, "#serving-summary"))
                .containsPattern("[0-9,]+ EUR a day \\(fixed at the peak: [0-9,]+ EUR\\)");
        assertThat(robot.lookup("Price per GPU-hour, EUR").tryQuery()).isPresent();
    }

    /** Checks what is shown, then selects each tab of each tab pane in turn (nested ones too); returns the tables seen. */
    private int visitTabs(FxRobot robot, Parent root, String where, List<String> clipped) throws Exception {
        int tables = check(root, where, clipped);
        List<TabPane> panes = new ArrayList<>();
        for (Node n : root.lookupAll(".tab-pane")) {
            if (n instanceof TabPane p && showing(p)) {
                panes.add(p);
            }
        }
        for (TabPane pane : panes) {
            int selected = pane.getSelectionModel().getSelectedIndex();
            for (int t = 0; t < pane.getTabs().size(); t++) {
                if (t == selected) {
                    continue;
                }
                int tab = t;
                robot.interact(() -> pane.getSelectionModel().select(tab));
                settle();
                tables += check(root, where + " / " + pane.getTabs().get(tab).getText(), clipped);
            }
            robot.interact(() -> pane.getSelectionModel().select(selected));
            settle();
        }
        return tables;
    }

    /** Column headers and visible cells of the tables on show, whose drawn text differs from their text. */
    private static int check(Parent root, String where, List<String> clipped) {
        int tables = 0;
        for (String kind : List.of(".table-view", ".tree-table-view")) {
            for (Node n : root.lookupAll(kind)) {
                if (showing(n)) {
                    tables++;
                }
            }
        }
        for (Node n : root.lookupAll(".column-header .label")) {
            if (n instanceof Labeled l && showing(l) && isClipped(l)) {
                clipped.add(where + ": header “" + l.getText() + "” shown as “" + shown(l) + "”");
            }
        }
        for (String kind : List.of(".table-cell", ".tree-table-cell")) {
            for (Node n : root.lookupAll(kind)) {
                if (n instanceof IndexedCell<?> c && !c.isEmpty() && showing(c) && inView(c) && isClipped(c)) {
                    clipped.add(where + ": cell “" + c.getText() + "” shown as “" + shown(c) + "”");
                }
            }
        }
        return tables;
    }

    private static boolean isClipped(Labeled l) {
        String full = l.getText();
        String drawn = shown(l);
        return full != null && !full.isEmpty() && drawn != null && !drawn.equals(full);
    }

    private static String shown(Labeled l) {
        for (Node c : l.getChildrenUnmodifiable()) {
            if (c instanceof Text t && c != l.getGraphic()) { // an icon font's glyph is a Text too
                return t.getText();
            }
        }
        return null;
    }

    /** A cell within its table's visible rows (the virtual flow keeps a few laid out beyond them). */
    private static boolean inView(IndexedCell<?> c) {
        Node table = c;
        while (table != null
                && !(table instanceof Control ctl
                        && (ctl instanceof TableView<?> || ctl instanceof TreeTableView<?>))) {
            table = table.getParent();
        }
        if (table == null) {
            return false;
        }
        Bounds cell = c.localToScene(c.getLayoutBounds());
        Bounds view = table.localToScene(table.getLayoutBounds());
        return view.contains(cell.getMinX() + 1, cell.getMinY() + 1) && cell.getMaxY() <= view.getMaxY() + 1;
    }

    private static boolean showing(Node n) {
        for (Node p = n; p != null; p = p.getParent()) {
            if (!p.isVisible()) {
                return false;
            }
        }
        return n.getScene() != null;
    }

    /** Waits until no job runs and the fits scheduled after the pulse have run. */
    private void settle() throws Exception {
        WaitForAsyncUtils.waitForFxEvents();
        waitUntil(() -> !shell.jobs().runningProperty().get());
        for (int i = 0; i < 3; i++) {
            WaitForAsyncUtils.waitForFxEvents();
        }
    }

    private static String text(FxRobot robot, String query) {
        return robot.lookup(query).queryAs(Label.class).getText();
    }

    private static void waitUntil(Supplier<Boolean> condition) throws Exception {
        WaitForAsyncUtils.waitFor(120, TimeUnit.SECONDS, () -> WaitForAsyncUtils.asyncFx(condition::get)
                .get());
        WaitForAsyncUtils.waitForFxEvents();
    }
}
