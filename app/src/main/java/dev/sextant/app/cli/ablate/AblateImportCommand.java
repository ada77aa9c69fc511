package dev.sextant.app.cli.ablate;

import dev.sextant.app.cli.CommandContext;
import dev.sextant.app.cli.JsonOption;
import dev.sextant.app.cli.ProjectOption;
import dev.sextant.app.cli.WorkspaceOption;
import dev.sextant.app.study.AblationStudy;
import dev.sextant.model.BadInputException;
import dev.sextant.model.ablation.LossCurve;
import dev.sextant.model.io.AblationRunsFile;
import dev.sextant.model.io.TextInput;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.workspaces.Workspace;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code sextant ablate import}: small runs read from tables and training logs and kept in a project. */
@Command(
        name = "import",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Reads small runs and keeps them in a project as one set: tables of runs (CSV or JSON Lines with run,params,loss and",
            "tokens or flops; optionally params_non_embedding,batch_size,learning_rate,schedule,warmup) and training logs (Megatron-LM/NeMo",
            "stdout, trainer_state.json, TensorBoard, W&B/MLflow CSV, JSON Lines), each log one run read at several token counts. A log's",
            "tokens come from its consumed-token counter, else from --tokens-per-step; its parameters from --params. Nothing is kept",
            "when anything is wrong."
        })
public final class AblateImportCommand implements Runnable {

    @Option(
            names = "--input",
            required = true,
            arity = "1..*",
            paramLabel = "FILE|DIR",
            description = "Tables of runs and training logs.")
    List<Path> inputs;

    @Option(
            names = "--name",
            paramLabel = "NAME",
            description = "The set's name in the project (default: the first input's name).")
    String name;

    @Option(
            names = "--map",
            split = ",",
            paramLabel = "OURS=THEIRS",
            description = "Read our column from theirs, e.g. params=N,loss=final_loss.")
    Map<String, String> map = new LinkedHashMap<>();

    @Option(
            names = "--params",
            split = ",",
            paramLabel = "N|RUN=N",
            description =
                    "A log's parameter count: one for every log, or RUN=N a log (RUN: its file or folder name without extensions).")
    List<String> params;

    @Option(
            names = "--tokens-per-step",
            split = ",",
            paramLabel = "T|RUN=T",
            description = "Tokens a step (global batch × sequence length) where a log does not count its tokens.")
    List<String> tokensPerStep;

    @Option(
            names = "--metric",
            defaultValue = "loss",
            paramLabel = "M",
            description = "A log's loss metric: loss, val_loss, … (default: ${DEFAULT-VALUE}).")
    String metric;

    @Option(
            names = "--at-tokens",
            split = ",",
            paramLabel = "D1,D2,...",
            description = "Read a log at these token counts.")
    List<Double> atTokens;

    @Option(
            names = "--points",
            defaultValue = "" + LossCurve.DEFAULT_POINTS,
            paramLabel = "K",
            description =
                    "Otherwise at K token counts, log-spaced from a tenth of the run to its end (default: ${DEFAULT-VALUE}).")
    int points;

    @Option(
            names = "--window",
            defaultValue = "" + LossCurve.DEFAULT_WINDOW,
            paramLabel = "W",
            description =
                    "Logged points each loss is smoothed over (a least-squares line; 1: none) (default: ${DEFAULT-VALUE}).")
    int window;

    @Option(
            names = "--schedule",
            paramLabel = "S",
            description = "The logs' learning-rate schedule (cosine, constant, wsd), kept with their runs.")
    String schedule;

    @Option(
            names = "--cooldowns",
            description =
                    "Read a warmup-stable-decay log at the end of each cool-down (where its learning rate bottoms out), "
                            + "each a budget the run stands for.")
    boolean cooldowns;

    @Mixin
    ProjectOption project;

    @Mixin
    WorkspaceOption workspace;

    @Mixin
    JsonOption output;

    @Spec
    CommandSpec spec;

    public record Result(
            String savedId,
            String name,
            String project,
            int runs,
            List<String> sources,
            List<String> notes,
            List<AblationRunsFile.Run> rows) {}

    @Override
    public void run() {
        CommandContext ctx = new CommandContext(spec);
        AblationStudy.LogReading logs = new AblationStudy.LogReading(
                perRun("--params", params),
                perRun("--tokens-per-step", tokensPerStep),
                metric,
                atTokens == null ? List.of() : atTokens,
                points,
                window,
                schedule,
                cooldowns);
        var progress = ctx.progress();
        AblationRunsFile.Read read =
                AblationStudy.read(inputs, RunsSource.rename(map), logs, progress, CancellationToken.none());
        progress.done();
        List<String> sources = inputs.stream()
                .map(p -> p.toAbsolutePath().normalize().toString())
                .toList();
        String first = inputs.get(0).getFileName() == null
                ? TextInput.name(inputs.get(0))
                : inputs.get(0).getFileName().toString();
        String setName =
                name != null ? name : inputs.size() == 1 ? first : first + " and " + (inputs.size() - 1) + " more";
        try (Workspace ws = ctx.openWorkspace(workspace)) {
            var p = ctx.project(ws, project.nameOrId());
            String id = AblationStudy.keep(ws, p.id(), setName, read, sources).toString();
            Result r = new Result(id, setName, p.name(), read.runs().size(), sources, read.notes(), read.runs());
            ctx.print(output.json(), r, out -> {
                read.notes().forEach(n -> out.println("Note: " + n));
                out.printf(
                        Locale.ROOT,
                        "Kept %d run%s as “%s” in project %s (%s)%n",
                        r.runs(),
                        r.runs() == 1 ? "" : "s",
                        setName,
                        p.name(),
                        id);
            });
        }
    }

    /** "N" for every run (key ""), or "RUN=N" entries. */
    static Map<String, Double> perRun(String option, List<String> given) {
        Map<String, Double> out = new LinkedHashMap<>();
        if (given == null) {
            return out;
        }
        for (String g : given) {
            int eq = g.lastIndexOf('=');
            String key = eq < 0 ? "" : g.substring(0, eq).strip();
            String num = eq < 0 ? g.strip() : g.substring(eq + 1).strip();
            try {
                double v = Double.parseDouble(num);
                if (!(v > 0) || !Double.isFinite(v)) {
                    throw BadInputException.of(option, "'" + g + "': must be a positive number");
                }
                out.put(key, v);
            } catch (NumberFormatException e) {
                throw BadInputException.of(option, "'" + g + "': expected N or RUN=N");
            }
        }
        return out;
    }
}
