package dev.sextant.app.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** {@code --workspace DIR}, shared by every command that works in a workspace. */
public final class WorkspaceOption {

    @Option(
            names = {"-w", "--workspace"},
            paramLabel = "DIR",
            description = "Workspace folder to use (default: the default workspace under $SEXTANT_HOME or ~/.sextant).")
    Path dir;

    /** The folder given, or null for the default workspace. */
    public Path dir() {
        return dir;
    }
}
