package dev.sextant.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sextant.app.ui.shell.Area;
import dev.sextant.app.ui.shell.JobRunner;
import dev.sextant.app.ui.shell.ShellModel;
import dev.sextant.workspaces.WorkspaceHome;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableView;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Drives the real main window under Monocle for the workflow, project-switch and tour tests: opens it on a seeded demo
 * workspace in a temporary home, shows areas the way a person does (Ctrl+1..8), finds the controls of the area on
 * screen (areas shown before stay in the scene, hidden, so a plain lookup can find a hidden twin), and waits for the
 * background jobs. Waits are generous: the jobs run on a background thread and the build machine may be loaded.
 */
final class WindowDriver {

    /** How long a single step (an area's data loading, a search, a scan) may take on a slow, shared machine. */
    static final long WAIT_SECONDS = 90;

    private static final KeyCode[] AREA_KEYS = {
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
    static final List<String> AREAS = List.of(
            "projects",
            "evaluation",
            "contamination",
            "training",
            "serving",
            "gpu",
            "rollout",
            "runhealth",
            "data",
            "ablations",
            "monitoring");

    final FxRobot robot;
    final ShellModel shell;
    final Stage stage;

    private WindowDriver(FxRobot robot, ShellModel shell, Stage stage) {
        this.robot = robot;
        this.shell = shell;
        this.stage = stage;
    }

    /** Called from a TestFX {@code @Start}: the window on {@code stage}, opening (and seeding) the default workspace. */
    static WindowDriver open(Stage stage, Path home) {
        WorkspaceHome h = new WorkspaceHome(home);
        ShellModel shell = new ShellModel(h, JobRunner.fx());
        SextantApp.open(stage, shell);
        stage.show();
        shell.openWorkspace(h.defaultWorkspaceDir(), true);
        return new WindowDriver(new FxRobot(), shell, stage);
    }

    /** Waits for the demo workspace to be open and every start-up job to be over. */
    void awaitDemoWorkspace() throws Exception {
        waitUntil("the default workspace open", () -> text("#status-workspace").equals("default"));
        awaitJobs();
    }

    /** Cancels what is still running and waits for it, so that nothing of this test runs on into the next one. */
    void close() throws Exception {
        robot.interact(() -> shell.jobs().cancel());
        try {
            awaitJobs();
        } finally {
            robot.interact(stage::close);
            WaitForAsyncUtils.waitForFxEvents();
            shell.closeWorkspace();
        }
    }

    // ------------------------------------------------------------------------------------------------ areas and tabs

    /** Shows the area at {@code index} (0 = Projects) with its shortcut, Ctrl+1..9 and Ctrl+0 (later ones from the list), and waits for its jobs. */
    void showArea(int index) throws Exception {
        ListView<?> nav = robot.lookup("#navigation").queryAs(ListView.class);
        if (index < AREA_KEYS.length) {
            robot.press(KeyCode.CONTROL)
                    .press(AREA_KEYS[index])
                    .release(AREA_KEYS[index])
                    .release(KeyCode.CONTROL);
        } else {
            // past Ctrl+0 an area is chosen in the navigation list
            robot.interact(() -> nav.getSelectionModel().select(index));
        }
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(nav.getSelectionModel().getSelectedIndex())
                .as("area shown by Ctrl+%d", index + 1)
                .isEqualTo(index);
        assertThat(((Area) nav.getSelectionModel().getSelectedItem()).id()).isEqualTo(AREAS.get(index));
        awaitJobs();
    }

    /** The tab panes of the area on screen, outermost first. */
    List<TabPane> tabPanes() {
        return robot.lookup(".area-content .tab-pane").queryAllAs(TabPane.class).stream()
                .filter(WindowDriver::onScreen)
                .toList();
    }

    /** Clicks the tab titled {@code text} in the area on screen, the way a person does. */
    void clickTab(String text) {
        for (TabPane pane : tabPanes()) {
            for (Tab tab : pane.getTabs()) {
                if (text.equals(tab.getText())) {
                    Node header = pane.lookupAll(".tab").stream()
                            .filter(n -> n.getProperties().get(Tab.class) == tab || text.equals(labelOf(n)))
                            .findFirst()
                            .orElse(null);
                    if (header != null) {
                        robot.clickOn(header);
                    } else {
                        robot.interact(() -> pane.getSelectionModel().select(tab));
                    }
                    WaitForAsyncUtils.waitForFxEvents();
                    assertThat(pane.getSelectionModel().getSelectedItem())
                            .as("tab %s selected", text)
                            .isSameAs(tab);
                    return;
                }
            }
        }
        throw new AssertionError("no tab " + text + " in the area on screen");
    }

    private static String labelOf(Node tabHeader) {
        return tabHeader.lookupAll(".tab-label").stream()
                .filter(Label.class::isInstance)
                .map(n -> ((Label) n).getText())
                .findFirst()
                .orElse(null);
    }

    /** Ctrl+Shift+L, and the theme setting it changes. */
    void toggleTheme() {
        String before = theme();
        robot.press(KeyCode.CONTROL, KeyCode.SHIFT, KeyCode.L).release(KeyCode.L, KeyCode.SHIFT, KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(theme()).as("theme after Ctrl+Shift+L").isNotEqualTo(before);
    }

    String theme() {
        return shell.home().settings().theme();
    }

    // ------------------------------------------------------------------------------------------------ lookups

    /** The node matching {@code query} in the area on screen (or the shell), failing if there is none. */
    <T extends Node> T find(String query, Class<T> type) {
        return type.cast(tryFind(query).orElseThrow(() -> new AssertionError("nothing on screen matches " + query)));
    }

    Optional<Node> tryFind(String query) {
        return robot.lookup(query).queryAll().stream()
                .filter(WindowDriver::inShownArea)
                .findFirst();
    }

    /** Clicks the control matching {@code query} in the area on screen, scrolled into view first as a person would. */
    void click(String query) {
        Node node = find(query, Node.class);
        reveal(node);
        robot.clickOn(node);
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** Scrolls every scroll pane around {@code node} so that it is in view (a small window puts some buttons below the fold). */
    void reveal(Node node) {
        robot.interact(() -> {
            for (Node n = node.getParent(); n != null; n = n.getParent()) {
                if (n instanceof ScrollPane pane && pane.getContent() != null) {
                    Node content = pane.getContent();
                    Bounds b = content.sceneToLocal(node.localToScene(node.getBoundsInLocal()));
                    Bounds all = content.getLayoutBounds();
                    Bounds view = pane.getViewportBounds();
                    if (all.getHeight() > view.getHeight()) {
                        double y = (b.getMinY() - (view.getHeight() - b.getHeight()) / 2)
                                / (all.getHeight() - view.getHeight());
                        pane.setVvalue(
                                pane.getVmin() + Math.max(0, Math.min(1, y)) * (pane.getVmax() - pane.getVmin()));
                    }
                    if (all.getWidth() > view.getWidth()) {
                        double x = (b.getMinX() - (view.getWidth() - b.getWidth()) / 2)
                                / (all.getWidth() - view.getWidth());
                        pane.setHvalue(
                                pane.getHmin() + Math.max(0, Math.min(1, x)) * (pane.getHmax() - pane.getHmin()));
                    }
                    pane.layout();
                }
            }
        });
        WaitForAsyncUtils.waitForFxEvents();
    }

    TableView<?> table(String query) {
        return find(query, TableView.class);
    }

    /** The text of the label matching {@code query} on screen; "" when there is none. */
    String text(String query) {
        return tryFind(query)
                .map(n -> ((Label) n).getText())
                .map(t -> t == null ? "" : t)
                .orElse("");
    }

    /** The text of the label on FX thread, between two of its runnables. */
    String textNow(String query) throws Exception {
        return WaitForAsyncUtils.asyncFx(() -> text(query)).get(WAIT_SECONDS, TimeUnit.SECONDS);
    }

    /** Stages other than the main window that are showing: error and other dialogs (popups, tooltips and menus not counted). */
    List<Window> dialogs() throws Exception {
        return WaitForAsyncUtils.asyncFx(() -> Window.getWindows().stream()
                        .filter(w -> w != stage && w instanceof Stage && w.isShowing())
                        .toList())
                .get(WAIT_SECONDS, TimeUnit.SECONDS);
    }

    /**
     * In the window and, when inside an area, inside the area on screen (whichever of its tabs is selected): areas shown
     * before stay in the scene, hidden.
     */
    static boolean inShownArea(Node node) {
        if (node.getScene() == null) {
            return false;
        }
        for (Node n = node; n != null; n = n.getParent()) {
            if (n.getParent() != null && n.getParent().getStyleClass().contains("area-content")) {
                return n.isVisible();
            }
        }
        return onScreen(node);
    }

    /** Wholly inside the window's scene, where the robot can click it (a clipped layout can put controls outside). */
    static boolean inView(Node node) {
        Bounds b = node.localToScene(node.getBoundsInLocal());
        return onScreen(node)
                && b.getMinX() >= 0
                && b.getMinY() >= 0
                && b.getMaxX() <= node.getScene().getWidth()
                && b.getMaxY() <= node.getScene().getHeight();
    }

    /** In the window and not inside an area (or tab) that is hidden. */
    static boolean onScreen(Node node) {
        for (Node n = node; n != null; n = n.getParent()) {
            if (!n.isVisible()) {
                return false;
            }
        }
        return node.getScene() != null;
    }

    // ------------------------------------------------------------------------------------------------ waits

    /** Evaluates the condition on the FX thread, between two of its runnables, until it holds; fails saying what it waited for. */
    void waitUntil(String what, Callable<Boolean> condition) throws Exception {
        try {
            WaitForAsyncUtils.waitFor(WAIT_SECONDS, TimeUnit.SECONDS, () -> WaitForAsyncUtils.asyncFx(condition)
                    .get());
        } catch (TimeoutException e) {
            throw new AssertionError(
                    "waited " + WAIT_SECONDS + " s for " + what + "; status line: \"" + textNow("#status-message")
                            + "\", dialogs: " + dialogs().size(),
                    e);
        }
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** Until no job runs: a job submitted by the last step starts on the FX thread's next turn, so look after it. */
    void awaitJobs() throws Exception {
        WaitForAsyncUtils.waitForFxEvents();
        waitUntil(
                "the background jobs to finish",
                () -> !shell.jobs().runningProperty().get());
        // a job's success handler may start the next one (load, then analyse): check again once its runnables ran
        WaitForAsyncUtils.waitForFxEvents();
        waitUntil(
                "the background jobs to finish",
                () -> !shell.jobs().runningProperty().get());
    }
}
