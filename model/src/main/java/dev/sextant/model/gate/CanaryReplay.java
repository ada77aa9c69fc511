package dev.sextant.model.gate;

import dev.sextant.model.InputError;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;

/**
 * The canary judge replayed over monitoring data step by step, as an automated analysis would have run it: each step's
 * baseline and canary samples are judged on their own; a failing step rolls back at once, a marginal one holds the
 * ramp for a person to look (Argo Rollouts' "inconclusive"), and the canary is promoted after its last step passes.
 */
public final class CanaryReplay {

    /** One step's judgement. */
    public record StepResult(String step, double score, String verdict, List<String> failing, String action) {}

    /** The replay: every step judged, and where the rollout would have ended. */
    public record Result(List<StepResult> steps, String outcome, String stoppedAt) {}

    /** Monitoring samples of one step: per metric, baseline and canary values. */
    public record Step(Map<String, double[]> baseline, Map<String, double[]> canary) {}

    private CanaryReplay() {}

    /** @param steps steps in order (by their label's order in the data) */
    public static Result replay(
            SortedMap<String, Step> steps, CanaryJudge judge, Map<String, CanaryJudge.MetricSpec> specs) {
        if (steps.isEmpty()) {
            throw new InputError("canary.steps", "the canary plan has no steps to replay");
        }
        List<StepResult> out = new ArrayList<>();
        for (Map.Entry<String, Step> e : steps.entrySet()) {
            CanaryJudge.Judgement j =
                    judge.judge(e.getValue().baseline(), e.getValue().canary(), specs);
            List<String> failing = j.metrics().stream()
                    .filter(CanaryJudge.MetricResult::failed)
                    .map(CanaryJudge.MetricResult::metric)
                    .toList();
            String action =
                    switch (j.verdict()) {
                        case "fail" -> "roll back";
                        case "marginal" -> "hold for review";
                        default -> "continue";
                    };
            out.add(new StepResult(e.getKey(), j.score(), j.verdict(), failing, action));
            if (j.verdict().equals("fail")) {
                return new Result(out, "rolled back", e.getKey());
            }
            if (j.verdict().equals("marginal")) {
                return new Result(out, "held for review", e.getKey());
            }
        }
        return new Result(out, "promoted", steps.lastKey());
    }
}
