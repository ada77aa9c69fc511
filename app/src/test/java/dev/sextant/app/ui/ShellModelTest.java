package dev.sextant.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sextant.app.Failures;
import dev.sextant.app.ui.shell.JobRunner;
import dev.sextant.app.ui.shell.ShellModel;
import dev.sextant.model.project.Project;
import dev.sextant.workspaces.Workspace;
import dev.sextant.workspaces.WorkspaceHome;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The shell's actions with a synchronous job runner: no threads, no window, real workspaces. */
class ShellModelTest {

    @TempDir
    Path tmp;

    WorkspaceHome home;
    ShellModel shell;
    List<String> failures = new ArrayList<>();

    @BeforeEach
    void open() {
        home = new WorkspaceHome(tmp.resolve("home"));
        JobRunner jobs = JobRunner.direct();
        jobs.setFailureHandler((title, e) -> failures.add(title + ": " + Failures.message(e))); // what the dialog shows
        shell = new ShellModel(home, jobs);
        shell.openWorkspace(home.defaultWorkspaceDir(), true);
    }

    @AfterEach
    void close() {
        shell.closeWorkspace();
    }

    @Test
    void opensTheSeededDefaultWorkspaceAndRemembersIt() {
        assertThat(shell.workspaceProperty().get().name()).isEqualTo("default");
        assertThat(shell.projects()).singleElement().matches(Project::demo);
        assertThat(shell.currentProjectProperty().get())
                .isEqualTo(shell.projects().get(0));
        assertThat(shell.statusProperty().get()).isEqualTo("Opened workspace default (1 project)");
        assertThat(home.recentWorkspaces()).containsExactly(home.defaultWorkspaceDir());
    }

    @Test
    void projectLifecycleAndTheLastProjectIsRememberedPerWorkspace() {
        shell.createProject("Serving plan", "H100 vs H200");
        assertThat(shell.currentProjectProperty().get().name()).isEqualTo("Serving plan");
        Project p = shell.currentProjectProperty().get();
        shell.updateProject(p.id(), "Serving plan 2027", "H200", null);
        assertThat(shell.currentProjectProperty().get().name()).isEqualTo("Serving plan 2027");
        assertThat(shell.projects()).hasSize(2);

        Path other = tmp.resolve("other");
        Workspace.create(other).close();
        shell.openWorkspace(other, false);
        assertThat(shell.projects()).isEmpty();
        assertThat(shell.currentProjectProperty().get()).isNull();
        shell.openWorkspace(home.defaultWorkspaceDir(), false);
        assertThat(shell.currentProjectProperty().get().name()).isEqualTo("Serving plan 2027");

        shell.deleteProject(shell.currentProjectProperty().get());
        assertThat(shell.projects()).singleElement().matches(Project::demo);
        assertThat(failures).isEmpty();
    }

    @Test
    void failuresReachTheHandlerAndLeaveTheWorkspaceOpen() {
        shell.createProject("   ", "");
        shell.openWorkspace(tmp.resolve("does-not-exist"), false);
        assertThat(failures)
                .containsExactly(
                        "Create project: project name is empty",
                        "Open workspace does-not-exist: no workspace at " + tmp.resolve("does-not-exist")
                                + " (expected workspace.mv.db there)");
        assertThat(shell.workspaceProperty().get().name()).isEqualTo("default");
        assertThat(shell.workspaceProperty().get().isClosed()).isFalse();
    }

    @Test
    void exportAndImportAProject() {
        Project demo = shell.currentProjectProperty().get();
        Path zip = tmp.resolve("demo.sextant.zip");
        shell.exportProject(demo, zip);
        assertThat(shell.statusProperty().get()).startsWith("Exported project " + demo.name());
        shell.importProject(zip);
        assertThat(shell.projects()).hasSize(2);
        assertThat(shell.currentProjectProperty().get().name()).isEqualTo(demo.name() + " (2)");
        assertThat(failures).isEmpty();
    }

    @Test
    void aHostileArchiveAndADamagedWorkspaceGiveOnePlainLineAndChangeNothing() throws Exception {
        Project demo = shell.currentProjectProperty().get();
        Path zip = tmp.resolve("demo.sextant.zip");
        shell.exportProject(demo, zip);
        Path bomb = tmp.resolve("bomb.sextant.zip");
        try (var in = new ZipFile(zip.toFile());
                var out = new ZipOutputStream(Files.newOutputStream(bomb))) {
            for (var en = in.entries(); en.hasMoreElements(); ) {
                var e = en.nextElement();
                out.putNextEntry(new ZipEntry(e.getName()));
                in.getInputStream(e).transferTo(out);
                out.closeEntry();
            }
            out.setLevel(9);
            out.putNextEntry(new ZipEntry("files/zeros.bin"));
            byte[] mb = new byte[1 << 20];
            for (int i = 0; i < 128; i++) {
                out.write(mb);
            }
            out.closeEntry();
        }
        shell.importProject(bomb);
        Path damaged = Files.createDirectories(tmp.resolve("damaged"));
        Files.write(damaged.resolve(Workspace.DATABASE_FILE), new byte[0]);
        shell.openWorkspace(damaged, false);

        assertThat(failures).hasSize(2);
        assertThat(failures.get(0))
                .startsWith("Import project: " + bomb + ": entry 'files/zeros.bin': inflates")
                .contains("decompression bomb");
        assertThat(failures.get(1))
                .startsWith("Open workspace damaged: workspace database " + damaged.resolve(Workspace.DATABASE_FILE)
                        + " is damaged or not a Sextant workspace (the file is empty)");
        assertThat(failures).allSatisfy(f -> assertThat(f).doesNotContain("\n").doesNotContain("Exception"));
        assertThat(shell.projects()).containsExactly(demo);
        assertThat(shell.workspaceProperty().get().name()).isEqualTo("default");
        assertThat(Files.size(damaged.resolve(Workspace.DATABASE_FILE))).isZero();
    }
}
