package dev.sextant.model.evaluation;

import dev.sextant.model.InputError;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import dev.sextant.model.statistics.Bootstrap;
import dev.sextant.model.statistics.Interval;
import dev.sextant.model.statistics.Moments;
import dev.sextant.model.statistics.Normal;
import dev.sextant.model.statistics.PairedComparison;
import dev.sextant.model.statistics.ResamplingDecomposition;
import dev.sextant.model.statistics.StandardErrors;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

/**
 * Per model × benchmark: mean, CLT and clustered standard errors, a CLT or bootstrap interval, the Wilson interval for
 * small 0/1 sets, the resampling decomposition when items were answered several times, the sampling configurations,
 * and flags (Miller, arXiv 2411.00640; Bowyer et al., arXiv 2503.01747 for small sets).
 */
public final class ScoreSummarizer {

    static final int FEW_ITEMS = 100;

    private ScoreSummarizer() {}

    /** Items grouped for one model and benchmark: item id → its samples, cluster and configurations. */
    static final class Group {
        final String model;
        final String benchmark;
        final Map<String, List<ItemScore>> items = new LinkedHashMap<>();

        Group(String model, String benchmark) {
            this.model = model;
            this.benchmark = benchmark;
        }

        double[] itemMeans() {
            double[] m = new double[items.size()];
            int i = 0;
            for (List<ItemScore> s : items.values()) {
                double sum = 0;
                for (ItemScore x : s) {
                    sum += x.score();
                }
                m[i++] = sum / s.size();
            }
            return m;
        }
    }

    static Map<String, Group> group(List<ItemScore> scores) {
        Map<String, Group> groups = new LinkedHashMap<>();
        for (ItemScore s : scores) {
            groups.computeIfAbsent(s.model() + '\u0000' + s.benchmark(), k -> new Group(s.model(), s.benchmark()))
                    .items
                    .computeIfAbsent(s.itemId(), k -> new ArrayList<>())
                    .add(s);
        }
        return groups;
    }

    public static List<ScoreSummary> summarize(
            List<ItemScore> scores, ScoreSummarySpec spec, ProgressListener progress, CancellationToken cancel) {
        Map<String, Group> groups = group(scores);
        List<ScoreSummary> rows = new ArrayList<>();
        int done = 0;
        for (Group g : groups.values()) {
            cancel.throwIfCancelled();
            rows.add(summarize(g, spec, cancel));
            progress.progress((double) ++done / groups.size(), g.model + " on " + g.benchmark);
        }
        return withSpreadFlags(rows, groups);
    }

    private static ScoreSummary summarize(Group g, ScoreSummarySpec spec, CancellationToken cancel) {
        double[] means = g.itemMeans();
        int n = means.length;
        double mean = Moments.mean(means);
        double se = StandardErrors.clt(means);
        String[] clusters = new String[n];
        boolean clustered = false;
        int i = 0;
        long sampleCount = 0;
        double[][] samples = new double[n][];
        TreeSet<String> configs = new TreeSet<>();
        for (List<ItemScore> s : g.items.values()) {
            for (ItemScore x : s) {
                if (x.clusterId() != null) {
                    clusters[i] = x.clusterId();
                    clustered = true;
                }
                configs.add(x.samplingConfig());
            }
            samples[i] = s.stream().mapToDouble(ItemScore::score).toArray();
            sampleCount += s.size();
            i++;
        }
        Double seCl = clustered ? StandardErrors.clustered(means, clusters) : null;
        double z = Normal.twoSided(spec.alpha());
        double ciLow;
        double ciHigh;
        String method;
        if (spec.ci() == ScoreSummarySpec.CiMethod.BOOTSTRAP) {
            Interval b = Bootstrap.meanPercentile(means, spec.bootstrapRounds(), spec.alpha(), spec.seed(), cancel);
            ciLow = b.low();
            ciHigh = b.high();
            method = "bootstrap";
        } else {
            double s = seCl != null ? seCl : se;
            ciLow = mean - z * s;
            ciHigh = mean + z * s;
            method = seCl != null ? "clt-clustered" : "clt";
        }
        double k = (double) sampleCount / n;
        boolean binary = Moments.isBinary(means);
        String degenerate = null;
        if (binary && ciLow == ciHigh && (mean == 0 || mean == 1)) {
            // 0/n or n/n: no spread for the CLT or a bootstrap to see, so their interval is the point itself; Wilson's
            // is not (Wilson 1927; Brown, Cai & DasGupta 2001)
            Interval w = StandardErrors.wilson(Math.round(mean * n), n, z);
            ciLow = w.low();
            ciHigh = w.high();
            method = "wilson";
            degenerate = String.format(
                    Locale.ROOT,
                    "%d of %d items scored %s: interval by Wilson [%.4f, %.4f], width %.4f "
                            + "(the %s interval would be the point itself)",
                    mean == 0 ? 0 : n,
                    n,
                    mean == 0 ? "0" : "1",
                    w.low(),
                    w.high(),
                    w.high() - w.low(),
                    spec.ci() == ScoreSummarySpec.CiMethod.BOOTSTRAP ? "bootstrap" : "CLT");
        }
        Interval wilson = binary && k == 1 ? StandardErrors.wilson(Math.round(mean * n), n, z) : null;
        ResamplingDecomposition decomposition = k > 1 && n >= 2 ? ResamplingDecomposition.of(samples) : null;
        List<String> flags = new ArrayList<>();
        if (n < FEW_ITEMS) {
            flags.add("fewer than " + FEW_ITEMS + " items (" + n + "): CLT intervals understate uncertainty"
                    + (wilson != null ? "; see the Wilson interval" : "; prefer the bootstrap interval"));
        }
        if (configs.size() == 1 && configs.first().equals("undisclosed")) {
            flags.add("sampling configuration not disclosed");
        }
        if (degenerate != null) {
            flags.add(degenerate);
        }
        return new ScoreSummary(
                g.model,
                g.benchmark,
                n,
                mean,
                se,
                seCl,
                ciLow,
                ciHigh,
                method,
                k,
                wilson == null ? null : wilson.low(),
                wilson == null ? null : wilson.high(),
                decomposition,
                List.copyOf(configs),
                flags,
                null);
    }

    /** Flags models whose spread across sampling configurations exceeds their gap to the nearest other model. */
    private static List<ScoreSummary> withSpreadFlags(List<ScoreSummary> rows, Map<String, Group> groups) {
        List<ScoreSummary> out = new ArrayList<>();
        for (ScoreSummary r : rows) {
            Group g = groups.get(r.model() + '\u0000' + r.benchmark());
            Map<String, double[]> byConfig = new LinkedHashMap<>(); // config -> {sum, count}
            for (List<ItemScore> s : g.items.values()) {
                for (ItemScore x : s) {
                    double[] acc = byConfig.computeIfAbsent(x.samplingConfig(), c -> new double[2]);
                    acc[0] += x.score();
                    acc[1]++;
                }
            }
            List<String> flags = new ArrayList<>(r.flags());
            if (byConfig.size() > 1) {
                double lo = Double.POSITIVE_INFINITY;
                double hi = Double.NEGATIVE_INFINITY;
                for (double[] acc : byConfig.values()) {
                    lo = Math.min(lo, acc[0] / acc[1]);
                    hi = Math.max(hi, acc[0] / acc[1]);
                }
                double spread = hi - lo;
                double gap = rows.stream()
                        .filter(o -> o.benchmark().equals(r.benchmark())
                                && !o.model().equals(r.model()))
                        .mapToDouble(o -> Math.abs(o.mean() - r.mean()))
                        .min()
                        .orElse(Double.NaN);
                if (!Double.isNaN(gap) && spread > gap) {
                    flags.add(String.format(
                            "spread across sampling configurations (%.4f) is larger than the gap to the nearest model (%.4f)",
                            spread, gap));
                }
            }
            out.add(
                    flags.equals(r.flags())
                            ? r
                            : new ScoreSummary(
                                    r.model(),
                                    r.benchmark(),
                                    r.n(),
                                    r.mean(),
                                    r.se(),
                                    r.seClustered(),
                                    r.ciLow(),
                                    r.ciHigh(),
                                    r.method(),
                                    r.samplesPerItem(),
                                    r.wilsonLow(),
                                    r.wilsonHigh(),
                                    r.resampling(),
                                    r.samplingConfigs(),
                                    List.copyOf(flags),
                                    r.metric()));
        }
        out.sort(Comparator.comparing(ScoreSummary::benchmark).thenComparing(ScoreSummary::model));
        return out;
    }

    /** Rows for results reported without items (lm-eval results files): the CI is ±z·SE when an SE was disclosed. */
    public static List<ScoreSummary> fromReported(List<ReportedResult> results, double alpha) {
        double z = Normal.twoSided(alpha);
        List<ScoreSummary> rows = new ArrayList<>();
        for (ReportedResult r : results) {
            List<String> flags = new ArrayList<>();
            if (r.se() == null) {
                flags.add("no CI disclosed by the source");
            }
            if (r.n() == null) {
                flags.add("n not reported");
            } else if (r.n() < FEW_ITEMS) {
                flags.add("fewer than " + FEW_ITEMS + " items (" + r.n() + ")");
            }
            if ("undisclosed".equals(r.samplingConfig())) {
                flags.add("sampling configuration not disclosed");
            }
            rows.add(new ScoreSummary(
                    r.model(),
                    r.benchmark(),
                    r.n(),
                    r.value(),
                    r.se(),
                    null,
                    r.se() == null ? null : r.value() - z * r.se(),
                    r.se() == null ? null : r.value() + z * r.se(),
                    "reported",
                    1,
                    null,
                    null,
                    null,
                    List.of(r.samplingConfig()),
                    flags,
                    r.metric()));
        }
        rows.sort(Comparator.comparing(ScoreSummary::benchmark).thenComparing(ScoreSummary::model));
        return rows;
    }

    /**
     * The paired comparison of models a and b on one benchmark's shared items (item means when several samples).
     *
     * @throws InputError naming what is missing when the models share fewer than two items
     */
    public static PairedResult compare(List<ItemScore> scores, String a, String b, String benchmark, double alpha) {
        Map<String, Group> groups = group(scores);
        Group ga = groups.get(a + '\u0000' + benchmark);
        Group gb = groups.get(b + '\u0000' + benchmark);
        if (ga == null || gb == null) {
            throw new InputError(
                    ga == null ? "evaluation.modelA" : "evaluation.modelB",
                    "no scores for model '" + (ga == null ? a : b) + "' on benchmark '" + benchmark + "'");
        }
        List<Double> xa = new ArrayList<>();
        List<Double> xb = new ArrayList<>();
        double[] meansA = ga.itemMeans();
        List<String> idsA = new ArrayList<>(ga.items.keySet());
        Map<String, Double> meansB = new LinkedHashMap<>();
        double[] mb = gb.itemMeans();
        int j = 0;
        for (String id : gb.items.keySet()) {
            meansB.put(id, mb[j++]);
        }
        for (int i = 0; i < idsA.size(); i++) {
            Double other = meansB.get(idsA.get(i));
            if (other != null) {
                xa.add(meansA[i]);
                xb.add(other);
            }
        }
        if (xa.size() < 2) {
            throw new InputError(
                    "evaluation.benchmark",
                    "models '" + a + "' and '" + b + "' share " + xa.size() + " items on '" + benchmark
                            + "'; a paired comparison needs at least 2");
        }
        var p = PairedComparison.of(
                xa.stream().mapToDouble(Double::doubleValue).toArray(),
                xb.stream().mapToDouble(Double::doubleValue).toArray(),
                alpha);
        return new PairedResult(
                a,
                b,
                benchmark,
                p.n(),
                p.meanA(),
                p.meanB(),
                p.meanDiff(),
                p.se(),
                p.ciLow(),
                p.ciHigh(),
                p.pValue(),
                p.correlation(),
                p.seUnpaired(),
                ga.items.size() - xa.size(),
                gb.items.size() - xa.size());
    }

    /**
     * @param unmatchedA items only model a was scored on (left out of the comparison)
     */
    public record PairedResult(
            String a,
            String b,
            String benchmark,
            int n,
            double meanA,
            double meanB,
            double meanDiff,
            double se,
            double ciLow,
            double ciHigh,
            double pValue,
            double correlation,
            double seUnpaired,
            int unmatchedA,
            int unmatchedB) {}
}
