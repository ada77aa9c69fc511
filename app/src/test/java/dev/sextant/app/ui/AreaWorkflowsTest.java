package dev.sextant.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.javafx.scene.input.DragboardHelper;
import com.sun.javafx.tk.TKClipboard;
import dev.sextant.gpu.GpuProbe;
import dev.sextant.model.evaluation.ScoreSummary;
import dev.sextant.model.project.Project;
import dev.sextant.workspaces.DemoSeed;
import dev.sextant.workspaces.RunState;
import dev.sextant.workspaces.SavedScan;
import dev.sextant.workspaces.Settings;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.AccessControlContext;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import javafx.event.Event;
import javafx.event.EventHandler;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.DialogPane;
import javafx.scene.control.ListView;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.image.Image;
import javafx.scene.input.DataFormat;
import javafx.scene.input.DragEvent;
import javafx.scene.input.Dragboard;
import javafx.scene.input.KeyCode;
import javafx.scene.input.MouseEvent;
import javafx.scene.input.TransferMode;
import javafx.stage.Stage;
import javafx.util.Pair;
import org.jfree.chart.fx.ChartViewer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Issue 15: each area's main workflow, end to end on the real window over the seeded demo workspace, driven the way a
 * person drives it (shortcuts, clicks, typing). Only what a native file dialog would hand over is given directly: the
 * Evaluation file arrives as a drop on the drop zone, the Contamination files are put in the area's file lists.
 * Plus the project switch: an empty project shows none of the demo's data in any area.
 */
@ExtendWith(ApplicationExtension.class)
class AreaWorkflowsTest {

    private static final int PROJECTS = 0;
    private static final int EVALUATION = 1;
    private static final int CONTAMINATION = 2;
    private static final int TRAINING = 3;
    private static final int SERVING = 4;
    private static final int GPU = 5;
    private static final int ROLLOUT = 6;
    private static final int RUN_HEALTH = 7;
    private static final int DATA = 8;
    private static final int ABLATIONS = 9;

    @TempDir
    Path tmp;

    WindowDriver window;

    @Start
    void start(Stage stage) {
        window = WindowDriver.open(stage, tmp.resolve("home"));
    }

    @AfterEach
    void close() throws Exception {
        window.close();
    }

    @Test
    void projectsCreatesAProjectThroughTheDialogAndSwitchesToIt(FxRobot robot) throws Exception {
        window.awaitDemoWorkspace();
        window.showArea(PROJECTS);
        TableView<?> table = window.table("#projects-table");
        assertThat(table.getItems()).hasSize(1);

        window.click("#new-project");
        window.waitUntil(
                "the New project dialog",
                () -> robot.lookup("#new-project-name").tryQuery().isPresent());
        robot.clickOn("#new-project-name").write("Capacity 2027");
        robot.clickOn("Create");
        window.waitUntil(
                "the new project current", () -> window.text("#status-project").equals("Capacity 2027"));

        ComboBox<Project> switcher = robot.lookup("#project-switcher").queryComboBox();
        assertThat(switcher.getItems())
                .extracting(Project::name)
                .containsExactlyInAnyOrder("Capacity 2027", DemoSeed.PROJECT_NAME);
        assertThat(switcher.getValue().name()).isEqualTo("Capacity 2027");
        window.waitUntil(
                "the projects table to list both", () -> table.getItems().size() == 2);
        assertThat(window.dialogs()).isEmpty();
    }

    @Test
    void evaluationImportsADroppedScoresFileAndSummarisesIt(FxRobot robot) throws Exception {
        Path scores = tmp.resolve("tour-scores.csv");
        StringBuilder csv = new StringBuilder("model,benchmark,item_id,score\n");
        for (int i = 1; i <= 40; i++) {
            csv.append("tour-a,tour-bench,")
                    .append(i)
                    .append(',')
                    .append(i % 4 == 0 ? 0 : 1)
                    .append('\n');
            csv.append("tour-b,tour-bench,").append(i).append(',').append(i % 2).append('\n');
        }
        Files.writeString(scores, csv);

        window.awaitDemoWorkspace();
        window.showArea(EVALUATION);
        TableView<?> sources = window.table("#eval-sources");
        int before = sources.getItems().size();
        drop(robot, window.find("#dropZone", Node.class), scores);
        window.waitUntil(
                "the dropped file among the sources", () -> sources.getItems().size() == before + 1);
        window.awaitJobs();
        assertThat(window.text("#status-message")).startsWith("Imported 1 file, 80 rows");

        window.clickTab("Variance");
        @SuppressWarnings("unchecked")
        TableView<ScoreSummary> summary = window.find("#eval-summary", TableView.class);
        window.waitUntil(
                "both models of tour-bench in the summary",
                () -> summary.getItems().stream()
                                .filter(s -> s.benchmark().equals("tour-bench"))
                                .count()
                        == 2);
        ScoreSummary a = summary.getItems().stream()
                .filter(s -> s.model().equals("tour-a"))
                .findFirst()
                .orElseThrow();
        assertThat(a.n()).isEqualTo(40);
        assertThat(a.mean()).isEqualTo(0.75);
        assertThat(window.dialogs()).isEmpty();
    }

    @Test
    void contaminationScansABenchmarkAgainstACorpusAndFindsTheDirtyItem(FxRobot robot) throws Exception {
        scanInTheContaminationArea(robot, false);
    }

    /** The same scan with Run on cluster ticked: Spark in local mode, from the master of the preferences. */
    @Test
    void contaminationScansOnTheSparkClusterOfThePreferences(FxRobot robot) throws Exception {
        String bundle = System.getProperty("sextant.spark.bundle");
        Assumptions.assumeTrue(bundle != null && Files.isDirectory(Path.of(bundle)), "the Spark bundle is built");
        scanInTheContaminationArea(robot, true);
    }

    private void scanInTheContaminationArea(FxRobot robot, boolean onCluster) throws Exception {
        Path bench = Files.writeString(
                tmp.resolve("tour-bench.jsonl"),
                """
                {"id": "q1", "text": "the quick brown fox jumps over the lazy dog while seven wizards judge the boxing match tonight"}
                {"id": "q2", "text": "a completely different question about the boiling point of water at high altitude in the andes"}
                """);
        Path corpus = Files.writeString(
                tmp.resolve("tour-corpus.jsonl"),
                """
                {"text": "Yesterday THE QUICK BROWN FOX JUMPS OVER THE LAZY DOG, while seven wizards judge the boxing match tonight!"}
                {"text": "Nothing to see here: a paragraph about gardening, tomatoes and the weather in spring."}
                """);

        window.awaitDemoWorkspace();
        window.showArea(CONTAMINATION);
        TableView<?> scans = window.table("#scans-table");
        int before = scans.getItems().size();
        // what the Add… and Files… dialogs would hand over: the area's file lists are the view model's
        @SuppressWarnings("unchecked")
        ListView<Path> benchmarks = window.find("#benchmarkList", ListView.class);
        @SuppressWarnings("unchecked")
        ListView<Path> corpora = window.find("#corpusList", ListView.class);
        robot.interact(() -> {
            benchmarks.getItems().add(bench);
            corpora.getItems().add(corpus);
            if (onCluster) {
                window.shell.saveSettings(
                        window.shell.home().settings().withSpark(new Settings.Spark("local[1]", null)));
                window.find("#scan-on-cluster", CheckBox.class).setSelected(true);
            }
        });

        window.click("#run-scan");
        window.waitUntil("the new scan in the list", () -> scans.getItems().size() == before + 1);
        window.awaitJobs();
        SavedScan scan = scans.getItems().stream()
                .map(SavedScan.class::cast)
                .filter(s -> !s.demo())
                .findFirst()
                .orElseThrow();
        assertThat(scan.state()).isEqualTo(RunState.COMPLETE);
        assertThat(scan.summary().items()).isEqualTo(2);
        assertThat(scan.summary().dirty()).isEqualTo(1);
        if (onCluster) {
            assertThat(scan.summary().threads())
                    .as("Spark local[1]'s parallelism")
                    .isEqualTo(1);
        }
        assertThat(window.text("#status-message")).startsWith("Scan complete: 2 items, 1 dirty");
        window.waitUntil(
                "the new scan selected and shown", () -> window.text("#summary").contains("1 dirty"));
        assertThat(window.dialogs()).isEmpty();
    }

    /** 30 documents of two sources and a near copy of the first (two words changed). */
    Path nearCopyCorpus() throws Exception {
        StringBuilder lines = new StringBuilder();
        SplittableRandom r = new SplittableRandom(9);
        String first = null;
        for (int d = 0; d < 30; d++) {
            StringBuilder t = new StringBuilder();
            for (int w = 0; w < 120; w++) {
                t.append(w == 0 ? "" : " ").append("w").append(r.nextInt(100_000));
            }
            if (d == 0) {
                first = t.toString();
            }
            lines.append("{\"id\": \"doc")
                    .append(d)
                    .append("\", \"source\": \"")
                    .append(d % 2 == 0 ? "web" : "books")
                    .append("\", \"text\": \"")
                    .append(t)
                    .append("\"}\n");
        }
        // a near copy of doc0: two words changed
        String[] w = first.split(" ");
        w[30] = "changed";
        w[90] = "edited";
        lines.append("{\"id\": \"copy\", \"source\": \"web\", \"text\": \"")
                .append(String.join(" ", w))
                .append("\"}\n");
        return Files.writeString(tmp.resolve("data-corpus.jsonl"), lines.toString());
    }

    @Test
    void dataFindsNearDuplicatesAndShowsAClusterSideBySideWithTheSharedTextMarked(FxRobot robot) throws Exception {
        Path corpus = nearCopyCorpus();
        window.awaitDemoWorkspace();
        window.showArea(DATA);
        window.awaitJobs(); // the demo project's Data area fills in its demo corpus and run first
        @SuppressWarnings("unchecked")
        ListView<Path> corpora = window.find("#data-corpus", ListView.class);
        // in place of the demo corpus the demo project fills in
        robot.interact(() -> corpora.getItems().setAll(corpus));
        TableView<?> runs = window.table("#data-runs");
        int before = runs.getItems().size();
        window.click("#data-run-dedup");
        window.waitUntil("the run kept", () -> runs.getItems().size() == before + 1);
        window.awaitJobs();
        window.waitUntil("the run shown", () -> window.text("#data-dedup-headline")
                .contains("1 of 31 documents are duplicates"));
        TableView<?> clusters = window.table("#data-clusters");
        assertThat(clusters.getItems()).hasSize(1);
        robot.interact(() -> clusters.getSelectionModel().select(0));
        TableView<?> members = window.table("#data-members");
        window.waitUntil(
                "the cluster's documents read", () -> members.getItems().size() == 2);
        window.awaitJobs();
        window.waitUntil(
                "the copy shown beside the kept one",
                () -> members.getSelectionModel().getSelectedIndex() == 1);
        assertThat(robot.lookup(".data-shared").queryAll())
                .as("highlighted shared text")
                .isNotEmpty();
        // the S-curve follows the bands and rows typed
        robot.interact(() -> {
            window.find("#data-bands", TextField.class).setText("20");
            window.find("#data-rows", TextField.class).setText("5");
        });
        window.waitUntil("the S-curve of 20 × 5", () -> robot.lookup((Node n) -> n instanceof ChartViewer v
                        && v.getChart() != null
                        && v.getChart().getTitle() != null
                        && v.getChart().getTitle().getText().contains("20 bands × 5 rows"))
                .tryQuery()
                .isPresent());
        assertThat(window.dialogs()).isEmpty();
    }

    /**
     * The Spark master set in Preferences (a settings line that is not key=value keeps the dialog open, named), then
     * "Run on cluster" in the Data area: the corpus read on Spark in local mode, the same duplicates found.
     */
    @Test
    void dataRunsOnTheSparkClusterOfThePreferences(FxRobot robot) throws Exception {
        String bundle = System.getProperty("sextant.spark.bundle");
        Assumptions.assumeTrue(bundle != null && Files.isDirectory(Path.of(bundle)), "the Spark bundle is built");
        Path corpus = nearCopyCorpus();
        window.awaitDemoWorkspace();
        window.showArea(DATA);
        window.awaitJobs(); // the demo project's Data area fills in its demo corpus and run first
        robot.press(KeyCode.CONTROL, KeyCode.COMMA).release(KeyCode.COMMA, KeyCode.CONTROL);
        window.waitUntil(
                "the preferences",
                () -> robot.lookup("#preferences-spark-master").tryQuery().isPresent());
        TextField master = robot.lookup("#preferences-spark-master").queryAs(TextField.class);
        TextArea conf = robot.lookup("#preferences-spark-conf").queryAs(TextArea.class);
        Button ok = (Button) ((DialogPane) master.getScene().getRoot()).lookupButton(ButtonType.OK);
        robot.interact(() -> {
            master.setText("local[2]");
            conf.setText("spark.default.parallelism=2\nnot a setting");
            ok.fire();
        });
        assertThat(robot.lookup("#preferences-spark-conf-problem")
                        .queryLabeled()
                        .getText())
                .isEqualTo("Spark settings: line 2: expected key=value, got 'not a setting'");
        assertThat(window.dialogs()).hasSize(1);
        robot.interact(() -> {
            conf.setText("spark.default.parallelism=2");
            ok.fire();
        });
        window.waitUntil("the preferences closed", () -> window.dialogs().isEmpty());
        assertThat(window.shell.home().settings().spark())
                .isEqualTo(new Settings.Spark("local[2]", Map.of("spark.default.parallelism", "2")));

        @SuppressWarnings("unchecked")
        ListView<Path> corpora = window.find("#data-corpus", ListView.class);
        // in place of the demo corpus the demo project fills in
        robot.interact(() -> corpora.getItems().setAll(corpus));
        CheckBox onCluster = window.find("#data-on-cluster", CheckBox.class);
        assertThat(onCluster.getText()).isEqualTo("Run on cluster: Spark local[2]");
        robot.interact(() -> onCluster.setSelected(true));
        TableView<?> runs = window.table("#data-runs");
        int before = runs.getItems().size();
        window.click("#data-run-dedup");
        window.waitUntil("the run kept", () -> runs.getItems().size() == before + 1);
        window.awaitJobs();
        window.waitUntil("the run shown", () -> window.text("#data-dedup-headline")
                .contains("1 of 31 documents are duplicates"));
        assertThat(window.dialogs()).isEmpty();
    }

    @Test
    void trainingSearchesLayoutsFromTheButton(FxRobot robot) throws Exception {
        window.awaitDemoWorkspace();
        window.showArea(TRAINING);
        TableView<?> plans = window.table("#training-plans");
        window.click("#search-layouts");
        window.waitUntil("the search's summary", () -> window.text("#summary").contains("layouts searched in"));
        window.waitUntil("the layouts table to fill", () -> !plans.getItems().isEmpty());
        window.awaitJobs();
        window.waitUntil(
                "the best layout selected", () -> plans.getSelectionModel().getSelectedIndex() == 0);
        assertThat(window.find("#save-training-plan", Button.class).isDisabled())
                .isFalse();
        assertThat(window.text("#status-message")).doesNotEndWith("failed");
        assertThat(window.dialogs()).isEmpty();
    }

    @Test
    void ablationsFitsTheDemoRunsAndSendsTheBigRunToTrainingPlans(FxRobot robot) throws Exception {
        window.awaitDemoWorkspace();
        window.showArea(ABLATIONS);
        window.waitUntil(
                "the demo runs listed",
                () -> !window.table("#ablations-runs").getItems().isEmpty());
        robot.interact(
                () -> window.find("#ablations-bootstrap", TextField.class).setText("50"));
        window.click("#ablations-fit");
        window.waitUntil("the law in the headline", () -> window.text("#ablations-verdict")
                .startsWith("L(N, D) = "));
        window.awaitJobs();
        assertThat(window.text("#ablations-prediction")).contains("The big run").contains("prediction interval");
        window.click("#ablations-use-in-training");
        window.awaitJobs();
        ListView<?> nav = robot.lookup("#navigation").queryAs(ListView.class);
        window.waitUntil(
                "the Training area shown", () -> nav.getSelectionModel().getSelectedIndex() == TRAINING);
        assertThat(window.text("#status-message")).contains("taken from Ablations");
        assertThat(window.dialogs()).isEmpty();
    }

    @Test
    void servingPlansFromTheButtonAndSaysWhatAReplicaServes(FxRobot robot) throws Exception {
        window.awaitDemoWorkspace();
        window.showArea(SERVING);
        window.waitUntil(
                "the demo plan shown", () -> window.text("#serving-summary").startsWith("Kept plan"));
        window.click("#plan-serving");
        window.waitUntil(
                "a plan worked out", () -> window.text("#serving-summary").contains("worked out in"));
        assertThat(window.text("#serving-summary")).contains("requests/s").startsWith("One replica (");
        assertThat(window.table("#serving-levers").getItems()).isNotEmpty();
        assertThat(window.find("#save-serving-plan", Button.class).isDisabled()).isFalse();
        // disaggregated prefill/decode pools of the same replica, side by side
        window.clickTab("Disaggregated");
        robot.interact(() -> {
            window.find("#serving-prefillTp", TextField.class).setText("4");
            window.find("#serving-decodeTp", TextField.class).setText("4");
        });
        window.click("#serving-disagg-compare");
        window.waitUntil(
                "a comparison worked out",
                () -> !window.table("#serving-disagg").getItems().isEmpty());
        assertThat(window.text("#serving-disagg-headline")).contains("requests per GPU of the replica");
        // the same replica under each engine at its own defaults
        window.clickTab("Engines");
        window.click("#serving-engines-compare");
        window.waitUntil(
                "the engines compared",
                () -> window.table("#serving-engines").getItems().size() == 5);
        assertThat(window.text("#serving-engines-headline")).contains("serves the most");
        assertThat(window.text("#serving-engine-detail")).startsWith("vLLM (V1 engine) — max_num_seqs");
        assertThat(window.dialogs()).isEmpty();
    }

    @Test
    void gpuSaysWhetherItCanCalibrateAndOpensTheDemoProfile(FxRobot robot) throws Exception {
        window.awaitDemoWorkspace();
        window.showArea(GPU);
        window.waitUntil("the GPU probed", () -> !window.text("#gpu-device").equals("Probing…"));
        String device = window.text("#gpu-device");
        if (!GpuProbe.status().available()) {
            // no GPU here: a plain sentence, not an error
            assertThat(device)
                    .startsWith("Calibration is unavailable here: ")
                    .doesNotContainIgnoringCase("exception")
                    .doesNotContain("jcuda")
                    .doesNotContain("null");
            assertThat(window.find("#gpu-calibrate", Button.class).isDisabled()).isTrue();
        } else {
            assertThat(device).contains("CUDA driver API");
        }
        TableView<?> profiles = window.table("#gpu-profiles");
        window.waitUntil("the demo profile listed", () -> profiles.getItems().size() == 1);
        window.click("#gpu-profiles .table-row-cell");
        window.click("#openSaved");
        window.awaitJobs();
        TableView<?> rates = window.table("#gpu-rates");
        window.waitUntil("the demo profile's rates", () -> !rates.getItems().isEmpty());
        assertThat(window.text("#gpu-summary")).contains("NVIDIA H100 80GB HBM3");
        assertThat(window.dialogs()).isEmpty();
    }

    @Test
    void rolloutReplansTheCanaryForAnotherRequestRate(FxRobot robot) throws Exception {
        window.awaitDemoWorkspace();
        window.showArea(ROLLOUT);
        window.waitUntil(
                "the demo decision", () -> window.text("#rollout-decision").equals("Decision: CANARY"));
        window.clickTab("Canary plan");
        TableView<?> steps = window.table("#rollout-steps");
        window.waitUntil("the demo canary plan", () -> !steps.getItems().isEmpty());
        List<Object> before = new ArrayList<>(steps.getItems());

        TextField rate = window.find("#rollout-canary-rate", TextField.class);
        double demoRate = Double.parseDouble(rate.getText().strip());
        String newRate = Long.toString(Math.max(1, Math.round(demoRate / 4)));
        // Typed into the field, Enter plans the canary (the field's action, as for a person at the keyboard); a click
        // on Plan canary does the same (rolloutPlanCanaryButtonReplansWhenClicked).
        if (WindowDriver.inView(rate)) {
            robot.clickOn(rate);
        }
        if (!rate.isFocused()) {
            robot.interact(rate::requestFocus);
        }
        robot.press(KeyCode.CONTROL)
                .press(KeyCode.A)
                .release(KeyCode.A)
                .release(KeyCode.CONTROL)
                .write(newRate);
        window.waitUntil("the typed rate in the field", () -> rate.getText().equals(newRate));
        assertThat(window.find("#rollout-plan-canary", Button.class).isDisabled())
                .isFalse();
        robot.type(KeyCode.ENTER);
        window.waitUntil(
                "the steps for " + newRate + " requests/s",
                () -> !steps.getItems().isEmpty() && !steps.getItems().equals(before));
        window.awaitJobs();
        assertThat(rate.getText()).isEqualTo(newRate);
        assertThat(window.dialogs()).isEmpty();
    }

    @Test
    void rolloutPlanCanaryButtonReplansWhenClicked(FxRobot robot) throws Exception {
        window.awaitDemoWorkspace();
        window.showArea(ROLLOUT);
        window.waitUntil(
                "the demo decision", () -> window.text("#rollout-decision").equals("Decision: CANARY"));
        window.clickTab("Canary plan");
        TableView<?> steps = window.table("#rollout-steps");
        window.waitUntil("the demo canary plan", () -> !steps.getItems().isEmpty());
        List<Object> before = new ArrayList<>(steps.getItems());
        TextField rate = window.find("#rollout-canary-rate", TextField.class);
        String newRate = Long.toString(
                Math.max(1, Math.round(Double.parseDouble(rate.getText().strip()) / 4)));
        window.reveal(rate);
        robot.clickOn(rate)
                .press(KeyCode.CONTROL)
                .press(KeyCode.A)
                .release(KeyCode.A)
                .release(KeyCode.CONTROL)
                .write(newRate);
        window.waitUntil("the typed rate in the field", () -> rate.getText().equals(newRate));

        // At the test window's size (1152×720) a click on Plan canary did not re-plan: the button
        // lay below the fold of the inputs' scroll pane, so a click at its place reached the node
        // below. It must be in view and take the click.
        Button plan = window.find("#rollout-plan-canary", Button.class);
        // the typed rate made the plan stale: its banner shows, a line or two, not
        // a column of words pushing things away
        Node banner = plan.getParent().getParent().lookup(".stale-banner"); // the Canary plan tab's, beside the button
        assertThat(banner).isNotNull();
        assertThat(banner.isVisible()).isTrue();
        assertThat(banner.getLayoutBounds().getHeight())
                .as("the stale banner's height")
                .isLessThan(120);
        // the button is in no scroll pane, so that no scrolling can put it out of view, and it is in view now
        for (Node n = plan.getParent(); n != null; n = n.getParent()) {
            assertThat(n).as("an ancestor of Plan canary").isNotInstanceOf(ScrollPane.class);
        }
        assertThat(WindowDriver.inView(plan)).as("Plan canary in view").isTrue();
        List<Object> pressed = new ArrayList<>();
        EventHandler<MouseEvent> record = e -> pressed.add(e.getTarget());
        robot.interact(() -> plan.getScene().addEventFilter(MouseEvent.MOUSE_PRESSED, record));
        try {
            // clicked where it is on screen, without scrolling anything first: the
            // button must be in view as the tab opens
            robot.clickOn(plan);
            WaitForAsyncUtils.waitForFxEvents();
        } finally {
            robot.interact(() -> plan.getScene().removeEventFilter(MouseEvent.MOUSE_PRESSED, record));
        }
        assertThat(pressed).as("what the click on Plan canary pressed").hasSize(1);
        assertThat(isInside((Node) pressed.get(0), plan))
                .as("the click reaches Plan canary, not %s", pressed.get(0))
                .isTrue();
        window.waitUntil(
                "the steps for " + newRate + " requests/s",
                () -> !steps.getItems().isEmpty() && !steps.getItems().equals(before));
        window.awaitJobs();
        assertThat(rate.getText()).isEqualTo(newRate);
        assertThat(window.text("#rollout-canary-from")).isEqualTo("Inputs kept for this project.");
        assertThat(window.dialogs()).isEmpty();
    }

    private static boolean isInside(Node n, Node ancestor) {
        for (Node x = n; x != null; x = x.getParent()) {
            if (x == ancestor) {
                return true;
            }
        }
        return false;
    }

    @Test
    void anEmptyProjectShowsNoneOfTheDemosDataInAnyArea(FxRobot robot) throws Exception {
        window.awaitDemoWorkspace();
        for (int area = 0; area < WindowDriver.AREAS.size(); area++) {
            window.showArea(area);
        }
        window.showArea(PROJECTS);
        window.click("#new-project");
        window.waitUntil(
                "the New project dialog",
                () -> robot.lookup("#new-project-name").tryQuery().isPresent());
        robot.clickOn("#new-project-name").write("Empty");
        robot.clickOn("Create");
        window.waitUntil("the empty project current", () -> window.text("#status-project")
                .equals("Empty"));
        window.awaitJobs();

        window.showArea(EVALUATION);
        assertThat(window.table("#eval-sources").getItems())
                .as("evaluation sources")
                .isEmpty();
        assertThat(window.table("#eval-summary").getItems())
                .as("evaluation summary")
                .isEmpty();
        assertThat(window.table("#eval-index").getItems())
                .as("evaluation index")
                .isEmpty();
        assertThat(window.text("#eval-message")).startsWith("No evaluation evidence in this project yet.");

        window.showArea(CONTAMINATION);
        assertThat(window.table("#scans-table").getItems()).as("scans").isEmpty();
        assertThat(window.table("#scan-items").getItems()).as("scan items").isEmpty();

        window.showArea(TRAINING);
        assertThat(window.table("#training-plans").getItems())
                .as("training layouts")
                .isEmpty();
        assertThat(window.table("#saved-training-plans").getItems())
                .as("kept training plans")
                .isEmpty();

        window.showArea(SERVING);
        // no demo plan's verdict: the headline says what Plan serving would fill in
        assertThat(window.text("#serving-summary"))
                .as("serving summary")
                .startsWith("Nothing planned yet")
                .doesNotContain("requests/s");
        assertThat(window.table("#saved-serving-plans").getItems())
                .as("kept serving plans")
                .isEmpty();
        assertThat(window.table("#serving-levers").getItems())
                .as("serving levers")
                .isEmpty();

        window.showArea(GPU);
        assertThat(window.table("#gpu-profiles").getItems()).as("GPU profiles").isEmpty();
        assertThat(window.table("#gpu-rates").getItems()).as("GPU profile pane").isEmpty();
        assertThat(window.text("#gpu-summary")).as("GPU profile summary").doesNotContain("NVIDIA");

        window.showArea(ROLLOUT);
        assertThat(window.text("#rollout-decision")).as("rollout decision").doesNotStartWith("Decision");
        assertThat(window.table("#rollout-checks").getItems())
                .as("rollout checks")
                .isEmpty();

        window.showArea(RUN_HEALTH);
        assertThat(window.table("#runhealth-logs").getItems())
                .as("kept training logs")
                .isEmpty();
        assertThat(window.table("#runhealth-anomalies").getItems())
                .as("anomalies")
                .isEmpty();
        assertThat(window.text("#runhealth-verdict")).as("log headline").isEmpty();
        assertThat(window.table("#runhealth-studies").getItems())
                .as("failure studies")
                .isEmpty();
        assertThat(window.table("#runhealth-policies").getItems())
                .as("failure policies")
                .isEmpty();

        window.showArea(ABLATIONS);
        assertThat(window.table("#ablations-sets").getItems())
                .as("kept sets of runs")
                .isEmpty();
        assertThat(window.table("#ablations-runs").getItems()).as("runs").isEmpty();
        assertThat(window.text("#ablations-verdict")).as("ablations headline").startsWith("Choose a set of runs");

        window.showArea(DATA);
        assertThat(window.table("#data-runs").getItems()).as("kept dedup runs").isEmpty();
        assertThat(window.table("#data-clusters").getItems())
                .as("duplicate clusters")
                .isEmpty();

        window.showArea(PROJECTS);
        assertThat(window.dialogs()).as("error or other dialogs").isEmpty();
        assertThat(window.text("#status-message")).as("status line").doesNotEndWith("failed");
        assertThat(window.text("#status-project")).isEqualTo("Empty");
    }

    /**
     * A drop of {@code file} on {@code target}, as the system's drag and drop delivers it: headless there is no real
     * drag, so the drag board is one of our own offering the file for a copy, like a file manager's.
     */
    private static void drop(FxRobot robot, Node target, Path file) {
        robot.interact(() -> {
            Dragboard board = DragboardHelper.createDragboard(new FileBoard(List.of(new File(file.toString()))));
            var centre = target.localToScene(
                    target.getBoundsInLocal().getCenterX(),
                    target.getBoundsInLocal().getCenterY());
            var screen = target.localToScreen(
                    target.getBoundsInLocal().getCenterX(),
                    target.getBoundsInLocal().getCenterY());
            for (var type : List.of(DragEvent.DRAG_OVER, DragEvent.DRAG_DROPPED)) {
                Event.fireEvent(
                        target,
                        new DragEvent(
                                type,
                                board,
                                centre.getX(),
                                centre.getY(),
                                screen.getX(),
                                screen.getY(),
                                TransferMode.COPY,
                                null,
                                target,
                                null));
            }
        });
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** The drag board of a file manager's drag: files, offered for copy. */
    private record FileBoard(List<File> files) implements TKClipboard {
        @Override
        public void setSecurityContext(AccessControlContext context) {}

        @Override
        public Set<DataFormat> getContentTypes() {
            return Set.of(DataFormat.FILES);
        }

        @Override
        @SafeVarargs
        public final boolean putContent(Pair<DataFormat, Object>... content) {
            return false;
        }

        @Override
        public Object getContent(DataFormat format) {
            return DataFormat.FILES.equals(format) ? files : null;
        }

        @Override
        public boolean hasContent(DataFormat format) {
            return DataFormat.FILES.equals(format);
        }

        @Override
        public Set<TransferMode> getTransferModes() {
            return EnumSet.of(TransferMode.COPY);
        }

        @Override
        public void setDragView(Image image) {}

        @Override
        public void setDragViewOffsetX(double offsetX) {}

        @Override
        public void setDragViewOffsetY(double offsetY) {}

        @Override
        public Image getDragView() {
            return null;
        }

        @Override
        public double getDragViewOffsetX() {
            return 0;
        }

        @Override
        public double getDragViewOffsetY() {
            return 0;
        }
    }
}
