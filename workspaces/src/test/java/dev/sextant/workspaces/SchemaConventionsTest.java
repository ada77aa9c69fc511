package dev.sextant.workspaces;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sextant.workspaces.archive.SchemaGraph;
import java.nio.file.Path;
import java.sql.ResultSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The conventions that let archives and project deletion work from the foreign keys alone (see V001__projects.sql).
 * Every migration a later capability adds is checked here too.
 */
class SchemaConventionsTest {

    @TempDir
    Path tmp;

    @Test
    void everyTableFollowsTheConventions() {
        try (Workspace ws = Workspace.create(tmp.resolve("ws"))) {
            SchemaGraph schema = ws.read(SchemaGraph::read);
            assertThat(schema.inDependencyOrder()).isNotEmpty();
            for (SchemaGraph.Table t : schema.inDependencyOrder()) {
                assertThat(t.primaryKey()).as(t.name() + " has a primary key").isNotEmpty();
                assertThat(t.columns())
                        .as(t.name() + " uses no H2 JSON columns (store JSON as text)")
                        .noneMatch(c -> c.typeName().equalsIgnoreCase("JSON"));
                for (SchemaGraph.ForeignKey fk : t.foreignKeys()) {
                    assertThat(t.column(fk.column()).orElseThrow().isUuid())
                            .as(t.name() + "." + fk.column() + " is a UUID")
                            .isTrue();
                }
            }
            long identities = ws.read(c -> {
                try (ResultSet rs = c.createStatement()
                        .executeQuery(
                                "SELECT COUNT(*) FROM INFORMATION_SCHEMA.COLUMNS WHERE TABLE_SCHEMA = 'PUBLIC' AND IS_IDENTITY = 'YES'")) {
                    rs.next();
                    return rs.getLong(1);
                }
            });
            assertThat(identities)
                    .as("identity columns would collide when a project is imported")
                    .isZero();
            long nonCascading = ws.read(c -> {
                try (ResultSet rs = c.createStatement()
                        .executeQuery(
                                "SELECT COUNT(*) FROM INFORMATION_SCHEMA.REFERENTIAL_CONSTRAINTS WHERE CONSTRAINT_SCHEMA = 'PUBLIC' "
                                        + "AND DELETE_RULE <> 'CASCADE'")) {
                    rs.next();
                    return rs.getLong(1);
                }
            });
            assertThat(nonCascading)
                    .as("foreign keys cascade deletes so that deleting a project removes its data")
                    .isZero();
        }
    }
}
