package dev.sextant.model.ablation;

import dev.sextant.model.InputError;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.ToDoubleFunction;
import java.util.stream.IntStream;

/**
 * A {@link ChinchillaFit} with bootstrap intervals, as Besiroglu et al. (2024) give them: the runs resampled with
 * replacement, each resample fitted from the full data's fit, and every parameter and every number derived from the
 * parameters (exponents of the compute-optimal allocation, the allocation at a budget, a predicted loss) reported with
 * the 2.5th and 97.5th percentiles over the resamples.
 *
 * @param fit       the fit on all the points
 * @param resamples the fits on the bootstrap resamples (in resample order; deterministic for the seed)
 * @param data      the points fitted
 * @param extrapolationRate how fast the law's log error grows with the log distance beyond the runs, measured on the
 *                  runs themselves ({@link FormSelection#extrapolationRate}); 0 where they allow no such check
 */
public record ScalingLawFit(
        ChinchillaFit.Parameters fit,
        List<ChinchillaFit.Parameters> resamples,
        List<ChinchillaFit.Point> data,
        long seed,
        ChinchillaFit.Form form,
        double extrapolationRate) {

    /** A fit without a measured extrapolation error. */
    public ScalingLawFit(
            ChinchillaFit.Parameters fit,
            List<ChinchillaFit.Parameters> resamples,
            List<ChinchillaFit.Point> data,
            long seed,
            ChinchillaFit.Form form) {
        this(fit, resamples, data, seed, form, 0);
    }

    /** A number with its 95 % bootstrap interval. */
    public record Estimate(double value, double low, double high) {}

    /**
     * The compute-optimal model at a budget of {@code flops} (C ≈ 6ND): N_opt = G (C/6)^(β/(α+β)),
     * D_opt = G⁻¹ (C/6)^(α/(α+β)), G = (αA / βB)^(1/(α+β)) (Hoffmann et al. 2022, Eq. 4), and its predicted loss.
     */
    public record Allocation(
            double flops, Estimate params, Estimate tokens, Estimate tokensPerParameter, Estimate loss) {}

    /** Fewer points than this leaves the five parameters undetermined. */
    public static final int MIN_POINTS = 6;

    public ScalingLawFit {
        resamples = List.copyOf(resamples);
        data = List.copyOf(data);
    }

    /** The largest compute among the points fitted, 6ND. */
    public double largestCompute() {
        return data.stream().mapToDouble(p -> 6 * p.params() * p.tokens()).max().orElse(Double.NaN);
    }

    /** Each point's log residual, log L − log L̂, in the points' order. */
    public double[] logResiduals() {
        return data.stream()
                .mapToDouble(p -> Math.log(p.loss()) - Math.log(fit.loss(p.params(), p.tokens())))
                .toArray();
    }

    /** The number of points fitted. */
    public int points() {
        return data.size();
    }

    /**
     * A planned run's loss: the fit's value; {@code fitInterval}, the 95 % interval of the law's value over the
     * resamples; {@code interval}, a 95 % prediction interval for one run's final loss — each resample's value times
     * the exponential of a log residual of the full fit drawn at random (the run-to-run noise the fit leaves) and, beyond
     * the runs, of a normal error whose spread is the runs' own extrapolation error ({@link #extrapolationRate}) times
     * the log distance beyond them — so a single run's scatter and the law's error when extrapolated are in it as well
     * as the bootstrap's uncertainty. Extrapolation is measured against the largest
     * run fitted: compute 6ND, parameters and tokens as multiples of the largest seen; a warning when any is beyond
     * {@link #FAR} times.
     */
    public record Prediction(
            double params,
            double tokens,
            Estimate loss,
            Estimate fitLoss,
            double computeFactor,
            double paramsFactor,
            double tokensFactor,
            String warning) {}

    /** Beyond this multiple of the largest run's compute, parameters or tokens a prediction is an extrapolation to warn of. */
    public static final double FAR = 10;

    public Prediction predict(double params, double tokens) {
        InputError.require(
                params > 0 && Double.isFinite(params),
                "ablate.params",
                "the planned parameters must be a positive number");
        InputError.require(
                tokens > 0 && Double.isFinite(tokens), "ablate.tokens", "the planned tokens must be a positive number");
        Estimate law = loss(params, tokens);
        double[] residuals = logResiduals();
        SplittableRandom r = new SplittableRandom(seed ^ 0x5DEECE66DL);
        List<ChinchillaFit.Parameters> from = resamples.isEmpty() ? List.of(fit) : resamples;
        int draws = Math.max(1000, from.size());
        double[] v = new double[draws];
        // beyond the runs, the error the runs' own extrapolation showed, growing with the distance
        double spread = data.isEmpty() ? 0 : extrapolationRate * FormSelection.distance(data, params, tokens);
        for (int i = 0; i < draws; i++) {
            double noise = residuals.length == 0 ? 0 : residuals[r.nextInt(residuals.length)];
            v[i] = from.get(i % from.size()).loss(params, tokens) * Math.exp(noise + spread * gaussian(r));
        }
        Arrays.sort(v);
        Estimate one = new Estimate(law.value(), percentile(v, 0.025), percentile(v, 0.975));
        double maxCompute = largestCompute() / 6;
        double maxParams =
                data.stream().mapToDouble(ChinchillaFit.Point::params).max().orElse(Double.NaN);
        double maxTokens =
                data.stream().mapToDouble(ChinchillaFit.Point::tokens).max().orElse(Double.NaN);
        double compute = params * tokens / maxCompute;
        double pf = params / maxParams;
        double tf = tokens / maxTokens;
        String warning = null;
        if (compute > FAR || pf > FAR || tf > FAR) {
            warning = String.format(
                    Locale.ROOT,
                    "beyond what the fit supports: %.0f× the compute, %.1f× the parameters and %.1f× the "
                            + "tokens of the largest run fitted; the interval assumes the law holds that far",
                    compute,
                    pf,
                    tf);
        }
        return new Prediction(params, tokens, one, law, compute, pf, tf, warning);
    }

    /**
     * Fits {@code data} and {@code rounds} bootstrap resamples of it (0: no intervals). Points need positive, finite
     * parameters, tokens and loss, and at least two distinct N and two distinct D.
     */
    public static ScalingLawFit run(
            List<ChinchillaFit.Point> data,
            int rounds,
            long seed,
            ProgressListener progress,
            CancellationToken cancel) {
        return run(data, ChinchillaFit.Form.CHINCHILLA, rounds, seed, progress, cancel);
    }

    /** As above, for {@code form}. */
    public static ScalingLawFit run(
            List<ChinchillaFit.Point> data,
            ChinchillaFit.Form form,
            int rounds,
            long seed,
            ProgressListener progress,
            CancellationToken cancel) {
        check(data);
        InputError.require(rounds >= 0, "ablate.bootstrap", "the bootstrap rounds must not be negative");
        progress.progress(0, "fitting from a grid of starts");
        ChinchillaFit.Parameters full = ChinchillaFit.fit(data, form);
        int n = data.size();
        double[] logN = data.stream().mapToDouble(p -> Math.log(p.params())).toArray();
        double[] logD = data.stream().mapToDouble(p -> Math.log(p.tokens())).toArray();
        double[] logL = data.stream().mapToDouble(p -> Math.log(p.loss())).toArray();
        AtomicInteger done = new AtomicInteger();
        // each resample draws from its own stream split off the seed's, so the result does not depend on the threads
        SplittableRandom root = new SplittableRandom(seed);
        SplittableRandom[] streams = new SplittableRandom[rounds];
        for (int r = 0; r < rounds; r++) {
            streams[r] = root.split();
        }
        List<ChinchillaFit.Parameters> fits = IntStream.range(0, rounds)
                .parallel()
                .mapToObj(r -> {
                    cancel.throwIfCancelled();
                    double[] n2 = new double[n];
                    double[] d2 = new double[n];
                    double[] l2 = new double[n];
                    for (int i = 0; i < n; i++) {
                        int k = streams[r].nextInt(n);
                        n2[i] = logN[k];
                        d2[i] = logD[k];
                        l2[i] = logL[k];
                    }
                    ChinchillaFit.Parameters p = ChinchillaFit.fitFrom(n2, d2, l2, full, form);
                    int k = done.incrementAndGet();
                    if (k % 50 == 0) {
                        progress.progress(0.1 + 0.9 * k / rounds, "bootstrap " + k + " of " + rounds);
                    }
                    return p;
                })
                .toList();
        progress.progress(1, "fitted");
        return new ScalingLawFit(full, fits, data, seed, form, FormSelection.extrapolationRate(data, form, full));
    }

    /** A quantity of the parameters at the fit, with its interval over the resamples (the value twice without them). */
    public Estimate estimate(ToDoubleFunction<ChinchillaFit.Parameters> quantity) {
        double value = quantity.applyAsDouble(fit);
        double[] v = resamples.stream()
                .mapToDouble(quantity)
                .filter(Double::isFinite)
                .sorted()
                .toArray();
        if (v.length == 0) {
            return new Estimate(value, value, value);
        }
        return new Estimate(value, percentile(v, 0.025), percentile(v, 0.975));
    }

    public Estimate bigE() {
        return estimate(ChinchillaFit.Parameters::bigE);
    }

    public Estimate bigA() {
        return estimate(ChinchillaFit.Parameters::bigA);
    }

    public Estimate bigB() {
        return estimate(ChinchillaFit.Parameters::bigB);
    }

    public Estimate alpha() {
        return estimate(ChinchillaFit.Parameters::alpha);
    }

    public Estimate beta() {
        return estimate(ChinchillaFit.Parameters::beta);
    }

    /** a in N_opt ∝ C^a: β / (α + β). */
    public Estimate paramsExponent() {
        return estimate(p -> p.beta() / (p.alpha() + p.beta()));
    }

    /** b in D_opt ∝ C^b: α / (α + β). */
    public Estimate tokensExponent() {
        return estimate(p -> p.alpha() / (p.alpha() + p.beta()));
    }

    /** The predicted loss of N parameters on D tokens. */
    public Estimate loss(double params, double tokens) {
        return estimate(p -> p.loss(params, tokens));
    }

    /** The compute-optimal model at {@code flops}. */
    public Allocation optimal(double flops) {
        InputError.require(
                flops > 0 && Double.isFinite(flops),
                "ablate.flops",
                "the compute budget must be a positive number of FLOPs");
        return new Allocation(
                flops,
                estimate(p -> optimalParams(p, flops)),
                estimate(p -> flops / (6 * optimalParams(p, flops))),
                estimate(p -> flops / (6 * optimalParams(p, flops)) / optimalParams(p, flops)),
                estimate(p -> p.loss(optimalParams(p, flops), flops / (6 * optimalParams(p, flops)))));
    }

    /** N_opt(C) = G (C/6)^(β/(α+β)), G = (αA / βB)^(1/(α+β)). */
    static double optimalParams(ChinchillaFit.Parameters p, double flops) {
        double g = Math.pow(p.alpha() * p.bigA() / (p.beta() * p.bigB()), 1 / (p.alpha() + p.beta()));
        return g * Math.pow(flops / 6, p.beta() / (p.alpha() + p.beta()));
    }

    private static double gaussian(SplittableRandom r) {
        return Math.sqrt(-2 * Math.log(1 - r.nextDouble())) * Math.cos(2 * Math.PI * r.nextDouble());
    }

    /** Linear interpolation between order statistics (NumPy's default percentile). */
    static double percentile(double[] sorted, double q) {
        double pos = q * (sorted.length - 1);
        int lo = (int) Math.floor(pos);
        int hi = Math.min(sorted.length - 1, lo + 1);
        return sorted[lo] + (pos - lo) * (sorted[hi] - sorted[lo]);
    }

    /** The data the form can be fitted to, or an input error naming what is wrong. */
    static void check(List<ChinchillaFit.Point> data) {
        InputError.require(
                data.size() >= MIN_POINTS,
                "ablate.runs",
                "the form has up to 5 parameters: give at least " + MIN_POINTS + " runs, got " + data.size());
        for (ChinchillaFit.Point p : data) {
            InputError.require(
                    p.params() > 0
                            && Double.isFinite(p.params())
                            && p.tokens() > 0
                            && Double.isFinite(p.tokens())
                            && p.loss() > 0
                            && Double.isFinite(p.loss()),
                    "ablate.runs",
                    "every run needs positive, finite parameters, tokens and loss; got " + p);
        }
        InputError.require(
                Arrays.stream(data.stream()
                                        .mapToDouble(ChinchillaFit.Point::params)
                                        .toArray())
                                .distinct()
                                .count()
                        >= 2,
                "ablate.runs",
                "all runs have one model size: the fit needs at least two");
        InputError.require(
                Arrays.stream(data.stream()
                                        .mapToDouble(ChinchillaFit.Point::tokens)
                                        .toArray())
                                .distinct()
                                .count()
                        >= 2,
                "ablate.runs",
                "all runs saw one number of tokens: the fit needs at least two");
    }
}
