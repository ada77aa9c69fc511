package dev.sextant.model.evaluation;

import dev.sextant.model.InputError;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import dev.sextant.model.statistics.Divergences;
import dev.sextant.model.statistics.Ranking;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * A composite index (a weighted mean of benchmark scores) taken apart: the composite and ranks, which benchmarks
 * decide the spread between models, the index re-weighted to the user's workload mix, and how stable the ranking is
 * under perturbed weights and score noise.
 *
 * <p>Normalisation follows the Open LLM Leaderboard v2: (v − b)/(1 − b) with b the random-guess baseline, floored at
 * 0. Weights are renormalised to sum to 1.
 */
public final class CompositeIndex {

    public static final String UNCATEGORIZED = "(uncategorized)";

    private CompositeIndex() {}

    public static CompositeIndexResult analyse(
            CompositeIndexSpec spec, ProgressListener progress, CancellationToken cancel) {
        List<String> notes = new ArrayList<>();
        List<BenchmarkWeight> weighted =
                spec.weights().stream().filter(w -> w.weight() > 0).toList();
        double total = weighted.stream().mapToDouble(BenchmarkWeight::weight).sum();
        double[] w = weighted.stream().mapToDouble(b -> b.weight() / total).toArray();
        Matrix matrix = matrix(spec, weighted, w, notes);
        noteTheInputs(spec, weighted, notes);

        double[] composite = composite(matrix.score(), w);
        int[] rank = Ranking.ranks(composite);
        double[] share = spreadShares(matrix.score(), w, composite);

        Reweighting rw = spec.mix() == null ? null : reweight(spec.weights(), spec.mix());
        double[] wMix = rw == null ? null : rw.mix();
        if (rw != null) {
            notes.addAll(rw.notes());
        }
        double[] compositeMix = wMix == null ? null : composite(matrix.score(), wMix);
        Stability stability = spec.samples() > 0 ? rankStability(spec, w, matrix, composite, progress, cancel) : null;

        List<CompositeIndexResult.ModelRow> rows = modelRows(spec, matrix, composite, rank, compositeMix, stability);
        List<CompositeIndexResult.BenchmarkRow> benchRows = new ArrayList<>();
        for (int b = 0; b < weighted.size(); b++) {
            benchRows.add(new CompositeIndexResult.BenchmarkRow(
                    weighted.get(b).benchmark(),
                    category(weighted.get(b)),
                    w[b],
                    wMix == null ? null : wMix[b],
                    share[b]));
        }
        progress.progress(1, "analysed " + matrix.models().size() + " models on " + weighted.size() + " benchmarks");
        return new CompositeIndexResult(
                rows,
                benchRows,
                rw == null ? null : rw.divergence(),
                stability == null ? null : stability.tau(),
                notes);
    }

    /**
     * Each model's normalised score and standard error on each weighted benchmark, and its tokens per item.
     *
     * @param models in the order the scores first name them
     */
    private record Matrix(List<String> models, double[][] score, double[][] se, Double[] tokens) {}

    private static Matrix matrix(
            CompositeIndexSpec spec, List<BenchmarkWeight> weighted, double[] w, List<String> notes) {
        List<String> models = new ArrayList<>();
        Map<String, Map<String, ModelScore>> byModel = new LinkedHashMap<>();
        for (ModelScore s : spec.scores()) {
            byModel.computeIfAbsent(s.model(), k -> {
                        models.add(k);
                        return new LinkedHashMap<>();
                    })
                    .put(s.benchmark(), s);
        }
        int nm = models.size();
        int nb = weighted.size();
        if (nm == 0) {
            throw new InputError("evaluation.scores", "no model scores");
        }
        double[][] score = new double[nm][nb];
        double[][] se = new double[nm][nb];
        Double[] tokens = new Double[nm];
        List<String> tokenless = new ArrayList<>();
        for (int m = 0; m < nm; m++) {
            for (int b = 0; b < nb; b++) {
                String bench = weighted.get(b).benchmark();
                ModelScore s = byModel.get(models.get(m)).get(bench);
                if (s == null) {
                    throw new InputError(
                            "evaluation.scores",
                            "model '" + models.get(m) + "' has no score for benchmark '" + bench
                                    + "', which the index weights "
                                    + weighted.get(b).weight());
                }
                Double tableBase = weighted.get(b).baseline();
                double base = spec.normalization() == CompositeIndexSpec.Normalization.RANDOM_BASELINE
                        ? spec.baselines().getOrDefault(bench, tableBase == null ? 0.0 : tableBase)
                        : 0.0;
                score[m][b] = normalize(s.score(), base);
                se[m][b] = s.se() == null ? 0 : s.se() / (1 - base);
            }
            tokens[m] = weightedTokens(byModel.get(models.get(m)), weighted, w);
            if (tokens[m] == null
                    && byModel.get(models.get(m)).values().stream().anyMatch(s -> s.tokens() != null)) {
                tokenless.add(models.get(m));
            }
        }
        if (!tokenless.isEmpty()) {
            notes.add("no token efficiency for " + String.join(", ", tokenless)
                    + ": tokens are not given for every weighted benchmark");
        }
        return new Matrix(models, score, se, tokens);
    }

    /** What the analysis had to assume about its inputs: benchmarks without a baseline, scores the index leaves out. */
    private static void noteTheInputs(CompositeIndexSpec spec, List<BenchmarkWeight> weighted, List<String> notes) {
        if (spec.normalization() == CompositeIndexSpec.Normalization.RANDOM_BASELINE) {
            List<String> raw = weighted.stream()
                    .map(BenchmarkWeight::benchmark)
                    .filter(b -> !spec.baselines().containsKey(b)
                            && weighted.stream()
                                    .filter(x -> x.benchmark().equals(b))
                                    .allMatch(x -> x.baseline() == null))
                    .toList();
            if (!raw.isEmpty()) {
                notes.add("no random-guess baseline for " + String.join(", ", raw) + ": used as scored (baseline 0)");
            }
        }
        long unused = spec.scores().stream()
                .map(ModelScore::benchmark)
                .distinct()
                .filter(b -> weighted.stream().noneMatch(x -> x.benchmark().equals(b)))
                .count();
        if (unused > 0) {
            notes.add(unused + " scored benchmark(s) are not in the weight table and were left out");
        }
    }

    /** How often each model ranked first, in the top k and at each rank, and the mean Kendall tau, over the draws. */
    private record Stability(double[] pTop1, double[] pTopK, int[][] rankCounts, double tau) {}

    /** Rank stability: Dirichlet(concentration · w) weights and N(score, se²) scores, {@code spec.samples()} draws. */
    private static Stability rankStability(
            CompositeIndexSpec spec,
            double[] w,
            Matrix matrix,
            double[] composite,
            ProgressListener progress,
            CancellationToken cancel) {
        int nm = matrix.models().size();
        int nb = w.length;
        double[][] score = matrix.score();
        double[][] se = matrix.se();
        SplittableRandom random = new SplittableRandom(spec.seed());
        int[] top1 = new int[nm];
        int[] topK = new int[nm];
        int[][] rankCounts = new int[nm][nm];
        double tauSum = 0;
        double[][] s = new double[nm][nb];
        for (int draw = 0; draw < spec.samples(); draw++) {
            if ((draw & 63) == 0) {
                cancel.throwIfCancelled();
                progress.progress((double) draw / spec.samples(), "rank stability draw " + draw);
            }
            double[] wd = Dirichlet.sample(w, spec.concentration(), random);
            for (int m = 0; m < nm; m++) {
                for (int b = 0; b < nb; b++) {
                    s[m][b] = score[m][b] + (se[m][b] == 0 ? 0 : se[m][b] * random.nextGaussian());
                }
            }
            double[] c = composite(s, wd);
            int[] r = Ranking.ranks(c);
            for (int m = 0; m < nm; m++) {
                rankCounts[m][r[m] - 1]++;
                if (r[m] == 1) {
                    top1[m]++;
                }
                if (r[m] <= spec.topK()) {
                    topK[m]++;
                }
            }
            tauSum += Ranking.kendallTauB(c, composite);
        }
        double[] pTop1 = new double[nm];
        double[] pTopK = new double[nm];
        for (int m = 0; m < nm; m++) {
            pTop1[m] = (double) top1[m] / spec.samples();
            pTopK[m] = (double) topK[m] / spec.samples();
        }
        return new Stability(pTop1, pTopK, rankCounts, tauSum / spec.samples());
    }

    /** A row per model, by published rank (ties by name). */
    private static List<CompositeIndexResult.ModelRow> modelRows(
            CompositeIndexSpec spec,
            Matrix matrix,
            double[] composite,
            int[] rank,
            double[] compositeMix,
            Stability stability) {
        int[] rankMix = compositeMix == null ? null : Ranking.ranks(compositeMix);
        Double[] tokens = matrix.tokens();
        List<CompositeIndexResult.ModelRow> rows = new ArrayList<>();
        for (int m = 0; m < composite.length; m++) {
            rows.add(new CompositeIndexResult.ModelRow(
                    matrix.models().get(m),
                    composite[m],
                    rank[m],
                    compositeMix == null ? null : compositeMix[m],
                    rankMix == null ? null : rankMix[m],
                    rankMix == null ? null : rank[m] - rankMix[m],
                    stability == null ? null : stability.pTop1()[m],
                    stability == null ? null : stability.pTopK()[m],
                    stability == null ? null : probabilities(stability.rankCounts()[m], spec.samples()),
                    tokens[m],
                    tokens[m] == null || tokens[m] <= 0 ? null : composite[m] / (tokens[m] / 1000)));
        }
        rows.sort((a, b) -> a.rank() != b.rank()
                ? Integer.compare(a.rank(), b.rank())
                : a.model().compareTo(b.model()));
        return rows;
    }

    /** Σ wᵦ·tokensᵦ over the weighted benchmarks, or null when a weighted benchmark has no token count for the model. */
    private static Double weightedTokens(Map<String, ModelScore> scores, List<BenchmarkWeight> weighted, double[] w) {
        double sum = 0;
        for (int b = 0; b < weighted.size(); b++) {
            Double t = scores.get(weighted.get(b).benchmark()).tokens();
            if (t == null) {
                return null;
            }
            sum += w[b] * t;
        }
        return sum;
    }

    private static List<Double> probabilities(int[] counts, int samples) {
        List<Double> p = new ArrayList<>();
        for (int c : counts) {
            p.add((double) c / samples);
        }
        return p;
    }

    /**
     * An index's weights against the user's mix, without any scores.
     *
     * @param benchmarks the weighted benchmarks (weight > 0), in table order
     * @param index      their weights renormalised to sum to 1
     * @param mix        their weights if the index followed the mix (a category's share spread over its benchmarks in
     *                   proportion to their index weights); null when no mix category matches one of the index
     */
    public record Reweighting(
            List<String> benchmarks,
            double[] index,
            double[] mix,
            CompositeIndexResult.Divergence divergence,
            List<String> notes) {}

    public static Reweighting reweight(List<BenchmarkWeight> weights, Map<String, Double> userMix) {
        List<BenchmarkWeight> weighted =
                weights.stream().filter(x -> x.weight() > 0).toList();
        int nb = weighted.size();
        double total = weighted.stream().mapToDouble(BenchmarkWeight::weight).sum();
        double[] w = weighted.stream().mapToDouble(b -> b.weight() / total).toArray();
        List<String> notes = new ArrayList<>();
        Map<String, Double> indexCategories = new LinkedHashMap<>();
        for (int b = 0; b < nb; b++) {
            indexCategories.merge(category(weighted.get(b)), w[b], Double::sum);
        }
        double mixTotal =
                userMix.values().stream().mapToDouble(Double::doubleValue).sum();
        Map<String, Double> mix = new LinkedHashMap<>();
        userMix.forEach((c, v) -> mix.put(c, v / mixTotal));
        List<String> cats = new ArrayList<>(indexCategories.keySet());
        mix.keySet().stream().filter(c -> !cats.contains(c)).forEach(cats::add);
        double[] p = new double[cats.size()];
        double[] q = new double[cats.size()];
        List<CompositeIndexResult.CategoryShare> shares = new ArrayList<>();
        for (int i = 0; i < cats.size(); i++) {
            p[i] = indexCategories.getOrDefault(cats.get(i), 0.0);
            q[i] = mix.getOrDefault(cats.get(i), 0.0);
            shares.add(new CompositeIndexResult.CategoryShare(cats.get(i), p[i], q[i]));
        }
        CompositeIndexResult.Divergence divergence = new CompositeIndexResult.Divergence(
                Divergences.totalVariation(p, q), Divergences.jensenShannon(p, q), shares);
        double covered = mix.entrySet().stream()
                .filter(e -> indexCategories.containsKey(e.getKey()))
                .mapToDouble(Map.Entry::getValue)
                .sum();
        mix.keySet().stream()
                .filter(c -> !indexCategories.containsKey(c))
                .forEach(c ->
                        notes.add("mix category '" + c + "' has no benchmark in the index; its share is left out"));
        double[] wMix = null;
        if (covered <= 0) {
            notes.add("no mix category matches a category of the index; no re-weighted composite");
        } else {
            wMix = new double[nb];
            for (int b = 0; b < nb; b++) {
                String c = category(weighted.get(b));
                wMix[b] = mix.getOrDefault(c, 0.0) / covered * w[b] / indexCategories.get(c);
            }
        }
        return new Reweighting(weighted.stream().map(BenchmarkWeight::benchmark).toList(), w, wMix, divergence, notes);
    }

    static double normalize(double v, double baseline) {
        if (baseline == 0) {
            return v;
        }
        if (!(baseline > 0 && baseline < 1)) {
            throw new InputError("evaluation.baseline", "a random baseline must lie in [0, 1), got " + baseline);
        }
        return Math.max(0, (v - baseline) / (1 - baseline));
    }

    static double[] composite(double[][] score, double[] w) {
        double[] c = new double[score.length];
        for (int m = 0; m < score.length; m++) {
            double sum = 0;
            for (int b = 0; b < w.length; b++) {
                sum += w[b] * score[m][b];
            }
            c[m] = sum;
        }
        return c;
    }

    /**
     * Each benchmark's share of the spread of composites across models: Var(C) = Σ_b w_b Cov(s_b, C), so benchmark b's
     * share is w_b Cov(s_b, C) / Var(C). A benchmark on which all models score alike decides nothing, however heavy.
     */
    static double[] spreadShares(double[][] score, double[] w, double[] composite) {
        int nm = score.length;
        int nb = w.length;
        double meanC = Arrays.stream(composite).average().orElse(0);
        double varC = 0;
        for (double c : composite) {
            varC += (c - meanC) * (c - meanC);
        }
        double[] share = new double[nb];
        if (varC == 0) {
            return share;
        }
        for (int b = 0; b < nb; b++) {
            double mean = 0;
            for (int m = 0; m < nm; m++) {
                mean += score[m][b];
            }
            mean /= nm;
            double cov = 0;
            for (int m = 0; m < nm; m++) {
                cov += (score[m][b] - mean) * (composite[m] - meanC);
            }
            share[b] = w[b] * cov / varC;
        }
        return share;
    }

    private static String category(BenchmarkWeight b) {
        return b.category() == null ? UNCATEGORIZED : b.category();
    }
}
