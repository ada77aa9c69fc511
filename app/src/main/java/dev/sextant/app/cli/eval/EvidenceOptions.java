package dev.sextant.app.cli.eval;

import dev.sextant.app.cli.CommandContext;
import dev.sextant.app.cli.WorkspaceOption;
import dev.sextant.app.study.EvaluationStudy;
import dev.sextant.model.contamination.ScanResult;
import dev.sextant.model.evaluation.EvaluationEvidence;
import dev.sextant.model.evaluation.EvidenceFile;
import dev.sextant.model.project.Project;
import dev.sextant.workspaces.Workspace;
import dev.sextant.workspaces.WorkspaceException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * Where an eval command's evidence comes from: the files given with {@code --input}, or else the project's imported
 * evidence ({@code --project}, {@code --workspace}).
 */
public final class EvidenceOptions {

    @Option(
            names = {"-i", "--input"},
            arity = "1..*",
            paramLabel = "FILE",
            description =
                    "Files to analyse (per-item CSV, lm-evaluation-harness results or samples files or their folder, "
                            + "arena battles: clean_battle JSON array, JSON Lines or CSV), recognised by their content. "
                            + "Without --input: the project's imported evidence.")
    List<Path> inputs = new ArrayList<>();

    @Option(
            names = "--kind",
            paramLabel = "KIND",
            description = "Read every --input file as: ${COMPLETION-CANDIDATES} "
                    + "(default: recognised from each file's content).")
    EvidenceFile.Kind kind;

    @Option(
            names = {"-p", "--project"},
            paramLabel = "NAME|ID",
            description = "Project whose imported evidence to use (without --input).")
    String project;

    @Mixin
    LmEvalOptions lmEval;

    @Mixin
    WorkspaceOption workspace;

    /** What reading the files chose (metrics, model names), in plain words, each after its file's name. */
    final List<String> notes = new ArrayList<>();

    boolean fromFiles() {
        return !inputs.isEmpty();
    }

    /** The project's complete contamination scans, newest first; none when working on files. */
    List<ScanResult> scans(CommandContext ctx) {
        if (fromFiles()) {
            return List.of();
        }
        try (Workspace ws = ctx.openWorkspace(workspace)) {
            return new EvaluationStudy(ws, ctx.project(ws, project).id()).scans();
        }
    }

    /** The notes as text output ends with them. */
    static void print(List<String> notes, PrintWriter out) {
        notes.forEach(n -> out.println("note: " + n));
    }

    EvaluationEvidence load(CommandContext ctx) {
        if (fromFiles()) {
            EvaluationStudy.Read read = EvaluationStudy.read(inputs, kind, lmEval.metric, lmEval.model);
            notes.addAll(read.notes());
            return read.evidence();
        }
        try (Workspace ws = ctx.openWorkspace(workspace)) {
            Project p = ctx.project(ws, project);
            EvaluationEvidence e = new EvaluationStudy(ws, p.id()).evidence();
            if (e.isEmpty()) {
                throw new WorkspaceException(
                        "project '" + p.name() + "' holds no evaluation evidence; give --input FILE, or import "
                                + "files first with: sextant eval import --input FILE --project \"" + p.name() + "\"");
            }
            return e;
        }
    }
}
