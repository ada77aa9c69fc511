package dev.sextant.app.ui;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.sextant.app.ui.data.QualityViewModel;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import javafx.embed.swing.SwingFXUtils;
import javafx.scene.control.ListView;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.image.WritableImage;
import javafx.stage.Stage;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The tour: a documentation generator, not a check. With {@code -Dsextant.tour=DIR} (the {@code tour} Maven profile
 * sets it to docs/screenshots) it opens the window at 1920×1080 on the demo workspace and writes
 * {@code <area>-<tab>-<theme>.png} for every area and each of its tabs, light then dark. Without the property it is
 * skipped.
 */
@ExtendWith(ApplicationExtension.class)
class TourScreenshots {

    private static final int WIDTH = 1920;
    private static final int HEIGHT = 1080;

    @TempDir
    Path tmp;

    WindowDriver window;
    Stage stage;

    @BeforeAll
    static void onlyWhenAsked() {
        String dir = System.getProperty("sextant.tour", "");
        assumeTrue(!dir.isBlank(), "the tour writes screenshots only with -Dsextant.tour=DIR (mvn -Ptour)");
    }

    @Start
    void start(Stage stage) {
        this.stage = stage;
        window = WindowDriver.open(stage, tmp.resolve("home"));
    }

    @AfterEach
    void close() throws Exception {
        window.close();
    }

    @Test
    void everyAreaAndTabInLightAndDark(FxRobot robot) throws Exception {
        Path out = Files.createDirectories(
                Path.of(System.getProperty("sextant.tour")).toAbsolutePath().normalize());
        window.awaitDemoWorkspace();
        robot.interact(() -> {
            stage.setX(0);
            stage.setY(0);
            stage.setWidth(WIDTH);
            stage.setHeight(HEIGHT);
        });
        WaitForAsyncUtils.waitForFxEvents();
        if (!window.theme().equals("light")) {
            window.toggleTheme();
        }
        List<String> written = new ArrayList<>();
        for (String theme : List.of("light", "dark")) {
            if (!window.theme().equals(theme)) {
                window.toggleTheme();
            }
            for (int area = 0; area < WindowDriver.AREAS.size(); area++) {
                window.showArea(area);
                prepare(WindowDriver.AREAS.get(area));
                written.addAll(shootEveryTab(robot, out, WindowDriver.AREAS.get(area), theme));
            }
        }
        System.out.println("Tour: " + written.size() + " screenshots in " + out + ": " + String.join(", ", written));
    }

    /** What a presenter would have done first, so that the tabs show results rather than their empty states. */
    private void prepare(String area) throws Exception {
        if (area.equals("training")) {
            TableView<?> plans = window.table("#training-plans");
            if (!window.text("#summary").contains("layouts searched in")) {
                window.click("#search-layouts");
                window.waitUntil(
                        "the layouts searched", () -> window.text("#summary").contains("layouts searched in"));
                window.awaitJobs();
                window.waitUntil("the layouts shown", () -> !plans.getItems().isEmpty());
            }
        } else if (area.equals("evaluation")) {
            window.waitUntil(
                    "the demo evidence",
                    () -> !window.table("#eval-summary").getItems().isEmpty());
        } else if (area.equals("rollout")) {
            window.waitUntil(
                    "the demo decision", () -> window.text("#rollout-decision").startsWith("Decision"));
        } else if (area.equals("gpu")) {
            window.waitUntil(
                    "the demo profile",
                    () -> !window.table("#gpu-rates").getItems().isEmpty());
        } else if (area.equals("data")) {
            prepareData();
        } else if (area.equals("ablations")) {
            if (window.table("#ablations-parameters").getItems().isEmpty()) {
                window.click("#ablations-fit");
                window.waitUntil(
                        "the fitted law",
                        () -> !window.table("#ablations-parameters").getItems().isEmpty());
                window.awaitJobs();
                window.click("#ablations-predict");
            }
        } else if (area.equals("monitoring")) {
            if (window.table("#monitoring-alerts").getItems().isEmpty()) {
                window.click("#monitoring-analyze");
                window.waitUntil(
                        "the alerts",
                        () -> !window.table("#monitoring-alerts").getItems().isEmpty());
            }
        } else if (area.equals("serving")) {
            window.waitUntil(
                    "the demo plan",
                    () -> !window.table("#serving-levers").getItems().isEmpty());
            if (window.table("#serving-disagg").getItems().isEmpty()) {
                window.clickTab("Disaggregated");
                WaitForAsyncUtils.asyncFx(() -> {
                            window.find("#serving-prefillTp", TextField.class).setText("4");
                            window.find("#serving-decodeTp", TextField.class).setText("4");
                        })
                        .get();
                window.click("#serving-disagg-compare");
                window.waitUntil(
                        "the disaggregated comparison",
                        () -> !window.table("#serving-disagg").getItems().isEmpty());
                window.clickTab("Memory");
            }
        }
        window.awaitJobs();
    }

    /** A small corpus of three sources with planted near copies and benchmark passages: deduplicated, counted and cleaned. */
    private void prepareData() throws Exception {
        if (window.table("#quality-rules").getItems().isEmpty()) {
            window.clickTab("Quality");
            window.click("#quality-preview");
            window.waitUntil(
                    "the quality preview",
                    () -> !window.table("#quality-rules").getItems().isEmpty());
            window.awaitJobs();
            // a threshold picked: its histogram on the sample, split where the rule removes
            WaitForAsyncUtils.asyncFx(() -> {
                        @SuppressWarnings("unchecked")
                        TableView<QualityViewModel.ParamRow> params =
                                (TableView<QualityViewModel.ParamRow>) window.table("#quality-params");
                        params.getItems().stream()
                                .filter(r -> r.key().equals("gopher-repetition.top_3_gram"))
                                .findFirst()
                                .ifPresent(r -> {
                                    params.getSelectionModel().select(r);
                                    params.scrollTo(r);
                                });
                    })
                    .get(30, TimeUnit.SECONDS);
            window.clickTab("Duplicates");
        }
        if (!window.table("#data-runs").getItems().isEmpty()) {
            return;
        }
        Path dir = Files.createTempDirectory("sextant-tour-data");
        SplittableRandom r = new SplittableRandom(4);
        String[] vocab =
                ("the of and to in a is that for it as was with be by on not he this are or his from at which but have an they "
                                + "you were her she there been one all we their has would when if so no will what can more other some time could them into "
                                + "model data train loss token layer batch memory gradient network value server request cache")
                        .split(" ");
        String[] sources = {"web", "books", "code", "papers"};
        String question =
                "which planet in our solar system has the longest day measured against its own year and why does it rotate backwards";
        StringBuilder lines = new StringBuilder();
        List<String> texts = new ArrayList<>();
        for (int d = 0; d < 400; d++) {
            StringBuilder t = new StringBuilder();
            int words = 80 + r.nextInt(200);
            for (int w = 0; w < words; w++) {
                t.append(w == 0 ? "" : " ")
                        .append(vocab[r.nextInt(vocab.length)])
                        .append(r.nextInt(6) == 0 ? "," : "");
            }
            String text = t.toString();
            if (d > 40 && d % 9 == 0) {
                String[] w = texts.get(r.nextInt(texts.size())).split(" ");
                for (int k = 0; k < 2; k++) {
                    w[r.nextInt(w.length)] = "edited";
                }
                text = String.join(" ", w);
            }
            if (d % 37 == 5) {
                text = text + " Quiz: " + question + "?";
            }
            texts.add(text);
            lines.append("{\"id\": \"doc-")
                    .append(d)
                    .append("\", \"source\": \"")
                    .append(sources[d % 4 == 3 && d % 8 == 3 ? 3 : d % 3])
                    .append("\", \"quality\": ")
                    .append(r.nextInt(100))
                    .append(", \"text\": \"")
                    .append(text)
                    .append("\"}\n");
        }
        Path corpus = Files.writeString(dir.resolve("crawl-sample.jsonl"), lines.toString());
        Path bench = Files.writeString(
                dir.resolve("astronomy-quiz.jsonl"), "{\"id\": \"q-17\", \"question\": \"" + question + "\"}\n");
        Path target = Files.writeString(
                dir.resolve("target-mix.csv"), "source,share\nweb,40\nbooks,25\ncode,25\npapers,10\n");
        @SuppressWarnings("unchecked")
        ListView<Path> corpora = window.find("#data-corpus", ListView.class);
        @SuppressWarnings("unchecked")
        ListView<Path> benchmarks = window.find("#data-benchmarks", ListView.class);
        WaitForAsyncUtils.asyncFx(() -> {
                    corpora.getItems().add(corpus);
                    benchmarks.getItems().add(bench);
                    window.find("#data-source-field", TextField.class).setText("source");
                })
                .get();
        window.click("#data-run-dedup");
        window.waitUntil(
                "the dedup run kept",
                () -> !window.table("#data-runs").getItems().isEmpty());
        window.awaitJobs();
        TableView<?> clusters = window.table("#data-clusters");
        window.waitUntil("the clusters shown", () -> !clusters.getItems().isEmpty());
        WaitForAsyncUtils.asyncFx(() -> clusters.getSelectionModel().select(0)).get();
        window.waitUntil(
                "a cluster's documents",
                () -> !window.table("#data-members").getItems().isEmpty());
        window.awaitJobs();
        window.clickTab("Mixture");
        WaitForAsyncUtils.asyncFx(() -> {
                    window.find("#data-target", TextField.class).setText(target.toString());
                    window.find("#data-budget", TextField.class).setText("2M");
                    window.find("#data-order-by", TextField.class).setText("quality");
                })
                .get();
        window.click("#data-run-mix");
        window.waitUntil(
                "the mixture",
                () -> !window.table("#data-mix-sources").getItems().isEmpty());
        window.awaitJobs();
        window.clickTab("Decontamination");
        WaitForAsyncUtils.asyncFx(() -> window.find("#data-decon-out", TextField.class)
                        .setText(dir.resolve("clean").toString()))
                .get();
        window.click("#data-run-decon");
        window.waitUntil(
                "the decontaminated copy",
                () -> !window.table("#data-decon-items").getItems().isEmpty());
        window.awaitJobs();
        window.clickTab("Duplicates");
    }

    private List<String> shootEveryTab(FxRobot robot, Path out, String area, String theme) throws Exception {
        List<String> names = new ArrayList<>();
        List<TabPane> panes = window.tabPanes();
        if (panes.isEmpty()) {
            names.add(shoot(out, area + "-overview-" + theme));
            return names;
        }
        for (TabPane pane : panes) {
            List<Tab> tabs = List.copyOf(pane.getTabs());
            for (Tab tab : tabs) {
                robot.interact(() -> pane.getSelectionModel().select(tab));
                window.awaitJobs();
                names.add(shoot(out, area + "-" + slug(tab.getText()) + "-" + theme));
            }
            robot.interact(() -> pane.getSelectionModel().select(tabs.get(0)));
        }
        return names;
    }

    /** Lets the charts on screen draw (they re-colour and re-render over the next pulses), then writes the scene. */
    private String shoot(Path out, String name) throws Exception {
        WaitForAsyncUtils.waitForFxEvents();
        Thread.sleep(400);
        WaitForAsyncUtils.waitForFxEvents();
        WritableImage image =
                WaitForAsyncUtils.asyncFx(() -> stage.getScene().snapshot(null)).get(60, TimeUnit.SECONDS);
        BufferedImage argb = SwingFXUtils.fromFXImage(image, null);
        BufferedImage rgb = new BufferedImage(argb.getWidth(), argb.getHeight(), BufferedImage.TYPE_INT_RGB);
        rgb.createGraphics().drawImage(argb, 0, 0, null);
        String file = name + ".png";
        ImageIO.write(rgb, "png", out.resolve(file).toFile());
        return file;
    }

    static String slug(String text) {
        return text.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-|-$", "");
    }
}
