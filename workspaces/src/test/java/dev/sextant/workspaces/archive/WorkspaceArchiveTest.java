package dev.sextant.workspaces.archive;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sextant.model.BadInputException;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.CancelledException;
import dev.sextant.model.job.ProgressListener;
import dev.sextant.model.project.Project;
import dev.sextant.workspaces.Workspace;
import dev.sextant.workspaces.WorkspaceException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WorkspaceArchiveTest {

    @TempDir
    Path tmp;

    @Test
    void workspaceRoundTripKeepsProjectsPropertiesAndFiles() throws Exception {
        Path src = tmp.resolve("src");
        Project demo;
        try (Workspace ws = Workspace.openOrCreate(src)) {
            demo = ws.projects().list().get(0);
            ws.projects().create("Second", "with a \"quote\" and ünïcode ✓");
            Files.createDirectories(src.resolve("attachments"));
            Files.writeString(src.resolve("attachments/notes.txt"), "kept");
            Files.createDirectories(ws.logDir());
            Files.writeString(ws.logDir().resolve("sextant.log"), "not kept");
            List<Double> fractions = new CopyOnWriteArrayList<>();
            ArchiveManifest m = WorkspaceArchive.exportWorkspace(
                    ws, tmp.resolve("all.sextant.zip"), (f, msg) -> fractions.add(f), CancellationToken.none());
            assertThat(m.kind()).isEqualTo(ArchiveManifest.Kind.WORKSPACE);
            assertThat(m.tables())
                    .extracting(ArchiveManifest.TableEntry::name)
                    .contains("PROJECT", "WORKSPACE_PROPERTY");
            assertThat(m.files()).isEqualTo(1);
            assertThat(fractions).last().isEqualTo(1.0);
        }
        Path dst = WorkspaceArchive.importWorkspace(
                tmp.resolve("all.sextant.zip"), tmp.resolve("copy"), ProgressListener.NONE, CancellationToken.none());
        try (Workspace src2 = Workspace.open(src);
                Workspace copy = Workspace.open(dst)) {
            assertThat(copy.projects().list()).isEqualTo(src2.projects().list());
            assertThat(copy.projects().find(demo.id())).contains(demo);
            assertThat(copy.property("created_at")).isEqualTo(src2.property("created_at"));
        }
        assertThat(dst.resolve("attachments/notes.txt")).hasContent("kept");
        assertThat(dst.resolve("logs")).doesNotExist();
        try (var siblings = Files.list(tmp)) {
            assertThat(siblings.map(p -> p.getFileName().toString())).noneMatch(n -> n.contains("importing"));
        }
    }

    @Test
    void projectRoundTripFollowsForeignKeysAndGivesFreshIds() throws Exception {
        Path a = tmp.resolve("a");
        Path b = tmp.resolve("b");
        UUID runId = UUID.randomUUID();
        Project exported;
        try (Workspace ws = Workspace.create(a)) {
            addChildTables(ws);
            exported = ws.projects().create("Eval", "scores");
            Project other = ws.projects().create("Other", "");
            insertRun(ws, runId, exported.id(), Double.NaN, new byte[] {1, 2, 3});
            insertRun(ws, UUID.randomUUID(), other.id(), 0.5, null);
            ws.transaction(c -> {
                try (PreparedStatement ps = c.prepareStatement("INSERT INTO TEST_ITEM VALUES (?, ?, ?)")) {
                    for (int i = 0; i < 1200; i++) {
                        ps.setObject(1, UUID.randomUUID());
                        ps.setObject(2, runId);
                        ps.setString(3, "item " + i);
                        ps.addBatch();
                    }
                    ps.executeBatch();
                }
                return null;
            });
            ArchiveManifest m = WorkspaceArchive.exportProject(
                    ws,
                    exported.id(),
                    tmp.resolve("eval.sextant.zip"),
                    ProgressListener.NONE,
                    CancellationToken.none());
            assertThat(m.tables().stream().filter(t -> t.rows() > 0))
                    .containsExactly(
                            new ArchiveManifest.TableEntry("PROJECT", 1),
                            new ArchiveManifest.TableEntry("TEST_RUN", 1),
                            new ArchiveManifest.TableEntry("TEST_ITEM", 1200));
            assertThat(m.projectName()).isEqualTo("Eval");
        }
        try (Workspace ws = Workspace.create(b)) {
            addChildTables(ws);
            ws.projects().create("Eval", "already here");
            Project first = WorkspaceArchive.importProject(
                    ws, tmp.resolve("eval.sextant.zip"), ProgressListener.NONE, CancellationToken.none());
            Project second = WorkspaceArchive.importProject(
                    ws, tmp.resolve("eval.sextant.zip"), ProgressListener.NONE, CancellationToken.none());
            assertThat(first.name()).isEqualTo("Eval (2)");
            assertThat(second.name()).isEqualTo("Eval (3)");
            assertThat(first.id()).isNotEqualTo(exported.id()).isNotEqualTo(second.id());
            assertThat(first.description()).isEqualTo("scores");
            assertThat(first.createdAt()).isEqualTo(exported.createdAt());
            ws.read(c -> {
                try (PreparedStatement ps = c.prepareStatement(
                        "SELECT R.ID, R.SCORE, R.PAYLOAD, (SELECT COUNT(*) FROM TEST_ITEM I WHERE I.RUN_ID = R.ID) "
                                + "FROM TEST_RUN R WHERE R.PROJECT_ID = ?")) {
                    ps.setObject(1, first.id());
                    try (ResultSet rs = ps.executeQuery()) {
                        assertThat(rs.next()).isTrue();
                        assertThat(rs.getObject(1, UUID.class)).isNotEqualTo(runId);
                        assertThat(rs.getDouble(2)).isNaN();
                        assertThat(rs.getBytes(3)).containsExactly(1, 2, 3);
                        assertThat(rs.getLong(4)).isEqualTo(1200);
                        assertThat(rs.next()).isFalse();
                    }
                }
                return null;
            });
            ws.projects().delete(first.id());
            assertThat(count(ws, "TEST_ITEM")).isEqualTo(1200); // the second import's items remain
        }
    }

    @Test
    void archivePathsThatEscapeTheTargetAreRefusedBeforeAnythingIsWritten() throws Exception {
        for (String evil : List.of(
                "../evil.txt",
                "files/../../evil.txt",
                "/etc/evil.txt",
                "files/a/../../../evil.txt",
                "C:/evil.txt",
                "files\\..\\evil.txt")) {
            Path zip = tmp.resolve("evil-" + Math.abs(evil.hashCode()) + ".zip");
            Path good = exportedWorkspace();
            try (ZipFile in = new ZipFile(good.toFile());
                    ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(zip))) {
                var en = in.entries();
                while (en.hasMoreElements()) {
                    ZipEntry e = en.nextElement();
                    out.putNextEntry(new ZipEntry(e.getName()));
                    in.getInputStream(e).transferTo(out);
                    out.closeEntry();
                }
                out.putNextEntry(new ZipEntry(evil));
                out.write("pwned".getBytes(StandardCharsets.UTF_8));
                out.closeEntry();
            }
            Path target = tmp.resolve("target-" + Math.abs(evil.hashCode()));
            assertThatThrownBy(() -> WorkspaceArchive.importWorkspace(
                            zip, target, ProgressListener.NONE, CancellationToken.none()))
                    .as(evil)
                    .isInstanceOf(BadInputException.class)
                    .hasMessageContaining(zip.toString())
                    .hasMessageContaining("entry '" + evil + "'");
            assertThat(target).doesNotExist();
        }
        assertThat(tmp.getParent().resolve("evil.txt")).doesNotExist();
        assertThat(tmp.resolve("evil.txt")).doesNotExist();
    }

    @Test
    void brokenArchivesGetAMessageNamingTheFileAndEntry() throws Exception {
        Path notZip = Files.writeString(tmp.resolve("notes.sextant.zip"), "hello");
        assertThatThrownBy(() -> WorkspaceArchive.readManifest(notZip)).hasMessageContaining("not a zip archive");

        Path noManifest =
                zipOf(tmp.resolve("nomanifest.zip"), List.<String[]>of(new String[] {"tables/PROJECT.jsonl", "{}\n"}));
        assertThatThrownBy(() -> WorkspaceArchive.readManifest(noManifest)).hasMessageContaining("no manifest.json");

        Path good = exportedWorkspace();
        String manifest;
        String projects;
        try (ZipFile z = new ZipFile(good.toFile())) {
            manifest = new String(z.getInputStream(z.getEntry("manifest.json")).readAllBytes(), StandardCharsets.UTF_8);
            projects = new String(
                    z.getInputStream(z.getEntry("tables/PROJECT.jsonl")).readAllBytes(), StandardCharsets.UTF_8);
        }
        String props = "{\"NAME\":\"created_at\",\"TEXT_VALUE\":\"2026\"}\n";
        Path truncated = zipOf(
                tmp.resolve("truncated.zip"),
                List.of(
                        new String[] {"manifest.json", manifest},
                        new String[] {"tables/PROJECT.jsonl", projects.substring(0, projects.length() / 2)},
                        new String[] {"tables/WORKSPACE_PROPERTY.jsonl", props}));
        assertThatThrownBy(() -> WorkspaceArchive.importWorkspace(
                        truncated, tmp.resolve("t"), ProgressListener.NONE, CancellationToken.none()))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("truncated.zip!tables/PROJECT.jsonl:1: invalid JSON");
        assertThat(tmp.resolve("t")).doesNotExist();

        Path badColumn = zipOf(
                tmp.resolve("badcol.zip"),
                List.of(
                        new String[] {"manifest.json", manifest},
                        new String[] {"tables/PROJECT.jsonl", projects.replace("\"DEMO\"", "\"DEMOS\"")},
                        new String[] {"tables/WORKSPACE_PROPERTY.jsonl", props}));
        assertThatThrownBy(() -> WorkspaceArchive.importWorkspace(
                        badColumn, tmp.resolve("c"), ProgressListener.NONE, CancellationToken.none()))
                .hasMessageContaining("badcol.zip!tables/PROJECT.jsonl:1: DEMOS: no such column in table PROJECT");

        Path future = zipOf(tmp.resolve("future.zip"), List.<String[]>of(new String[] {
            "manifest.json", manifest.replaceFirst("\"schemaVersion\" : \\d+", "\"schemaVersion\" : 999")
        }));
        assertThatThrownBy(() -> WorkspaceArchive.readManifest(future))
                .hasMessageContaining("schemaVersion: schema version 999");
    }

    @Test
    void archivesOfTheWrongKindPointToTheRightImport() throws Exception {
        Path wsZip = exportedWorkspace();
        try (Workspace ws = Workspace.create(tmp.resolve("into"))) {
            assertThatThrownBy(() ->
                            WorkspaceArchive.importProject(ws, wsZip, ProgressListener.NONE, CancellationToken.none()))
                    .hasMessageContaining("whole-workspace archive");
            Project p = ws.projects().create("P", "");
            Path pZip = tmp.resolve("p.sextant.zip");
            WorkspaceArchive.exportProject(ws, p.id(), pZip, ProgressListener.NONE, CancellationToken.none());
            assertThatThrownBy(() -> WorkspaceArchive.importWorkspace(
                            pZip, tmp.resolve("nw"), ProgressListener.NONE, CancellationToken.none()))
                    .hasMessageContaining("project archive ('P')");
            assertThatThrownBy(() -> WorkspaceArchive.importWorkspace(
                            wsZip, tmp.resolve("into"), ProgressListener.NONE, CancellationToken.none()))
                    .isInstanceOf(WorkspaceException.class)
                    .hasMessageContaining("already exists");
        }
    }

    @Test
    void cancellingLeavesNoPartialFileOrWorkspace() throws Exception {
        Path good = exportedWorkspace();
        CancellationToken cancelled = new CancellationToken();
        cancelled.cancel();
        try (Workspace ws = Workspace.open(tmp.resolve("exported-src"))) {
            assertThatThrownBy(() -> WorkspaceArchive.exportWorkspace(
                            ws, tmp.resolve("x.sextant.zip"), ProgressListener.NONE, cancelled))
                    .isInstanceOf(CancelledException.class);
            Project p = ws.projects().list().get(0);
            Path pZip = tmp.resolve("p.sextant.zip");
            WorkspaceArchive.exportProject(ws, p.id(), pZip, ProgressListener.NONE, CancellationToken.none());
            int before = ws.projects().list().size();
            assertThatThrownBy(() -> WorkspaceArchive.importProject(ws, pZip, ProgressListener.NONE, cancelled))
                    .isInstanceOf(CancelledException.class);
            assertThat(ws.projects().list()).hasSize(before);
        }
        assertThat(tmp.resolve("x.sextant.zip")).doesNotExist();
        assertThatThrownBy(() ->
                        WorkspaceArchive.importWorkspace(good, tmp.resolve("y"), ProgressListener.NONE, cancelled))
                .isInstanceOf(CancelledException.class);
        assertThat(tmp.resolve("y")).doesNotExist();
        try (var files = Files.list(tmp)) {
            assertThat(files.map(p -> p.getFileName().toString()))
                    .noneMatch(n -> n.endsWith(".part") || n.contains("importing"));
        }
    }

    private Path exportedWorkspace() {
        Path zip = tmp.resolve("exported.sextant.zip");
        if (!Files.exists(zip)) {
            try (Workspace ws = Workspace.openOrCreate(tmp.resolve("exported-src"))) {
                WorkspaceArchive.exportWorkspace(ws, zip, ProgressListener.NONE, CancellationToken.none());
            }
        }
        return zip;
    }

    private static Path zipOf(Path zip, List<String[]> entries) throws Exception {
        try (OutputStream os = Files.newOutputStream(zip);
                ZipOutputStream out = new ZipOutputStream(os)) {
            for (String[] e : entries) {
                out.putNextEntry(new ZipEntry(e[0]));
                out.write(e[1].getBytes(StandardCharsets.UTF_8));
                out.closeEntry();
            }
        }
        return zip;
    }

    /** Stand-ins for the tables later capabilities add: a run per project, many items per run. */
    private static void addChildTables(Workspace ws) {
        ws.transaction(c -> {
            try (Statement s = c.createStatement()) {
                s.execute("CREATE TABLE TEST_RUN (ID UUID PRIMARY KEY, PROJECT_ID UUID NOT NULL REFERENCES PROJECT(ID) "
                        + "ON DELETE CASCADE, SCORE DOUBLE PRECISION, PAYLOAD VARBINARY(100))");
                s.execute("CREATE TABLE TEST_ITEM (ID UUID PRIMARY KEY, RUN_ID UUID NOT NULL REFERENCES TEST_RUN(ID) "
                        + "ON DELETE CASCADE, TEXT VARCHAR(100))");
            }
            return null;
        });
    }

    private static void insertRun(Workspace ws, UUID id, UUID project, double score, byte[] payload) {
        ws.transaction(c -> {
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO TEST_RUN VALUES (?, ?, ?, ?)")) {
                ps.setObject(1, id);
                ps.setObject(2, project);
                ps.setDouble(3, score);
                ps.setBytes(4, payload);
                return ps.executeUpdate();
            }
        });
    }

    private static long count(Workspace ws, String table) {
        return ws.read((Connection c) -> {
            try (ResultSet rs = c.createStatement().executeQuery("SELECT COUNT(*) FROM " + table)) {
                rs.next();
                return rs.getLong(1);
            }
        });
    }
}
