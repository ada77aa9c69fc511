package dev.sextant.model.ablation;

import dev.sextant.model.InputError;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.ToDoubleFunction;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * Near-optimal batch size and learning rate as power laws of compute, fitted to a grid of small runs the way the DeepSeek
 * LLM report does (DeepSeek-AI 2024, "DeepSeek LLM: Scaling Open-Source Language Models with Longtermism", arXiv
 * 2401.02954, §3.1): at each compute budget the runs whose loss is within a small margin of the budget's best (0.25 %
 * there) form the near-optimal band; B_opt = k_B C^{a_B} and η_opt = k_η C^{a_η} are least-squares lines in log–log
 * space through every near-optimal run. Their fit on 1e17–2e19 FLOPs was B_opt = 0.2920 C^0.3271 (tokens) and
 * η_opt = 0.3118 C^−0.1250.
 *
 * <p>The interval on each exponent comes from a line through the budgets' centres (the geometric mean of each budget's
 * near-optimal values), since the runs of one budget are not independent draws: it needs three budgets, and counts
 * each centre as known to half a grid step at best (the scatter of the line plus h²/3, a uniform error of ±h). The band of a
 * recommendation is the 95 % prediction interval of that line at the target compute, never narrower than half a step
 * of the grid the runs tried (a grid cannot place an optimum finer than its own spacing).
 */
public final class HyperparameterLaws {

    /** DeepSeek LLM's margin: runs within 0.25 % of the best loss at their compute are near-optimal. */
    public static final double DEFAULT_MARGIN = 0.0025;
    /** Runs within this factor of a budget's smallest compute share it (as the IsoFLOP profiles group them). */
    static final double SAME_BUDGET = IsoFlopProfiles.SAME_BUDGET;

    /**
     * A run of the grid; {@code compute} in FLOPs (the table's, else 6ND); {@code params} its model's size, 0 where
     * unknown (a grid is one model's: at one budget, runs of other sizes are an IsoFLOP sweep's, not the grid's).
     */
    public record Run(String run, double compute, double params, double batchSize, double learningRate, double loss) {

        public Run(String run, double compute, double batchSize, double learningRate, double loss) {
            this(run, compute, 0, batchSize, learningRate, loss);
        }
    }

    /**
     * One compute budget of the grid.
     *
     * @param nearOptimal the runs within the margin of {@code best}
     * @param usable      whether it enters the laws (three runs, two batch sizes and two learning rates at least)
     * @param problems    why it does not, or where its best run sits at the grid's edge
     */
    public record Budget(
            double compute,
            List<Run> runs,
            Run best,
            List<Run> nearOptimal,
            int batchSizes,
            int learningRates,
            boolean usable,
            List<String> problems) {

        /** The geometric mean of the near-optimal batch sizes. */
        public double batchCentre() {
            return Math.exp(nearOptimal.stream()
                    .mapToDouble(r -> Math.log(r.batchSize()))
                    .average()
                    .orElseThrow());
        }

        public double learningRateCentre() {
            return Math.exp(nearOptimal.stream()
                    .mapToDouble(r -> Math.log(r.learningRate()))
                    .average()
                    .orElseThrow());
        }
    }

    /**
     * value = coefficient × C^exponent, fitted through {@code points} near-optimal runs; the exponent's 95 % interval
     * (null with fewer than three budgets).
     *
     * @param halfStep half the grid's median step, as a log factor: the band's floor
     */
    public record Law(
            double coefficient,
            double exponent,
            Double exponentLow,
            Double exponentHigh,
            int points,
            int budgets,
            double[] centreLine,
            double centreResidualSd,
            double centreMeanLogC,
            double centreSxx,
            double halfStep) {

        public double at(double compute) {
            return coefficient * Math.pow(compute, exponent);
        }

        /** The recommendation at {@code compute} with its band. */
        public Recommendation recommend(double compute) {
            double centre = at(compute);
            double half = halfStep;
            if (budgets >= 3) {
                double x = Math.log(compute);
                double t = new TDistribution(null, budgets - 2).inverseCumulativeProbability(0.975);
                double se = centreResidualSd
                        * Math.sqrt(1 + 1.0 / budgets + (x - centreMeanLogC) * (x - centreMeanLogC) / centreSxx);
                half = Math.max(half, t * se);
            }
            return new Recommendation(compute, centre, centre * Math.exp(-half), centre * Math.exp(half));
        }
    }

    /** A value for the big run and its band. */
    public record Recommendation(double compute, double value, double low, double high) {}

    /** The laws, the budgets they came from, and what the user should know. */
    public record Result(
            double margin,
            List<Budget> budgets,
            Law batchSize,
            Law learningRate,
            double smallestCompute,
            double largestCompute,
            List<String> notes) {}

    private HyperparameterLaws() {}

    /**
     * The laws of a grid of runs.
     *
     * @param margin the near-optimal band, a fraction of the best loss at each compute (DeepSeek: 0.0025)
     * @throws InputError when the grid is too sparse to fit, saying what is missing
     */
    public static Result fit(List<Run> runs, double margin) {
        InputError.require(
                margin >= 0 && margin < 0.5,
                "ablate.margin",
                "the near-optimal margin must lie in 0 to 0.5 (0.0025 is 0.25 %)");
        for (Run r : runs) {
            InputError.require(
                    r.compute() > 0
                            && r.batchSize() > 0
                            && r.learningRate() > 0
                            && r.loss() > 0
                            && Double.isFinite(r.compute() + r.batchSize() + r.learningRate() + r.loss()),
                    "ablate.runs",
                    "run '" + r.run() + "': compute, batch size, learning rate and loss must be positive numbers");
        }
        InputError.require(
                runs.size() >= 3,
                "ablate.runs",
                "batch-size and learning-rate laws need a grid of runs with batch_size and "
                        + "learning_rate at two compute budgets or more; found " + runs.size() + " run"
                        + (runs.size() == 1 ? "" : "s") + " with both");
        List<Budget> budgets = new ArrayList<>();
        int otherSizes = 0;
        for (List<Run> g : group(runs)) {
            List<Run> grid = oneModel(g);
            Budget b = budget(grid, margin);
            if (b.usable()) {
                otherSizes += g.size() - grid.size();
                budgets.add(b);
            } else {
                budgets.add(budget(g, margin)); // not a grid: what the whole budget lacks
            }
        }
        List<Budget> usable = budgets.stream().filter(Budget::usable).toList();
        if (usable.size() < 2) {
            StringBuilder why = new StringBuilder(String.format(
                    Locale.ROOT,
                    "the grid is too sparse to fit: %d compute budget%s, %d with "
                            + "three runs or more over two batch sizes and two learning rates (two are needed)",
                    budgets.size(),
                    budgets.size() == 1 ? "" : "s",
                    usable.size()));
            for (Budget b : budgets) {
                if (!b.usable()) {
                    why.append(String.format(
                            Locale.ROOT, "; at %.3g FLOPs %s", b.compute(), String.join(", ", b.problems())));
                }
            }
            throw new InputError("ablate.runs", why.toString());
        }
        Law batch = law(usable, Run::batchSize, Budget::batchCentre);
        Law lr = law(usable, Run::learningRate, Budget::learningRateCentre);
        List<String> notes = new ArrayList<>();
        List<String> left = new ArrayList<>();
        for (Budget b : budgets) {
            if (!b.usable()) {
                left.add(String.format(Locale.ROOT, "%.2g FLOPs (%s)", b.compute(), String.join(", ", b.problems())));
                continue;
            }
            for (String p : b.problems()) {
                notes.add(String.format(Locale.ROOT, "%.3g FLOPs: %s", b.compute(), p));
            }
        }
        if (!left.isEmpty()) {
            notes.add(
                    0,
                    String.format(
                            Locale.ROOT,
                            "%d budget%s left out, not a grid (three runs over two batch sizes and two learning rates "
                                    + "are needed): %s",
                            left.size(),
                            left.size() == 1 ? "" : "s",
                            String.join("; ", left)));
        }
        if (otherSizes > 0) {
            notes.add(String.format(
                    Locale.ROOT,
                    "%d run%s of other model sizes at a grid's budget left out: a grid is one model's batch sizes "
                            + "and learning rates",
                    otherSizes,
                    otherSizes == 1 ? "" : "s"));
        }
        if (usable.size() < 3) {
            notes.add("two compute budgets give the laws but no interval on their exponents; a third budget gives one");
        }
        double lo = usable.stream().mapToDouble(Budget::compute).min().orElseThrow();
        double hi = usable.stream().mapToDouble(Budget::compute).max().orElseThrow();
        return new Result(margin, List.copyOf(budgets), batch, lr, lo, hi, List.copyOf(notes));
    }

    static List<List<Run>> group(List<Run> runs) {
        List<Run> sorted = new ArrayList<>(runs);
        sorted.sort(Comparator.comparingDouble(Run::compute));
        List<List<Run>> groups = new ArrayList<>();
        for (Run r : sorted) {
            List<Run> last = groups.isEmpty() ? null : groups.get(groups.size() - 1);
            if (last != null && r.compute() < SAME_BUDGET * last.get(0).compute()) {
                last.add(r);
            } else {
                List<Run> g = new ArrayList<>();
                g.add(r);
                groups.add(g);
            }
        }
        return groups;
    }

    /** The runs of the model size (within 0.1 %) with the most runs at a budget: its grid. */
    static List<Run> oneModel(List<Run> g) {
        Map<Long, List<Run>> bySize = new LinkedHashMap<>();
        for (Run r : g) {
            bySize.computeIfAbsent(
                            r.params() > 0 ? Math.round(Math.log(r.params()) * 1000) : Long.MIN_VALUE,
                            k -> new ArrayList<>())
                    .add(r);
        }
        return bySize.values().stream().max(Comparator.comparingInt(List::size)).orElseThrow();
    }

    private static Budget budget(List<Run> g, double margin) {
        Run best = g.stream().min(Comparator.comparingDouble(Run::loss)).orElseThrow();
        List<Run> near =
                g.stream().filter(r -> r.loss() <= best.loss() * (1 + margin)).toList();
        TreeSet<Double> batches = new TreeSet<>();
        TreeSet<Double> rates = new TreeSet<>();
        g.forEach(r -> {
            batches.add(r.batchSize());
            rates.add(r.learningRate());
        });
        List<String> problems = new ArrayList<>();
        boolean usable = true;
        if (g.size() < 3) {
            problems.add(g.size() + " run" + (g.size() == 1 ? "" : "s") + " (three or more are needed)");
            usable = false;
        }
        if (batches.size() < 2) {
            problems.add("one batch size tried");
            usable = false;
        }
        if (rates.size() < 2) {
            problems.add("one learning rate tried");
            usable = false;
        }
        if (usable) {
            edge(problems, "batch size", best.batchSize(), batches);
            edge(problems, "learning rate", best.learningRate(), rates);
        }
        double compute = Math.exp(
                g.stream().mapToDouble(r -> Math.log(r.compute())).average().orElseThrow());
        return new Budget(
                compute, List.copyOf(g), best, near, batches.size(), rates.size(), usable, List.copyOf(problems));
    }

    private static void edge(List<String> problems, String what, double best, TreeSet<Double> tried) {
        if (best == tried.first() || best == tried.last()) {
            problems.add(String.format(
                    Locale.ROOT,
                    "the best run's %s (%.4g) is the %s tried: the optimum may lie beyond the grid — extend it",
                    what,
                    best,
                    best == tried.first() ? "smallest" : "largest"));
        }
    }

    private static Law law(List<Budget> budgets, ToDoubleFunction<Run> value, ToDoubleFunction<Budget> centre) {
        List<double[]> xy = new ArrayList<>();
        for (Budget b : budgets) {
            for (Run r : b.nearOptimal()) {
                xy.add(new double[] {Math.log(b.compute()), Math.log(value.applyAsDouble(r))});
            }
        }
        double[] all = IsoFlopProfiles.line(
                xy.stream().mapToDouble(p -> p[0]).toArray(),
                xy.stream().mapToDouble(p -> p[1]).toArray());
        double[] cx = budgets.stream().mapToDouble(b -> Math.log(b.compute())).toArray();
        double[] cy = budgets.stream().mapToDouble(centre).toArray();
        for (int i = 0; i < cy.length; i++) {
            cy[i] = Math.log(cy[i]);
        }
        double[] c = IsoFlopProfiles.line(cx, cy);
        double mx = Arrays.stream(cx).average().orElseThrow();
        double sxx = 0;
        double ss = 0;
        for (int i = 0; i < cx.length; i++) {
            sxx += (cx[i] - mx) * (cx[i] - mx);
            double e = cy[i] - c[0] - c[1] * cx[i];
            ss += e * e;
        }
        Double low = null;
        Double high = null;
        double sd = 0;
        double half = halfStep(budgets, value);
        if (budgets.size() >= 3) {
            // each centre is known to half a grid step at best: a uniform error of ±h adds h²/3 to the scatter
            sd = Math.sqrt(ss / (budgets.size() - 2) + half * half / 3);
            double t = new TDistribution(null, budgets.size() - 2).inverseCumulativeProbability(0.975);
            double seSlope = sd / Math.sqrt(sxx);
            low = c[1] - t * seSlope;
            high = c[1] + t * seSlope;
        }
        return new Law(Math.exp(all[0]), all[1], low, high, xy.size(), budgets.size(), c, sd, mx, sxx, half);
    }

    /** Half the median ratio between neighbouring values tried at one budget, as a log. */
    private static double halfStep(List<Budget> budgets, ToDoubleFunction<Run> value) {
        List<Double> steps = new ArrayList<>();
        for (Budget b : budgets) {
            double[] v = b.runs().stream()
                    .mapToDouble(value)
                    .map(Math::log)
                    .distinct()
                    .sorted()
                    .toArray();
            for (int i = 1; i < v.length; i++) {
                steps.add(v[i] - v[i - 1]);
            }
        }
        steps.sort(null);
        return steps.isEmpty() ? 0 : steps.get(steps.size() / 2) / 2;
    }
}
