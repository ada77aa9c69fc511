package dev.sextant.app.cli.scan;

import dev.sextant.app.cli.CommandContext;
import dev.sextant.app.cli.JsonOption;
import dev.sextant.app.cli.TextTable;
import dev.sextant.app.cli.WorkspaceOption;
import dev.sextant.app.study.ScanStudy;
import dev.sextant.model.contamination.ScanResult;
import dev.sextant.workspaces.Workspace;
import java.util.UUID;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code sextant scan show ID}: a kept scan's results. */
@Command(name = "show", mixinStandardHelpOptions = true, description = "Show the results of a kept scan.")
public final class ScanShowCommand implements Runnable {

    @Parameters(index = "0", paramLabel = "SCAN_ID", description = "From sextant scan list.")
    String id;

    @picocli.CommandLine.Option(
            names = "--rescore",
            description = "Re-score the project's models on clean and contaminated items (clean-subset check).")
    boolean rescore;

    @Mixin
    WorkspaceOption workspace;

    @Mixin
    JsonOption output;

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        CommandContext ctx = new CommandContext(spec);
        try (Workspace ws = ctx.openWorkspace(workspace)) {
            UUID scanId = ScanCommand.parseId(id);
            ScanStudy study = new ScanStudy(ws);
            ScanResult r = study.result(scanId);
            var rows = !rescore ? null : study.rescore(scanId, r);
            ctx.print(output.json(), new ScanCommand.Output(r.items(), r.summary(), rows, scanId), out -> {
                TextTable t = new TextTable(
                        "BENCHMARK", "ITEM", "TOKENS", "MATCHED", "TOKEN FRACTION", "STATUS", "FIRST LOCATION");
                for (ScanResult.ItemResult i : r.items()) {
                    if (i.status() != ScanResult.Status.CLEAN) {
                        t.row(
                                i.benchmark(),
                                i.id(),
                                i.tokens(),
                                i.matchedNgrams(),
                                String.format("%.3f", i.tokenFraction()),
                                i.status().label(),
                                i.locations().isEmpty()
                                        ? ""
                                        : i.locations().get(0).file() + "@"
                                                + i.locations().get(0).offset());
                    }
                }
                t.print(out);
                var s = r.summary();
                out.printf(
                        "%n%d items: %d clean, %d partial, %d dirty, %d not checkable%n",
                        s.items(), s.clean(), s.partial(), s.dirty(), s.notCheckable());
                ScanCommand.printFileNotes(out, s);
                if (rows != null) {
                    out.println();
                    TextTable t2 = new TextTable("MODEL", "BENCHMARK", "ALL", "CLEAN", "CONTAMINATED", "VERDICT");
                    for (var row : rows) {
                        t2.row(
                                row.model(),
                                row.benchmark(),
                                ScanCommand.fmt(row.all()),
                                ScanCommand.fmt(row.clean()),
                                ScanCommand.fmt(row.contaminated()),
                                row.verdict());
                    }
                    t2.print(out);
                }
            });
        }
    }
}
