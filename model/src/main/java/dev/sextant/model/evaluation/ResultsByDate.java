package dev.sextant.model.evaluation;

import dev.sextant.model.InputError;
import dev.sextant.model.statistics.Normal;
import dev.sextant.model.statistics.StandardErrors;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A model's accuracy on items created before its training cut-off against those created after: a model that does
 * markedly better on the older items may have seen them (contamination by date — LiveCodeBench's and LiveBench's
 * reading: Jain et al., "LiveCodeBench", 2024, §5; White et al., "LiveBench", 2024). Items dated on or before the
 * cut-off are before; an item answered several times counts by its mean. The difference after − before has a 95 %
 * interval from the two groups' standard errors (the items differ, so the groups are independent samples).
 */
public final class ResultsByDate {

    /** One side of the cut-off: items and their mean score. */
    public record Side(int n, double mean, double se) {}

    /** An estimate with its 95 % interval. */
    public record Difference(double value, double low, double high) {}

    /** The items of one calendar month (by their date): how many, and their mean score. */
    public record Month(String month, int n, double mean) {}

    /**
     * @param undated scored items without a date, left out (listed in the notes when any)
     * @param months  accuracy month by month, oldest first (LiveCodeBench's picture of a cut-off)
     */
    public record Result(
            String model,
            String benchmark,
            LocalDate cutoff,
            Side before,
            Side after,
            Difference difference,
            int undated,
            List<Month> months,
            List<String> notes) {}

    private ResultsByDate() {}

    /**
     * @param scores       the model's scores on the benchmark (several per item: their mean)
     * @param dates        each item's date
     * @param skipUndated  leave out scored items without a date (else refused)
     */
    public static Result of(
            String model,
            String benchmark,
            List<ItemScore> scores,
            Map<String, LocalDate> dates,
            LocalDate cutoff,
            boolean skipUndated) {
        Map<String, double[]> sums = new LinkedHashMap<>();
        for (ItemScore s : scores) {
            double[] a = sums.computeIfAbsent(s.itemId(), k -> new double[2]);
            a[0] += s.score();
            a[1]++;
        }
        InputError.require(!sums.isEmpty(), "bydate.model", "no scores for " + model + " on " + benchmark);
        List<Double> before = new ArrayList<>();
        List<Double> after = new ArrayList<>();
        List<String> undated = new ArrayList<>();
        TreeMap<String, double[]> months = new TreeMap<>();
        sums.forEach((item, a) -> {
            LocalDate d = dates.get(item);
            if (d == null) {
                undated.add(item);
                return;
            }
            if (d.isAfter(cutoff)) {
                after.add(a[0] / a[1]);
            } else {
                before.add(a[0] / a[1]);
            }
            double[] m = months.computeIfAbsent(d.toString().substring(0, 7), k -> new double[2]);
            m[0] += a[0] / a[1];
            m[1]++;
        });
        List<String> notes = new ArrayList<>();
        if (!undated.isEmpty()) {
            String examples = String.join(", ", undated.subList(0, Math.min(5, undated.size())));
            InputError.require(
                    skipUndated,
                    "bydate.dates",
                    undated.size() + " of the " + sums.size() + " scored items have no date (e.g. " + examples
                            + "): give every item a date, or leave the undated ones out (counted)");
            notes.add(undated.size() + " undated items left out (e.g. " + examples + ")");
        }
        InputError.require(
                before.size() >= 2 && after.size() >= 2,
                "bydate.cutoff",
                "the cut-off " + cutoff + " leaves " + before.size() + " items before and " + after.size()
                        + " after; each side needs at least 2");
        Side b = side(before);
        Side a = side(after);
        double z = Normal.twoSided(0.05);
        double diff = a.mean() - b.mean();
        double se = Math.sqrt(a.se() * a.se() + b.se() * b.se());
        if (before.size() < 30 || after.size() < 30) {
            notes.add("fewer than 30 items on a side: the normal interval understates the uncertainty");
        }
        List<Month> byMonth = new ArrayList<>();
        months.forEach((m, acc) -> byMonth.add(new Month(m, (int) acc[1], acc[0] / acc[1])));
        return new Result(
                model,
                benchmark,
                cutoff,
                b,
                a,
                new Difference(diff, diff - z * se, diff + z * se),
                undated.size(),
                List.copyOf(byMonth),
                List.copyOf(notes));
    }

    static Side side(List<Double> v) {
        double[] x = v.stream().mapToDouble(Double::doubleValue).toArray();
        return new Side(x.length, Arrays.stream(x).average().orElseThrow(), StandardErrors.clt(x));
    }
}
