package dev.sextant.model.evaluation;

import dev.sextant.model.InputError;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.statistics.ResamplingDecomposition;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;

/**
 * Items answered several times (trials): how stable a model is across samples, not one draw. Per model, benchmark and
 * sampling configuration (configurations are never pooled: each is its own row):
 * <ul>
 * <li>pass@k — the chance that at least one of k trials succeeds, by the unbiased estimator over n ≥ k trials,
 * 1 − C(n−c, k)/C(n, k) per item (Chen et al., "Evaluating Large Language Models Trained on Code", 2021, §2.1);</li>
 * <li>pass^k — the chance that all k trials succeed, C(c, k)/C(n, k) per item (Yao et al., "τ-bench", 2024, §5);</li>
 * <li>majority — the share of items whose most frequent final answer is right (self-consistency voting) where the
 * trials give their answers; else the share most of whose trials succeed (a tie half);</li>
 * <li>consistency — the share of items whose trials all agree (all succeed or all fail);</li>
 * <li>the variance of the mean split between items and sampling (Miller, "Adding Error Bars to Evals", 2024).</li>
 * </ul>
 * Intervals resample items with their trials (percentile bootstrap, 95 %; see {@link #bootstrap}). A trial succeeds when its score is 1 (a fractional score counts as a success
 * from 1 up, said). With output tokens per trial: tokens per trial and per solved trial (all tokens spent over the
 * successes), and the cost per solved trial at the given prices.
 */
public final class RepeatedSamples {

    /** Bootstrap rounds of the intervals. */
    public static final int ROUNDS = 1000;

    /** How the trials were sampled, as far as their files say (null: not said). */
    public record Sampling(Double temperature, Double topP, Long maxTokens) {
        public String describe() {
            List<String> parts = new ArrayList<>();
            if (temperature != null) {
                parts.add("temperature=" + num(temperature));
            }
            if (topP != null) {
                parts.add("top_p=" + num(topP));
            }
            if (maxTokens != null) {
                parts.add("max_tokens=" + maxTokens);
            }
            return parts.isEmpty() ? "undisclosed" : String.join(", ", parts);
        }
    }

    /**
     * One answer to one item.
     *
     * @param trial        which of the item's trials (a sample index, or the file it came from)
     * @param seed         the trial's seed where said (null: not said); seeds differ between trials of one configuration
     * @param outputTokens tokens the answer took (NaN: not known), reasoning tokens apart where marked
     * @param clusterId    items sharing a cluster (questions on one passage, problems of one contest) are resampled together;
     *                     null: the item stands alone
     * @param answer       the final answer extracted from the response (null: not given), what majority voting counts
     */
    public record Trial(
            String model,
            String benchmark,
            String itemId,
            String trial,
            double score,
            Sampling sampling,
            Long seed,
            double inputTokens,
            double outputTokens,
            double reasoningTokens,
            String clusterId,
            String answer) {
        public Trial {
            Objects.requireNonNull(model, "model");
            Objects.requireNonNull(benchmark, "benchmark");
            Objects.requireNonNull(itemId, "itemId");
            Objects.requireNonNull(trial, "trial");
            sampling = sampling == null ? new Sampling(null, null, null) : sampling;
        }

        /** A trial whose final answer is not given (majority then by outcome). */
        public Trial(
                String model,
                String benchmark,
                String itemId,
                String trial,
                double score,
                Sampling sampling,
                Long seed,
                double inputTokens,
                double outputTokens,
                double reasoningTokens,
                String clusterId) {
            this(
                    model,
                    benchmark,
                    itemId,
                    trial,
                    score,
                    sampling,
                    seed,
                    inputTokens,
                    outputTokens,
                    reasoningTokens,
                    clusterId,
                    null);
        }

        /** A trial of an item in no cluster (items independent of each other). */
        public Trial(
                String model,
                String benchmark,
                String itemId,
                String trial,
                double score,
                Sampling sampling,
                Long seed,
                double inputTokens,
                double outputTokens,
                double reasoningTokens) {
            this(
                    model,
                    benchmark,
                    itemId,
                    trial,
                    score,
                    sampling,
                    seed,
                    inputTokens,
                    outputTokens,
                    reasoningTokens,
                    null);
        }
    }

    /** A figure with its 95 % interval. */
    public record Estimate(double value, double low, double high) {}

    /**
     * Token use: output tokens per answered item (one trial), all output and reasoning tokens per solved one (NaN where
     * nothing was solved), reasoning and input tokens per answered item (NaN: not given).
     */
    public record Tokens(double perItem, double perSolved, double reasoningPerItem, double inputPerItem) {}

    /**
     * One model on one benchmark under one sampling configuration.
     *
     * @param samplesPerItem the trials each item has (all the same, as the files must give)
     * @param passAt         pass@k by k
     * @param passHat        pass^k by k
     * @param costPerSolved  at the prices given (per million tokens), NaN without prices or tokens
     */
    public record Row(
            String model,
            String benchmark,
            int n,
            int samplesPerItem,
            Sampling sampling,
            List<Long> seeds,
            Map<Integer, Estimate> passAt,
            Map<Integer, Estimate> passHat,
            Estimate majority,
            Estimate consistency,
            Estimate mean,
            ResamplingDecomposition variance,
            Tokens tokens,
            double costPerSolved,
            List<String> notes) {}

    /** Prices per million tokens (NaN: not given). */
    public record Prices(double inputPerMillion, double outputPerMillion) {
        public static final Prices NONE = new Prices(Double.NaN, Double.NaN);
    }

    private RepeatedSamples() {}

    /**
     * Every (model, benchmark, configuration)'s row, in the order first read.
     *
     * @param ks the k of pass@k and pass^k, each at most the trials per item
     */
    public static List<Row> summarize(
            List<Trial> trials, List<Integer> ks, Prices prices, long seed, CancellationToken cancel) {
        InputError.require(!trials.isEmpty(), "samples.input", "no trials to summarise");
        InputError.require(
                !ks.isEmpty() && ks.stream().allMatch(k -> k >= 1),
                "samples.k",
                "k must be whole numbers from 1, e.g. 1,5,10");
        Map<String, List<Trial>> groups = new LinkedHashMap<>();
        for (Trial t : trials) {
            groups.computeIfAbsent(
                            t.model()
                                    + '\u0000'
                                    + t.benchmark()
                                    + '\u0000'
                                    + t.sampling().describe(),
                            x -> new ArrayList<>())
                    .add(t);
        }
        List<Row> rows = new ArrayList<>();
        for (List<Trial> g : groups.values()) {
            cancel.throwIfCancelled();
            rows.add(row(g, new TreeSet<>(ks).stream().toList(), prices, seed, cancel));
        }
        return List.copyOf(rows);
    }

    static Row row(List<Trial> g, List<Integer> ks, Prices prices, long seed, CancellationToken cancel) {
        Trial first = g.get(0);
        String what = first.model() + " on " + first.benchmark() + " ("
                + first.sampling().describe() + ")";
        // items × trials: every trial must answer every item once
        Map<String, Map<String, Trial>> byTrial = new TreeMap<>();
        TreeSet<String> items = new TreeSet<>();
        for (Trial t : g) {
            Trial before = byTrial.computeIfAbsent(t.trial(), x -> new LinkedHashMap<>())
                    .put(t.itemId(), t);
            InputError.require(
                    before == null,
                    "samples.input",
                    what + ": item " + t.itemId() + " answered twice in trial " + t.trial());
            items.add(t.itemId());
        }
        for (Map.Entry<String, Map<String, Trial>> e : byTrial.entrySet()) {
            if (e.getValue().size() != items.size()) {
                List<String> missing = items.stream()
                        .filter(i -> !e.getValue().containsKey(i))
                        .limit(5)
                        .toList();
                throw new InputError(
                        "samples.input",
                        what + ": the trials disagree on the items — trial " + e.getKey() + " lacks "
                                + (items.size() - e.getValue().size()) + " of the " + items.size()
                                + " items the others answer (e.g. " + String.join(", ", missing) + ")");
            }
        }
        int n = byTrial.size();
        int kMax = ks.get(ks.size() - 1);
        InputError.require(
                kMax <= n, "samples.k", what + ": k = " + kMax + " is larger than the " + n + " trials each item has");
        List<String> notes = new ArrayList<>();
        boolean fractional = g.stream().anyMatch(t -> t.score() != 0 && t.score() != 1);
        if (fractional) {
            notes.add("fractional scores: a trial counts as solved from a score of 1 up");
        }
        int items0 = items.size();
        int[] c = new int[items0];
        double[][] scores = new double[items0][n];
        int i = 0;
        for (String item : items) {
            int j = 0;
            for (Map<String, Trial> trial : byTrial.values()) {
                double s = trial.get(item).score();
                scores[i][j++] = s >= 1 ? 1 : s;
                if (s >= 1) {
                    c[i]++;
                }
            }
            i++;
        }
        // per success count 0..n: each figure's value for one item (the bootstrap reads them from here)
        int m = 2 * ks.size() + 3;
        double[][] table = new double[n + 1][m];
        for (int cc = 0; cc <= n; cc++) {
            for (int q = 0; q < ks.size(); q++) {
                table[cc][q] = passAt(n, cc, ks.get(q));
                table[cc][ks.size() + q] = passHat(n, cc, ks.get(q));
            }
            table[cc][2 * ks.size()] = 2 * cc > n ? 1 : 2 * cc == n ? 0.5 : 0;
            table[cc][2 * ks.size() + 1] = cc == 0 || cc == n ? 1 : 0;
            table[cc][2 * ks.size() + 2] = (double) cc / n;
        }
        // each item's figures; majority by answers where every trial gives one (self-consistency:
        // the most frequent final answer, right when its trials were; Wang et al.,
        // "Self-Consistency Improves Chain of Thought Reasoning", 2023)
        double[][] perItem = new double[items0][];
        for (int x = 0; x < items0; x++) {
            perItem[x] = table[c[x]].clone();
        }
        int mj0 = 2 * ks.size();
        boolean answers = g.stream().allMatch(t -> t.answer() != null);
        if (answers) {
            int x = 0;
            for (String item : items) {
                perItem[x][mj0] = majorityByAnswer(
                        byTrial.values().stream().map(t -> t.get(item)).toList());
                x++;
            }
            notes.add("majority by the trials' final answers (the most frequent, ties to the one given first)");
        } else {
            notes.add("majority by outcome: most trials of an item succeed (the files give no final answers)");
        }
        double[] point = new double[m];
        for (double[] v : perItem) {
            for (int q = 0; q < m; q++) {
                point[q] += v[q];
            }
        }
        for (int q = 0; q < m; q++) {
            point[q] /= items0;
        }
        // clusters: the items of one are resampled together (Field and Welsh,
        // "Bootstrapping clustered data", JRSS B 2007)
        Map<String, Integer> clusterOf = new LinkedHashMap<>();
        int[] cluster = new int[items0];
        int ii = 0;
        boolean clustered = false;
        for (String item : items) {
            String id = byTrial.values().iterator().next().get(item).clusterId();
            clustered |= id != null;
            cluster[ii] = clusterOf.computeIfAbsent(id == null ? "\u0000" + item : id, x -> clusterOf.size());
            ii++;
        }
        if (clustered) {
            notes.add(clusterOf.size() + " clusters of items: the intervals resample clusters");
        }
        double[][] intervals = bootstrap(perItem, cluster, clusterOf.size(), seed, cancel);
        Map<Integer, Estimate> passAt = new LinkedHashMap<>();
        Map<Integer, Estimate> passHat = new LinkedHashMap<>();
        for (int q = 0; q < ks.size(); q++) {
            passAt.put(ks.get(q), new Estimate(point[q], intervals[q][0], intervals[q][1]));
            passHat.put(
                    ks.get(q),
                    new Estimate(point[ks.size() + q], intervals[ks.size() + q][0], intervals[ks.size() + q][1]));
        }
        int mj = 2 * ks.size();
        ResamplingDecomposition variance = items0 >= 2 && n >= 2 ? ResamplingDecomposition.of(scores) : null;
        Tokens tokens = tokens(g, c);
        InputError.require(
                !(Double.isFinite(prices.outputPerMillion()) || Double.isFinite(prices.inputPerMillion()))
                        || Double.isFinite(tokens.perItem()),
                "samples.tokens",
                what + ": a cost needs the answers' token counts, and "
                        + g.stream()
                                .filter(t -> !Double.isFinite(t.outputTokens()))
                                .count() + " of its " + g.size()
                        + " answers have none: give an output_tokens column, or the answers' text and the model's"
                        + " tokenizer");
        double cost = Double.NaN;
        if (Double.isFinite(prices.outputPerMillion()) && Double.isFinite(tokens.perSolved())) {
            double solved = Arrays.stream(c).sum();
            double out = g.stream()
                    .mapToDouble(
                            t -> t.outputTokens() + (Double.isFinite(t.reasoningTokens()) ? t.reasoningTokens() : 0))
                    .sum();
            double in = Double.isFinite(tokens.inputPerItem()) ? tokens.inputPerItem() * g.size() : 0;
            if (!Double.isFinite(tokens.inputPerItem()) && Double.isFinite(prices.inputPerMillion())) {
                notes.add("no input token counts: the cost is the output's alone");
            }
            cost = ((Double.isFinite(prices.inputPerMillion()) ? prices.inputPerMillion() * in : 0)
                            + prices.outputPerMillion() * out)
                    / 1e6
                    / solved;
        }
        List<Long> seeds = g.stream()
                .map(Trial::seed)
                .filter(Objects::nonNull)
                .distinct()
                .sorted()
                .toList();
        if (first.sampling().describe().equals("undisclosed")) {
            notes.add("sampling configuration not disclosed");
        }
        return new Row(
                first.model(),
                first.benchmark(),
                items0,
                n,
                first.sampling(),
                seeds,
                passAt,
                passHat,
                new Estimate(point[mj], intervals[mj][0], intervals[mj][1]),
                new Estimate(point[mj + 1], intervals[mj + 1][0], intervals[mj + 1][1]),
                new Estimate(point[mj + 2], intervals[mj + 2][0], intervals[mj + 2][1]),
                variance,
                tokens,
                cost,
                List.copyOf(notes));
    }

    /**
     * How an item's trials become one score, for a paired comparison or a gate check: pass^k, pass@k (both need k ≤ its
     * trials; a trial succeeds from a score of 1), or the mean of its scores.
     */
    public record Fold(String name, int k, boolean hat) {

        public static final Fold MEAN = new Fold("mean", 0, false);

        /** "pass^3", "pass@5" or "mean". */
        public static Fold parse(String text) {
            String t = text == null ? "" : text.strip().toLowerCase(Locale.ROOT);
            if (t.equals("mean")) {
                return MEAN;
            }
            Matcher m = Pattern.compile("pass([@^])(\\d{1,4})").matcher(t);
            InputError.require(
                    m.matches() && Integer.parseInt(m.group(2)) >= 1,
                    "samples.fold",
                    "'" + text + "': write pass^K (all K trials" + " succeed), pass@K (one of K does) or mean");
            return new Fold(
                    "pass" + m.group(1) + m.group(2),
                    Integer.parseInt(m.group(2)),
                    m.group(1).equals("^"));
        }

        /** The item's score from its trials' scores. */
        public double of(String item, double[] scores) {
            if (k == 0) {
                return Arrays.stream(scores).average().orElseThrow();
            }
            InputError.require(
                    scores.length >= k,
                    "samples.fold",
                    "item " + item + " has " + scores.length + " trials, fewer than the k = " + k + " of " + name);
            int c = (int) Arrays.stream(scores).filter(x -> x >= 1).count();
            return hat ? passHat(scores.length, c, k) : passAt(scores.length, c, k);
        }
    }

    /** 1 when an item's most frequent final answer (ties: the first given) was scored a success, else 0. */
    static double majorityByAnswer(List<Trial> trials) {
        Map<String, int[]> counts = new LinkedHashMap<>();
        for (Trial t : trials) {
            int[] a = counts.computeIfAbsent(t.answer().strip(), k -> new int[2]);
            a[0]++;
            a[1] += t.score() >= 1 ? 1 : 0;
        }
        int[] best = null;
        for (int[] a : counts.values()) {
            if (best == null || a[0] > best[0]) {
                best = a;
            }
        }
        return best[1] > 0 ? 1 : 0;
    }

    /** pass@k of one item with c successes in n trials: 1 − C(n−c, k)/C(n, k), as a product (Chen et al. 2021). */
    public static double passAt(int n, int c, int k) {
        if (n - c < k) {
            return 1;
        }
        double fail = 1;
        for (int i = n - c + 1; i <= n; i++) {
            fail *= 1 - (double) k / i;
        }
        return 1 - fail;
    }

    /** pass^k of one item with c successes in n trials: C(c, k)/C(n, k) (Yao et al. 2024). */
    public static double passHat(int n, int c, int k) {
        if (c < k) {
            return 0;
        }
        double p = 1;
        for (int i = 0; i < k; i++) {
            p *= (double) (c - i) / (n - i);
        }
        return p;
    }

    /**
     * 95 % percentile intervals of every figure, resampling items with their trials: each round draws the items (or
     * their clusters, whole) with replacement, each keeping its own trials. Resampling the top stage alone carries the trials' variance too — an
     * item's success count already varies with its draw — while redrawing the trials again would count it twice and
     * bias pass^k (its expectation over redrawn counts is the plug-in (c/n)^k, not the unbiased figure) (Davison and
     * Hinkley, "Bootstrap Methods and their Application", 1997, §3.8). Rounds run in parallel, each from its own stream
     * split from {@code seed}, so the answer does not depend on the threads.
     */
    static double[][] bootstrap(double[][] perItem, int[] cluster, int clusters, long seed, CancellationToken cancel) {
        int items = perItem.length;
        int m = perItem[0].length;
        // each cluster's sum of every figure over its items, and its item count: a round adds whole clusters
        double[][] sums = new double[clusters][m];
        int[] sizes = new int[clusters];
        for (int i = 0; i < items; i++) {
            sizes[cluster[i]]++;
            for (int q = 0; q < m; q++) {
                sums[cluster[i]][q] += perItem[i][q];
            }
        }
        SplittableRandom root = new SplittableRandom(seed);
        SplittableRandom[] streams = new SplittableRandom[ROUNDS];
        for (int r = 0; r < ROUNDS; r++) {
            streams[r] = root.split();
        }
        double[][] rounds = new double[m][ROUNDS];
        IntStream.range(0, ROUNDS).parallel().forEach(r -> {
            if (cancel.isCancelled()) {
                return;
            }
            SplittableRandom rnd = streams[r];
            int[] times = new int[clusters];
            for (int g = 0; g < clusters; g++) {
                times[rnd.nextInt(clusters)]++;
            }
            long count = 0;
            double[] s = new double[m];
            for (int g = 0; g < clusters; g++) {
                if (times[g] == 0) {
                    continue;
                }
                count += (long) times[g] * sizes[g];
                for (int q = 0; q < m; q++) {
                    s[q] += times[g] * sums[g][q];
                }
            }
            for (int q = 0; q < m; q++) {
                rounds[q][r] = s[q] / count;
            }
        });
        cancel.throwIfCancelled();
        double[][] out = new double[m][2];
        for (int q = 0; q < m; q++) {
            double[] v = rounds[q];
            Arrays.sort(v);
            out[q][0] = v[(int) Math.floor(0.025 * (ROUNDS - 1))];
            out[q][1] = v[(int) Math.ceil(0.975 * (ROUNDS - 1))];
        }
        return out;
    }

    static Tokens tokens(List<Trial> g, int[] c) {
        boolean all = g.stream().allMatch(t -> Double.isFinite(t.outputTokens()));
        if (!all) {
            return new Tokens(Double.NaN, Double.NaN, Double.NaN, Double.NaN);
        }
        double out = g.stream().mapToDouble(Trial::outputTokens).sum();
        boolean reasoning = g.stream().allMatch(t -> Double.isFinite(t.reasoningTokens()));
        double r = reasoning ? g.stream().mapToDouble(Trial::reasoningTokens).sum() : 0;
        boolean input = g.stream().allMatch(t -> Double.isFinite(t.inputTokens()));
        long solved = Arrays.stream(c).asLongStream().sum();
        return new Tokens(
                out / g.size(),
                solved == 0 ? Double.NaN : (out + r) / solved,
                reasoning ? r / g.size() : Double.NaN,
                input ? g.stream().mapToDouble(Trial::inputTokens).sum() / g.size() : Double.NaN);
    }

    private static String num(double v) {
        return v == Math.rint(v) ? String.valueOf((long) v) : String.format(Locale.ROOT, "%s", v);
    }
}
