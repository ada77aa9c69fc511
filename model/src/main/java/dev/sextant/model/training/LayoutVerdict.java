package dev.sextant.model.training;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * Why the best layout wins, in a sentence: where the runner-up's step time goes that the best one's does not. The
 * parts compared are the plan's own: compute, the pipeline bubble (its share of the step), and the communication of
 * each parallel dimension (what each dimension's collectives take, before any overlap with compute).
 */
public final class LayoutVerdict {

    /** Parts whose difference is smaller than this share of the best step are not named. */
    static final double NEGLIGIBLE = 0.01;

    private LayoutVerdict() {}

    /** One part of a step and how much longer (positive) the runner-up spends on it, seconds. */
    public record Part(String name, double best, double runnerUp) {
        public double more() {
            return runnerUp - best;
        }
    }

    /** The parts of two plans' steps, largest difference first. */
    public static List<Part> parts(TrainingPlan best, TrainingPlan runnerUp) {
        List<Part> out = new ArrayList<>();
        out.add(new Part("compute", best.computeSeconds(), runnerUp.computeSeconds()));
        out.add(new Part(
                "pipeline bubble",
                best.bubbleFraction() * best.stepTimeSeconds(),
                runnerUp.bubbleFraction() * runnerUp.stepTimeSeconds()));
        out.add(new Part(
                "TP communication",
                best.commSeconds().tp(),
                runnerUp.commSeconds().tp()));
        out.add(new Part(
                "PP communication",
                best.commSeconds().pp(),
                runnerUp.commSeconds().pp()));
        out.add(new Part(
                "data-parallel gradient sync",
                best.commSeconds().dp(),
                runnerUp.commSeconds().dp()));
        out.add(new Part(
                "context-parallel communication",
                best.commSeconds().cp(),
                runnerUp.commSeconds().cp()));
        out.add(new Part(
                "expert-parallel all-to-all",
                best.commSeconds().ep(),
                runnerUp.commSeconds().ep()));
        out.sort(Comparator.comparingDouble((Part p) -> -Math.abs(p.more())));
        return out;
    }

    /**
     * "TP4 PP2 DP8 wins by 6.1 % of step time over TP8 DP16 (3.10 s against 3.29 s): the runner-up spends 0.35 s more on TP
     * communication, 0.10 s less on pipeline bubble." Null with fewer than two plans.
     *
     * @param name how a plan's layout is written
     */
    public static String sentence(List<TrainingPlan> plans, Function<TrainingPlan, String> name) {
        if (plans.size() < 2) {
            return null;
        }
        TrainingPlan a = plans.get(0);
        TrainingPlan b = plans.get(1);
        double gap = (b.stepTimeSeconds() - a.stepTimeSeconds()) / b.stepTimeSeconds();
        StringBuilder s = new StringBuilder(String.format(
                Locale.ROOT,
                "%s beats the runner-up %s by %.1f %% of step time (%.2f s against %.2f s)",
                name.apply(a),
                name.apply(b),
                100 * gap,
                a.stepTimeSeconds(),
                b.stepTimeSeconds()));
        List<String> why = new ArrayList<>();
        for (Part p : parts(a, b)) {
            if (why.size() == 3 || Math.abs(p.more()) < NEGLIGIBLE * a.stepTimeSeconds()) {
                break;
            }
            why.add(String.format(
                    Locale.ROOT, "%.2f s %s on %s", Math.abs(p.more()), p.more() > 0 ? "more" : "less", p.name()));
        }
        if (why.isEmpty()) {
            s.append(": their steps differ by less than 1 % in every part, so the two are as good as each other");
        } else {
            s.append(": the runner-up spends ").append(String.join(", ", why));
            if (a.memory().headroom() < b.memory().headroom()) {
                s.append(String.format(
                        Locale.ROOT,
                        "; the runner-up would leave %.1f GiB more memory free a GPU",
                        (b.memory().headroom() - a.memory().headroom()) / (1L << 30)));
            }
        }
        return s.append('.').toString();
    }
}
