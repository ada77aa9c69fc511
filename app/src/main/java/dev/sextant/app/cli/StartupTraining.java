package dev.sextant.app.cli;

import dev.sextant.workspaces.WorkspaceHome;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * The run the launcher records its class-data-sharing archive from (JDK AppCDS, {@code -XX:ArchiveClassesAtExit}): a
 * few quick commands that between them load what most commands load at start (the whole command tree through the help,
 * the catalogs, the JSON output, a plan and a short simulation, a scan and both dedups on a few lines), in a workspace home of its own that is deleted
 * afterwards, their output discarded. Not a command: the launcher calls this class directly.
 */
public final class StartupTraining {

    static final List<String[]> COMMANDS = List.of(
            new String[] {"--help"},
            new String[] {"catalog", "gpus"},
            new String[] {"catalog", "models", "--json"},
            new String[] {"plan", "serve", "--model", "llama-3-8b", "--gpu", "h100-sxm", "--json"},
            new String[] {
                "simulate",
                "serve",
                "--model",
                "llama-3-8b",
                "--gpu",
                "h100-sxm",
                "--rate",
                "2",
                "--requests",
                "50",
                "--prompt-tokens",
                "const:500",
                "--output-tokens",
                "const:100",
                "--json"
            });

    private StartupTraining() {}

    public static void main(String[] args) throws IOException {
        Path home = Files.createTempDirectory("sextant-startup");
        PrintStream discard = new PrintStream(OutputStream.nullOutputStream());
        try {
            for (String[] command : COMMANDS) {
                Cli.run(command, discard, discard, new WorkspaceHome(home));
            }
            // the data commands, on a few lines of their own: a scan and both kinds of dedup
            Path items = home.resolve("items.jsonl");
            Path corpus = home.resolve("corpus.jsonl");
            StringBuilder lines = new StringBuilder();
            for (int i = 0; i < 40; i++) {
                lines.append("{\"id\": \"d")
                        .append(i)
                        .append("\", \"text\": \"the quick brown fox number ")
                        .append(i % 7)
                        .append(" jumps over the lazy dog and runs far away into the green hills, é\"}\n");
            }
            Files.writeString(corpus, lines.toString());
            Files.writeString(
                    items,
                    "{\"id\": \"q1\", \"question\": \"the quick brown fox number 3 jumps over the lazy dog and runs "
                            + "far away\"}\n");
            for (String[] command : List.of(
                    new String[] {
                        "scan",
                        "--benchmark",
                        items.toString(),
                        "--field",
                        "question",
                        "--corpus",
                        corpus.toString(),
                        "--json"
                    },
                    new String[] {"dedup", "--corpus", corpus.toString(), "--mode", "near", "--json"},
                    new String[] {"dedup", "--corpus", corpus.toString(), "--mode", "exact", "--json"})) {
                Cli.run(command, discard, discard, new WorkspaceHome(home));
            }
        } finally {
            try (Stream<Path> files = Files.walk(home)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }
}
