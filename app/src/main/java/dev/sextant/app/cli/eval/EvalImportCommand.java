package dev.sextant.app.cli.eval;

import dev.sextant.app.cli.CliProgress;
import dev.sextant.app.cli.CommandContext;
import dev.sextant.app.cli.JsonOption;
import dev.sextant.app.cli.TextTable;
import dev.sextant.app.cli.WorkspaceOption;
import dev.sextant.app.study.EvaluationStudy;
import dev.sextant.model.evaluation.EvidenceFile;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.project.Project;
import dev.sextant.workspaces.EvidenceSource;
import dev.sextant.workspaces.Workspace;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code sextant eval import}: evaluation files into a project, all or nothing. */
@Command(
        name = "import",
        mixinStandardHelpOptions = true,
        description = {
            "Import evaluation evidence into a project in one transaction (all files or none):",
            "per-item scores, lm-evaluation-harness samples/results, arena battles, weight tables, model scores, a workload mix,",
            "items' dates (item_id,date) and models' training cut-offs (model,cutoff).",
            "The kind of each file is recognised from its content (a CSV's header, a JSON file's fields) unless --kind says."
        })
public final class EvalImportCommand implements Runnable {

    @Option(
            names = {"-i", "--input"},
            arity = "1..*",
            required = true,
            paramLabel = "FILE",
            description = "Files or lm-evaluation-harness output folders.")
    List<Path> inputs;

    @Option(names = "--kind", paramLabel = "KIND", description = "Read every file as: ${COMPLETION-CANDIDATES}.")
    EvidenceFile.Kind kind;

    @Option(
            names = {"-p", "--project"},
            paramLabel = "NAME|ID",
            description = "Project to import into.")
    String project;

    @Option(
            names = "--run-date",
            paramLabel = "YYYY-MM-DD",
            description = {
                "When the results in these files were produced, for the",
                "scorecard's stale-result check (default: what the files say: the harness's date or file-name timestamp)."
            })
    LocalDate runDate;

    @Mixin
    LmEvalOptions lmEval;

    @Mixin
    WorkspaceOption workspace;

    @Mixin
    JsonOption output;

    @Spec
    CommandSpec spec;

    /** @param notes what reading the files chose (which metric of several, a model named after its folder) */
    public record Result(Project project, List<EvidenceSource> sources, List<String> notes) {}

    @Override
    public void run() {
        CommandContext ctx = new CommandContext(spec);
        // parse everything before writing anything
        EvaluationStudy.Read read =
                EvaluationStudy.read(inputs, kind, lmEval.metric, lmEval.model).runOn(runDate);
        try (Workspace ws = ctx.openWorkspace(workspace)) {
            Project p = ctx.project(ws, project);
            CliProgress progress = ctx.progress();
            List<EvidenceSource> sources =
                    new EvaluationStudy(ws, p.id()).importFiles(read, progress, CancellationToken.none());
            progress.done();
            ctx.print(output.json(), new Result(p, sources, read.notes()), out -> {
                TextTable t = new TextTable("FILE", "KIND", "ROWS", "RUN");
                sources.forEach(s -> t.row(s.name(), s.kind(), s.rows(), s.runDate() == null ? "" : s.runDate()));
                t.print(out);
                out.println("Imported into project '" + p.name() + "' in " + ws.dir());
                EvidenceOptions.print(read.notes(), out);
            });
        }
    }
}
