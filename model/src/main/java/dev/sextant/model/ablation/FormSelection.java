package dev.sextant.model.ablation;

import dev.sextant.model.InputError;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

/**
 * Which form of the law extrapolates a team's runs better, chosen by the runs themselves: each form is fitted on the
 * sizes up to half the largest and scored on the largest (mean absolute error of the loss, in %), the way a prediction
 * for a bigger run will be used; the lower wins, Chinchilla's five-parameter form on a tie. The plain form's second exponent is free
 * to bend to over-trained small runs and can extrapolate badly from them (Gadre et al. 2024, "Language models scale
 * reliably with over-training and on downstream tasks", arXiv 2403.08540, who fit one exponent for both terms): it is
 * chosen only where the runs' own check, reaching at least twice the size fitted, shows it extrapolating better; where
 * the check reaches less far the form with fewer parameters is kept.
 */
public final class FormSelection {

    /** A check inside the runs must reach at least this multiple of the size fitted to choose between the forms. */
    static final double MIN_REACH = 2;
    /** Share of the distinct model sizes held out (the largest), at least one. */
    static final double HELD_OUT_SHARE = 0.25;
    /** Sizes within this factor of each other count as one (shapes of one nominal size differ by a few %). */
    static final double SAME_SIZE = 1.15;

    /**
     * The chosen form, each form's error on the held-out sizes (mean |actual/predicted − 1|), what was held out and why
     * the choice.
     */
    public record Choice(
            ChinchillaFit.Form form,
            Map<ChinchillaFit.Form, Double> error,
            int heldOut,
            double heldOutFrom,
            String why) {}

    private FormSelection() {}

    /**
     * The runs split for an extrapolation inside them: the largest model size is held out and the law fitted on the
     * sizes at most half of it, so the check reaches at least twice the size fitted (where too few runs lie there, the
     * largest quarter of the sizes is held out and the rest fitted).
     */
    record Split(List<ChinchillaFit.Point> fit, List<ChinchillaFit.Point> test, int heldOutSizes, double heldOutFrom) {}

    static Split split(List<ChinchillaFit.Point> points) {
        List<Double> sizes = sizes(points);
        InputError.require(
                sizes.size() >= 3,
                "ablate.form",
                "an extrapolation inside the runs needs three model sizes or more (the largest are "
                        + "held out and predicted); found " + sizes.size());
        double largest = sizes.get(sizes.size() - 1) / Math.sqrt(SAME_SIZE);
        double top = sizes.get(sizes.size() - 1);
        List<ChinchillaFit.Point> fit =
                points.stream().filter(p -> p.params() <= top / 2).toList();
        if (fit.size() >= ScalingLawFit.MIN_POINTS && sizes(fit).size() >= 2) {
            return new Split(
                    fit, points.stream().filter(p -> p.params() >= largest).toList(), 1, sizes.get(sizes.size() - 1));
        }
        int hold = Math.max(1, (int) Math.round(HELD_OUT_SHARE * sizes.size()));
        hold = Math.min(hold, sizes.size() - 2);
        double from = sizes.get(sizes.size() - hold) / Math.sqrt(SAME_SIZE);
        List<ChinchillaFit.Point> rest =
                points.stream().filter(p -> p.params() < from).toList();
        InputError.require(
                rest.size() >= ScalingLawFit.MIN_POINTS,
                "ablate.form",
                "an extrapolation inside the runs needs " + ScalingLawFit.MIN_POINTS
                        + " runs below the largest sizes; found " + rest.size());
        return new Split(
                rest, points.stream().filter(p -> p.params() >= from).toList(), hold, sizes.get(sizes.size() - hold));
    }

    /**
     * How fast the law's error grows with extrapolation, from the runs themselves: the root-mean-square log error of the
     * held-out largest size per unit of its log distance from the runs fitted ({@link #distance}). Zero where the runs
     * allow no such check.
     */
    public static double extrapolationRate(List<ChinchillaFit.Point> points, ChinchillaFit.Form form) {
        return extrapolationRate(points, form, null);
    }

    /**
     * As above, the split's fit started from {@code start} (the fit on all the points, as the bootstrap's resamples are)
     * rather than from the whole grid; null: the grid.
     */
    public static double extrapolationRate(
            List<ChinchillaFit.Point> points, ChinchillaFit.Form form, ChinchillaFit.Parameters start) {
        Split s;
        try {
            s = split(points);
        } catch (InputError e) {
            return 0;
        }
        ChinchillaFit.Parameters p = start == null
                ? ChinchillaFit.fit(s.fit(), form)
                : ChinchillaFit.fitFrom(
                        s.fit().stream().mapToDouble(x -> Math.log(x.params())).toArray(),
                        s.fit().stream().mapToDouble(x -> Math.log(x.tokens())).toArray(),
                        s.fit().stream().mapToDouble(x -> Math.log(x.loss())).toArray(),
                        start,
                        form);
        double sq = 0;
        double dist = 0;
        for (ChinchillaFit.Point x : s.test()) {
            double e = Math.log(x.loss() / p.loss(x.params(), x.tokens()));
            sq += e * e;
            dist += distance(s.fit(), x.params(), x.tokens());
        }
        return Math.sqrt(sq / s.test().size())
                / Math.max(Math.log(2), dist / s.test().size());
    }

    /**
     * How far (N, D) lies beyond {@code data}: the largest of log(N / N_max), log(D / D_max) and log(C / C_max) over the
     * points, 0 inside them.
     */
    public static double distance(List<ChinchillaFit.Point> data, double params, double tokens) {
        double n = data.stream().mapToDouble(ChinchillaFit.Point::params).max().orElseThrow();
        double d = data.stream().mapToDouble(ChinchillaFit.Point::tokens).max().orElseThrow();
        double c = data.stream().mapToDouble(x -> x.params() * x.tokens()).max().orElseThrow();
        return Math.max(
                0, Math.max(Math.log(params / n), Math.max(Math.log(tokens / d), Math.log(params * tokens / c))));
    }

    public static Choice choose(List<ChinchillaFit.Point> points) {
        Split s;
        try {
            s = split(points);
        } catch (InputError e) {
            throw new InputError(
                    "ablate.form",
                    "choosing the form: " + e.getMessage() + "; name the form (chinchilla or tied) instead");
        }
        List<ChinchillaFit.Point> fit = s.fit();
        List<ChinchillaFit.Point> test = s.test();
        int hold = s.heldOutSizes();
        Map<ChinchillaFit.Form, Double> error = new LinkedHashMap<>();
        for (ChinchillaFit.Form f : ChinchillaFit.Form.values()) {
            ChinchillaFit.Parameters p = ChinchillaFit.fit(fit, f);
            error.put(
                    f,
                    test.stream()
                            .mapToDouble(x -> Math.abs(x.loss() / p.loss(x.params(), x.tokens()) - 1))
                            .average()
                            .orElseThrow());
        }
        double reach = test.stream()
                        .mapToDouble(ChinchillaFit.Point::params)
                        .min()
                        .orElseThrow()
                / fit.stream().mapToDouble(ChinchillaFit.Point::params).max().orElseThrow();
        String others = String.join(
                ", ",
                error.entrySet().stream()
                        .filter(e -> e.getKey() != ChinchillaFit.Form.TIED)
                        .map(e -> String.format(
                                Locale.ROOT,
                                "%.2f %% for %s",
                                100 * e.getValue(),
                                e.getKey().id()))
                        .toList());
        if (reach < MIN_REACH) {
            // a check that extrapolates less than twice the size fitted says little about a run several times larger:
            // the form with fewer parameters is kept, as it has less to get wrong there
            String why = String.format(
                    Locale.ROOT,
                    "form tied, the one with fewer parameters: the runs' own check reaches only %.1f× the size "
                            + "fitted (%.2f %% error for tied, %s), too short to choose on",
                    reach,
                    100 * error.get(ChinchillaFit.Form.TIED),
                    others);
            return new Choice(ChinchillaFit.Form.TIED, error, test.size(), s.heldOutFrom(), why);
        }
        // the five-parameter form must earn its extra exponent: it is chosen only where it extrapolates better
        ChinchillaFit.Form best = error.get(ChinchillaFit.Form.CHINCHILLA) < error.get(ChinchillaFit.Form.TIED)
                ? ChinchillaFit.Form.CHINCHILLA
                : ChinchillaFit.Form.TIED;
        ChinchillaFit.Form chosen = best;
        String rest = String.join(
                ", ",
                error.entrySet().stream()
                        .filter(e -> e.getKey() != chosen)
                        .map(e -> String.format(
                                Locale.ROOT,
                                "%.2f %% for %s",
                                100 * e.getValue(),
                                e.getKey().id()))
                        .toList());
        String why = String.format(
                Locale.ROOT,
                "form %s chosen: fitted on the runs up to %.3g parameters and asked for the %d run%s of the "
                        + "largest size%s (%.3g parameters up, %.1f× larger), its mean error was %.2f %% against %s",
                best.id(),
                fit.stream().mapToDouble(ChinchillaFit.Point::params).max().orElseThrow(),
                test.size(),
                test.size() == 1 ? "" : "s",
                hold == 1 ? "" : "s",
                s.heldOutFrom(),
                reach,
                100 * error.get(best),
                rest);
        return new Choice(best, error, test.size(), s.heldOutFrom(), why);
    }

    /** The distinct model sizes, ascending, those within {@link #SAME_SIZE} of the previous merged into it. */
    static List<Double> sizes(List<ChinchillaFit.Point> points) {
        TreeSet<Double> all = new TreeSet<>();
        points.forEach(p -> all.add(p.params()));
        List<Double> out = new ArrayList<>();
        for (double n : all) {
            if (out.isEmpty() || n > out.get(out.size() - 1) * SAME_SIZE) {
                out.add(n);
            }
        }
        return out;
    }
}
