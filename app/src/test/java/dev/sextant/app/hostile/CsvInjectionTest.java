package dev.sextant.app.hostile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sextant.app.cli.Cli;
import dev.sextant.model.io.Json;
import dev.sextant.workspaces.WorkspaceHome;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Item ids that a spreadsheet would run as formulas come out of {@code scan export} as text (OWASP "CSV Injection"). */
class CsvInjectionTest {

    @TempDir
    Path tmp;

    static final List<String> HOSTILE =
            List.of("=cmd|' /C calc'!A0", "+SUM(1+1)", "-2+3", "@HYPERLINK(\"http://evil\",\"x\")", "\t=1");

    @Test
    void exportedItemIdsCannotRunAsFormulas() throws Exception {
        String text = "the rain in spain falls mainly on the plain of castile every single spring";
        StringBuilder bench = new StringBuilder();
        for (String id : HOSTILE) {
            bench.append("{\"id\":")
                    .append(Json.write(id))
                    .append(",\"text\":\"")
                    .append(text)
                    .append("\"}\n");
        }
        Path b = Files.writeString(tmp.resolve("bench.jsonl"), bench);
        Path corpus = Files.writeString(
                tmp.resolve("corpus.jsonl"), "{\"id\":\"=HYPERLINK(1)\",\"text\":\"" + text + "\"}\n");
        WorkspaceHome home = new WorkspaceHome(tmp.resolve("home"));
        Path ws = tmp.resolve("ws");
        assertThat(run(home, "workspace", "create", ws.toString())).isZero();
        assertThat(run(home, "project", "create", "P", "--workspace", ws.toString()))
                .isZero();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int code = Cli.run(
                new String[] {
                    "scan",
                    "--benchmark",
                    b.toString(),
                    "--corpus",
                    corpus.toString(),
                    "--ngram",
                    "8",
                    "--project",
                    "P",
                    "--workspace",
                    ws.toString(),
                    "--json"
                },
                new PrintStream(out, true, StandardCharsets.UTF_8),
                System.err,
                home);
        assertThat(code).isZero();
        String id = Json.mapper()
                .readTree(out.toString(StandardCharsets.UTF_8))
                .get("scanId")
                .asText();
        UUID.fromString(id);
        Path csv = tmp.resolve("items.csv");
        assertThat(run(home, "scan", "export", id, "--out", csv.toString(), "--workspace", ws.toString()))
                .isZero();

        List<String> lines = Files.readAllLines(csv);
        assertThat(lines).hasSize(1 + HOSTILE.size());
        for (String line : lines.subList(1, lines.size())) {
            String benchmarkCell = line.substring(0, line.indexOf(','));
            String idCell = line.substring(benchmarkCell.length() + 1);
            assertThat(idCell).as(line).startsWith("\"'"); // quoted, and the value starts with a quote mark: text
        }
        assertThat(String.join("\n", lines)).contains("\"'=HYPERLINK(1)\""); // the corpus document id too
        assertThat(lines).noneMatch(l -> l.matches("^[^\"]*,[=+\\-@\\t].*"));
    }

    private static int run(WorkspaceHome home, String... args) {
        return Cli.run(
                args, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), System.err, home);
    }
}
