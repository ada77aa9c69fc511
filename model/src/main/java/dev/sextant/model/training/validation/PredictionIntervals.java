package dev.sextant.model.training.validation;

import dev.sextant.model.training.TrainingPlan;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * How far a predicted step time can be trusted: an interval from the planner's cross-validated errors on published runs
 * of the same class (dense or MoE, GPU generation, software stack).
 *
 * <p>Method (docs: issue 16 research notes §6):
 * <ul>
 *   <li>Residual of a run: {@code r = ln(measured / predicted)} step time, from leave-one-source-out predictions, so that
 *       no run's residual comes from a fit that saw it.</li>
 *   <li>Every source counts once: a run weighs {@code 1 / (runs of its source in the class)}, so that a 20-row table does
 *       not outvote a 1-row paper.</li>
 *   <li>Bias {@code b}: the weighted median of r. Spread {@code q}: weighted split-conformal quantile of {@code |r − b|}
 *       with sources as the exchangeable units (Tibshirani, Barber, Candès, Ramdas, "Conformal prediction under
 *       covariate shift", NeurIPS 2019, §2: the test unit's weight on +∞), i.e. the level-{@code (1−α)(M+1)/M} quantile
 *       of the M sources' weighted distribution (Lei et al., JASA 2018, for the unweighted ⌈(n+1)(1−α)⌉-th value).</li>
 *   <li>The interval on step time is {@code ŷ·[e^(b−q), e^(b+q)]}, stretched to contain ŷ itself when the bias exceeds the
 *       spread (a prediction is never shown outside its own range). TFLOP/s and tokens/s are reciprocal, days
 *       proportional.</li>
 *   <li>A class with fewer than {@link #MIN_SOURCES} sources or {@link #MIN_RUNS} runs borrows its parent's interval,
 *       widened to what its own runs show when they err more:
 *       dense/MoE × generation × stack → dense/MoE × generation → dense/MoE → all runs.</li>
 * </ul>
 * Coverage is checked the same way the intervals are meant to be used: for each source, the intervals are built without
 * it and its runs are counted inside or outside theirs.
 */
public final class PredictionIntervals {

    /** The level of the interval shown with every plan. */
    public static final double LEVEL = 0.8;
    /**
     * Fewest sources a class needs for its own interval. With M sources the conformal level is (1−α)(M+1)/M: 0.96 at
     * M = 5; below 4 it exceeds 1 and no finite interval exists.
     */
    public static final int MIN_SOURCES = 5;
    /** Fewest runs a class needs for its own interval. */
    public static final int MIN_RUNS = 10;

    /**
     * One run's cross-validated error: {@code logRatio = ln(measured / predicted)} step time (positive: predicted too
     * fast). {@code problem} names the setup the run is one layout of (source, model, GPU, sequence length): runs of one
     * problem are the pairs {@link #rankingSpread()} is measured on.
     */
    public record Residual(
            String id, String source, boolean moe, String generation, String stack, double logRatio, String problem) {

        /** A residual that shares its problem with no other run. */
        public Residual(String id, String source, boolean moe, String generation, String stack, double logRatio) {
            this(id, source, moe, generation, stack, logRatio, id);
        }

        public static Residual of(Prediction p) {
            PublishedRun r = p.run();
            return new Residual(
                    r.id(),
                    r.sourceGroup(),
                    r.moe(),
                    r.generation(),
                    r.stack(),
                    Math.log(r.measuredStepSeconds() / p.predictedSeconds()),
                    r.sourceGroup() + "|" + r.modelSpec() + "|" + r.gpuId() + "|" + r.seq());
        }
    }

    /** An error class; a null part means "any". */
    public record ErrorClass(Boolean moe, String generation, String stack) {

        public static final ErrorClass ALL = new ErrorClass(null, null, null);

        public boolean contains(Residual r) {
            return (moe == null || moe == r.moe())
                    && (generation == null || generation.equals(r.generation()))
                    && (stack == null || stack.equals(r.stack()));
        }

        /** The next coarser class: the stack dropped, then the generation, then dense/MoE; null above all runs. */
        public ErrorClass parent() {
            if (stack != null) {
                return new ErrorClass(moe, generation, null);
            }
            if (generation != null) {
                return new ErrorClass(moe, null, null);
            }
            return moe != null ? ALL : null;
        }

        /** E.g. "MoE · Hopper · nemo", "dense · A100", "all runs". */
        public String label() {
            List<String> parts = new ArrayList<>();
            if (moe != null) {
                parts.add(moe ? "MoE" : "dense");
            }
            if (generation != null) {
                parts.add(generation);
            }
            if (stack != null) {
                parts.add(stack);
            }
            return parts.isEmpty() ? "all runs" : String.join(" · ", parts);
        }
    }

    /**
     * The interval of a class.
     *
     * @param level     nominal coverage (0.8)
     * @param asked     the class asked for
     * @param basis     the class whose runs gave the interval (asked, or a coarser one when asked had too few)
     * @param runs      runs in basis
     * @param sources   sources in basis
     * @param bias      weighted median of ln(measured / predicted)
     * @param spread    conformal quantile of |ln(measured / predicted) − bias|
     * @param lower     factor on the predicted step time at the interval's fast end (≤ 1)
     * @param upper     factor at its slow end (≥ 1)
     * @param coverage  share of basis's runs inside the interval built without their own source (NaN if not checked)
     * @param ranking   how far apart, in log step time, two layouts of one setup must be predicted before the planner's
     *                  order of them can be trusted ({@link #rankingSpread()}); the interval's half-width when no pairs
     *                  of published runs measure it
     */
    public record Interval(
            double level,
            ErrorClass asked,
            ErrorClass basis,
            int runs,
            int sources,
            double bias,
            double spread,
            double lower,
            double upper,
            double coverage,
            double ranking) {

        /** An interval whose ranking spread is its own half-width. */
        public Interval(
                double level,
                ErrorClass asked,
                ErrorClass basis,
                int runs,
                int sources,
                double bias,
                double spread,
                double lower,
                double upper,
                double coverage) {
            this(
                    level,
                    asked,
                    basis,
                    runs,
                    sources,
                    bias,
                    spread,
                    lower,
                    upper,
                    coverage,
                    (Math.log(upper) - Math.log(lower)) / 2);
        }

        /** Whether the class asked for had too few published runs, so that a coarser one's interval is shown. */
        public boolean borrowed() {
            return !asked.equals(basis);
        }

        /** Half the interval's width in log step time: layouts closer than this to each other cannot be told apart. */
        public double halfWidth() {
            return (Math.log(upper) - Math.log(lower)) / 2;
        }

        /** [fast, slow] step time for a predicted one. */
        public double[] stepSeconds(double predicted) {
            return new double[] {predicted * lower, predicted * upper};
        }

        /** [low, high] throughput (TFLOP/s, tokens/s) for a predicted one: reciprocal to step time. */
        public double[] rate(double predicted) {
            return new double[] {predicted / upper, predicted / lower};
        }

        /** [short, long] training days for a predicted duration; null when there is none (NaN, no token budget). */
        public double[] days(double predicted) {
            return Double.isNaN(predicted) ? null : new double[] {predicted * lower, predicted * upper};
        }

        /**
         * A plan's ranges with the fast end held to what the GPU can do: a step cannot be shorter than its model FLOPs
         * at the dense peak (MFU 100 %), so neither its TFLOP/s above the peak nor its days below that. The factors
         * come from published runs' errors; this bound comes from the hardware and only ever narrows them.
         */
        public PlanRange range(TrainingPlan plan) {
            double[] step = stepSeconds(plan.stepTimeSeconds());
            double[] tflops = rate(plan.tflopsPerGpu());
            double[] days = days(plan.trainingDays());
            boolean capped = false;
            if (plan.mfu() > 0 && plan.mfu() <= 1 && lower < plan.mfu()) {
                double fastest = plan.mfu(); // the step-time factor at which MFU would reach 100 %
                step[0] = plan.stepTimeSeconds() * fastest;
                tflops[1] = plan.tflopsPerGpu() / fastest;
                if (days != null) {
                    days[0] = plan.trainingDays() * fastest;
                }
                capped = true;
            }
            return new PlanRange(step, tflops, days, capped);
        }

        /** Whether a measured step time falls inside the interval around a predicted one. */
        public boolean contains(double predicted, double measured) {
            double r = Math.log(measured / predicted);
            return r >= Math.log(lower) - 1e-12 && r <= Math.log(upper) + 1e-12;
        }

        /**
         * How many of {@code ranked} (best first) lie within {@link #ranking()} of the best in step time, the best
         * included: the model cannot rank these among themselves. 0 for no plans.
         */
        public int indistinguishable(List<TrainingPlan> ranked) {
            return indistinguishable(
                    ranked.stream().mapToDouble(TrainingPlan::stepTimeSeconds).toArray());
        }

        /** As {@link #indistinguishable(List)}, from the step times, best first. */
        public int indistinguishable(double... rankedStepSeconds) {
            if (rankedStepSeconds.length == 0) {
                return 0;
            }
            double best = rankedStepSeconds[0];
            int k = 0;
            for (double t : rankedStepSeconds) {
                if (Math.log(t / best) < ranking) {
                    k++;
                }
            }
            return k;
        }

        /** E.g. "dense · Hopper, 49 runs from 5 sources" (with "too few published runs of …" when borrowed). */
        public String basisText() {
            String s = String.format(Locale.ROOT, "%s, %d runs from %d sources", basis.label(), runs, sources);
            return borrowed() ? s + " (too few published runs of " + asked.label() + ")" : s;
        }
    }

    /** One held-out run against the interval built without its source. */
    /**
     * A plan's ranges: [fast, slow] step seconds, [low, high] TFLOP/s per GPU, [short, long] days (null without a token
     * budget), and whether the fast end was held at the GPU's peak.
     */
    public record PlanRange(double[] stepSeconds, double[] tflopsPerGpu, double[] days, boolean cappedAtPeak) {}

    public record Check(Residual run, Interval interval, boolean inside) {}

    /**
     * Held-out coverage.
     *
     * @param checks    every run, with the interval built without its source
     * @param overall   share inside
     * @param perSource mean over sources of each source's share inside
     * @param bySource  share inside per source
     */
    public record Coverage(List<Check> checks, double overall, double perSource, Map<String, Double> bySource) {

        /** Share inside among the runs that {@code c} contains; NaN if none. */
        public double of(ErrorClass c) {
            List<Check> in = checks.stream().filter(x -> c.contains(x.run())).toList();
            return in.isEmpty() ? Double.NaN : in.stream().filter(Check::inside).count() / (double) in.size();
        }
    }

    /** Fewest sources with pairs of runs of one problem for {@link #rankingSpread()} to be measured. */
    public static final int MIN_PAIR_SOURCES = 3;

    private final List<Residual> residuals;
    private final double level;
    private final double ranking;
    private final Coverage coverage;

    private PredictionIntervals(List<Residual> residuals, double level, boolean checkCoverage) {
        if (residuals.isEmpty()) {
            throw new IllegalArgumentException("no residuals to build intervals from");
        }
        if (!(level > 0 && level < 1)) {
            throw new IllegalArgumentException("the level must lie in (0, 1), got " + level);
        }
        this.residuals = List.copyOf(residuals);
        this.level = level;
        this.ranking = pairedSpread(this.residuals, level);
        this.coverage = checkCoverage ? heldOutCoverage() : null;
    }

    /** Intervals at {@code level} from cross-validated residuals, with their held-out coverage. */
    public static PredictionIntervals of(List<Residual> residuals, double level) {
        return new PredictionIntervals(residuals, level, true);
    }

    /** 80 % intervals from a leave-one-source-out report ({@link TrainingValidation#loso}). */
    public static PredictionIntervals of(ValidationReport loso) {
        return of(loso.predictions().stream().map(Residual::of).toList(), LEVEL);
    }

    public List<Residual> residuals() {
        return residuals;
    }

    public double level() {
        return level;
    }

    /**
     * How far apart two layouts of one setup must be predicted, in log step time, before the planner's order of them can
     * be trusted at the intervals' level: the weighted quantile of {@code |r_i − r_j|} over every pair of runs of one
     * problem (same source, model, GPU and sequence length; other layouts, scales or precisions), each source's pairs
     * weighing 1 in all. Errors shared by a setup (its stack, its hardware) cancel in such a difference, which is why it
     * is narrower than an interval. NaN when fewer than {@link #MIN_PAIR_SOURCES} sources have pairs.
     */
    public double rankingSpread() {
        return ranking;
    }

    private static double pairedSpread(List<Residual> residuals, double level) {
        Map<String, List<Residual>> byProblem = new LinkedHashMap<>();
        residuals.forEach(r ->
                byProblem.computeIfAbsent(r.problem(), k -> new ArrayList<>()).add(r));
        Map<String, Integer> pairsPerSource = new LinkedHashMap<>();
        List<double[]> pairs = new ArrayList<>(); // |difference|, then the source's index in pairsPerSource
        List<String> sourceOf = new ArrayList<>();
        for (List<Residual> runs : byProblem.values()) {
            for (int i = 0; i < runs.size(); i++) {
                for (int j = i + 1; j < runs.size(); j++) {
                    pairs.add(new double[] {
                        Math.abs(runs.get(i).logRatio() - runs.get(j).logRatio())
                    });
                    sourceOf.add(runs.get(i).source());
                    pairsPerSource.merge(runs.get(i).source(), 1, Integer::sum);
                }
            }
        }
        if (pairsPerSource.size() < MIN_PAIR_SOURCES) {
            return Double.NaN;
        }
        double[] values = pairs.stream().mapToDouble(p -> p[0]).toArray();
        double[] weights = new double[values.length];
        for (int i = 0; i < values.length; i++) {
            weights[i] = 1.0 / pairsPerSource.get(sourceOf.get(i));
        }
        return weightedQuantile(values, weights, level);
    }

    /** Held-out coverage: each source's runs against intervals built without that source. */
    public Coverage coverage() {
        return coverage;
    }

    /** The interval for a plan of a dense or MoE model on a GPU generation, with the stack if known (null: any). */
    public Interval forClass(boolean moe, String generation, String stack) {
        return forClass(new ErrorClass(moe, generation, stack));
    }

    /** The interval of {@code asked}, or of its nearest coarser class with enough sources and runs. */
    public Interval forClass(ErrorClass asked) {
        ErrorClass c = asked;
        while (true) {
            ErrorClass cls = c;
            List<Residual> in = residuals.stream().filter(cls::contains).toList();
            int sources = sources(in).size();
            // all runs are the last resort: used whenever they can give a finite interval at all
            boolean last = cls.parent() == null;
            if (sources >= MIN_SOURCES && in.size() >= MIN_RUNS || last && conformalLevel(sources) <= 1 + 1e-9) {
                return interval(asked, cls, in, sources);
            }
            if (last) {
                throw new IllegalStateException(
                        "too few sources (" + sources + ") for a " + Math.round(100 * level) + " % interval");
            }
            c = cls.parent();
        }
    }

    /** The classes of the runs at every level, each with its interval (for the validation report). */
    public Map<String, Interval> byClass() {
        Map<String, Interval> out = new TreeMap<>();
        for (Residual r : residuals) {
            for (ErrorClass c = new ErrorClass(r.moe(), r.generation(), r.stack()); c != null; c = c.parent()) {
                if (!out.containsKey(c.label())) {
                    out.put(c.label(), forClass(c));
                }
            }
        }
        return out;
    }

    /** The intervals, their widths and held-out coverage per class, as Markdown. */
    public String markdown() {
        StringBuilder md = new StringBuilder();
        md.append(String.format(
                Locale.ROOT,
                "**%d %% prediction intervals from %d leave-one-source-out residuals: held-out coverage %.0f %% "
                        + "of runs (%.0f %% averaging sources).**%n%n",
                Math.round(100 * level),
                residuals.size(),
                100 * coverage.overall(),
                100 * coverage.perSource()));
        if (!Double.isNaN(ranking)) {
            md.append(String.format(
                    Locale.ROOT,
                    "Ranking: two layouts of one published setup differ in their errors by less than ±%.0f %% in %.0f %% "
                            + "of the pairs of runs (each source weighing the same); layouts predicted closer than that cannot be ranked.%n%n",
                    100 * (Math.exp(ranking) - 1),
                    100 * level));
        }
        md.append(
                "| class | interval from | runs | sources | bias (measured / predicted) | step-time factors | held-out coverage of the class's runs |\n"
                        + "|---|---|---|---|---|---|---|\n");
        byClass()
                .forEach((label, i) -> md.append(String.format(
                        Locale.ROOT,
                        "| %s | %s | %d | %d | ×%.2f | ×%.2f – ×%.2f | %.0f %% |%n",
                        label,
                        i.borrowed() ? i.basis().label() : "itself",
                        i.runs(),
                        i.sources(),
                        Math.exp(i.bias()),
                        i.lower(),
                        i.upper(),
                        100 * coverage.of(i.asked()))));
        md.append("\n| held-out source | runs | coverage |\n|---|---|---|\n");
        coverage.bySource()
                .forEach((s, f) -> md.append(String.format(
                        Locale.ROOT,
                        "| %s | %d | %.0f %% |%n",
                        s,
                        coverage.checks().stream()
                                .filter(c -> c.run().source().equals(s))
                                .count(),
                        100 * f)));
        return md.toString();
    }

    private Interval interval(ErrorClass asked, ErrorClass basis, List<Residual> in, int sources) {
        Map<String, Integer> perSource = new LinkedHashMap<>();
        in.forEach(r -> perSource.merge(r.source(), 1, Integer::sum));
        double[] values = in.stream().mapToDouble(Residual::logRatio).toArray();
        double[] weights =
                in.stream().mapToDouble(r -> 1.0 / perSource.get(r.source())).toArray();
        double bias = weightedQuantile(values, weights, 0.5);
        double[] deviations =
                in.stream().mapToDouble(r -> Math.abs(r.logRatio() - bias)).toArray();
        double spread =
                Math.max(weightedQuantile(deviations, weights, conformalLevel(sources)), ownSpread(asked, basis, bias));
        double lower = Math.exp(Math.min(0, bias - spread));
        double upper = Math.exp(Math.max(0, bias + spread));
        double cov = coverage == null ? Double.NaN : coverage.of(basis);
        double half = (Math.log(upper) - Math.log(lower)) / 2;
        return new Interval(
                level,
                asked,
                basis,
                in.size(),
                sources,
                bias,
                spread,
                lower,
                upper,
                cov,
                Double.isNaN(ranking) ? half : ranking);
    }

    /**
     * A borrowed interval is never narrower than the asked class's own runs show: the split-conformal quantile of their
     * deviations from the borrowed bias over their own sources, each source weighing the same, which for fewer than
     * five sources is their largest deviation (0 with fewer than two runs, or when not borrowed). A class too thin for
     * an interval of its own may still be known to err more than its parent.
     */
    private double ownSpread(ErrorClass asked, ErrorClass basis, double bias) {
        if (asked.equals(basis)) {
            return 0;
        }
        List<Residual> mine = residuals.stream().filter(asked::contains).toList();
        if (mine.size() < 2) {
            return 0;
        }
        Map<String, Integer> perSource = new LinkedHashMap<>();
        mine.forEach(r -> perSource.merge(r.source(), 1, Integer::sum));
        // the split-conformal level of its own sources, held at their largest deviation when they are too few for it
        return weightedQuantile(
                mine.stream().mapToDouble(r -> Math.abs(r.logRatio() - bias)).toArray(),
                mine.stream().mapToDouble(r -> 1.0 / perSource.get(r.source())).toArray(),
                Math.min(1, conformalLevel(perSource.size())));
    }

    /** The split-conformal level over M exchangeable sources: (1−α)(M+1)/M, above 1 when M is too small. */
    double conformalLevel(int sources) {
        return level * (sources + 1) / sources;
    }

    /**
     * The smallest value v with the weight of values ≤ v at least {@code p} of the total (the lower weighted quantile;
     * for equal weights the ⌈p·n⌉-th smallest value); {@code p} of 1 or more gives the largest value.
     */
    static double weightedQuantile(double[] values, double[] weights, double p) {
        Integer[] order = new Integer[values.length];
        double total = 0;
        for (int i = 0; i < values.length; i++) {
            order[i] = i;
            total += weights[i];
        }
        Arrays.sort(order, Comparator.comparingDouble(i -> values[i]));
        double target = p * total - 1e-9 * total;
        double cumulative = 0;
        for (Integer i : order) {
            cumulative += weights[i];
            if (cumulative >= target) {
                return values[i];
            }
        }
        return values[order[order.length - 1]];
    }

    private Coverage heldOutCoverage() {
        List<Check> checks = new ArrayList<>();
        Map<String, Double> bySource = new LinkedHashMap<>();
        for (String source : sources(residuals)) {
            List<Residual> rest =
                    residuals.stream().filter(r -> !r.source().equals(source)).toList();
            PredictionIntervals without = new PredictionIntervals(rest, level, false);
            int inside = 0;
            int n = 0;
            for (Residual r : residuals) {
                if (!r.source().equals(source)) {
                    continue;
                }
                Interval i = without.forClass(r.moe(), r.generation(), r.stack());
                boolean in = i.contains(1, Math.exp(r.logRatio()));
                checks.add(new Check(r, i, in));
                inside += in ? 1 : 0;
                n++;
            }
            bySource.put(source, inside / (double) n);
        }
        double overall = checks.stream().filter(Check::inside).count() / (double) checks.size();
        double perSource = bySource.values().stream()
                .mapToDouble(Double::doubleValue)
                .average()
                .orElseThrow();
        return new Coverage(List.copyOf(checks), overall, perSource, bySource);
    }

    private static Set<String> sources(List<Residual> rs) {
        Set<String> s = new LinkedHashSet<>();
        rs.forEach(r -> s.add(r.source()));
        return s;
    }
}
