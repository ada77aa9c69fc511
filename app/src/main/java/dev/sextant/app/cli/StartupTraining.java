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
 * the catalogs, the JSON output, a plan and a short simulation), in a workspace home of its own that is deleted
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
        } finally {
            try (Stream<Path> files = Files.walk(home)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }
}
