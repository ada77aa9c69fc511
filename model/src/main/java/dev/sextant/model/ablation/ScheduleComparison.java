package dev.sextant.model.ablation;

import dev.sextant.model.InputError;
import dev.sextant.model.io.AblationRunsFile;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Learning-rate schedules compared at equal model size and tokens: for every (N, D) trained under two schedules or more,
 * each schedule's loss against the reference's (cosine where it is there, as the usual baseline; else the schedule tried
 * most). Hägele et al. 2024 ("Scaling laws and compute-optimal training beyond fixed training durations", arXiv
 * 2405.18392) find warmup-stable-decay with a cool-down of about a fifth of training matching cosine at equal tokens;
 * this says what the team's own runs found.
 */
public final class ScheduleComparison {

    /** Runs whose parameters and tokens agree within this fraction are one shape. */
    static final double SAME = 0.01;

    /** One schedule's best run at a shape and its loss against the reference's (a fraction: −0.01 is 1 % lower). */
    public record Entry(String schedule, String run, double loss, double vsReference) {}

    public record Shape(double params, double tokens, String reference, List<Entry> entries) {}

    /** A schedule's mean difference from the reference over the shapes where both ran, and its best and worst. */
    public record Summary(String schedule, int shapes, double mean, double best, double worst) {}

    public record Result(String reference, List<Shape> shapes, List<Summary> summary) {}

    private ScheduleComparison() {}

    /**
     * @throws InputError when no shape was trained under two schedules (saying what the runs have)
     */
    public static Result compare(List<AblationRunsFile.Run> runs) {
        List<AblationRunsFile.Run> labelled = runs.stream()
                .filter(r -> r.schedule() != null && !r.schedule().isBlank())
                .toList();
        InputError.require(
                !labelled.isEmpty(),
                "ablate.schedule",
                "no run names its schedule: give a 'schedule' column (cosine, constant, wsd, …)");
        Map<String, Long> counts = new LinkedHashMap<>();
        labelled.forEach(r -> counts.merge(norm(r.schedule()), 1L, Long::sum));
        String reference = counts.containsKey("cosine")
                ? "cosine"
                : counts.entrySet().stream()
                        .max(Map.Entry.comparingByValue())
                        .orElseThrow()
                        .getKey();
        List<List<AblationRunsFile.Run>> groups = new ArrayList<>();
        for (AblationRunsFile.Run r : labelled) {
            List<AblationRunsFile.Run> g =
                    groups.stream().filter(x -> same(x.get(0), r)).findFirst().orElse(null);
            if (g == null) {
                g = new ArrayList<>();
                groups.add(g);
            }
            g.add(r);
        }
        List<Shape> shapes = new ArrayList<>();
        Map<String, List<Double>> diffs = new LinkedHashMap<>();
        for (List<AblationRunsFile.Run> g : groups) {
            Map<String, AblationRunsFile.Run> best = new LinkedHashMap<>();
            g.forEach(r -> best.merge(norm(r.schedule()), r, (a, b) -> a.loss() <= b.loss() ? a : b));
            if (best.size() < 2 || !best.containsKey(reference)) {
                continue;
            }
            double ref = best.get(reference).loss();
            List<Entry> entries = new ArrayList<>();
            best.forEach((s, r) -> {
                entries.add(new Entry(s, r.run(), r.loss(), r.loss() / ref - 1));
                if (!s.equals(reference)) {
                    diffs.computeIfAbsent(s, k -> new ArrayList<>()).add(r.loss() / ref - 1);
                }
            });
            entries.sort(Comparator.comparingDouble(Entry::loss));
            shapes.add(new Shape(g.get(0).params(), g.get(0).tokens(), reference, List.copyOf(entries)));
        }
        InputError.require(
                !shapes.isEmpty(),
                "ablate.schedule",
                String.format(
                        Locale.ROOT,
                        "no model size and token count was trained under %s "
                                + "and another schedule (schedules: %s); compare runs of equal parameters and tokens",
                        reference,
                        counts));
        shapes.sort(Comparator.comparingDouble((Shape s) -> s.params() * s.tokens()));
        List<Summary> summary = new ArrayList<>();
        diffs.forEach((s, d) -> summary.add(new Summary(
                s,
                d.size(),
                d.stream().mapToDouble(Double::doubleValue).average().orElseThrow(),
                d.stream().mapToDouble(Double::doubleValue).min().orElseThrow(),
                d.stream().mapToDouble(Double::doubleValue).max().orElseThrow())));
        return new Result(reference, List.copyOf(shapes), List.copyOf(summary));
    }

    /** The schedule's name as runs are grouped by it: wsd, warmup-stable-decay and trapezoidal are one, as are cos and cosine. */
    public static String key(String schedule) {
        return norm(schedule);
    }

    static String norm(String schedule) {
        String s = schedule.strip().toLowerCase(Locale.ROOT).replace('_', '-');
        return switch (s) {
            case "warmup-stable-decay", "wsd", "trapezoidal" -> "wsd";
            case "cos", "cosine", "cosine-decay" -> "cosine";
            case "const", "constant" -> "constant";
            default -> s;
        };
    }

    private static boolean same(AblationRunsFile.Run a, AblationRunsFile.Run b) {
        return Math.abs(a.params() / b.params() - 1) <= SAME && Math.abs(a.tokens() / b.tokens() - 1) <= SAME;
    }
}
