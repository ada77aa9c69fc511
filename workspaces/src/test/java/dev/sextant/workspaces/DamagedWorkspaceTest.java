package dev.sextant.workspaces;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Random;
import java.util.function.Consumer;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Anything that is not a valid Sextant workspace is refused as damaged — one line naming the file and what to do —
 * and its bytes are never written: not by opening it, not by the first-launch path that creates a workspace.
 */
class DamagedWorkspaceTest {

    @TempDir
    Path tmp;

    @ParameterizedTest
    @ValueSource(
            strings = {"empty", "text", "random", "zeros", "truncated", "headerless", "foreign-user", "foreign-tables"})
    void isRefusedAndLeftUntouched(String kind) throws Exception {
        Path dir = tmp.resolve(kind);
        Files.createDirectories(dir);
        Path db = dir.resolve(Workspace.DATABASE_FILE);
        damage(kind).accept(db);
        String before = sha256(db);
        for (int attempt = 0; attempt < 2; attempt++) {
            assertThatThrownBy(() -> Workspace.open(dir))
                    .isInstanceOf(WorkspaceException.class)
                    .satisfies(e -> {
                        assertThat(e.getMessage())
                                .doesNotContain("\n")
                                .contains(db.toString())
                                .containsAnyOf("damaged", "not a Sextant workspace")
                                .doesNotContainIgnoringCase("h2")
                                .doesNotContain("Exception")
                                .doesNotContain("[9");
                    });
            assertThatThrownBy(() -> Workspace.openOrCreate(dir)).isInstanceOf(WorkspaceException.class);
        }
        assertThat(sha256(db)).as("the file's bytes").isEqualTo(before);
    }

    /**
     * A workspace cut short anywhere is refused as damaged: where the cut falls decides which error the store raises (a
     * corrupted chunk, or a request to write while it is only being read), and a larger workspace moves the same cut
     * fraction from one to the other.
     */
    @ParameterizedTest
    @ValueSource(ints = {2, 5, 10, 20, 33, 50, 80, 97})
    void aWorkspaceCutShortAnywhereIsRefusedAsDamaged(int percent) throws Exception {
        Path real = tmp.resolve("real");
        try (Workspace ws = Workspace.create(real)) {
            for (int i = 0; i < 200; i++) {
                ws.projects().create("Project " + i, "notes ".repeat(50));
            }
        }
        byte[] bytes = Files.readAllBytes(real.resolve(Workspace.DATABASE_FILE));
        Path dir = tmp.resolve("cut");
        Files.createDirectories(dir);
        Path db = dir.resolve(Workspace.DATABASE_FILE);
        Files.write(db, Arrays.copyOf(bytes, (int) ((long) bytes.length * percent / 100)));
        String before = sha256(db);
        try (Workspace ws = Workspace.open(dir)) {
            // a cut past the last whole chunk reads as a crash would: the store opens at its last consistent state
            assertThat(percent)
                    .as("a cut that leaves a consistent earlier state")
                    .isGreaterThanOrEqualTo(50);
            assertThat(ws.projects().list()).isNotEmpty();
        } catch (WorkspaceException e) {
            assertThat(e.getMessage()).contains(db.toString()).containsAnyOf("damaged", "not a Sextant workspace");
            assertThat(sha256(db)).as("the file's bytes").isEqualTo(before);
        }
    }

    private Consumer<Path> damage(String kind) {
        return db -> {
            try {
                switch (kind) {
                    case "empty" -> Files.write(db, new byte[0]);
                    case "text" -> Files.writeString(db, "these are my notes, not a database\n");
                    case "random" -> {
                        byte[] b = new byte[64 * 1024];
                        new Random(7).nextBytes(b);
                        Files.write(db, b);
                    }
                    case "zeros" -> Files.write(db, new byte[32 * 1024]);
                    case "truncated", "headerless" -> {
                        Path real = tmp.resolve("real-" + kind);
                        try (Workspace ws = Workspace.create(real)) {
                            ws.projects().create("P", "");
                        }
                        byte[] bytes = Files.readAllBytes(real.resolve(Workspace.DATABASE_FILE));
                        if (kind.equals("truncated")) {
                            Files.write(db, Arrays.copyOf(bytes, bytes.length / 3));
                        } else { // both header blocks overwritten
                            Arrays.fill(bytes, 0, 8192, (byte) 'x');
                            Files.write(db, bytes);
                        }
                    }
                    case "foreign-user" -> foreign(db, "sa", "CREATE TABLE CUSTOMER(ID INT PRIMARY KEY, NAME VARCHAR)");
                    case "foreign-tables" -> foreign(
                            db, "sextant", "CREATE TABLE CUSTOMER(ID INT PRIMARY KEY, NAME VARCHAR)");
                    default -> throw new IllegalArgumentException(kind);
                }
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        };
    }

    /** An H2 database of another program: the same engine, other tables (and usually another user). */
    private static void foreign(Path db, String user, String ddl) throws Exception {
        String base = db.toString().substring(0, db.toString().length() - ".mv.db".length());
        try (Connection c = DriverManager.getConnection("jdbc:h2:file:" + base, user, "")) {
            c.createStatement().execute(ddl);
            c.createStatement().execute("INSERT INTO CUSTOMER VALUES (1, 'Ada')");
        }
    }

    private static String sha256(Path p) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(p)));
    }
}
