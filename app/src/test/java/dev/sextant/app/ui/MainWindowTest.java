package dev.sextant.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sextant.app.ui.shell.JobRunner;
import dev.sextant.app.ui.shell.ShellModel;
import dev.sextant.gpu.GpuProbe;
import dev.sextant.model.architecture.ModelArchitecture;
import dev.sextant.model.architecture.ModelCatalog;
import dev.sextant.model.project.Project;
import dev.sextant.workspaces.DemoSeed;
import dev.sextant.workspaces.Settings;
import dev.sextant.workspaces.Workspace;
import dev.sextant.workspaces.WorkspaceHome;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
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

/** The real window under Monocle: opens on the seeded workspace, switches workspace and project, shows it in the status bar. */
@ExtendWith(ApplicationExtension.class)
class MainWindowTest {

    @TempDir
    Path tmp;

    ShellModel shell;
    Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        WorkspaceHome home = new WorkspaceHome(tmp.resolve("home"));
        shell = new ShellModel(home, JobRunner.fx());
        SextantApp.open(stage, shell);
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
    void opensSwitchesWorkspaceAndProjectAndShowsThemInTheStatusBar(FxRobot robot) throws Exception {
        waitUntil(() -> text(robot, "#status-workspace").equals("default"));
        assertThat(text(robot, "#status-project")).isEqualTo(DemoSeed.PROJECT_NAME);
        assertThat(text(robot, "#status-message")).isEqualTo("Opened workspace default (1 project)");
        TableView<?> table = robot.lookup("#projects-table").queryAs(TableView.class);
        assertThat(table.getItems()).hasSize(1);
        assertThat(stage.getTitle()).isEqualTo("Sextant — default — " + DemoSeed.PROJECT_NAME);

        Path other = tmp.resolve("team");
        try (Workspace ws = Workspace.create(other)) {
            ws.projects().create("Alpha", "first");
            ws.projects().create("Beta", "second");
        }
        robot.interact(() -> shell.openWorkspace(other, false));
        waitUntil(() -> text(robot, "#status-workspace").equals("team"));
        waitUntil(() -> text(robot, "#status-project").equals("Alpha"));
        assertThat(text(robot, "#status-message")).isEqualTo("Opened workspace team (2 projects)");

        ComboBox<Project> switcher = robot.lookup("#project-switcher").queryComboBox();
        robot.clickOn(switcher);
        robot.clickOn("Beta");
        waitUntil(() -> text(robot, "#status-project").equals("Beta"));
        assertThat(table.getSelectionModel().getSelectedItem())
                .extracting("name")
                .isEqualTo("Beta");
        assertThat(robot.lookup("#project-name").queryTextInputControl().getText())
                .isEqualTo("Beta");
    }

    @Test
    void editsAProjectAndCreatesOneFromTheKeyboard(FxRobot robot) throws Exception {
        waitUntil(() -> text(robot, "#status-workspace").equals("default"));
        robot.clickOn("#project-name")
                .press(KeyCode.CONTROL)
                .press(KeyCode.A)
                .release(KeyCode.A)
                .release(KeyCode.CONTROL)
                .write("Renamed demo");
        robot.clickOn("#project-save");
        waitUntil(() -> text(robot, "#status-project").equals("Renamed demo"));
        assertThat(text(robot, "#status-message")).isEqualTo("Saved project Renamed demo");

        robot.press(KeyCode.CONTROL).press(KeyCode.N).release(KeyCode.N).release(KeyCode.CONTROL);
        waitUntil(() -> robot.lookup("#new-project-name").tryQuery().isPresent());
        robot.clickOn("#new-project-name").write("Capacity 2027");
        robot.clickOn("Create");
        waitUntil(() -> text(robot, "#status-project").equals("Capacity 2027"));
        assertThat(shell.projects()).extracting(Project::name).containsExactly("Capacity 2027", "Renamed demo");
    }

    @Test
    void theProjectSwitcherWidensForALongNameAndShowsItWhole(FxRobot robot) throws Exception {
        waitUntil(() -> text(robot, "#status-workspace").equals("default"));
        ComboBox<Project> switcher = robot.lookup("#project-switcher").queryComboBox();
        double before = switcher.getWidth();
        String longName = "Capacity review for the 2027 serving fleet, second draft";
        robot.interact(() -> shell.createProject(longName, "for the Q1 review"));
        waitUntil(() -> text(robot, "#status-project").equals(longName));
        WaitForAsyncUtils.waitForFxEvents();
        ListCell<?> shown = (ListCell<?>) switcher.getButtonCell();
        Text probe = new Text(longName);
        probe.setFont(shown.getFont());
        assertThat(switcher.getWidth())
                .isGreaterThan(before)
                .isGreaterThan(probe.getLayoutBounds().getWidth());
        assertThat(shown.getTooltip().getText()).isEqualTo(longName + "\nfor the Q1 review");
    }

    @Test
    void theWindowOpensWhereItWasLeft(FxRobot robot) throws Exception {
        waitUntil(() -> text(robot, "#status-workspace").equals("default"));
        robot.interact(() -> {
            stage.setX(40);
            stage.setY(30);
            stage.setWidth(1200);
            stage.setHeight(800);
        });
        robot.interact(stage::hide);
        Settings.Window w = shell.home().settings().window();
        assertThat(w).isNotNull();
        assertThat(w.x()).isEqualTo(40);
        assertThat(w.y()).isEqualTo(30);
        assertThat(w.maximized()).isFalse();

        Stage[] again = new Stage[1];
        robot.interact(() -> {
            again[0] = new Stage();
            SextantApp.open(again[0], new ShellModel(shell.home(), JobRunner.fx()));
        });
        try {
            assertThat(again[0].getScene().getWidth()).isEqualTo(w.width());
            assertThat(again[0].getScene().getHeight()).isEqualTo(w.height());
            assertThat(again[0].getX()).isEqualTo(40);
        } finally {
            robot.interact(again[0]::close);
        }
    }

    @Test
    void theEvaluationAreaShowsTheDemoEvidence(FxRobot robot) throws Exception {
        waitUntil(() -> text(robot, "#status-workspace").equals("default"));
        robot.press(KeyCode.CONTROL)
                .press(KeyCode.DIGIT2)
                .release(KeyCode.DIGIT2)
                .release(KeyCode.CONTROL);
        waitUntil(() -> robot.lookup("#eval-sources").tryQuery().isPresent());
        TableView<?> sources = robot.lookup("#eval-sources").queryAs(TableView.class);
        waitUntil(() -> sources.getItems().size() == 7);
        robot.clickOn("Variance");
        TableView<?> summary = robot.lookup("#eval-summary").queryAs(TableView.class);
        waitUntil(() -> summary.getItems().size() == 6);
        robot.clickOn("Index");
        TableView<?> index = robot.lookup("#eval-index").queryAs(TableView.class);
        waitUntil(() -> index.getItems().size() == 5);
        robot.clickOn("Scorecard");
        assertThat(robot.lookup("#eval-scorecard")
                        .queryAs(TreeTableView.class)
                        .getRoot()
                        .getChildren())
                .isNotEmpty();
    }

    @Test
    void theTrainingAreaSearchesLayoutsAndShowsThePlan(FxRobot robot) throws Exception {
        waitUntil(() -> text(robot, "#status-workspace").equals("default"));
        robot.press(KeyCode.CONTROL)
                .press(KeyCode.DIGIT4)
                .release(KeyCode.DIGIT4)
                .release(KeyCode.CONTROL);
        waitUntil(() -> robot.lookup("#search-layouts").tryQuery().isPresent());
        TableView<?> saved = robot.lookup("#saved-training-plans").queryAs(TableView.class);
        waitUntil(() -> saved.getItems().size() == 2);
        Button search = robot.lookup("#search-layouts").queryButton();
        robot.interact(search::fire);
        TableView<?> plans = robot.lookup("#training-plans").queryAs(TableView.class);
        waitUntil(() -> !plans.getItems().isEmpty());
        waitUntil(() -> plans.getSelectionModel().getSelectedIndex() == 0);
        waitUntil(() -> robot.lookup("Goodput").tryQuery().isPresent());
        assertThat(robot.lookup("#save-training-plan").queryButton().isDisabled())
                .isFalse();
    }

    @Test
    void theServingAreaShowsTheDemoPlanAndPlansAnother(FxRobot robot) throws Exception {
        waitUntil(() -> text(robot, "#status-workspace").equals("default"));
        robot.press(KeyCode.CONTROL)
                .press(KeyCode.DIGIT5)
                .release(KeyCode.DIGIT5)
                .release(KeyCode.CONTROL);
        waitUntil(() -> robot.lookup("#plan-serving").tryQuery().isPresent());
        TableView<?> saved = robot.lookup("#saved-serving-plans").queryAs(TableView.class);
        waitUntil(() -> saved.getItems().size() == 1);
        TableView<?> levers = robot.lookup("#serving-levers").queryAs(TableView.class);
        waitUntil(() -> !levers.getItems().isEmpty()); // the demo plan opens by itself
        @SuppressWarnings("unchecked")
        ComboBox<ModelArchitecture> model = robot.lookup("#serving-model").queryAs(ComboBox.class);
        robot.interact(() -> {
            model.setValue(ModelCatalog.get("llama-3-8b"));
            robot.lookup("#serving-tp").queryAs(TextField.class).setText("1");
        });
        assertThat(robot.lookup("#serving-memory-text").queryAs(Label.class).getText())
                .contains("KV per token 131,072 bytes");
        robot.interact(robot.lookup("#plan-serving").queryButton()::fire);
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> WaitForAsyncUtils.asyncFx(
                        () -> text(robot, "#serving-summary").contains("worked out in"))
                .get());
        assertThat(text(robot, "#serving-summary"))
                .contains("One replica (1 × NVIDIA H100 SXM, bf16, vLLM (V1 engine))")
                .contains("80 % interval");
        assertThat(levers.getItems()).isNotEmpty();
        // the chosen lever's sentences are under the table, not in columns off the screen's edge
        assertThat(text(robot, "#serving-lever-detail"))
                .contains(" — ")
                .containsAnyOf("Accuracy risk", "Cannot be planned");
        assertThat(robot.lookup("#save-serving-plan").queryButton().isDisabled())
                .isFalse();
    }

    @Test
    void changingTheCurrencyRelabelsCostsAtOnce(FxRobot robot) throws Exception {
        waitUntil(() -> text(robot, "#status-workspace").equals("default"));
        robot.press(KeyCode.CONTROL)
                .press(KeyCode.DIGIT5)
                .release(KeyCode.DIGIT5)
                .release(KeyCode.CONTROL);
        waitUntil(() -> robot.lookup("#plan-serving").tryQuery().isPresent());
        TableView<?> levers = robot.lookup("#serving-levers").queryAs(TableView.class);
        waitUntil(() -> !levers.getItems().isEmpty());
        robot.interact(() -> shell.saveSettings(shell.home().settings().withCurrency("EUR")));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(robot.lookup(".label").queryAllAs(Label.class))
                .extracting(Label::getText)
                .contains("Price per GPU-hour, EUR");
        TableColumn<?, ?> cost = levers.getColumns().stream()
                .filter(c -> c.getText().equals("Cost/M tokens"))
                .findFirst()
                .orElseThrow();
        List<String> shown = robot.lookup(".table-cell").queryAllAs(TableCell.class).stream()
                .filter(c -> c.getTableColumn() == cost
                        && c.getText() != null
                        && !c.getText().equals("–"))
                .map(TableCell::getText)
                .toList();
        assertThat(shown).isNotEmpty().allSatisfy(t -> assertThat(t).endsWith("EUR"));
    }

    @Test
    void theGpuAreaSaysWhyCalibrationIsUnavailableAndShowsTheDemoProfile(FxRobot robot) throws Exception {
        waitUntil(() -> text(robot, "#status-workspace").equals("default"));
        robot.press(KeyCode.CONTROL)
                .press(KeyCode.DIGIT6)
                .release(KeyCode.DIGIT6)
                .release(KeyCode.CONTROL);
        waitUntil(() -> robot.lookup("#gpu-calibrate").tryQuery().isPresent());
        TableView<?> profiles = robot.lookup("#gpu-profiles").queryAs(TableView.class);
        waitUntil(() -> profiles.getItems().size() == 1);
        TableView<?> rates = robot.lookup("#gpu-rates").queryAs(TableView.class);
        waitUntil(() -> !rates.getItems().isEmpty()); // the demo profile opens by itself
        assertThat(text(robot, "#gpu-summary")).contains("NVIDIA H100 80GB HBM3");
        if (!GpuProbe.status().available()) {
            waitUntil(() -> text(robot, "#gpu-device").startsWith("Calibration is unavailable here"));
            assertThat(robot.lookup("#gpu-calibrate").queryButton().isDisabled())
                    .isTrue();
        }
    }

    @Test
    void theRolloutAreaShowsTheDemoDecision(FxRobot robot) throws Exception {
        waitUntil(() -> text(robot, "#status-workspace").equals("default"));
        robot.press(KeyCode.CONTROL)
                .press(KeyCode.DIGIT7)
                .release(KeyCode.DIGIT7)
                .release(KeyCode.CONTROL);
        waitUntil(() -> robot.lookup("#rollout-decision").tryQuery().isPresent());
        waitUntil(() -> text(robot, "#rollout-decision").equals("Decision: CANARY"));
        TableView<?> checks = robot.lookup("#rollout-checks").queryAs(TableView.class);
        assertThat(checks.getItems()).hasSize(8);
        assertThat(robot.lookup("#rollout-present").queryButton().isDisabled()).isFalse();
    }

    private static String text(FxRobot robot, String query) {
        return robot.lookup(query).queryAs(Label.class).getText();
    }

    /** Evaluates the condition on the FX thread, between two of its runnables, so it never sees half an update. */
    private static void waitUntil(Supplier<Boolean> condition) throws Exception {
        // seeding the demo is slow on a loaded machine
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> WaitForAsyncUtils.asyncFx(condition::get)
                .get());
        WaitForAsyncUtils.waitForFxEvents();
    }
}
