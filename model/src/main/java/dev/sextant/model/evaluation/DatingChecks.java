package dev.sextant.model.evaluation;

import dev.sextant.model.InputError;
import dev.sextant.model.evaluation.Scorecard.Check;
import dev.sextant.model.evaluation.Scorecard.Grade;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The scorecard's checks that read dates: how old a benchmark's results are, and whether its models do better on the
 * items dated before their training cut-off than after (contamination by date, as LiveCodeBench reads it: Jain et al.,
 * 2024, §5). Thresholds are stated in each check's evidence.
 */
final class DatingChecks {

    /** A drop after the cut-off of at least this much, even where its interval includes zero, is worth a look. */
    static final double NOTABLE_DROP = 0.05;

    private DatingChecks() {}

    /**
     * Stale results: a file's results older than {@code staleMonths} at {@code asOf}. A file known only by its import date
     * is at least that old, so it is stale when even that is too old and of unknown age otherwise.
     */
    static Check resultAge(String benchmark, List<ResultDate> dates, LocalDate asOf, int staleMonths) {
        List<ResultDate> mine =
                dates.stream().filter(d -> d.benchmark().equals(benchmark)).toList();
        if (mine.isEmpty()) {
            return new Check(
                    "result age", Grade.UNKNOWN, "no imported results of this benchmark say when they were run");
        }
        List<String> stale = new ArrayList<>();
        int unknown = 0;
        for (ResultDate d : mine) {
            long months = ChronoUnit.MONTHS.between(d.date(), asOf);
            if (months > staleMonths) {
                stale.add(d.source() + " "
                        + (d.run()
                                ? months + " months old (run " + d.date() + ")"
                                : "at least " + months + " months old (imported " + d.date() + ")"));
            } else if (!d.run()) {
                unknown++;
            }
        }
        String rule = " (stale: older than " + staleMonths + " months)";
        if (!stale.isEmpty()) {
            Grade g = stale.size() == mine.size() ? Grade.POOR : Grade.FAIR;
            return new Check(
                    "result age",
                    g,
                    stale.size() + " of " + mine.size() + " result files stale: "
                            + String.join("; ", stale.subList(0, Math.min(3, stale.size())))
                            + (stale.size() > 3 ? "; …" : "") + rule);
        }
        if (unknown > 0) {
            return new Check(
                    "result age",
                    Grade.UNKNOWN,
                    unknown + " of " + mine.size() + " result files do not say when they were run "
                            + "(imported within " + staleMonths + " months; give a run date at import)" + rule);
        }
        LocalDate oldest =
                mine.stream().map(ResultDate::date).min(LocalDate::compareTo).orElseThrow();
        return new Check(
                "result age",
                Grade.GOOD,
                "every result run within " + staleMonths + " months; oldest " + oldest + rule);
    }

    /**
     * Per model with a training cut-off and scores on dated items of this benchmark: accuracy after the cut-off less
     * before, with its 95 % interval. A drop whose interval excludes zero is poor; a drop of at least 5 points fair.
     */
    static Check byDate(String benchmark, List<ItemScore> items, EvaluationEvidence.Dating dating) {
        if (dating.cutoffs().isEmpty()) {
            return new Check(
                    "contamination by date", Grade.UNKNOWN, "no models' training cut-offs imported (CSV model,cutoff)");
        }
        Map<String, LocalDate> dates = dating.itemsOf(benchmark);
        if (dates.isEmpty()) {
            return new Check(
                    "contamination by date",
                    Grade.UNKNOWN,
                    "no dates for this benchmark's items imported (CSV item_id,date)");
        }
        Grade grade = Grade.UNKNOWN;
        List<String> evidence = new ArrayList<>();
        for (Map.Entry<String, LocalDate> c : dating.cutoffs().entrySet()) {
            List<ItemScore> scores = items.stream()
                    .filter(i -> i.benchmark().equals(benchmark) && i.model().equals(c.getKey()))
                    .toList();
            if (scores.isEmpty()) {
                continue;
            }
            ResultsByDate.Result r;
            try {
                r = ResultsByDate.of(c.getKey(), benchmark, scores, dates, c.getValue(), true);
            } catch (InputError e) {
                evidence.add(c.getKey() + ": " + e.getMessage());
                continue;
            }
            ResultsByDate.Difference d = r.difference();
            Grade g = d.high() < 0 ? Grade.POOR : d.value() <= -NOTABLE_DROP ? Grade.FAIR : Grade.GOOD;
            grade = grade.worst(g);
            evidence.add(String.format(
                    Locale.ROOT,
                    "%s: %.1f%% on %d items after its cut-off %s against %.1f%% on %d before, "
                            + "difference %+.1f points (95%% CI %+.1f to %+.1f)",
                    c.getKey(),
                    100 * r.after().mean(),
                    r.after().n(),
                    c.getValue(),
                    100 * r.before().mean(),
                    r.before().n(),
                    100 * d.value(),
                    100 * d.low(),
                    100 * d.high()));
        }
        if (evidence.isEmpty()) {
            return new Check(
                    "contamination by date",
                    Grade.UNKNOWN,
                    "no model with a cut-off has scores on this benchmark's dated items");
        }
        return new Check(
                "contamination by date",
                grade,
                String.join("; ", evidence)
                        + " (poor: a drop after the cut-off whose interval excludes zero; fair: a drop of 5 points or more)");
    }
}
