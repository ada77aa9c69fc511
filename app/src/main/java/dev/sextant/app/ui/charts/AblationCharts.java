package dev.sextant.app.ui.charts;

import dev.sextant.model.ablation.ChinchillaFit;
import dev.sextant.model.ablation.HyperparameterLaws;
import dev.sextant.model.ablation.IsoFlopProfiles;
import dev.sextant.model.ablation.ScalingLawFit;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.geom.Ellipse2D;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.DatasetRenderingOrder;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.DeviationRenderer;
import org.jfree.chart.renderer.xy.XYErrorRenderer;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.xy.XYIntervalSeries;
import org.jfree.data.xy.XYIntervalSeriesCollection;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.jfree.data.xy.YIntervalSeries;
import org.jfree.data.xy.YIntervalSeriesCollection;

/**
 * Charts of the Ablations area: loss against compute with the fitted compute-optimal frontier and its bootstrap band
 * (and the big run's prediction); the IsoFLOP profiles; the residuals; the batch-size and learning-rate laws.
 */
public final class AblationCharts {

    /** Points along a drawn frontier or law. */
    static final int CURVE_POINTS = 60;

    private AblationCharts() {}

    /** A planned run drawn on the frontier chart: its compute and predicted loss with the interval. */
    public record Planned(double flops, ScalingLawFit.Estimate loss) {}

    /**
     * The runs' final loss against compute 6ND, the law's compute-optimal loss L(N_opt(C), D_opt(C)) as a line with its
     * 95 % bootstrap band, from the smallest run to past the planned run.
     */
    public static JFreeChart frontier(ScalingLawFit fit, Planned planned, boolean dark) {
        double lo = Double.POSITIVE_INFINITY;
        double hi = 0;
        XYSeries runs = new XYSeries("runs", false, true);
        for (ChinchillaFit.Point p : fit.data()) {
            double c = 6 * p.params() * p.tokens();
            runs.add(c, p.loss());
            lo = Math.min(lo, c);
            hi = Math.max(hi, c);
        }
        if (planned != null) {
            hi = Math.max(hi, planned.flops() * 1.5);
        }
        YIntervalSeries band = new YIntervalSeries("compute-optimal (95 % band)");
        for (int i = 0; i < CURVE_POINTS; i++) {
            double c = lo * Math.pow(hi / lo, i / (double) (CURVE_POINTS - 1));
            ScalingLawFit.Estimate l = fit.optimal(c).loss();
            band.add(c, l.value(), l.low(), l.high());
        }
        YIntervalSeriesCollection bandData = new YIntervalSeriesCollection();
        bandData.addSeries(band);
        DeviationRenderer bandRenderer = new DeviationRenderer(true, false);
        bandRenderer.setSeriesPaint(0, PlanCharts.PARTS[0]);
        bandRenderer.setSeriesFillPaint(0, PlanCharts.PARTS[0]);
        bandRenderer.setSeriesStroke(0, new BasicStroke(1.8f));
        bandRenderer.setAlpha(0.22f);
        XYPlot plot = new XYPlot(bandData, new NiceLogAxis("compute, FLOPs (6ND)"), lossAxis(), bandRenderer);
        XYLineAndShapeRenderer dots = dots(PlanCharts.PARTS[1]);
        dots.setDefaultToolTipGenerator(ChartTips.xy("FLOPs", "loss", false));
        plot.setDataset(1, new XYSeriesCollection(runs));
        plot.setRenderer(1, dots);
        if (planned != null) {
            XYIntervalSeries big = new XYIntervalSeries("planned run (95 % prediction interval)");
            big.add(
                    planned.flops(),
                    planned.flops(),
                    planned.flops(),
                    planned.loss().value(),
                    planned.loss().low(),
                    planned.loss().high());
            XYIntervalSeriesCollection bigData = new XYIntervalSeriesCollection();
            bigData.addSeries(big);
            XYErrorRenderer err = new XYErrorRenderer();
            err.setDrawXError(false);
            err.setSeriesPaint(0, ChartTheme.danger(dark));
            err.setErrorPaint(ChartTheme.danger(dark));
            err.setErrorStroke(new BasicStroke(1.6f));
            err.setSeriesShape(0, new Ellipse2D.Double(-5, -5, 10, 10));
            plot.setDataset(2, bigData);
            plot.setRenderer(2, err);
        }
        plot.setDatasetRenderingOrder(DatasetRenderingOrder.FORWARD);
        return Charts.chart("Loss against compute: the runs and the compute-optimal frontier", plot, true, dark);
    }

    /** Each IsoFLOP profile's runs (loss against parameters) and its parabola in log N, one colour a budget. */
    public static JFreeChart isoFlop(IsoFlopProfiles.Result iso, boolean dark) {
        XYSeriesCollection points = new XYSeriesCollection();
        XYSeriesCollection curves = new XYSeriesCollection();
        XYLineAndShapeRenderer dots = new XYLineAndShapeRenderer(false, true);
        XYLineAndShapeRenderer lines = new XYLineAndShapeRenderer(true, false);
        List<ValueMarker> optima = new ArrayList<>();
        int k = 0;
        for (IsoFlopProfiles.Profile p : iso.profiles()) {
            String name = String.format(Locale.ROOT, "%.2g FLOPs", p.flops());
            XYSeries s = new XYSeries(name, false, true);
            double[] x = new double[p.runs().size()];
            double[] y = new double[p.runs().size()];
            for (int i = 0; i < p.runs().size(); i++) {
                ChinchillaFit.Point r = p.runs().get(i);
                s.add(r.params(), r.loss());
                x[i] = Math.log(r.params());
                y[i] = r.loss();
            }
            points.addSeries(s);
            double[] c = IsoFlopProfiles.parabolaThrough(x, y);
            double lo = Arrays.stream(x).min().orElseThrow();
            double hi = Arrays.stream(x).max().orElseThrow();
            XYSeries curve = new XYSeries(name + " parabola", false, true);
            for (int i = 0; i < 40; i++) {
                double t = lo + (hi - lo) * i / 39.0;
                curve.add(Math.exp(t), c[0] + c[1] * t + c[2] * t * t);
            }
            curves.addSeries(curve);
            Color colour = PlanCharts.PARTS[k % PlanCharts.PARTS.length];
            dots.setSeriesPaint(k, colour);
            dots.setSeriesShape(k, new Ellipse2D.Double(-3.5, -3.5, 7, 7));
            lines.setSeriesPaint(k, colour);
            lines.setSeriesStroke(k, new BasicStroke(1.4f));
            lines.setSeriesVisibleInLegend(k, false);
            if (p.interior()) { // the optimum of each profile that lies among its sizes, dashed
                ValueMarker m = new ValueMarker(
                        p.optimalParams(),
                        colour,
                        new BasicStroke(0.8f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10, new float[] {4, 3}, 0));
                m.setAlpha(0.6f);
                optima.add(m);
            }
            k++;
        }
        dots.setDefaultToolTipGenerator(ChartTips.xy("parameters", "loss", true));
        XYPlot plot = new XYPlot(points, new NiceLogAxis("parameters N"), lossAxis(), dots);
        plot.setDataset(1, curves);
        plot.setRenderer(1, lines);
        optima.forEach(plot::addDomainMarker);
        return Charts.chart(String.format(Locale.ROOT, "IsoFLOP profiles: N_opt ∝ C^%.3f", iso.a()), plot, true, dark);
    }

    /** Each run's residual (actual over predicted, in %) against its compute: a pattern here is a law that does not fit. */
    public static JFreeChart residuals(ScalingLawFit fit, boolean dark) {
        XYSeries s = new XYSeries("runs", false, true);
        double[] r = fit.logResiduals();
        for (int i = 0; i < fit.data().size(); i++) {
            ChinchillaFit.Point p = fit.data().get(i);
            s.add(6 * p.params() * p.tokens(), 100 * Math.expm1(r[i]));
        }
        XYLineAndShapeRenderer dots = dots(PlanCharts.PARTS[1]);
        dots.setDefaultToolTipGenerator(ChartTips.xy("FLOPs", "%", false));
        NumberAxis y = new NumberAxis("actual against the law, %");
        XYPlot plot = new XYPlot(new XYSeriesCollection(s), new NiceLogAxis("compute, FLOPs (6ND)"), y, dots);
        plot.addRangeMarker(new ValueMarker(0, ChartTheme.foreground(dark), new BasicStroke(0.8f)));
        return Charts.chart("Residuals", plot, false, dark);
    }

    /**
     * One hyperparameter law: every run of the grid's usable budgets (faint), the near-optimal ones, the fitted line and
     * the recommendation with its band at {@code target} (if any).
     */
    public static JFreeChart law(String what, HyperparameterLaws.Result h, boolean batch, Double target, boolean dark) {
        ToDoubleFunction<HyperparameterLaws.Run> value =
                batch ? HyperparameterLaws.Run::batchSize : HyperparameterLaws.Run::learningRate;
        HyperparameterLaws.Law law = batch ? h.batchSize() : h.learningRate();
        XYSeries all = new XYSeries("runs tried", false, true);
        XYSeries near = new XYSeries("near-optimal", false, true);
        for (HyperparameterLaws.Budget b : h.budgets()) {
            if (!b.usable()) {
                continue;
            }
            b.runs().forEach(r -> all.add(b.compute(), value.applyAsDouble(r)));
            b.nearOptimal().forEach(r -> near.add(b.compute(), value.applyAsDouble(r)));
        }
        double lo = h.smallestCompute();
        double hi = Math.max(h.largestCompute(), target == null ? 0 : target * 1.5);
        YIntervalSeries band = new YIntervalSeries("fitted law (band)");
        for (int i = 0; i < CURVE_POINTS; i++) {
            double c = lo * Math.pow(hi / lo, i / (double) (CURVE_POINTS - 1));
            HyperparameterLaws.Recommendation r = law.recommend(c);
            band.add(c, r.value(), r.low(), r.high());
        }
        YIntervalSeriesCollection bandData = new YIntervalSeriesCollection();
        bandData.addSeries(band);
        DeviationRenderer bandRenderer = new DeviationRenderer(true, false);
        bandRenderer.setSeriesPaint(0, PlanCharts.PARTS[0]);
        bandRenderer.setSeriesFillPaint(0, PlanCharts.PARTS[0]);
        bandRenderer.setSeriesStroke(0, new BasicStroke(1.6f));
        bandRenderer.setAlpha(0.18f);
        XYPlot plot = new XYPlot(bandData, new NiceLogAxis("compute, FLOPs"), new NiceLogAxis(what), bandRenderer);
        XYSeriesCollection dots = new XYSeriesCollection();
        dots.addSeries(all);
        dots.addSeries(near);
        XYLineAndShapeRenderer r = new XYLineAndShapeRenderer(false, true);
        r.setSeriesPaint(0, ChartTheme.foreground(dark));
        r.setSeriesShape(0, new Ellipse2D.Double(-2.5, -2.5, 5, 5));
        r.setSeriesPaint(1, PlanCharts.PARTS[1]);
        r.setSeriesShape(1, new Ellipse2D.Double(-4, -4, 8, 8));
        r.setDefaultToolTipGenerator(ChartTips.xy("FLOPs", what, true));
        plot.setDataset(1, dots);
        plot.setRenderer(1, r);
        if (target != null) {
            ValueMarker m = new ValueMarker(target, ChartTheme.danger(dark), new BasicStroke(1.2f));
            m.setLabel("big run");
            m.setLabelAnchor(RectangleAnchor.TOP_LEFT);
            m.setLabelTextAnchor(TextAnchor.TOP_RIGHT);
            plot.addDomainMarker(m);
        }
        plot.setDatasetRenderingOrder(DatasetRenderingOrder.FORWARD);
        return Charts.chart(what + " against compute", plot, true, dark);
    }

    /**
     * One budget's grid as a heat map: rows are learning rates, columns batch sizes, each cell the loss's excess over the
     * budget's best as a share of the grid's spread (0 the best).
     */
    public static JFreeChart grid(HyperparameterLaws.Budget b, boolean dark) {
        List<Double> batches = b.runs().stream()
                .map(HyperparameterLaws.Run::batchSize)
                .distinct()
                .sorted()
                .toList();
        List<Double> rates = b.runs().stream()
                .map(HyperparameterLaws.Run::learningRate)
                .distinct()
                .sorted(Comparator.reverseOrder())
                .toList();
        double best = b.best().loss();
        double worst = b.runs().stream()
                .mapToDouble(HyperparameterLaws.Run::loss)
                .max()
                .orElse(best);
        double spread = worst > best ? worst - best : 1;
        List<List<Double>> values = new ArrayList<>();
        for (double lr : rates) {
            List<Double> row = new ArrayList<>();
            for (double bs : batches) {
                // the best: the lowest colour, not blank
                row.add(b.runs().stream()
                        .filter(r -> r.batchSize() == bs && r.learningRate() == lr)
                        .mapToDouble(r -> Math.max(1e-9, (r.loss() - best) / spread))
                        .boxed()
                        .findFirst()
                        .orElse(null));
            }
            values.add(row);
        }
        return Charts.heatmap(
                String.format(
                        Locale.ROOT,
                        "Batch × learning rate at %.2g FLOPs (best: batch %s, rate %.3g)",
                        b.compute(),
                        compact(b.best().batchSize()),
                        b.best().learningRate()),
                rates.stream().map(v -> String.format(Locale.ROOT, "%.3g", v)).toList(),
                batches.stream().map(AblationCharts::compact).toList(),
                values,
                "batch size",
                "loss above the best, of the grid's spread",
                false,
                dark);
    }

    private static String compact(double v) {
        return v >= 1e6
                ? String.format(Locale.ROOT, "%.3gM", v / 1e6)
                : v >= 1e3 ? String.format(Locale.ROOT, "%.3gk", v / 1e3) : String.format(Locale.ROOT, "%.3g", v);
    }

    private static NumberAxis lossAxis() {
        NumberAxis y = new NumberAxis("final loss");
        y.setAutoRangeIncludesZero(false);
        return y;
    }

    private static XYLineAndShapeRenderer dots(Color colour) {
        XYLineAndShapeRenderer r = new XYLineAndShapeRenderer(false, true);
        r.setSeriesPaint(0, colour);
        r.setSeriesShape(0, new Ellipse2D.Double(-3, -3, 6, 6));
        return r;
    }
}
