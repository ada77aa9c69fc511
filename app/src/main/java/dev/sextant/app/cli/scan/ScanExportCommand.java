package dev.sextant.app.cli.scan;

import dev.sextant.app.cli.CommandContext;
import dev.sextant.app.cli.WorkspaceOption;
import dev.sextant.model.contamination.ScanResult;
import dev.sextant.model.io.ContaminatedItemsFile;
import dev.sextant.workspaces.Workspace;
import dev.sextant.workspaces.WorkspaceException;
import java.io.IOException;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code sextant scan export ID --out FILE}: the contaminated items of a kept scan as CSV or JSON Lines. */
@Command(
        name = "export",
        mixinStandardHelpOptions = true,
        description =
                "Export the contaminated (partial and dirty) items of a kept scan, as CSV or JSON Lines by the file's extension.")
public final class ScanExportCommand implements Runnable {

    @Parameters(index = "0", paramLabel = "SCAN_ID", description = "From sextant scan list.")
    String id;

    @Option(
            names = {"-o", "--out"},
            required = true,
            paramLabel = "FILE",
            description = "*.csv or *.jsonl")
    Path out;

    @Option(names = "--all", description = "Every item, clean and not checkable too.")
    boolean all;

    @Mixin
    WorkspaceOption workspace;

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        CommandContext ctx = new CommandContext(spec);
        try (Workspace ws = ctx.openWorkspace(workspace)) {
            ScanResult r = ws.scans().result(ScanCommand.parseId(id));
            try {
                int n = ContaminatedItemsFile.write(r, all, out);
                ctx.out().println("Wrote " + n + " items to " + out.toAbsolutePath());
            } catch (IOException e) {
                throw new WorkspaceException("cannot write " + out + ": " + e.getMessage(), e);
            }
        }
    }
}
