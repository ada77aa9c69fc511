package dev.sextant.app.cli.gate;

import dev.sextant.app.cli.CommandContext;
import dev.sextant.app.cli.JsonOption;
import dev.sextant.app.cli.ProjectOption;
import dev.sextant.app.cli.WorkspaceOption;
import dev.sextant.model.BadInputException;
import dev.sextant.model.evaluation.RepeatedSamples;
import dev.sextant.model.gate.GatePolicy;
import dev.sextant.model.gate.Observations;
import dev.sextant.model.io.GateFiles;
import dev.sextant.workspaces.Workspace;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code sextant gate import}: a private suite rotation, a regression suite or a traffic replay into the project. */
@Command(
        name = "import",
        mixinStandardHelpOptions = true,
        description = {
            "Import gate evidence: per-item scores of a private or regression suite (CSV item,model,score or JSONL),",
            "or a traffic replay (JSONL: request_id, model, quality, latency_ms, tokens, refusal, error). Public benchmarks",
            "and blind battles come from the Evaluation area (sextant eval import)."
        })
public final class GateImportCommand implements Runnable {

    @Option(
            names = "--layer",
            required = true,
            paramLabel = "private|regression|replay",
            description = "Which layer the file is evidence for.")
    String layer;

    @Option(names = "--input", required = true, paramLabel = "FILE", description = "The file.")
    Path input;

    @Option(names = "--metric", paramLabel = "M", description = "Metric of a suite's scores (default: accuracy).")
    String metric;

    @Option(
            names = "--trials",
            paramLabel = "pass^K|pass@K|mean",
            description =
                    "A suite with several trials per item (a sample column):"
                            + " how each item's trials become its score (default: their mean); names the metric unless --metric does.")
    String trials;

    @Option(names = "--rotation", paramLabel = "YYYY-MM-DD", description = "A private suite's rotation date.")
    String rotation;

    @Mixin
    ProjectOption project;

    @Mixin
    WorkspaceOption workspace;

    @Mixin
    JsonOption output;

    @Spec
    CommandSpec spec;

    public record Row(String layer, String metric, String model, int values, String source, String rotation) {}

    public record Result(List<Row> imported) {}

    @Override
    public void run() {
        GatePolicy.Layer l;
        LocalDate date;
        try {
            l = GatePolicy.Layer.parse(layer);
            if (l == GatePolicy.Layer.PUBLIC || l == GatePolicy.Layer.PAIRWISE) {
                throw BadInputException.of(
                        "--layer",
                        layer + ": public benchmarks and blind battles come from the Evaluation area "
                                + "(sextant eval import)");
            }
            date = rotation == null ? null : LocalDate.parse(rotation);
            if (date != null && l != GatePolicy.Layer.PRIVATE) {
                throw BadInputException.of("--rotation", "a rotation date is for private suites");
            }
        } catch (IllegalArgumentException | DateTimeParseException e) {
            throw new ParameterException(
                    spec.commandLine(),
                    e instanceof DateTimeParseException
                            ? "--rotation: expected YYYY-MM-DD, got '" + rotation + "'"
                            : e.getMessage());
        }
        RepeatedSamples.Fold fold = trials == null ? null : RepeatedSamples.Fold.parse(trials);
        List<Observations> obs = l == GatePolicy.Layer.REPLAY
                ? GateFiles.replay(input)
                : GateFiles.itemScores(
                        input, l, metric != null ? metric : fold != null ? fold.name() : "accuracy", date, fold);
        CommandContext ctx = new CommandContext(spec);
        try (Workspace ws = ctx.openWorkspace(workspace)) {
            ws.gate().importObservations(ctx.project(ws, project.nameOrId()).id(), obs, false);
        }
        Result r = new Result(obs.stream()
                .map(o -> new Row(
                        o.layer().slug(),
                        o.metric(),
                        o.model(),
                        o.values().length,
                        o.source(),
                        o.rotation() == null ? null : o.rotation().toString()))
                .toList());
        ctx.print(output.json(), r, out -> r.imported()
                .forEach(x -> out.printf(
                        "%s %s: %d values for %s from %s%s%n",
                        x.layer(),
                        x.metric(),
                        x.values(),
                        x.model(),
                        x.source(),
                        x.rotation() == null ? "" : " (rotation " + x.rotation() + ")")));
    }
}
