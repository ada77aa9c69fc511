package dev.sextant.app.ui.charts;

import dev.sextant.model.training.PipelineSchedule;
import java.awt.BasicStroke;
import java.awt.Color;
import java.util.List;
import java.util.Locale;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.SymbolAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.IntervalMarker;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.StackedBarRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.chart.renderer.xy.StandardXYBarPainter;
import org.jfree.chart.renderer.xy.XYBarRenderer;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.ui.Layer;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.data.xy.XYIntervalSeries;
import org.jfree.data.xy.XYIntervalSeriesCollection;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/** Charts of the planning areas: stacked memory per GPU, values by category, pipeline timelines, sensitivity lines. */
public final class PlanCharts {

    static final Color[] PARTS = {
        new Color(0x0969DA), new Color(0x8250DF), new Color(0xBF8700), new Color(0x1A7F37), new Color(0x8C959F)
    };

    private PlanCharts() {}

    /** One horizontal bar stacked from {@code parts}, with a marker at {@code limit} (e.g. the GPU's memory). */
    public static JFreeChart stacked(
            String title,
            String valueLabel,
            String category,
            List<String> names,
            List<Double> parts,
            double limit,
            String limitLabel,
            boolean dark) {
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        for (int i = 0; i < names.size(); i++) {
            data.addValue(parts.get(i), names.get(i), category);
        }
        StackedBarRenderer r = new StackedBarRenderer();
        r.setBarPainter(new StandardBarPainter());
        r.setShadowVisible(false);
        r.setMaximumBarWidth(0.35);
        for (int i = 0; i < names.size(); i++) {
            r.setSeriesPaint(i, PARTS[i % PARTS.length]);
        }
        NumberAxis range = new NumberAxis(valueLabel);
        CategoryPlot plot = new CategoryPlot(data, new CategoryAxis(null), range, r);
        plot.setOrientation(PlotOrientation.HORIZONTAL);
        ValueMarker marker = new ValueMarker(limit, ChartTheme.danger(dark), new BasicStroke(2f));
        marker.setLabel(limitLabel);
        marker.setLabelAnchor(RectangleAnchor.TOP_LEFT);
        marker.setLabelTextAnchor(TextAnchor.TOP_RIGHT);
        plot.addRangeMarker(marker, Layer.FOREGROUND);
        double total = parts.stream().mapToDouble(Double::doubleValue).sum();
        range.setRange(0, Math.max(total, limit) * 1.08);
        r.setDefaultToolTipGenerator((d, row, column) -> {
            double v = d.getValue(row, column) == null
                    ? 0
                    : d.getValue(row, column).doubleValue();
            return d.getRowKey(row) + ": " + ChartTips.number(v) + " " + valueLabel + " ("
                    + ChartTips.percent(total > 0 ? v / total : 0) + " of " + ChartTips.number(total) + ")";
        });
        return Charts.chart(title, plot, true, dark);
    }

    /** One bar per category, decimal axis. */
    public static JFreeChart values(
            String title, String valueLabel, List<String> categories, List<Double> values, boolean dark) {
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        for (int i = 0; i < categories.size(); i++) {
            data.addValue(values.get(i), valueLabel, categories.get(i));
        }
        BarRenderer r = new BarRenderer();
        r.setBarPainter(new StandardBarPainter());
        r.setShadowVisible(false);
        r.setSeriesPaint(0, Charts.ACCENT);
        r.setMaximumBarWidth(0.12);
        r.setDefaultToolTipGenerator(ChartTips.category(valueLabel, false));
        CategoryPlot plot = new CategoryPlot(data, new CategoryAxis(null), new NumberAxis(valueLabel), r);
        return Charts.chart(title, plot, false, dark);
    }

    /** Forward and backward passes per stage over time: a Gantt chart where the pipeline bubble shows as gaps. */
    public static JFreeChart timeline(String title, List<PipelineSchedule.Pass> passes, int stages, boolean dark) {
        XYIntervalSeries forward = new XYIntervalSeries("forward");
        XYIntervalSeries backward = new XYIntervalSeries("backward");
        for (PipelineSchedule.Pass p : passes) {
            (p.forward() ? forward : backward)
                    .add(p.start(), p.start(), p.end(), p.stage(), p.stage() - 0.38, p.stage() + 0.38);
        }
        XYIntervalSeriesCollection data = new XYIntervalSeriesCollection();
        data.addSeries(forward);
        data.addSeries(backward);
        XYBarRenderer r = new XYBarRenderer();
        r.setUseYInterval(true);
        r.setBarPainter(new StandardXYBarPainter());
        r.setShadowVisible(false);
        r.setDrawBarOutline(true);
        r.setSeriesPaint(0, Charts.ACCENT);
        r.setSeriesPaint(1, Charts.SECOND);
        r.setDefaultToolTipGenerator((d, series, item) -> "stage " + (Math.round(d.getYValue(series, item)) + 1) + ", "
                + d.getSeriesKey(series) + ": " + ChartTips.number(data.getStartXValue(series, item)) + " to "
                + ChartTips.number(data.getEndXValue(series, item)) + " s");
        String[] names = new String[stages];
        for (int s = 0; s < stages; s++) {
            names[s] = "stage " + (s + 1);
        }
        SymbolAxis y = new SymbolAxis(null, names);
        y.setInverted(true);
        y.setGridBandsVisible(false);
        XYPlot plot = new XYPlot(data, new NumberAxis("seconds"), y, r);
        return Charts.chart(title, plot, true, dark);
    }

    /** Lines through points, one series per name: {@code series.get(i)} holds {x, y} pairs. */
    public static JFreeChart lines(
            String title, String xLabel, String yLabel, List<String> names, List<List<double[]>> series, boolean dark) {
        XYSeriesCollection data = new XYSeriesCollection();
        for (int i = 0; i < names.size(); i++) {
            XYSeries s = new XYSeries(names.get(i));
            for (double[] xy : series.get(i)) {
                s.add(xy[0], xy[1]);
            }
            data.addSeries(s);
        }
        XYLineAndShapeRenderer r = new XYLineAndShapeRenderer(true, true);
        for (int i = 0; i < names.size(); i++) {
            r.setSeriesPaint(i, PARTS[i % PARTS.length]);
            r.setSeriesStroke(i, new BasicStroke(2f));
        }
        NumberAxis x = new NumberAxis(xLabel);
        x.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
        NumberAxis y = new NumberAxis(yLabel);
        y.setAutoRangeIncludesZero(false);
        r.setDefaultToolTipGenerator(ChartTips.xy(xLabel, yLabel, names.size() > 1));
        XYPlot plot = new XYPlot(data, x, y, r);
        return Charts.chart(title, plot, names.size() > 1, dark);
    }

    /**
     * Shades, above the lowest point of a step-time chart, the band within which the planner cannot rank layouts (its
     * paired error between runs of one setup): points inside it are as good as the best, as far as the planner can tell.
     */
    public static JFreeChart withRankingBand(JFreeChart chart, double band, boolean dark) {
        if (!(band > 0) || !(chart.getPlot() instanceof XYPlot plot) || plot.getDataset() == null) {
            return chart;
        }
        double best = Double.POSITIVE_INFINITY;
        for (int s = 0; s < plot.getDataset().getSeriesCount(); s++) {
            for (int i = 0; i < plot.getDataset().getItemCount(s); i++) {
                best = Math.min(best, plot.getDataset().getYValue(s, i));
            }
        }
        if (!Double.isFinite(best)) {
            return chart;
        }
        Color c = ChartTheme.foreground(dark);
        IntervalMarker m =
                new IntervalMarker(best, best * (1 + band), new Color(c.getRed(), c.getGreen(), c.getBlue(), 28));
        m.setLabel(String.format(Locale.ROOT, "cannot be ranked: within %.0f %% of the best", 100 * band));
        m.setLabelAnchor(RectangleAnchor.TOP_LEFT);
        m.setLabelTextAnchor(TextAnchor.TOP_LEFT);
        plot.addRangeMarker(m, Layer.BACKGROUND);
        ChartTheme.apply(chart, dark);
        return chart;
    }
}
