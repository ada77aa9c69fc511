package dev.sextant.model.contamination;

import dev.sextant.model.contamination.ScanResult.ItemResult;
import dev.sextant.model.contamination.ScanResult.Status;
import dev.sextant.model.evaluation.ItemScore;
import dev.sextant.model.statistics.Interval;
import dev.sextant.model.statistics.Moments;
import dev.sextant.model.statistics.Normal;
import dev.sextant.model.statistics.StandardErrors;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * GPT-3's clean-subset check (Brown et al. 2020, section 4): re-score each model on the items the scan found clean
 * and compare with the score on all items and on the contaminated ones; a clean score clearly below the full score
 * means contamination inflated it. Items are matched by benchmark and item id; not-checkable items count as neither
 * clean nor contaminated.
 */
public final class CleanSubsetRescore {

    private CleanSubsetRescore() {}

    /**
     * A mean with its 95% interval over {@code n} items (CLT; Wilson when all of 0/1 scores are 0 or all 1); null fields
     * when there are no items.
     */
    public record Score(int n, Double mean, Double ciLow, Double ciHigh) {}

    /**
     * @param contaminated partial and dirty items together
     * @param difference   clean − all; negative when the clean items score lower
     * @param verdict      in words
     */
    public record Row(
            String model,
            String benchmark,
            Score all,
            Score clean,
            Score contaminated,
            Score dirty,
            Double difference,
            int unmatchedItems,
            String verdict) {}

    public static List<Row> rescore(ScanResult scan, List<ItemScore> scores) {
        Map<String, Status> status = new LinkedHashMap<>();
        for (ItemResult i : scan.items()) {
            status.put(i.benchmark() + '\u0000' + i.id(), i.status());
        }
        Map<String, Map<String, List<Double>>> perItem = new LinkedHashMap<>(); // model|benchmark -> item -> samples
        for (ItemScore s : scores) {
            perItem.computeIfAbsent(s.model() + '\u0000' + s.benchmark(), k -> new LinkedHashMap<>())
                    .computeIfAbsent(s.itemId(), k -> new ArrayList<>())
                    .add(s.score());
        }
        List<Row> rows = new ArrayList<>();
        for (var e : perItem.entrySet()) {
            String[] mb = e.getKey().split("\u0000", 2);
            List<Double> all = new ArrayList<>();
            List<Double> clean = new ArrayList<>();
            List<Double> contaminated = new ArrayList<>();
            List<Double> dirty = new ArrayList<>();
            int unmatched = 0;
            for (var item : e.getValue().entrySet()) {
                Status st = status.get(mb[1] + '\u0000' + item.getKey());
                if (st == null) {
                    unmatched++;
                    continue;
                }
                double mean = item.getValue().stream()
                        .mapToDouble(Double::doubleValue)
                        .average()
                        .orElse(0);
                all.add(mean);
                switch (st) {
                    case CLEAN -> clean.add(mean);
                    case PARTIAL -> contaminated.add(mean);
                    case DIRTY -> {
                        contaminated.add(mean);
                        dirty.add(mean);
                    }
                    case NOT_CHECKABLE -> {}
                }
            }
            if (all.isEmpty()) {
                continue; // this model's benchmark was not scanned
            }
            Score a = score(all);
            Score c = score(clean);
            Double diff = c.mean() == null ? null : c.mean() - a.mean();
            rows.add(new Row(
                    mb[0],
                    mb[1],
                    a,
                    c,
                    score(contaminated),
                    score(dirty),
                    diff,
                    unmatched,
                    verdict(a, c, score(contaminated))));
        }
        return rows;
    }

    static Score score(List<Double> values) {
        if (values.isEmpty()) {
            return new Score(0, null, null, null);
        }
        double[] v = values.stream().mapToDouble(Double::doubleValue).toArray();
        double mean = Arrays.stream(v).average().orElse(0);
        double se = StandardErrors.clt(v);
        double z = Normal.twoSided(0.05);
        if (se == 0 && (mean == 0 || mean == 1) && Moments.isBinary(v)) {
            // 0/n or n/n: the CLT interval is the point itself; Wilson's is not (Wilson 1927)
            Interval w = StandardErrors.wilson(Math.round(mean * v.length), v.length, z);
            return new Score(v.length, mean, w.low(), w.high());
        }
        return new Score(v.length, mean, mean - z * se, mean + z * se);
    }

    /**
     * Contaminated items scoring significantly higher than clean ones (two-sample z on the means, 5% two-sided) is the
     * sign of inflation; the inflation is then estimated as all − clean.
     */
    private static String verdict(Score all, Score clean, Score contaminated) {
        if (contaminated.n() == 0) {
            return "no contaminated items: the score stands as it is";
        }
        if (clean.n() == 0) {
            return "every checkable item is contaminated: the score cannot be checked on clean items";
        }
        double z = Normal.twoSided(0.05);
        double seClean = (clean.ciHigh() - clean.ciLow()) / (2 * z);
        double seCont = (contaminated.ciHigh() - contaminated.ciLow()) / (2 * z);
        double diff = contaminated.mean() - clean.mean();
        double se = Math.sqrt(seClean * seClean + seCont * seCont);
        double p = se == 0 ? (diff == 0 ? 1 : 0) : Normal.twoSidedP(diff / se);
        String head = String.format(
                "%d contaminated items score %.3f, clean ones %.3f (p = %.3g)",
                contaminated.n(), contaminated.mean(), clean.mean(), p);
        if (diff > 0 && p < 0.05) {
            return head
                    + String.format(
                            ": contamination likely inflated the score, by about %.1f points (all %.3f vs clean %.3f)",
                            100 * (all.mean() - clean.mean()), all.mean(), clean.mean());
        }
        return head + ": no significant difference, no sign of inflation";
    }
}
