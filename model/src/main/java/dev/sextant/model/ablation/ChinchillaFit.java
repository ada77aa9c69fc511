package dev.sextant.model.ablation;

import dev.sextant.model.InputError;
import dev.sextant.model.statistics.Lbfgs;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.stream.IntStream;

/**
 * The loss of a model of N parameters trained on D tokens, L(N, D) = E + A / N^α + B / D^β (Hoffmann et al. 2022,
 * "Training Compute-Optimal Large Language Models", approach 3), fitted as the careful replication does (Besiroglu et
 * al. 2024, "Chinchilla Scaling: A replication attempt", arXiv 2404.10102): in log space, log L̂ = LSE(a − α log N,
 * b − β log D, e) with A = eᵃ, B = eᵇ, E = eᵉ, minimising the sum of Huber losses (δ = 10⁻³) of log L̂ − log L by
 * L-BFGS from every point of a grid of starts (α, β ∈ {0, 0.5, …, 2}, e ∈ {−1, −0.5, …, 1}, a, b ∈ {0, 5, …, 25}): 30
 * iterations from each, then the best 5 % continued to convergence, the lowest objective kept.
 */
public final class ChinchillaFit {

    /** The Huber loss's threshold between its quadratic and linear parts, in log-loss units. */
    public static final double DELTA = 1e-3;

    /**
     * The law's form. {@code CHINCHILLA}: E + A/N^α + B/D^β, five parameters (Hoffmann et al.). {@code TIED}: one exponent
     * for both, E + A/N^α + B/D^α, as Gadre et al. 2024 ("Language models scale reliably with over-training and on
     * downstream tasks", arXiv 2403.08540, §3) take it, so that at a fixed ratio of tokens to parameters the reducible loss
     * is a single power law of compute and over-training only moves its constant: four parameters, and the form that
     * extrapolates over-trained runs (see the README's validation).
     */
    public enum Form {
        CHINCHILLA("chinchilla", "E + A/N^α + B/D^β"),
        TIED("tied", "E + A/N^α + B/D^α");

        private final String id;
        private final String formula;

        Form(String id, String formula) {
            this.id = id;
            this.formula = formula;
        }

        public String id() {
            return id;
        }

        public String formula() {
            return formula;
        }

        public static Form of(String id) {
            for (Form f : values()) {
                if (f.id.equalsIgnoreCase(id.strip())) {
                    return f;
                }
            }
            throw new InputError("ablate.form", "unknown form '" + id + "'; expected chinchilla or tied");
        }

        int size() {
            return this == TIED ? 4 : 5;
        }
    }

    /** One run: parameters, training tokens, final loss. */
    public record Point(double params, double tokens, double loss) {}

    /**
     * Fitted parameters, with the objective at them.
     *
     * @param objective the sum of Huber losses at the fit
     */
    public record Parameters(double e, double a, double b, double alpha, double beta, double objective) {

        public double bigE() {
            return Math.exp(e);
        }

        public double bigA() {
            return Math.exp(a);
        }

        public double bigB() {
            return Math.exp(b);
        }

        /** The predicted loss of N parameters trained on D tokens. */
        public double loss(double params, double tokens) {
            return bigE() + bigA() / Math.pow(params, alpha) + bigB() / Math.pow(tokens, beta);
        }

        double[] vector(Form form) {
            return form == Form.TIED ? new double[] {a, b, e, alpha} : new double[] {a, b, e, alpha, beta};
        }
    }

    /** The grid of starts: {a, b, e, α, β} for every combination. */
    public static final double[] GRID_ALPHA = {0, 0.5, 1, 1.5, 2};

    public static final double[] GRID_E = {-1, -0.5, 0, 0.5, 1};
    public static final double[] GRID_AB = {0, 5, 10, 15, 20, 25};

    private static final Lbfgs LBFGS = new Lbfgs(1000, 1e-9, 1e-13);
    /** The first stage: every start this many iterations. */
    private static final Lbfgs SCREEN = new Lbfgs(30, 1e-9, 1e-13);
    /** Starts continued after the first stage: this share of the grid, at least {@link #CONTINUED_MIN}. */
    static final double CONTINUED_SHARE = 0.05;

    static final int CONTINUED_MIN = 50;

    private ChinchillaFit() {}

    /** The best fit of the five-parameter form over the grid of starts. */
    public static Parameters fit(List<Point> points) {
        return fit(points, Form.CHINCHILLA);
    }

    /** The best fit of {@code form} over the grid of starts (the tied form's grid has no β of its own). */
    public static Parameters fit(List<Point> points, Form form) {
        double[] logN = new double[points.size()];
        double[] logD = new double[points.size()];
        double[] logL = new double[points.size()];
        for (int i = 0; i < points.size(); i++) {
            logN[i] = Math.log(points.get(i).params());
            logD[i] = Math.log(points.get(i).tokens());
            logL[i] = Math.log(points.get(i).loss());
        }
        Lbfgs.Objective f = objective(logN, logD, logL, form);
        // every start of the grid searched briefly, then the most promising continued to convergence (a multi-start
        // search pruned after a first stage: on Chinchilla's points the best fit is reached from the start that is
        // lowest after the first stage, and a third of all starts reach it); in parallel, ties to the earlier start so
        // the answer does not depend on the threads
        List<double[]> starts = grid(form);
        Lbfgs.Result[] screened = new Lbfgs.Result[starts.size()];
        IntStream.range(0, starts.size()).parallel().forEach(i -> screened[i] = SCREEN.minimize(f, starts.get(i)));
        Integer[] order = new Integer[starts.size()];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(
                order,
                Comparator.comparingDouble(
                        i -> Double.isFinite(screened[i].value()) ? screened[i].value() : Double.POSITIVE_INFINITY));
        int kept = Math.max(CONTINUED_MIN, (int) Math.ceil(CONTINUED_SHARE * starts.size()));
        Parameters[] found = new Parameters[Math.min(kept, order.length)];
        IntStream.range(0, found.length).parallel().forEach(k -> {
            Lbfgs.Result r = LBFGS.minimize(f, screened[order[k]].x());
            found[k] = Double.isFinite(r.value()) ? of(r, form) : null;
        });
        Parameters best = null;
        for (Parameters p : found) {
            if (p != null && (best == null || p.objective() < best.objective())) {
                best = p;
            }
        }
        return best;
    }

    /** The starts {a, b, e, α, β} (the tied form: {a, b, e, α}): every combination of the grid's values. */
    /** How many starts the grid of {@code form} has (4,500 for Chinchilla's form, 900 tied). */
    public static int starts(Form form) {
        return grid(form).size();
    }

    static List<double[]> grid(Form form) {
        List<double[]> out = new ArrayList<>();
        double[] betas = form == Form.TIED ? new double[] {Double.NaN} : GRID_ALPHA;
        for (double alpha : GRID_ALPHA) {
            for (double beta : betas) {
                for (double e : GRID_E) {
                    for (double a : GRID_AB) {
                        for (double b : GRID_AB) {
                            out.add(
                                    form == Form.TIED
                                            ? new double[] {a, b, e, alpha}
                                            : new double[] {a, b, e, alpha, beta});
                        }
                    }
                }
            }
        }
        return out;
    }

    /** A fit started from {@code start} only (a bootstrap resample started from the full data's fit). */
    static Parameters fitFrom(double[] logN, double[] logD, double[] logL, Parameters start, Form form) {
        return of(LBFGS.minimize(objective(logN, logD, logL, form), start.vector(form)), form);
    }

    private static Parameters of(Lbfgs.Result r, Form form) {
        double[] x = r.x();
        return new Parameters(x[2], x[0], x[1], x[3], form == Form.TIED ? x[3] : x[4], r.value());
    }

    /**
     * Σ Huber_δ(LSE(a − α log N, b − β log D, e) − log L) and its gradient: with the softmax weights w of the three
     * terms, ∂/∂a = h′·w₁, ∂/∂α = −h′·w₁ log N, ∂/∂b = h′·w₂, ∂/∂β = −h′·w₂ log D, ∂/∂e = h′·w₃.
     */
    static Lbfgs.Objective objective(double[] logN, double[] logD, double[] logL) {
        return objective(logN, logD, logL, Form.CHINCHILLA);
    }

    /** As above; the tied form's β is its α, and its gradient in α the sum of both terms'. */
    static Lbfgs.Objective objective(double[] logN, double[] logD, double[] logL, Form form) {
        boolean tied = form == Form.TIED;
        return (x, grad) -> {
            double a = x[0];
            double b = x[1];
            double e = x[2];
            double alpha = x[3];
            double beta = tied ? alpha : x[4];
            Arrays.fill(grad, 0);
            double sum = 0;
            for (int i = 0; i < logL.length; i++) {
                double t1 = a - alpha * logN[i];
                double t2 = b - beta * logD[i];
                double m = Math.max(e, Math.max(t1, t2));
                double x1 = Math.exp(t1 - m);
                double x2 = Math.exp(t2 - m);
                double x3 = Math.exp(e - m);
                double total = x1 + x2 + x3;
                double r = m + Math.log(total) - logL[i];
                double h;
                if (Math.abs(r) <= DELTA) {
                    sum += 0.5 * r * r;
                    h = r;
                } else {
                    sum += DELTA * (Math.abs(r) - 0.5 * DELTA);
                    h = Math.copySign(DELTA, r);
                }
                double w1 = x1 / total;
                double w2 = x2 / total;
                double w3 = x3 / total;
                grad[0] += h * w1;
                grad[1] += h * w2;
                grad[2] += h * w3;
                grad[3] -= h * w1 * logN[i];
                if (tied) {
                    grad[3] -= h * w2 * logD[i];
                } else {
                    grad[4] -= h * w2 * logD[i];
                }
            }
            return sum;
        };
    }
}
