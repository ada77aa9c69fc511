package dev.sextant.app.ui;

import dev.sextant.app.ui.shell.JobRunner;
import dev.sextant.app.ui.shell.ShellModel;
import dev.sextant.workspaces.WorkspaceHome;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the view-model tests share: a real default workspace (seeded with the demo project) in a temporary folder,
 * opened by a shell whose jobs run synchronously, and the failures its failure handler received.
 */
abstract class DemoWorkspaceTest {

    @TempDir
    Path tmp;

    ShellModel shell;
    final List<String> failures = new ArrayList<>();

    @BeforeEach
    void openDemoWorkspace() {
        JobRunner jobs = JobRunner.direct();
        jobs.setFailureHandler((t, e) -> failures.add(t + ": " + e.getMessage()));
        shell = new ShellModel(new WorkspaceHome(tmp.resolve("home")), jobs);
        shell.openWorkspace(shell.home().defaultWorkspaceDir(), true);
    }

    @AfterEach
    void closeWorkspace() {
        shell.closeWorkspace();
    }
}
