package dev.sextant.workspaces;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sextant.model.evaluation.EvidenceFile;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import dev.sextant.model.project.Project;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProjectRepositoryTest {

    @TempDir
    Path tmp;

    Workspace ws;
    ProjectRepository projects;

    @BeforeEach
    void open() {
        ws = Workspace.create(tmp.resolve("ws"));
        projects = ws.projects();
    }

    @AfterEach
    void close() {
        ws.close();
    }

    /** Anything kept in a project (here an evaluation import) marks it updated, so the list's "Updated" is true. */
    @Test
    void keepingSomethingInAProjectMarksItUpdated() throws Exception {
        Project a = projects.create("A", "");
        Thread.sleep(5);
        ws.evaluation()
                .importFiles(
                        a.id(),
                        List.of(EvidenceFile.of(
                                EvidenceFile.Kind.MIX, "mix.csv", "/m.csv", List.of(), Map.of("coding", 1.0))),
                        false,
                        ProgressListener.NONE,
                        CancellationToken.none());
        assertThat(projects.find(a.id()).orElseThrow().updatedAt()).isAfter(a.updatedAt());
    }

    @Test
    void createListUpdateDelete() throws Exception {
        Project a = projects.create("  Zeta  ", "first");
        Project b = projects.create("alpha", null);
        assertThat(a.name()).isEqualTo("Zeta");
        assertThat(b.description()).isEmpty();
        assertThat(projects.list()).extracting(Project::name).containsExactly("alpha", "Zeta");

        Thread.sleep(5);
        Project renamed = projects.update(a.id(), "Omega", "changed");
        assertThat(renamed.createdAt()).isEqualTo(a.createdAt());
        assertThat(renamed.updatedAt()).isAfter(a.updatedAt());
        assertThat(projects.find(a.id())).contains(renamed);
        assertThat(projects.findByIdOrName("OMEGA")).contains(renamed);
        assertThat(projects.findByIdOrName(a.id().toString())).contains(renamed);

        projects.delete(b.id());
        assertThat(projects.list()).extracting(Project::name).containsExactly("Omega");
        assertThatThrownBy(() -> projects.delete(b.id())).hasMessageContaining("no project with id");
    }

    @Test
    void namesAreUniqueIgnoringCase() {
        projects.create("Llama eval", "");
        assertThatThrownBy(() -> projects.create("LLAMA EVAL", ""))
                .isInstanceOf(WorkspaceException.class)
                .hasMessage("a project named 'Llama eval' already exists in this workspace");
        Project other = projects.create("other", "");
        assertThatThrownBy(() -> projects.update(other.id(), "llama eval", "")).hasMessageContaining("already exists");
        assertThat(projects.update(other.id(), "Other", "").name()).isEqualTo("Other");
    }

    @Test
    void badNamesAreRefusedWithAReason() {
        assertThatThrownBy(() -> projects.create("   ", "")).hasMessage("project name is empty");
        assertThatThrownBy(() -> projects.create("x".repeat(121), "")).hasMessageContaining("longer than 120");
        assertThatThrownBy(() -> projects.create("tab\there", "")).hasMessageContaining("control characters");
        assertThat(projects.list()).isEmpty();
    }

    @Test
    void freeNameAddsANumberWhenTaken() {
        projects.create("Demo", "");
        projects.create("Demo (2)", "");
        String taken = ws.read(c -> projects.freeName(c, "Demo"));
        String free = ws.read(c -> projects.freeName(c, "New"));
        assertThat(taken).isEqualTo("Demo (3)");
        assertThat(free).isEqualTo("New");
    }
}
