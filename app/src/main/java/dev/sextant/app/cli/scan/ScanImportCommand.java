package dev.sextant.app.cli.scan;

import dev.sextant.app.cli.CommandContext;
import dev.sextant.app.cli.JsonOption;
import dev.sextant.app.cli.WorkspaceOption;
import dev.sextant.app.study.ScanStudy;
import dev.sextant.model.contamination.ScanResult;
import dev.sextant.model.io.ClusterScanFile;
import dev.sextant.workspaces.Workspace;
import java.nio.file.Path;
import java.util.UUID;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code sextant scan import FILE --project P}: keeps a scan run on a cluster with spark-submit in a project. */
@Command(
        name = "import",
        mixinStandardHelpOptions = true,
        description = {
            "Keep in a project a scan run on a cluster (spark-submit … sextant-scale-cluster.jar scan … --out FILE):",
            "its items, findings and settings, as a complete scan the Contamination area, show, export and the scorecard read."
        })
public final class ScanImportCommand implements Runnable {

    @Parameters(index = "0", paramLabel = "FILE", description = "The cluster application's --out file.")
    Path file;

    @Option(
            names = {"-p", "--project"},
            required = true,
            paramLabel = "NAME|ID",
            description = "The project to keep it in.")
    String project;

    @Option(
            names = "--name",
            paramLabel = "NAME",
            description = "Name of the kept scan (default: benchmark and corpus, on the cluster).")
    String name;

    @Mixin
    WorkspaceOption workspace;

    @Mixin
    JsonOption output;

    @Spec
    CommandSpec spec;

    /** The kept scan and its summary. */
    public record Result(UUID scanId, ScanResult.Summary summary) {}

    @Override
    public void run() {
        CommandContext ctx = new CommandContext(spec);
        // before the workspace opens: a bad file changes nothing
        ClusterScanFile.Contents c = ClusterScanFile.read(file);
        try (Workspace ws = ctx.openWorkspace(workspace)) {
            var p = ctx.project(ws, project);
            ScanStudy.Outcome o = new ScanStudy(ws).importFromCluster(p.id(), name, c);
            Result r = new Result(o.scanId(), o.result().summary());
            ctx.print(output.json(), r, out -> {
                ScanResult.Summary s = r.summary();
                out.printf(
                        "%d items: %d clean, %d partial, %d dirty, %d not checkable%n",
                        s.items(), s.clean(), s.partial(), s.dirty(), s.notCheckable());
                out.println("Kept as scan " + r.scanId());
            });
        }
    }
}
