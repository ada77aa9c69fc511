package dev.sextant.app.cli;

import dev.sextant.app.ui.SextantApp;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code sextant gui}: opens the workbench, optionally on a given workspace. */
@Command(
        name = "gui",
        mixinStandardHelpOptions = true,
        description = "Open the workbench (what sextant does with no arguments).")
public final class GuiCommand implements Runnable {

    @Mixin
    WorkspaceOption workspace;

    @Override
    public void run() {
        SextantApp.launchGui(workspace.dir());
    }
}
