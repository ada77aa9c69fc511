package dev.sextant.app.cli.gate;

import dev.sextant.app.cli.CommandContext;
import dev.sextant.app.cli.JsonOption;
import dev.sextant.app.cli.ProjectOption;
import dev.sextant.app.cli.TextTable;
import dev.sextant.app.cli.WorkspaceOption;
import dev.sextant.app.study.GateStudy;
import dev.sextant.model.InputError;
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
@Command(name = "canary-plan", mixinStandardHelpOptions = true,
        description = {"Plan a canary: traffic steps (--steps or Flagger's --step-weight/--max-weight), how long each must run for",
                "its samples to detect the rollback thresholds with the given power, the rollback rules, the time to promotion.",
                "Without --rate (or with --project, --incumbent or --keep) it shows the project's canary plan — the one the Rollout",
                "area and the rollout report show — with any flag given replacing that input; --keep keeps the result for the project."})
public final class GateCanaryPlanCommand implements Runnable {

    @Option(names = "--rate", paramLabel = "R", description = "Total requests per second.")
    Double rate;
    @Option(names = "--steps", split = ",", paramLabel = "P,P,…", description = "Canary traffic per step, per cent, e.g. 1,5,25,50.")
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
    @Option(names = "--error-rate-increase", paramLabel = "D", description = "Rise in the error rate that rolls back (absolute, e.g. 0.005).")
    Double errorRateIncrease;
    @Option(names = "--refusal-rate", paramLabel = "P", description = "Baseline refusal rate, 0–1.")
    Double refusalRate;
    @Option(names = "--refusal-rate-increase", paramLabel = "D", description = "Rise in the refusal rate that rolls back.")
    Double refusalRateIncrease;
    @Option(names = "--latency-p99-ms", paramLabel = "MS", description = "Baseline P99 latency.")
    Double latencyP99Ms;
    @Option(names = "--latency-increase", paramLabel = "F", description = "Relative P99 rise that rolls back, e.g. 0.1.")
    Double latencyIncrease;
    @Option(names = "--latency-tail", paramLabel = "N", description = "Requests beyond the P99 each side needs (default: 50).")
    Integer latencyTail;
    @Option(names = "--quality-mean", paramLabel = "M", description = "Baseline mean of a quality proxy (e.g. a judge score).")
    Double qualityMean;
    @Option(names = "--quality-sd", paramLabel = "S", description = "Its standard deviation per request.")
    Double qualitySd;
    @Option(names = "--quality-drop", paramLabel = "D", description = "Drop in the mean that rolls back.")
    Double qualityDrop;
    @Option(names = "--incumbent", paramLabel = "MODEL", description = "Incumbent whose replay gives the baselines (default: the gate policy's).")
    String incumbent;
    @Option(names = "--keep", description = "Keep these inputs as the project's canary plan (the Rollout area and the report show it).")
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
    public record ProjectCanary(String project, String incumbent, String inputsFrom, boolean kept, CanaryPlan plan) {
    }

    @Override
    public void run() {
        if (steps != null && (stepWeight != null || maxWeight != null)) {
            throw new ParameterException(spec.commandLine(), "give either --steps or --step-weight with --max-weight, not both");
        }
        if ((stepWeight == null) != (maxWeight == null)) {
            throw new ParameterException(spec.commandLine(), "--step-weight and --max-weight go together");
        }
        CommandContext ctx = new CommandContext(spec);
        boolean inProject = rate == null || keep || incumbent != null || project.nameOrId() != null;
        if (!inProject) {
            CanaryPlan plan = CanaryPlan.of(override(null));
            ctx.print(output.json(), plan, out -> print(out, plan));
            return;
        }
        ProjectCanary result;
        try (Workspace ws = ctx.openWorkspace(workspace)) {
            Project p = ctx.project(ws, project.nameOrId());
            GateStudy study = new GateStudy(ws, p.id());
            String inc = incumbent != null ? incumbent : study.policy().map(s -> s.incumbent()).orElse(null);
            GateStudy.CanaryInputs base = study.canaryInputs(inc);
            CanaryPlan.Spec s = override(base == null ? null : base.spec());
            boolean changed = base == null || !s.equals(base.spec());
            CanaryPlan plan = keep ? study.planCanary(inc, s) : CanaryPlan.of(s);
            String from = changed ? (keep ? "as given, now kept for this project" : "as given (not kept; add --keep)")
                    : base.kept() ? "kept for this project" : "defaults: thresholds from the incumbent's traffic replay, rate from the " + base.rateSource();
            result = new ProjectCanary(p.name(), inc, from, keep || (!changed && base.kept()), plan);
        }
        ctx.print(output.json(), result, out -> {
            out.printf("Canary plan of project %s%s; inputs %s%n", result.project(), result.incumbent() == null ? "" : " (incumbent " + result.incumbent() + ")",
                    result.inputsFrom());
            print(out, result.plan());
        });
    }

    /** The inputs: each flag given replaces the base's value; without a base the flags are all there is. */
    private CanaryPlan.Spec override(CanaryPlan.Spec base) {
        if (base == null && rate == null) {
            throw new InputError("canary.rate", "the project has no canary inputs yet (no kept plan and no traffic replay for the incumbent): "
                    + "give the request rate and at least one rollback threshold");
        }
        List<Double> percents = steps != null ? steps : stepWeight != null ? CanaryPlan.flaggerSteps(stepWeight, maxWeight)
                : base != null ? base.percents() : null;
        boolean err = errorRate != null || errorRateIncrease != null;
        boolean ref = refusalRate != null || refusalRateIncrease != null;
        boolean lat = latencyP99Ms != null || latencyIncrease != null;
        boolean qual = qualityMean != null || qualitySd != null || qualityDrop != null;
        return new CanaryPlan.Spec(or(rate, base == null ? null : base.ratePerSecond(), 0.0), percents,
                or(interval, base == null ? null : base.intervalMinutes(), 10.0), or(alpha, base == null ? null : base.alpha(), 0.05),
                or(power, base == null ? null : base.power(), 0.8),
                err ? or(errorRate, base == null ? null : base.errorRate(), null) : base == null ? null : base.errorRate(),
                err ? or(errorRateIncrease, base == null ? null : base.errorRateIncrease(), null) : base == null ? null : base.errorRateIncrease(),
                ref ? or(refusalRate, base == null ? null : base.refusalRate(), null) : base == null ? null : base.refusalRate(),
                ref ? or(refusalRateIncrease, base == null ? null : base.refusalRateIncrease(), null) : base == null ? null : base.refusalRateIncrease(),
                lat ? or(latencyP99Ms, base == null ? null : base.latencyP99Ms(), null) : base == null ? null : base.latencyP99Ms(),
                lat ? or(latencyIncrease, base == null ? null : base.latencyIncrease(), null) : base == null ? null : base.latencyIncrease(),
                latencyTail != null ? latencyTail : base != null ? base.latencyTail() : 50,
                qual ? or(qualityMean, base == null ? null : base.qualityMean(), null) : base == null ? null : base.qualityMean(),
                qual ? or(qualitySd, base == null ? null : base.qualitySd(), null) : base == null ? null : base.qualitySd(),
                qual ? or(qualityDrop, base == null ? null : base.qualityDrop(), null) : base == null ? null : base.qualityDrop());
    }

    private static Double or(Double given, Double base, Double fallback) {
        return given != null ? given : base != null ? base : fallback;
    }

    private static void print(PrintWriter out, CanaryPlan plan) {
        TextTable t = new TextTable("STEP", "TRAFFIC", "MINUTES", "CANARY REQUESTS", "NEEDED", "SET BY");
        plan.steps().forEach(s -> t.row(s.index(), String.format("%.4g %%", s.percent()), String.format("%.0f", s.minutes()),
                String.format("%,.0f", s.canaryRequests()), String.format("%,d", s.requiredRequests()), s.limitedBy()));
        t.print(out);
        out.printf("Promotion after %.0f minutes at the earliest (Flagger's interval arithmetic alone: %.0f)%n", plan.promotionMinutes(),
                plan.flaggerMinutes());
        plan.rollbackRules().forEach(r -> out.println("- " + r));
    }
}
