package dev.sextant.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import atlantafx.base.theme.PrimerDark;
import atlantafx.base.theme.PrimerLight;
import dev.sextant.app.report.Report;
import dev.sextant.app.report.ReportCharts;
import dev.sextant.app.report.RolloutReport;
import dev.sextant.app.ui.rollout.Presentation;
import dev.sextant.app.ui.shell.Theme;
import dev.sextant.model.gate.GateDecision;
import dev.sextant.workspaces.Workspace;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.embed.swing.SwingFXUtils;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Labeled;
import javafx.scene.layout.StackPane;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * Presentation slides under Monocle at projector sizes: nothing to scroll, no text cut short, a verdict slide with the
 * counts, a title slide that names the project, candidate and incumbent.
 */
@ExtendWith(ApplicationExtension.class)
class PresentationTest {

    static final double[][] SIZES = {{1280, 720}, {1920, 1080}};

    @TempDir
    Path tmp;

    @Start
    void start(Stage stage) {
        Application.setUserAgentStylesheet(new PrimerLight().getUserAgentStylesheet());
    }

    @Test
    void aWideTwentyRowTableFitsWithoutScrollingOrTruncation(FxRobot robot) throws Exception {
        Report report = sample();
        for (double[] size : SIZES) {
            List<Presentation.Slide> slides = build(robot, report, size, false);
            assertThat(slides)
                    .as("title, verdict, reasons, table slides, chart")
                    .hasSizeGreaterThanOrEqualTo(6);
            checkAll(robot, slides, size);

            String all = textsOf(robot, slides);
            // every row of the table is on some slide, and a split table repeats its first column
            for (int i = 1; i <= 20; i++) {
                assertThat(all).contains("check-" + i + " ≤ τ");
            }
            Presentation.Slide title = slides.get(0);
            assertThat(title.section()).isEqualTo(-1);
            assertThat(textsOf(robot, List.of(title)))
                    .contains("Project", "Demo project", "Candidate", "model-b", "Incumbent", "model-a", "2026-12-01");
            Presentation.Slide verdict = slides.get(1);
            assertThat(verdict.node().lookup("#slide-verdict")).isNotNull();
            String verdictText = textsOf(robot, List.of(verdict));
            assertThat(verdictText).contains("Reject", "2", "blocking checks", "5", "gains", "3", "inconclusive");
            assertThat(verdict.node().lookup("#slide-decision").getStyleClass()).contains("slide-decision-reject");
            assertThat(verdict.node().lookup("#slide-count-blocking")).isNotNull();
            long tableSlides = slides.stream().filter(s -> s.section() == 1).count();
            assertThat(tableSlides).as("20 rows, at most 8 a slide").isGreaterThanOrEqualTo(3);
        }
    }

    @Test
    void theDemoRolloutReportFitsInBothThemes(FxRobot robot) throws Exception {
        Report report;
        try (Workspace ws = Workspace.openOrCreate(tmp.resolve("ws"))) {
            report = RolloutReport.build(ws, ws.projects().list().get(0), null, null);
        }
        for (boolean dark : new boolean[] {false, true}) {
            robot.interact(() -> Application.setUserAgentStylesheet(
                    dark ? new PrimerDark().getUserAgentStylesheet() : new PrimerLight().getUserAgentStylesheet()));
            for (double[] size : SIZES) {
                List<Presentation.Slide> slides = build(robot, report, size, dark);
                checkAll(robot, slides, size);
                assertThat(textsOf(robot, slides.subList(1, 2)))
                        .contains("Canary", "blocking", "gains", "inconclusive");
            }
        }
        robot.interact(() -> Application.setUserAgentStylesheet(new PrimerLight().getUserAgentStylesheet()));
    }

    static List<Presentation.Slide> build(FxRobot robot, Report report, double[] size, boolean dark) throws Exception {
        CompletableFuture<List<Presentation.Slide>> f = new CompletableFuture<>();
        Platform.runLater(() -> {
            try {
                f.complete(Presentation.slides(report, size[0], size[1], dark, stylesheets()));
            } catch (Throwable t) {
                f.completeExceptionally(t);
            }
        });
        return f.get(60, TimeUnit.SECONDS);
    }

    static List<String> stylesheets() {
        return List.of(Theme.appStylesheet());
    }

    /** Each slide shown alone in a window of its size: every node inside it, every label's text whole. */
    static void checkAll(FxRobot robot, List<Presentation.Slide> slides, double[] size) throws Exception {
        List<String> problems = new ArrayList<>();
        for (int i = 0; i < slides.size(); i++) {
            Presentation.Slide slide = slides.get(i);
            int index = i;
            onFx(() -> {
                StackPane root = new StackPane(slide.node());
                new Scene(root, size[0], size[1]).getStylesheets().setAll(stylesheets());
                root.applyCss();
                root.layout();
                check(
                        slide.node(),
                        slide.node(),
                        size,
                        "slide " + (index + 1) + " at " + (int) size[0] + "×" + (int) size[1],
                        problems);
                root.getChildren().clear();
            });
        }
        assertThat(problems).isEmpty();
    }

    static void check(Node slide, Node n, double[] size, String where, List<String> problems) {
        if (!n.isVisible()) {
            return;
        }
        if (n != slide) {
            Bounds b = slide.sceneToLocal(n.localToScene(n.getLayoutBounds()));
            if (b.getMinX() < -0.5
                    || b.getMinY() < -0.5
                    || b.getMaxX() > size[0] + 0.5
                    || b.getMaxY() > size[1] + 0.5) {
                problems.add(where + ": " + describe(n) + " lies outside the slide at " + b);
            }
        }
        if (n instanceof Labeled l && l.getText() != null && !l.getText().isEmpty()) {
            Node shown = l.lookup(".text");
            String drawn = shown instanceof Text t ? t.getText() : null;
            if (!l.getText().equals(drawn)) {
                problems.add(where + ": “" + l.getText() + "” is drawn as “" + drawn + "”");
            }
        }
        if (n instanceof Parent p) {
            for (Node c : p.getChildrenUnmodifiable()) {
                check(slide, c, size, where, problems);
            }
        }
    }

    static String describe(Node n) {
        return n instanceof Labeled l ? "“" + l.getText() + "”" : n.getClass().getSimpleName() + n.getStyleClass();
    }

    static String textsOf(FxRobot robot, List<Presentation.Slide> slides) throws Exception {
        StringBuilder sb = new StringBuilder();
        onFx(() -> slides.forEach(s -> sb.append(texts(s.node())).append('\n')));
        return sb.toString();
    }

    static String texts(Node n) {
        StringBuilder sb = new StringBuilder();
        if (n instanceof Labeled l && l.getText() != null) {
            sb.append(l.getText()).append('\n');
        }
        if (n instanceof Parent p) {
            p.getChildrenUnmodifiable().forEach(c -> sb.append(texts(c)));
        }
        return sb.toString();
    }

    static void onFx(Runnable r) throws Exception {
        CompletableFuture<Void> f = new CompletableFuture<>();
        Platform.runLater(() -> {
            try {
                r.run();
                f.complete(null);
            } catch (Throwable t) {
                f.completeExceptionally(t);
            }
        });
        f.get(60, TimeUnit.SECONDS);
    }

    /** A report with what a slide must cope with: a verdict, long reasons, a 20-row table of nine columns, a chart. */
    static Report sample() {
        List<List<String>> rows = new ArrayList<>();
        for (int i = 1; i <= 20; i++) {
            rows.add(List.of(
                    "check-" + i + " ≤ τ",
                    i % 2 == 0 ? "benchmark" : "pairwise",
                    i % 3 == 0 ? "required-gain" : "blocking",
                    i % 4 == 0 ? "non-inferior (down-weighted)" : "inconclusive",
                    String.format("%.4f", i * 0.0123),
                    "[-0.0123, 0.0456]",
                    "-0.01",
                    String.valueOf(1000 + 37 * i),
                    "results/" + "lm-eval-harness-run-" + i + "/samples_gpqa_diamond_zeroshot.jsonl"));
        }
        GateDecision.CheckResult c = new GateDecision.CheckResult(
                "GPQA Diamond",
                "benchmark",
                "blocking",
                "inconclusive",
                0.012,
                -0.004,
                0.028,
                -0.01,
                448,
                "gpqa.jsonl",
                null);
        List<String> reasons = new ArrayList<>();
        for (int i = 1; i <= 9; i++) {
            reasons.add("Check " + i
                    + " (benchmark, accuracy): cannot rule out a loss beyond the margin of 0.01; improvement +0.004, interval "
                    + "[−0.012, +0.02], n = 448, from results/run-" + i + ".json");
        }
        return new Report(
                "Rollout report: model-b",
                "Project “Demo project” · generated 2026-12-01 10:00 UTC",
                List.of(
                        new Report.Fact("Project", "Demo project"),
                        new Report.Fact("Candidate", "model-b"),
                        new Report.Fact("Incumbent", "model-a"),
                        new Report.Fact("Date", "2026-12-01 10:00 UTC")),
                List.of(
                        new Report.Section(
                                "Decision",
                                List.of(
                                        new Report.Verdict(
                                                "reject", 2, 5, 3, "Reject: a regression blocks the candidate."),
                                        new Report.Paragraph(
                                                "model-b against the incumbent model-a, at α = 0.05, P99 TTFT ≤ 2 s → canary.",
                                                false),
                                        new Report.Bullets(reasons))),
                        new Report.Section(
                                "Evidence by check",
                                List.of(
                                        new Report.Paragraph("Improvement is the gain over the incumbent.", false),
                                        new Report.Table(
                                                List.of(
                                                        "Check",
                                                        "Layer",
                                                        "Role",
                                                        "Status",
                                                        "Improvement",
                                                        "Interval",
                                                        "Threshold",
                                                        "n",
                                                        "Evidence"),
                                                rows))),
                        new Report.Section("Intervals", List.of(new Report.Chart(ReportCharts.check(c), 720, 92))),
                        new Report.Section(
                                "Capacity and cost",
                                List.of(new Report.Bullets(List.of(
                                        "one replica serves 4.2 requests/s",
                                        "peak 6 replicas",
                                        "Step latency from the calibration profile."))))));
    }

    /**
     * Renders the sample and the demo report's slides to PNGs, light and dark, at both sizes, to look at them:
     * {@code PresentationTest <out folder> [workspace folder, kept between runs]} under the Monocle properties of the pom.
     */
    public static void main(String[] args) throws Exception {
        Path out = Path.of(args.length > 0 ? args[0] : "/tmp/slides");
        Files.createDirectories(out);
        Path ws = args.length > 1 ? Path.of(args[1]) : Files.createTempDirectory("slides-ws");
        Report demo;
        try (Workspace w = Workspace.openOrCreate(ws.resolve("ws"))) {
            demo = RolloutReport.build(w, w.projects().list().get(0), null, null);
        }
        Platform.startup(() -> {});
        for (boolean dark : new boolean[] {false, true}) {
            for (double[] size : SIZES) {
                for (var named : List.of(Map.entry("sample", sample()), Map.entry("demo", demo))) {
                    onFx(() -> {
                        Application.setUserAgentStylesheet(
                                dark
                                        ? new PrimerDark().getUserAgentStylesheet()
                                        : new PrimerLight().getUserAgentStylesheet());
                        long t0 = System.nanoTime();
                        List<Presentation.Slide> slides =
                                Presentation.slides(named.getValue(), size[0], size[1], dark, stylesheets());
                        System.out.printf(
                                "%s %s %.0f: %d slides in %d ms%n",
                                named.getKey(),
                                dark ? "dark" : "light",
                                size[1],
                                slides.size(),
                                (System.nanoTime() - t0) / 1_000_000);
                        for (int i = 0; i < slides.size(); i++) {
                            StackPane root = new StackPane(slides.get(i).node());
                            new Scene(root, size[0], size[1]).getStylesheets().setAll(stylesheets());
                            root.applyCss();
                            root.layout();
                            var image = root.snapshot(null, null);
                            File f = out.resolve(String.format(
                                            "%s-%s-%d-%02d.png",
                                            named.getKey(), dark ? "dark" : "light", (int) size[1], i + 1))
                                    .toFile();
                            try {
                                ImageIO.write(SwingFXUtils.fromFXImage(image, null), "png", f);
                            } catch (IOException e) {
                                throw new UncheckedIOException(e);
                            }
                        }
                    });
                }
            }
        }
        Platform.exit();
    }
}
