package dev.sextant.model.statistics;

import dev.sextant.model.InputError;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Bradley-Terry ratings of models from pairwise battles by maximum likelihood, on the Elo scale used by Chatbot Arena:
 * P(A beats B) = 1 / (1 + 10^((R_B − R_A)/400)); a tie counts as half a win for each side (Chiang et al., "Chatbot
 * Arena", arXiv 2403.04132; FastChat's compute_mle_elo).
 *
 * <p>Fitted by Newton's method on the log-likelihood in β = R·ln10/400, with a very weak ridge (λ = 1e-4 on β, a few
 * thousandths of a rating point for models with hundreds of battles) so that the estimate exists even when a model
 * won or lost every battle. Battles are aggregated into per-pair counts first, so the cost does not grow with the
 * number of battles. Confidence intervals come from a Poisson bootstrap over battles (Hanley and MacGibbon 2006): in
 * each round every battle's weight is Poisson(1), so each aggregated count is redrawn as Poisson(count).
 */
public final class BradleyTerry {

    static final double RIDGE = 1e-4;
    static final double SCALE = 400 / Math.log(10);

    private BradleyTerry() {}

    /** Aggregated battles among {@code models}: for each unordered pair i < j, wins of i, wins of j and ties. */
    public static final class Counts {
        final List<String> models;
        final double[][] score; // score[i][j]: wins of i over j plus half the ties
        final double[][] games; // games[i][j] = games[j][i]
        private final long[] pairWinsI;
        private final long[] pairWinsJ;
        private final long[] pairTies;
        private final int[] pairI;
        private final int[] pairJ;

        public Counts(List<String> models, long[][] wins, long[][] ties) {
            int m = models.size();
            this.models = List.copyOf(models);
            this.score = new double[m][m];
            this.games = new double[m][m];
            List<int[]> pairs = new ArrayList<>();
            for (int i = 0; i < m; i++) {
                for (int j = i + 1; j < m; j++) {
                    if (wins[i][j] + wins[j][i] + ties[i][j] + ties[j][i] > 0) {
                        pairs.add(new int[] {i, j});
                    }
                }
            }
            int p = pairs.size();
            pairI = new int[p];
            pairJ = new int[p];
            pairWinsI = new long[p];
            pairWinsJ = new long[p];
            pairTies = new long[p];
            for (int k = 0; k < p; k++) {
                int i = pairs.get(k)[0];
                int j = pairs.get(k)[1];
                pairI[k] = i;
                pairJ[k] = j;
                pairWinsI[k] = wins[i][j];
                pairWinsJ[k] = wins[j][i];
                pairTies[k] = ties[i][j] + ties[j][i];
            }
            fill(pairWinsI, pairWinsJ, pairTies);
        }

        private void fill(long[] wi, long[] wj, long[] t) {
            for (double[] row : score) {
                Arrays.fill(row, 0);
            }
            for (double[] row : games) {
                Arrays.fill(row, 0);
            }
            for (int k = 0; k < pairI.length; k++) {
                int i = pairI[k];
                int j = pairJ[k];
                score[i][j] = wi[k] + 0.5 * t[k];
                score[j][i] = wj[k] + 0.5 * t[k];
                games[i][j] = games[j][i] = wi[k] + wj[k] + t[k];
            }
        }

        /** A bootstrap replicate: every pair's counts redrawn as Poisson(count). */
        Counts resample(SplittableRandom random) {
            Counts c = new Counts(this);
            long[] wi = new long[pairI.length];
            long[] wj = new long[pairI.length];
            long[] t = new long[pairI.length];
            for (int k = 0; k < pairI.length; k++) {
                wi[k] = PoissonSampler.sample(pairWinsI[k], random);
                wj[k] = PoissonSampler.sample(pairWinsJ[k], random);
                t[k] = PoissonSampler.sample(pairTies[k], random);
            }
            c.fill(wi, wj, t);
            return c;
        }

        private Counts(Counts other) {
            this.models = other.models;
            int m = models.size();
            this.score = new double[m][m];
            this.games = new double[m][m];
            this.pairI = other.pairI;
            this.pairJ = other.pairJ;
            this.pairWinsI = other.pairWinsI;
            this.pairWinsJ = other.pairWinsJ;
            this.pairTies = other.pairTies;
        }

        public List<String> models() {
            return models;
        }

        /** Battles model i took part in. */
        public long battles(int i) {
            double n = 0;
            for (double g : games[i]) {
                n += g;
            }
            return Math.round(n);
        }

        /** Share of decided-or-tied battles i won against j (ties half), NaN when they never met. */
        public double winRate(int i, int j) {
            return games[i][j] == 0 ? Double.NaN : score[i][j] / games[i][j];
        }
    }

    /** Fitted log-strengths β (natural-log odds scale), centred at 0. */
    static double[] fit(Counts c, double[] start) {
        int m = c.models.size();
        double[] beta = start == null ? new double[m] : start.clone();
        double[] grad = new double[m];
        double[][] h = new double[m][m];
        for (int iter = 0; iter < 100; iter++) {
            for (int i = 0; i < m; i++) {
                Arrays.fill(h[i], 0);
                grad[i] = -RIDGE * beta[i];
                h[i][i] = RIDGE;
            }
            for (int i = 0; i < m; i++) {
                for (int j = i + 1; j < m; j++) {
                    double n = c.games[i][j];
                    if (n == 0) {
                        continue;
                    }
                    double pij = 1 / (1 + Math.exp(beta[j] - beta[i]));
                    double w = n * pij * (1 - pij);
                    grad[i] += c.score[i][j] - n * pij;
                    grad[j] += c.score[j][i] - n * (1 - pij);
                    h[i][i] += w;
                    h[j][j] += w;
                    h[i][j] -= w;
                    h[j][i] -= w;
                }
            }
            double[] step = Cholesky.solve(h, grad);
            double max = 0;
            for (int i = 0; i < m; i++) {
                // damped: never move a log-strength by more than 5 in one step
                double s = Math.max(-5, Math.min(5, step[i]));
                beta[i] += s;
                max = Math.max(max, Math.abs(s));
            }
            if (max < 1e-10) {
                break;
            }
        }
        double mean = Arrays.stream(beta).average().orElse(0);
        for (int i = 0; i < m; i++) {
            beta[i] -= mean;
        }
        return beta;
    }

    /**
     * One model's rating with its bootstrap interval and the ranks it could hold.
     *
     * @param component the connected group of models it was rated within (0 when all models met, directly or through
     *                  others); ratings and ranks of different components are on different scales
     */
    public record Rating(
            String model,
            double rating,
            double ciLow,
            double ciHigh,
            int rankLow,
            int rankHigh,
            long battles,
            int component) {

        public Rating(
                String model, double rating, double ciLow, double ciHigh, int rankLow, int rankHigh, long battles) {
            this(model, rating, ciLow, ciHigh, rankLow, rankHigh, battles, 0);
        }

        public Rating inComponent(int c) {
            return new Rating(model, rating, ciLow, ciHigh, rankLow, rankHigh, battles, c);
        }
    }

    /**
     * Ratings with 95% bootstrap intervals ({@code rounds} = 0: no intervals, NaN bounds, ranks by point estimate).
     *
     * @param anchorModel  null to shift ratings to mean 1000; else the model that gets {@code anchorRating}
     */
    public static List<Rating> ratings(
            Counts c,
            int rounds,
            long seed,
            String anchorModel,
            double anchorRating,
            ProgressListener progress,
            CancellationToken cancel) {
        int m = c.models.size();
        if (m < 2) {
            throw new InputError("arena.battles", "need battles among at least 2 models");
        }
        int anchor = anchorModel == null ? -1 : c.models.indexOf(anchorModel);
        if (anchorModel != null && anchor < 0) {
            throw new InputError("arena.anchor", "anchor model '" + anchorModel + "' has no battles");
        }
        double[] point = toRatings(fit(c, null), anchor, anchorRating);
        double[] low = new double[m];
        double[] high = new double[m];
        Arrays.fill(low, Double.NaN);
        Arrays.fill(high, Double.NaN);
        if (rounds > 0) {
            SplittableRandom random = new SplittableRandom(seed);
            double[][] samples = new double[m][rounds];
            double[] start = fit(c, null);
            for (int r = 0; r < rounds; r++) {
                cancel.throwIfCancelled();
                double[] rr = toRatings(fit(c.resample(random), start), anchor, anchorRating);
                for (int i = 0; i < m; i++) {
                    samples[i][r] = rr[i];
                }
                if ((r & 15) == 0) {
                    progress.progress((double) r / rounds, "bootstrap round " + r + " of " + rounds);
                }
            }
            for (int i = 0; i < m; i++) {
                Arrays.sort(samples[i]);
                low[i] = Moments.quantileOfSorted(samples[i], 0.025);
                high[i] = Moments.quantileOfSorted(samples[i], 0.975);
            }
        }
        List<Rating> out = new ArrayList<>();
        for (int i = 0; i < m; i++) {
            double lo = rounds > 0 ? low[i] : point[i];
            double hi = rounds > 0 ? high[i] : point[i];
            int better = 0;
            int couldBeBetter = 0;
            for (int j = 0; j < m; j++) {
                if (j == i) {
                    continue;
                }
                double loJ = rounds > 0 ? low[j] : point[j];
                double hiJ = rounds > 0 ? high[j] : point[j];
                if (loJ > hi) {
                    better++;
                }
                if (hiJ > lo) {
                    couldBeBetter++;
                }
            }
            out.add(new Rating(
                    c.models.get(i), point[i], low[i], high[i], 1 + better, 1 + couldBeBetter, c.battles(i)));
        }
        out.sort((a, b) -> Double.compare(b.rating(), a.rating()));
        progress.progress(1, "fitted " + m + " models");
        return out;
    }

    private static double[] toRatings(double[] beta, int anchor, double anchorRating) {
        int m = beta.length;
        double[] r = new double[m];
        for (int i = 0; i < m; i++) {
            r[i] = SCALE * beta[i];
        }
        double shift = anchor >= 0 ? anchorRating - r[anchor] : 1000; // β is centred, so the mean rating is the shift
        for (int i = 0; i < m; i++) {
            r[i] += shift;
        }
        return r;
    }

    /** In-place Cholesky solve of a symmetric positive-definite system; small and allocation-light. */
    static final class Cholesky {
        private Cholesky() {}

        static double[] solve(double[][] a, double[] b) {
            int n = b.length;
            double[][] l = new double[n][n];
            for (int i = 0; i < n; i++) {
                for (int j = 0; j <= i; j++) {
                    double s = a[i][j];
                    double[] li = l[i];
                    double[] lj = l[j];
                    for (int k = 0; k < j; k++) {
                        s -= li[k] * lj[k];
                    }
                    if (i == j) {
                        li[i] = Math.sqrt(Math.max(s, 1e-300));
                    } else {
                        li[j] = s / lj[j];
                    }
                }
            }
            double[] y = new double[n];
            for (int i = 0; i < n; i++) {
                double s = b[i];
                for (int k = 0; k < i; k++) {
                    s -= l[i][k] * y[k];
                }
                y[i] = s / l[i][i];
            }
            double[] x = new double[n];
            for (int i = n - 1; i >= 0; i--) {
                double s = y[i];
                for (int k = i + 1; k < n; k++) {
                    s -= l[k][i] * x[k];
                }
                x[i] = s / l[i][i];
            }
            return x;
        }
    }
}
