package dev.sextant.app.cli.gate;

import dev.sextant.app.cli.CommandContext;
import dev.sextant.app.cli.JsonOption;
import dev.sextant.app.cli.TextTable;
import dev.sextant.model.gate.CanaryPlan;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code sextant gate canary-plan}: traffic steps, their durations from the samples the rollback thresholds need. */
@Command(name = "canary-plan", mixinStandardHelpOptions = true,
        description = {"Plan a canary: traffic steps (--steps or Flagger's --step-weight/--max-weight), how long each must run for",
                "its samples to detect the rollback thresholds with the given power, the rollback rules, the time to promotion."})
public final class GateCanaryPlanCommand implements Runnable {

    @Option(names = "--rate", required = true, paramLabel = "R", description = "Total requests per second.")
    double rate;
    @Option(names = "--steps", split = ",", paramLabel = "P,P,…", description = "Canary traffic per step, per cent, e.g. 1,5,25,50.")
    List<Double> steps;
    @Option(names = "--step-weight", paramLabel = "W", description = "Flagger's stepWeight (with --max-weight).")
    Double stepWeight;
    @Option(names = "--max-weight", paramLabel = "W", description = "Flagger's maxWeight.")
    Double maxWeight;
    @Option(names = "--interval-minutes", defaultValue = "10", paramLabel = "M", description = "Shortest step (default: ${DEFAULT-VALUE}).")
    double interval;
    @Option(names = "--alpha", defaultValue = "0.05", paramLabel = "A", description = "False-rollback rate per test (default: ${DEFAULT-VALUE}).")
    double alpha;
    @Option(names = "--power", defaultValue = "0.8", paramLabel = "P", description = "Chance to catch a threshold breach (default: ${DEFAULT-VALUE}).")
    double power;
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
    @Option(names = "--latency-tail", defaultValue = "50", paramLabel = "N", description = "Requests beyond the P99 each side needs (default: ${DEFAULT-VALUE}).")
    int latencyTail;
    @Option(names = "--quality-mean", paramLabel = "M", description = "Baseline mean of a quality proxy (e.g. a judge score).")
    Double qualityMean;
    @Option(names = "--quality-sd", paramLabel = "S", description = "Its standard deviation per request.")
    Double qualitySd;
    @Option(names = "--quality-drop", paramLabel = "D", description = "Drop in the mean that rolls back.")
    Double qualityDrop;
    @Mixin
    JsonOption output;
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        CanaryPlan plan;
        try {
            if ((steps == null) == (stepWeight == null || maxWeight == null)) {
                throw new IllegalArgumentException("give either --steps or both --step-weight and --max-weight");
            }
            List<Double> percents = steps != null ? steps : CanaryPlan.flaggerSteps(stepWeight, maxWeight);
            plan = CanaryPlan.of(new CanaryPlan.Spec(rate, percents, interval, alpha, power, errorRate, errorRateIncrease, refusalRate,
                    refusalRateIncrease, latencyP99Ms, latencyIncrease, latencyTail, qualityMean, qualitySd, qualityDrop));
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        new CommandContext(spec).print(output.json(), plan, out -> {
            TextTable t = new TextTable("STEP", "TRAFFIC", "MINUTES", "CANARY REQUESTS", "NEEDED", "SET BY");
            plan.steps().forEach(s -> t.row(s.index(), String.format("%.4g %%", s.percent()), String.format("%.0f", s.minutes()),
                    String.format("%,.0f", s.canaryRequests()), String.format("%,d", s.requiredRequests()), s.limitedBy()));
            t.print(out);
            out.printf("Promotion after %.0f minutes at the earliest (Flagger's interval arithmetic alone: %.0f)%n", plan.promotionMinutes(),
                    plan.flaggerMinutes());
            plan.rollbackRules().forEach(r -> out.println("- " + r));
        });
    }
}
