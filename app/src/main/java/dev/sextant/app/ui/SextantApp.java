package dev.sextant.app.ui;

import dev.sextant.app.logging.LogSetup;
import dev.sextant.app.study.TrainingStudy;
import dev.sextant.app.ui.ablations.AblationsView;
import dev.sextant.app.ui.ablations.AblationsViewModel;
import dev.sextant.app.ui.contamination.ContaminationView;
import dev.sextant.app.ui.contamination.ContaminationViewModel;
import dev.sextant.app.ui.data.DataView;
import dev.sextant.app.ui.data.DataViewModel;
import dev.sextant.app.ui.evaluation.EvaluationView;
import dev.sextant.app.ui.evaluation.EvaluationViewModel;
import dev.sextant.app.ui.gpu.GpuView;
import dev.sextant.app.ui.gpu.GpuViewModel;
import dev.sextant.app.ui.monitoring.MonitoringView;
import dev.sextant.app.ui.monitoring.MonitoringViewModel;
import dev.sextant.app.ui.projects.ProjectsView;
import dev.sextant.app.ui.projects.ProjectsViewModel;
import dev.sextant.app.ui.rollout.RolloutView;
import dev.sextant.app.ui.rollout.RolloutViewModel;
import dev.sextant.app.ui.runhealth.RunHealthView;
import dev.sextant.app.ui.runhealth.RunHealthViewModel;
import dev.sextant.app.ui.serving.ServingView;
import dev.sextant.app.ui.serving.ServingViewModel;
import dev.sextant.app.ui.shell.Area;
import dev.sextant.app.ui.shell.Dialogs;
import dev.sextant.app.ui.shell.FxmlView;
import dev.sextant.app.ui.shell.JobRunner;
import dev.sextant.app.ui.shell.MainWindow;
import dev.sextant.app.ui.shell.ShellModel;
import dev.sextant.app.ui.training.TrainingView;
import dev.sextant.app.ui.training.TrainingViewModel;
import dev.sextant.workspaces.WorkspaceHome;
import java.nio.file.Path;
import java.util.List;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.stage.Stage;
import org.kordamp.ikonli.feather.Feather;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The JavaFX application: builds the shell and opens the start-up workspace as the first job. */
public final class SextantApp extends Application {

    private static final Logger LOG = LoggerFactory.getLogger(SextantApp.class);
    private static volatile Path requestedWorkspace;

    private ShellModel shell;

    /** Starts the GUI and blocks until it closes. {@code workspaceDir} null means the start-up workspace. */
    public static void launchGui(Path workspaceDir) {
        requestedWorkspace = workspaceDir;
        Application.launch(SextantApp.class);
    }

    @Override
    public void start(Stage stage) {
        WorkspaceHome home = WorkspaceHome.fromEnvironment();
        LogSetup.logToWorkspace(home.root().resolve("logs"));
        Thread.setDefaultUncaughtExceptionHandler((t, e) -> LOG.error("uncaught exception on {}", t.getName(), e));
        LOG.info("Sextant starting; home {}", home.root());
        TrainingStudy.warmUp(); // the training plans' prediction intervals, worked out in the background
        shell = new ShellModel(home, JobRunner.fx());
        MainWindow window = open(stage, shell);
        stage.setOnCloseRequest(e -> {
            if (shell.jobs().runningProperty().get()
                    && !Dialogs.confirm(
                            stage,
                            "A job is still running",
                            "Quit anyway? The running job is cancelled and leaves nothing half-written.",
                            "Quit")) {
                e.consume();
                return;
            }
            shell.jobs().cancel();
        });
        stage.show();
        Path dir = requestedWorkspace != null ? requestedWorkspace : home.startupWorkspaceDir();
        shell.openWorkspace(dir, requestedWorkspace == null);
    }

    /** Builds the main window on {@code stage}; shared with the UI tests. */
    public static MainWindow open(Stage stage, ShellModel shell) {
        MainWindow[] window = new MainWindow[1];
        List<Area> areas = List.of(
                new Area(
                        "projects",
                        "Projects",
                        "Projects in this workspace",
                        Feather.FOLDER,
                        () -> FxmlView.load(new ProjectsView(
                                new ProjectsViewModel(shell),
                                new ProjectsView.Actions(
                                        () -> window[0].newProject(),
                                        () -> window[0].importProject(),
                                        () -> window[0].exportProject())))),
                new Area(
                        "evaluation",
                        "Evaluation",
                        "Benchmark credibility",
                        Feather.BAR_CHART_2,
                        () -> FxmlView.load(new EvaluationView(new EvaluationViewModel(shell)))),
                new Area(
                        "contamination",
                        "Contamination",
                        "Benchmark leaks in training corpora",
                        Feather.SEARCH,
                        () -> FxmlView.load(new ContaminationView(new ContaminationViewModel(shell)))),
                new Area(
                        "training",
                        "Training",
                        "Parallelism layouts and failures",
                        Feather.CPU,
                        () -> FxmlView.load(new TrainingView(new TrainingViewModel(shell)))),
                new Area(
                        "serving",
                        "Serving",
                        "KV cache, batching, replicas over a day",
                        Feather.SERVER,
                        () -> FxmlView.load(new ServingView(new ServingViewModel(shell)))),
                new Area(
                        "gpu",
                        "GPU",
                        "Calibration on this machine's GPU",
                        Feather.ACTIVITY,
                        () -> FxmlView.load(new GpuView(new GpuViewModel(shell)))),
                new Area(
                        "rollout",
                        "Rollout",
                        "Decision, canary plan, report",
                        Feather.FLAG,
                        () -> FxmlView.load(new RolloutView(new RolloutViewModel(shell)))),
                new Area(
                        "runhealth",
                        "Run health",
                        "Training logs, rollbacks, failures",
                        Feather.HEART,
                        () -> new RunHealthView(new RunHealthViewModel(shell)).node()),
                new Area("data", "Data", "Duplicates, mixtures, decontamination", Feather.DATABASE, () -> new DataView(
                                new DataViewModel(shell))
                        .node()),
                new Area(
                        "ablations",
                        "Ablations",
                        "Scaling laws from small runs",
                        Feather.TRENDING_UP,
                        () -> new AblationsView(new AblationsViewModel(shell)).node()),
                new Area(
                        "monitoring",
                        "Monitoring",
                        "Production traffic after launch",
                        Feather.RADIO,
                        () -> new MonitoringView(new MonitoringViewModel(shell)).node()));
        window[0] = new MainWindow(stage, shell, areas);
        window[0].build();
        return window[0];
    }

    @Override
    public void stop() {
        if (shell != null) {
            shell.closeWorkspace();
        }
        LOG.info("Sextant stopped");
        Platform.exit();
    }
}
