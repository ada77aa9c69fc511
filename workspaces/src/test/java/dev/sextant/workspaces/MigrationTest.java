package dev.sextant.workspaces;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sextant.model.project.Project;
import dev.sextant.workspaces.migration.Migration;
import dev.sextant.workspaces.migration.Migrator;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Opening a workspace written by an older build: migrate forward, or restore the backup when a migration fails. */
class MigrationTest {

    @TempDir
    Path tmp;

    private static Migrator withSecond(String script) {
        List<Migration> list = new ArrayList<>(Migrator.ALL);
        list.add(new Migration(Migrator.ALL.size() + 1, "test migration", script));
        return new Migrator(list);
    }

    @Test
    void anOlderWorkspaceIsMigratedForwardKeepingItsData() {
        Path dir = tmp.resolve("old");
        try (Workspace ws = Workspace.create(dir)) {
            ws.projects().create("Kept", "");
        }
        Migrator newer = withSecond("test/V002__notes.sql");
        try (Workspace ws = Workspace.open(dir, newer)) {
            assertThat(ws.schemaVersion()).isEqualTo(newer.latestVersion());
            assertThat(ws.projects().list()).extracting(Project::name).containsExactly("Kept");
            assertThat(tableExists(ws, "NOTE")).isTrue();
        }
        assertThat(backups(dir)).isEmpty();
    }

    @Test
    void aFailedMigrationRestoresTheWorkspaceAsItWas() {
        Path dir = tmp.resolve("old");
        try (Workspace ws = Workspace.create(dir)) {
            ws.projects().create("Precious", "must survive");
        }
        assertThatThrownBy(() -> Workspace.open(dir, withSecond("test/V002__broken.sql")))
                .isInstanceOf(WorkspaceException.class)
                .hasMessageContaining(
                        "migration to schema version " + (Migrator.ALL.size() + 1) + " (test migration) failed")
                .hasMessageContaining("(details in the log)")
                .hasMessageNotContaining("NO_SUCH_TABLE")
                // the detail goes to the log, not the user
                .satisfies(e -> assertThat(e.getCause()).hasMessageContaining("NO_SUCH_TABLE"));
        assertThat(backups(dir)).isEmpty();
        try (Workspace ws = Workspace.open(dir)) {
            assertThat(ws.schemaVersion()).isEqualTo(Migrator.standard().latestVersion());
            assertThat(tableExists(ws, "HALF_DONE"))
                    .as("the half-applied DDL is gone")
                    .isFalse();
            assertThat(ws.projects().list()).extracting(Project::description).containsExactly("must survive");
        }
    }

    @Test
    void migrationVersionsMustBeConsecutive() {
        assertThatThrownBy(() -> new Migrator(List.of(new Migration(2, "x", "x.sql"))))
                .hasMessageContaining("1, 2, 3");
    }

    private static boolean tableExists(Workspace ws, String table) {
        return ws.read(c -> {
            try (ResultSet rs = c.getMetaData().getTables(null, "PUBLIC", table, null)) {
                return rs.next();
            }
        });
    }

    private static List<Path> backups(Path dir) {
        try (var files = Files.list(dir)) {
            return files.filter(p -> p.getFileName().toString().endsWith(".bak"))
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
