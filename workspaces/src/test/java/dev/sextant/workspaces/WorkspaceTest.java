package dev.sextant.workspaces;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sextant.model.project.Project;
import dev.sextant.workspaces.migration.Migrator;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WorkspaceTest {

    @TempDir
    Path tmp;

    @Test
    void createMigratesAnEmptyDatabaseToTheLatestSchema() {
        Path dir = tmp.resolve("fresh");
        try (Workspace ws = Workspace.create(dir)) {
            assertThat(ws.schemaVersion()).isEqualTo(Migrator.standard().latestVersion());
            assertThat(ws.projects().list()).isEmpty();
            assertThat(ws.property("created_at")).isNotBlank();
            int recorded = ws.read(c -> {
                try (ResultSet rs = c.createStatement().executeQuery("SELECT COUNT(*) FROM SCHEMA_HISTORY")) {
                    rs.next();
                    return rs.getInt(1);
                }
            });
            assertThat(recorded).isEqualTo(Migrator.ALL.size());
        }
        assertThat(dir.resolve(Workspace.DATABASE_FILE)).isRegularFile();
    }

    @Test
    void firstOpenSeedsTheDemoProjectOnceAndReopenKeepsData() {
        Path dir = tmp.resolve("default");
        try (Workspace ws = Workspace.openOrCreate(dir)) {
            assertThat(ws.projects().list()).singleElement().satisfies(p -> {
                assertThat(p.name()).isEqualTo(DemoSeed.PROJECT_NAME);
                assertThat(p.demo()).isTrue();
            });
            ws.projects().create("Mine", "real work");
        }
        try (Workspace ws = Workspace.openOrCreate(dir)) {
            assertThat(ws.projects().list()).extracting(Project::name).containsExactly(DemoSeed.PROJECT_NAME, "Mine");
        }
    }

    @Test
    void openingAMissingWorkspaceSaysWhere() {
        Path dir = tmp.resolve("nothing-here");
        assertThatThrownBy(() -> Workspace.open(dir))
                .isInstanceOf(WorkspaceException.class)
                .hasMessageContaining("no workspace at " + dir);
        assertThat(dir).doesNotExist();
    }

    @Test
    void createRefusesAFolderWithOtherFiles() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("docs"));
        Files.writeString(dir.resolve("thesis.tex"), "x");
        assertThatThrownBy(() -> Workspace.create(dir)).hasMessageContaining("other files");
        assertThat(dir).isDirectoryContaining(p -> p.getFileName().toString().equals("thesis.tex"));
        assertThat(Files.list(dir).count()).isEqualTo(1);
    }

    @Test
    void aFailingTransactionLeavesNothingBehind() {
        try (Workspace ws = Workspace.create(tmp.resolve("ws"))) {
            assertThatThrownBy(() -> ws.transaction(c -> {
                        try (PreparedStatement ps = c.prepareStatement(
                                "INSERT INTO PROJECT(ID, NAME, CREATED_AT, UPDATED_AT) VALUES (RANDOM_UUID(), 'half', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)")) {
                            ps.executeUpdate();
                        }
                        throw new IllegalStateException("boom after the first write");
                    }))
                    .hasMessage("boom after the first write");
            assertThat(ws.projects().list()).isEmpty();
        }
    }

    @Test
    void aSecondProcessGetsAClearMessageNamingTheHolder() throws Exception {
        Path dir = tmp.resolve("shared");
        Workspace.create(dir).close();
        try (ChildProcess child = new ChildProcess("hold", dir.toString())) {
            assertThat(child.firstLine()).isEqualTo("READY");
            assertThatThrownBy(() -> Workspace.open(dir))
                    .isInstanceOf(WorkspaceInUseException.class)
                    .hasMessageContaining("workspace " + dir + " is already open in another process")
                    .hasMessageContaining("pid " + child.process.pid());
        }
        Workspace.open(dir).close(); // free again once the holder is gone
    }

    @Test
    void committedDataSurvivesTheProcessBeingKilled() throws Exception {
        Path dir = tmp.resolve("durable");
        Workspace.create(dir).close();
        try (ChildProcess child = new ChildProcess("commit", dir.toString(), "Survivor")) {
            assertThat(child.firstLine()).isEqualTo("COMMITTED");
            child.kill();
        }
        try (Workspace ws = Workspace.open(dir)) {
            assertThat(ws.projects().list()).extracting(Project::name).containsExactly("Survivor");
        }
    }

    @Test
    void anEditedMigrationScriptIsNoticed() {
        Path dir = tmp.resolve("tampered");
        try (Workspace ws = Workspace.create(dir)) {
            ws.transaction(c ->
                    c.createStatement().executeUpdate("UPDATE SCHEMA_HISTORY SET CHECKSUM = 42 WHERE VERSION = 1"));
        }
        assertThatThrownBy(() -> Workspace.open(dir)).hasMessageContaining("changed after it was applied");
    }

    @Test
    void aWorkspaceFromANewerSextantIsRefusedUntouched() throws Exception {
        Path dir = tmp.resolve("future");
        try (Workspace ws = Workspace.create(dir)) {
            ws.transaction(c -> c.createStatement()
                    .executeUpdate(
                            "INSERT INTO SCHEMA_HISTORY VALUES (999, 'future', 'V999.sql', 0, CURRENT_TIMESTAMP)"));
        }
        assertThatThrownBy(() -> Workspace.open(dir)).hasMessageContaining("newer Sextant (schema version 999");
        // refused, not half-migrated and not locked: the same answer again, and no backup left behind
        assertThatThrownBy(() -> Workspace.open(dir)).hasMessageContaining("newer Sextant (schema version 999");
        try (var files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).noneMatch(n -> n.endsWith(".bak"));
        }
    }

    @Test
    void homeResolvesTheDefaultWorkspaceAndRemembersRecentOnes() {
        WorkspaceHome home = new WorkspaceHome(tmp.resolve("home"));
        assertThat(home.defaultWorkspaceDir()).isEqualTo(tmp.resolve("home/workspaces/default"));
        assertThat(home.startupWorkspaceDir()).isEqualTo(home.defaultWorkspaceDir());
        Path a = tmp.resolve("a");
        Path b = tmp.resolve("b");
        Workspace.create(a).close();
        Workspace.create(b).close();
        home.rememberRecent(a);
        home.rememberRecent(b);
        home.rememberRecent(a);
        home.rememberRecent(tmp.resolve("gone"));
        assertThat(home.recentWorkspaces()).containsExactly(a, b);
        assertThat(home.startupWorkspaceDir()).isEqualTo(a);
        home.save(home.settings().withOpenLastWorkspace(false).withTheme("dark"));
        assertThat(home.startupWorkspaceDir()).isEqualTo(home.defaultWorkspaceDir());
        assertThat(home.settings().theme()).isEqualTo("dark");
    }

    @Test
    void homeComesFromTheEnvironment() {
        assertThat(WorkspaceHome.fromEnvironment(Map.of(WorkspaceHome.ENV, tmp.toString()))
                        .root())
                .isEqualTo(tmp);
    }
}
