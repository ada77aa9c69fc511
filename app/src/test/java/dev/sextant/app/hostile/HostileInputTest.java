package dev.sextant.app.hostile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sextant.app.cli.Cli;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import dev.sextant.workspaces.Workspace;
import dev.sextant.workspaces.WorkspaceHome;
import dev.sextant.workspaces.archive.WorkspaceArchive;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The hostile-input corpus: malformed, truncated, oversized and contradictory inputs to every reader and every command
 * that writes. Each case must end with exit 2 and exactly one line on stderr that names the file (and its line, field
 * or entry), with no stack trace or library vocabulary — and the workspace must be exactly as before: its export's
 * tables and files byte for byte.
 */
class HostileInputTest {

    static Path tmp;
    static WorkspaceHome home;
    static Path workspace;
    static Map<String, byte[]> before;

    @BeforeAll
    static void workspaceWithData() throws IOException {
        tmp = Files.createTempDirectory("sextant-hostile");
        home = new WorkspaceHome(tmp.resolve("home"));
        workspace = tmp.resolve("ws");
        Workspace.openOrCreate(workspace).close(); // seeded with the demo project: every area has data to lose
        HostileCorpus.write(tmp, workspace);
        before = snapshot();
        copyTree(workspace, tmp.resolve("pristine"));
    }

    static Stream<HostileCase> cases() {
        return HostileCorpus.cases().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void isRefusedInOneLineAndChangesNothing(HostileCase c) throws IOException {
        String[] args = c.args(tmp, workspace);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Cli.run(
                args,
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8),
                home);
        String stderr = err.toString(StandardCharsets.UTF_8);
        assertThat(code).as("exit status; stderr: %s", stderr).isEqualTo(2);
        assertThat(stderr).as("one line on stderr").endsWith("\n").doesNotContain("\r");
        List<String> lines = stderr.lines().toList();
        assertThat(lines).as("stderr").hasSize(1);
        String line = lines.get(0);
        assertThat(line).startsWith("error: ").contains(c.expected(tmp, workspace));
        assertThat(line)
                .as("no internals")
                .doesNotContain("Exception")
                .doesNotContain("\tat ")
                .doesNotContain("com.fasterxml")
                .doesNotContain("org.h2")
                .doesNotContain("java.")
                .doesNotContain("MVStore")
                .doesNotContain("CTRL-CHAR")
                .doesNotContainPattern("\\[\\d{5}-\\d+\\]")
                .doesNotContain("Source: ");
        assertThat(line.chars()).as("printable").noneMatch(ch -> ch < 0x20);
        Map<String, byte[]> after = snapshot();
        if (!after.equals(before)) {
            restore(); // so that one failure does not fail every case after it
        }
        assertThat(after).as("the workspace after %s", c.name()).isEqualTo(before);
    }

    private static void restore() throws IOException {
        try (Stream<Path> walk = Files.walk(workspace)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
        copyTree(tmp.resolve("pristine"), workspace);
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> walk = Files.walk(from)) {
            for (Path p : walk.toList()) {
                Path q = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(q);
                } else {
                    Files.copy(p, q);
                }
            }
        }
    }

    /** Every entry of a workspace export but the manifest's time stamp: tables and files, byte for byte. */
    static Map<String, byte[]> snapshot() throws IOException {
        Path out = tmp.resolve("snapshot.sextant.zip");
        try (Workspace ws = Workspace.open(workspace)) {
            WorkspaceArchive.exportWorkspace(ws, out, ProgressListener.NONE, CancellationToken.none());
        }
        Map<String, byte[]> m = new TreeMap<>();
        try (ZipFile z = new ZipFile(out.toFile())) {
            Enumeration<? extends ZipEntry> en = z.entries();
            while (en.hasMoreElements()) {
                ZipEntry e = en.nextElement();
                try (InputStream is = z.getInputStream(e)) {
                    byte[] b = is.readAllBytes();
                    if (e.getName().equals("manifest.json")) {
                        b = new String(b, StandardCharsets.UTF_8)
                                .replaceAll("\"createdAt\" : \"[^\"]*\"", "")
                                .getBytes(StandardCharsets.UTF_8);
                    }
                    m.put(e.getName(), b);
                }
            }
        }
        Files.delete(out);
        return new TreeMap<>(m) {
            @Override
            public boolean equals(Object o) {
                if (!(o instanceof Map<?, ?> other) || !other.keySet().equals(keySet())) {
                    return false;
                }
                return entrySet().stream().allMatch(e -> Arrays.equals(e.getValue(), (byte[]) other.get(e.getKey())));
            }

            @Override
            public int hashCode() {
                return keySet().hashCode();
            }

            @Override
            public String toString() {
                return keySet() + " ("
                        + values().stream().mapToInt(b -> b.length).sum() + " bytes)";
            }
        };
    }

    static void write(Path p, byte[] content) throws IOException {
        Files.createDirectories(p.getParent());
        try (OutputStream os = Files.newOutputStream(p)) {
            os.write(content);
        }
    }
}
