package dev.sextant.model.gate;

import dev.sextant.model.InputError;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * What a candidate must show against the incumbent before it rolls out: checks, each on a metric of one evaluation layer
 * with a direction, a minimum effect that counts as a gain, a non-inferiority margin, a statistical test and a role.
 *
 * @param confidence confidence of every check's interval (e.g. 0.95)
 */
public record GatePolicy(String name, double confidence, List<Check> checks) {

    /** The four layers of evaluation (the second seed document's ModelGate), plus per-capability regression suites. */
    public enum Layer {
        PUBLIC,
        PRIVATE,
        REPLAY,
        PAIRWISE,
        REGRESSION;

        public String slug() {
            return name().toLowerCase(Locale.ROOT);
        }

        public static Layer parse(String s) {
            try {
                return valueOf(s.strip().toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new InputError(
                        "gate.layer", "layer must be public, private, replay, pairwise or regression, got '" + s + "'");
            }
        }
    }

    /** A blocking regression check, a gain the candidate must show, or evidence that informs and never decides. */
    public enum Role {
        BLOCKING,
        REQUIRED_GAIN,
        INFORMATIVE;

        public String slug() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }

        public static Role parse(String s) {
            try {
                return valueOf(s.strip().toUpperCase(Locale.ROOT).replace('-', '_'));
            } catch (IllegalArgumentException e) {
                throw new InputError(
                        "gate.role", "role must be blocking, required-gain or informative, got '" + s + "'");
            }
        }
    }

    /**
     * Paired differences over the same items (normal interval of the mean difference, Miller 2024), independent samples
     * (Welch's normal interval), or a win rate over blind pairwise battles (Wilson interval, ties counting half).
     */
    public enum Test {
        PAIRED,
        UNPAIRED,
        WIN_RATE;

        public static Test parse(String s) {
            try {
                return valueOf(s.strip().toUpperCase(Locale.ROOT).replace('-', '_'));
            } catch (IllegalArgumentException e) {
                throw new InputError("gate.test", "test must be paired, unpaired or win-rate, got '" + s + "'");
            }
        }
    }

    /**
     * @param higherIsBetter  direction of the metric
     * @param minimumEffect   the improvement that counts as a gain (in the metric's units; for win rates, above 0.5)
     * @param margin          the non-inferiority margin: a loss up to this is tolerated
     */
    public record Check(
            String name,
            Layer layer,
            String metric,
            boolean higherIsBetter,
            double minimumEffect,
            double margin,
            Test test,
            Role role) {}

    public GatePolicy {
        checks = List.copyOf(checks);
    }

    /** Refuses a policy whose thresholds contradict each other or cannot be reached, saying which and why. */
    public GatePolicy validate() {
        if (!(confidence > 0.5 && confidence < 1)) {
            throw new InputError(
                    "gate.confidence", "policy " + name + ": confidence must lie in (0.5, 1), got " + confidence);
        }
        if (checks.isEmpty()) {
            throw new InputError("gate.checks", "policy " + name + ": no checks");
        }
        Set<String> names = new HashSet<>();
        for (Check c : checks) {
            String where = "policy " + name + ", check " + c.name() + ": ";
            if (c.name() == null || c.name().isBlank() || !names.add(c.name().toLowerCase(Locale.ROOT))) {
                throw new InputError("gate.checks", where + "every check needs its own name");
            }
            if (!(c.margin() >= 0) || !(c.minimumEffect() >= 0)) {
                throw new InputError("gate.checks", where + "the margin and the minimum effect must not be negative");
            }
            if (c.test() == Test.WIN_RATE && c.minimumEffect() >= 0.5) {
                throw new InputError(
                        "gate.checks",
                        where + "a win rate cannot rise " + c.minimumEffect() + " above 0.5: unreachable");
            }
            if (c.test() == Test.WIN_RATE && c.margin() >= 0.5) {
                throw new InputError(
                        "gate.checks",
                        where + "a margin of " + c.margin() + " below a 0.5 win rate tolerates losing every battle");
            }
            for (Check o : checks) {
                if (o != c
                        && o.layer() == c.layer()
                        && o.metric().equals(c.metric())
                        && o.higherIsBetter() != c.higherIsBetter()) {
                    throw new InputError(
                            "gate.checks",
                            where + "contradicts check " + o.name() + ": " + c.metric()
                                    + " cannot be better both higher " + "and lower");
                }
            }
        }
        return this;
    }
}
