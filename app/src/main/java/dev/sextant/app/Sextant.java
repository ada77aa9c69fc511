package dev.sextant.app;

import dev.sextant.app.cli.Cli;
import dev.sextant.app.ui.SextantApp;

/**
 * The one entry point: no arguments opens the workbench, arguments run the command line. A plain class rather than
 * the JavaFX {@code Application} so that the launcher works from the class path and the CLI never starts JavaFX.
 */
public final class Sextant {

    private Sextant() {}

    public static void main(String[] args) {
        if (args.length == 0) {
            SextantApp.launchGui(null);
            return;
        }
        System.exit(Cli.run(args, System.out, System.err));
    }
}
