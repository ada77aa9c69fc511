package dev.sextant.app.study;

import dev.sextant.model.gate.GateDecision;
import dev.sextant.model.gate.GateEvidence;
import dev.sextant.model.gate.GatePolicy;
import java.util.List;

/**
 * A project's gate worked out: its policy, the candidate and incumbent, the evidence gathered from the project (item
 * scores and battles from the Evaluation area, contamination from completed scans, imported suites and replays), and
 * the decision. Made by {@link GateStudy#decide}.
 */
public record GateCase(
        GatePolicy policy, String candidate, String incumbent, List<GateEvidence> evidence, GateDecision decision) {

    /**
     * The decision's counts: blocking are the regressions of checks that decide (blocking or required-gain, not
     * down-weighted), the ones that make a reject; gains and inconclusive count every check by its status, a check
     * without evidence counting as inconclusive.
     */
    public record Counts(int blocking, int gains, int inconclusive) {}

    public Counts counts() {
        int blocking = 0;
        int gains = 0;
        int inconclusive = 0;
        for (GateDecision.CheckResult c : decision.checks()) {
            switch (c.status()) {
                case "regression" -> blocking += c.role().equals("informative") || c.downWeighted() != null ? 0 : 1;
                case "gain" -> gains++;
                case "inconclusive", "missing" -> inconclusive++;
                default -> {
                    // non-inferior: passes, counted in none of the three
                }
            }
        }
        return new Counts(blocking, gains, inconclusive);
    }
}
