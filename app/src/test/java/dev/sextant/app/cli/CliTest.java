package dev.sextant.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sextant.workspaces.Workspace;
import dev.sextant.workspaces.WorkspaceHome;
import dev.sextant.workspaces.migration.Migrator;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class CliTest {

    @TempDir
    Path tmp;

    WorkspaceHome home;

    @BeforeEach
    void home() {
        home = new WorkspaceHome(tmp.resolve("home"));
    }

    CliRun run(String... args) {
        return CliRun.of(home, args);
    }

    @Test
    void versionAndHelp() {
        CliRun v = run("--version");
        assertThat(v.code()).isZero();
        assertThat(v.out()).startsWith("sextant ").contains("H2 2.").contains("Java ");
        CliRun h = run("--help");
        assertThat(h.code()).isZero();
        assertThat(h.out())
                .contains("Usage: sextant")
                .contains("workspace")
                .contains("project")
                .contains("Exit status");
    }

    @Test
    void everyCommandHasHelp() {
        List<String[]> paths = new ArrayList<>();
        collect(Cli.commandLine(home), new ArrayList<>(), paths);
        assertThat(paths).hasSizeGreaterThan(8);
        for (String[] path : paths) {
            String[] args = Arrays.copyOf(path, path.length + 1);
            args[path.length] = "--help";
            CliRun r = run(args);
            assertThat(r.code()).as(String.join(" ", args)).isZero();
            assertThat(r.out()).as(String.join(" ", args)).contains("Usage: sextant");
        }
    }

    private static void collect(CommandLine cmd, List<String> prefix, List<String[]> out) {
        for (var e : cmd.getSubcommands().entrySet()) {
            List<String> p = new ArrayList<>(prefix);
            p.add(e.getKey());
            out.add(p.toArray(String[]::new));
            collect(e.getValue(), p, out);
        }
    }

    @Test
    void badUsageExitsTwoWithOneLine() {
        CliRun r = run("workspace", "info", "--no-such-option");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.out()).isEmpty();
        assertThat(r.err())
                .startsWith("error: Unknown option: '--no-such-option'")
                .contains("--help");
        assertThat(run("frobnicate").code()).isEqualTo(2);
        assertThat(run("workspace").code()).isEqualTo(2);
        assertThat(run("project", "update", "x").err()).contains("nothing to change");
    }

    @Test
    void workspaceInfoCreatesAndSeedsTheDefaultWorkspace() throws Exception {
        CliRun r = run("workspace", "info", "--json");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode doc = r.json();
        assertThat(doc.get("name").asText()).isEqualTo("default");
        assertThat(doc.get("path").asText())
                .isEqualTo(home.defaultWorkspaceDir().toString());
        assertThat(doc.get("schemaVersion").asInt())
                .isEqualTo(Migrator.standard().latestVersion());
        assertThat(doc.get("projects")).hasSize(1);
        assertThat(doc.get("projects").get(0).get("demo").asBoolean()).isTrue();
        assertThat(r.err()).isEmpty();
        assertThat(run("workspace", "info").out())
                .contains("Workspace  default")
                .contains("[demo]");
    }

    @Test
    void missingWorkspaceIsBadInputNamingTheFolder() {
        Path missing = tmp.resolve("missing");
        CliRun r = run("workspace", "info", "--workspace", missing.toString(), "--json");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.out()).isEmpty();
        assertThat(r.err())
                .isEqualTo("error: no workspace at " + missing + " (create one with: sextant workspace create "
                        + missing + ")\n");
        assertThat(missing).doesNotExist();
    }

    @Test
    void createListProjectsExportImport() throws Exception {
        Path ws = tmp.resolve("team");
        CliRun created = run("workspace", "create", ws.toString(), "--json");
        assertThat(created.code()).as(created.err()).isZero();
        assertThat(created.json().get("projects")).isEmpty();
        assertThat(run("workspace", "create", ws.toString()).code()).isEqualTo(2);

        JsonNode listing = run("workspace", "list", "--json").json();
        assertThat(listing.get("workspaces")).hasSize(2);
        assertThat(listing.get("workspaces").get(1).get("path").asText()).isEqualTo(ws.toString());

        JsonNode p = run("project", "create", "Llama eval", "-d", "first", "-w", ws.toString(), "--json")
                .json();
        assertThat(p.get("name").asText()).isEqualTo("Llama eval");
        CliRun dup = run("project", "create", "llama EVAL", "-w", ws.toString());
        assertThat(dup.code()).isEqualTo(2);
        assertThat(dup.err()).isEqualTo("error: a project named 'Llama eval' already exists in this workspace\n");
        JsonNode renamed = run(
                        "project", "update", "Llama eval", "--name", "Llama 3 eval", "-w", ws.toString(), "--json")
                .json();
        assertThat(renamed.get("id")).isEqualTo(p.get("id"));

        Path projectZip = tmp.resolve("p.sextant.zip");
        JsonNode exported = run(
                        "workspace",
                        "export",
                        projectZip.toString(),
                        "--project",
                        "Llama 3 eval",
                        "-w",
                        ws.toString(),
                        "--json")
                .json();
        assertThat(exported.get("manifest").get("kind").asText()).isEqualTo("PROJECT");
        assertThat(exported.get("bytes").asLong()).isEqualTo(Files.size(projectZip));
        JsonNode imported =
                run("workspace", "import", projectZip.toString(), "--json").json();
        assertThat(imported.get("project").get("name").asText()).isEqualTo("Llama 3 eval");
        assertThat(imported.get("workspace").get("name").asText()).isEqualTo("default");

        Path wsZip = tmp.resolve("team.sextant.zip");
        assertThat(run("workspace", "export", wsZip.toString(), "-w", ws.toString())
                        .code())
                .isZero();
        CliRun needsTo = run("workspace", "import", wsZip.toString());
        assertThat(needsTo.code()).isEqualTo(2);
        assertThat(needsTo.err()).contains("--to DIR");
        JsonNode copy = run(
                        "workspace",
                        "import",
                        wsZip.toString(),
                        "--to",
                        tmp.resolve("team-copy").toString(),
                        "--json")
                .json();
        assertThat(copy.get("workspace").get("projects").get(0).get("id")).isEqualTo(p.get("id"));

        assertThat(run("project", "delete", "Llama 3 eval", "-w", ws.toString()).code())
                .isZero();
        JsonNode left = run("project", "list", "-w", ws.toString(), "--json").json();
        assertThat(left).isEmpty();
    }

    @Test
    void aBrokenArchiveIsBadInputNamingTheFile() throws Exception {
        Path junk = Files.writeString(tmp.resolve("junk.sextant.zip"), "not a zip");
        CliRun r = run("workspace", "import", junk.toString(), "--json");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.out()).isEmpty();
        assertThat(r.err()).startsWith("error: " + junk + ": not a zip archive");
    }

    @Test
    void aWorkspaceHeldByAnotherProcessIsReportedNotThrown() throws Exception {
        Path ws = tmp.resolve("held");
        Workspace.create(ws).close();
        try (Workspace holder = Workspace.open(ws)) {
            // H2 shares a database within one JVM, so the clash is shown from a second JVM running the CLI
            Process second = new ProcessBuilder(
                            Path.of(System.getProperty("java.home"), "bin", "java")
                                    .toString(),
                            "-cp",
                            System.getProperty("java.class.path"),
                            "-Dsextant.home=" + tmp.resolve("home2"),
                            "dev.sextant.app.Sextant",
                            "workspace",
                            "info",
                            "-w",
                            ws.toString(),
                            "--json")
                    .start();
            String out = new String(second.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            String err = new String(second.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(second.waitFor()).isEqualTo(2);
            assertThat(out).isEmpty();
            assertThat(err)
                    .startsWith("error: workspace " + ws + " is already open in another process (pid "
                            + ProcessHandle.current().pid())
                    .doesNotContain("Exception")
                    .doesNotContain("\tat ");
            assertThat(holder.projects().list()).isEmpty();
        }
    }
}
