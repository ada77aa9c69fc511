package dev.sextant.app.cli;

import picocli.CommandLine.Option;

/** {@code --project}, shared by the commands that work in one project: a name or id, else the only or last used one. */
public final class ProjectOption {

    @Option(
            names = {"-p", "--project"},
            paramLabel = "NAME|ID",
            description = "Project (default: the only or last used one).")
    String nameOrId;

    /** The name or id given, or null. */
    public String nameOrId() {
        return nameOrId;
    }
}
