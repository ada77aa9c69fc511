package dev.sextant.app.cli.gate;

import dev.sextant.app.cli.CommandContext;
import dev.sextant.app.cli.JsonOption;
import dev.sextant.app.cli.ProjectOption;
import dev.sextant.app.cli.TextTable;
import dev.sextant.app.cli.WorkspaceOption;
import dev.sextant.app.study.GateStudy;
import dev.sextant.model.gate.CanaryPlan;
import dev.sextant.model.project.Project;
import dev.sextant.workspaces.Workspace;
import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code sextant gate canary-plan}: traffic steps, their durations from the samples the rollback thresholds need.
 * With {@code --rate} and thresholds alone it plans from the flags; with {@code --project}, {@code --incumbent} or
 * {@code --keep} (or without {@code --rate}) it starts from the project's canary inputs — the plan the Rollout area and
 * the report show — and any flag given replaces that input; {@code --keep} keeps the result as the project's.
 */
@Command(
        name = "canary-plan",
        mixinStandardHelpOptions = true,
        description = {
            "Plan a canary: traffic steps (--steps or Flagger's --step-weight/--max-weight), how long each must run for",
            "its samples to detect the rollback thresholds with the given power, the rollback rules, the time to promotion.",
            "Without --rate (or with --project, --incumbent or --keep) it shows the project's canary plan — the one the Rollout",
            "area and the rollout report show — with any flag given replacing that input; --keep keeps the result for the project."
        })
public final class GateCanaryPlanCommand implements Runnable {

    @Option(names = "--rate", paramLabel = "R", description = "Total requests per second.")
    Double rate;

    @Option(
            names = "--steps",
            split = ",",
            paramLabel = "P,P,…",
            description = "Canary traffic per step, per cent, e.g. 1,5,25,50.")
    List<Double> steps;

    @Option(names = "--step-weight", paramLabel = "W", description = "Flagger's stepWeight (with --max-weight).")
    Double stepWeight;

    @Option(names = "--max-weight", paramLabel = "W", description = "Flagger's maxWeight.")
    Double maxWeight;

    @Option(names = "--interval-minutes", paramLabel = "M", description = "Shortest step (default: 10).")
    Double interval;

    @Option(names = "--alpha", paramLabel = "A", description = "False-rollback rate per test (default: 0.05).")
    Double alpha;

    @Option(names = "--power", paramLabel = "P", description = "Chance to catch a threshold breach (default: 0.8).")
    Double power;

    @Option(names = "--error-rate", paramLabel = "P", description = "Baseline error rate, 0–1.")
    Double errorRate;

    @Option(
            names = "--error-rate-increase",
            paramLabel = "D",
            description = "Rise in the error rate that rolls back (absolute, e.g. 0.005).")
    Double errorRateIncrease;

    @Option(names = "--refusal-rate", paramLabel = "P", description = "Baseline refusal rate, 0–1.")
    Double refusalRate;

    @Option(
            names = "--refusal-rate-increase",
            paramLabel = "D",
            description = "Rise in the refusal rate that rolls back.")
    Double refusalRateIncrease;

    @Option(names = "--latency-p99-ms", paramLabel = "MS", description = "Baseline P99 latency.")
    Double latencyP99Ms;

    @Option(
            names = "--latency-increase",
            paramLabel = "F",
            description = "Relative P99 rise that rolls back, e.g. 0.1.")
    Double latencyIncrease;

    @Option(
            names = "--latency-tail",
            paramLabel = "N",
            description = "Requests beyond the P99 each side needs (default: 50).")
    Integer latencyTail;

    @Option(
            names = "--quality-mean",
            paramLabel = "M",
            description = "Baseline mean of a quality proxy (e.g. a judge score).")
    Double qualityMean;

    @Option(names = "--quality-sd", paramLabel = "S", description = "Its standard deviation per request.")
    Double qualitySd;

    @Option(names = "--quality-drop", paramLabel = "D", description = "Drop in the mean that rolls back.")
    Double qualityDrop;

    @Option(
            names = "--incumbent",
            paramLabel = "MODEL",
            description = "Incumbent whose replay gives the baselines (default: the gate policy's).")
    String incumbent;

    @Option(
            names = "--keep",
            description = "Keep these inputs as the project's canary plan (the Rollout area and the report show it).")
    boolean keep;

    @Mixin
    ProjectOption project;

    @Mixin
    WorkspaceOption workspace;

    @Mixin
    JsonOption output;

    @Spec
    CommandSpec spec;

    /** The project's canary plan and where its inputs come from. */
    public record ProjectCanary(String project, String incumbent, String inputsFrom, boolean kept, CanaryPlan plan) {}

    @Override
    public void run() {
        if (steps != null && (stepWeight != null || maxWeight != null)) {
            throw new ParameterException(
                    spec.commandLine(), "give either --steps or --step-weight with --max-weight, not both");
        }
        if ((stepWeight == null) != (maxWeight == null)) {
            throw new ParameterException(spec.commandLine(), "--step-weight and --max-weight go together");
        }
        CommandContext ctx = new CommandContext(spec);
        boolean inProject = rate == null || keep || incumbent != null || project.nameOrId() != null;
        if (!inProject) {
            CanaryPlan plan = CanaryPlan.of(overrides().over(null));
            ctx.print(output.json(), plan, out -> print(out, plan));
            return;
        }
        ProjectCanary result;
        try (Workspace ws = ctx.openWorkspace(workspace)) {
            Project p = ctx.project(ws, project.nameOrId());
            GateStudy.CanaryMerge m = new GateStudy(ws, p.id()).canaryPlan(incumbent, overrides(), keep);
            result = new ProjectCanary(p.name(), m.incumbent(), m.inputsFrom(), m.kept(), m.plan());
        }
        ctx.print(output.json(), result, out -> {
            out.printf(
                    "Canary plan of project %s%s; inputs %s%n",
                    result.project(),
                    result.incumbent() == null ? "" : " (incumbent " + result.incumbent() + ")",
                    result.inputsFrom());
            print(out, result.plan());
        });
    }

    /** The inputs the flags give; the steps from --steps or from Flagger's weights. */
    private GateStudy.CanaryOverrides overrides() {
        List<Double> percents =
                steps != null ? steps : stepWeight != null ? CanaryPlan.flaggerSteps(stepWeight, maxWeight) : null;
        return new GateStudy.CanaryOverrides(
                rate,
                percents,
                interval,
                alpha,
                power,
                errorRate,
                errorRateIncrease,
                refusalRate,
                refusalRateIncrease,
                latencyP99Ms,
                latencyIncrease,
                latencyTail,
                qualityMean,
                qualitySd,
                qualityDrop);
    }

    private static void print(PrintWriter out, CanaryPlan plan) {
        TextTable t = new TextTable("STEP", "TRAFFIC", "MINUTES", "CANARY REQUESTS", "NEEDED", "SET BY");
        plan.steps()
                .forEach(s -> t.row(
                        s.index(),
                        String.format("%.4g %%", s.percent()),
                        String.format("%.0f", s.minutes()),
                        String.format("%,.0f", s.canaryRequests()),
                        String.format("%,d", s.requiredRequests()),
                        s.limitedBy()));
        t.print(out);
        out.printf(
                "Promotion after %.0f minutes at the earliest (Flagger's interval arithmetic alone: %.0f)%n",
                plan.promotionMinutes(), plan.flaggerMinutes());
        plan.rollbackRules().forEach(r -> out.println("- " + r));
    }
}
