package dev.sextant.app.ui.charts;

import dev.sextant.model.data.DedupResult;
import dev.sextant.model.data.LshBands;
import dev.sextant.model.data.quality.Probe;
import java.awt.BasicStroke;
import java.text.NumberFormat;
import java.util.List;
import java.util.Locale;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.chart.renderer.xy.StackedXYBarRenderer;
import org.jfree.chart.renderer.xy.StandardXYBarPainter;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.data.xy.DefaultTableXYDataset;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/** Charts of the Data area: duplicate shares by source, cluster sizes, the LSH S-curve. */
public final class DataCharts {

    private DataCharts() {}

    /** One horizontal bar per source: a share (0–1) such as the duplicate share of its documents. */
    public static JFreeChart shares(
            String title, String valueLabel, List<String> sources, List<Double> shares, boolean dark) {
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        for (int i = 0; i < sources.size(); i++) {
            data.addValue(shares.get(i), valueLabel, sources.get(i));
        }
        NumberAxis range = new NumberAxis(valueLabel);
        range.setNumberFormatOverride(NumberFormat.getPercentInstance(Locale.ROOT));
        range.setUpperMargin(0.1);
        CategoryPlot plot = new CategoryPlot(data, new CategoryAxis(null), range, new BarRenderer());
        plot.setOrientation(PlotOrientation.HORIZONTAL);
        BarRenderer r = (BarRenderer) plot.getRenderer();
        r.setBarPainter(new StandardBarPainter());
        r.setShadowVisible(false);
        r.setSeriesPaint(0, Charts.ACCENT);
        r.setMaximumBarWidth(0.12);
        r.setDefaultToolTipGenerator(ChartTips.category(valueLabel, true));
        return Charts.chart(title, plot, false, dark);
    }

    /** How many clusters there are of each size. */
    public static JFreeChart clusterSizes(List<DedupResult.SizeCount> sizes, boolean dark) {
        List<String> labels =
                sizes.stream().map(s -> Integer.toString(s.size())).toList();
        List<Double> counts = sizes.stream().map(s -> (double) s.clusters()).toList();
        return Charts.bars("Clusters by size (documents in a cluster)", "clusters", labels, counts, dark);
    }

    /**
     * The probability that a pair of documents with Jaccard similarity s becomes a candidate, 1 − (1 − s^r)^b, with the
     * threshold asked for and the curve's knee marked.
     */
    public static JFreeChart sCurve(LshBands lsh, double threshold, boolean dark) {
        XYSeries s = new XYSeries(lsh.bands() + " bands × " + lsh.rows() + " rows", false, true);
        for (int i = 0; i <= 200; i++) {
            double j = i / 200.0;
            s.add(j, lsh.probability(j));
        }
        XYLineAndShapeRenderer r = new XYLineAndShapeRenderer(true, false);
        r.setSeriesPaint(0, Charts.ACCENT);
        r.setSeriesStroke(0, new BasicStroke(2f));
        r.setDefaultToolTipGenerator(ChartTips.xy("Jaccard similarity", "P(candidate)", false));
        NumberAxis x = new NumberAxis("Jaccard similarity of two documents");
        x.setRange(0, 1);
        NumberAxis y = new NumberAxis("P(compared)");
        y.setRange(0, 1.02);
        XYPlot plot = new XYPlot(new XYSeriesCollection(s), x, y, r);
        ValueMarker t = new ValueMarker(
                threshold,
                ChartTheme.danger(dark),
                new BasicStroke(1.2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 1f, new float[] {5f, 4f}, 0f));
        t.setLabel(String.format(Locale.ROOT, "P = %.2f at %.2f", lsh.probability(threshold), threshold));
        t.setLabelAnchor(RectangleAnchor.BOTTOM_LEFT);
        t.setLabelTextAnchor(TextAnchor.BOTTOM_RIGHT);
        t.setLabelFont(ChartTheme.TICK);
        plot.addDomainMarker(t);
        return Charts.chart(
                String.format(Locale.ROOT, "LSH S-curve: %d bands × %d rows", lsh.bands(), lsh.rows()),
                plot,
                false,
                dark);
    }

    /**
     * What one quality rule measured on the previewed documents: a histogram whose bars are split at the threshold into
     * the documents the rule keeps and those it removes, with the threshold drawn (none when it is off).
     */
    public static JFreeChart ruleHistogram(Probe.RuleValues v, double threshold, boolean active, boolean dark) {
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (double x : v.values()) {
            lo = Math.min(lo, x);
            hi = Math.max(hi, x);
        }
        if (active && Double.isFinite(threshold)) {
            lo = Math.min(lo, threshold);
            hi = Math.max(hi, threshold);
        }
        if (!(hi > lo)) {
            lo -= 0.5;
            hi += 0.5;
        }
        int bins = 40;
        double width = (hi - lo) / bins;
        double[] kept = new double[bins];
        double[] removed = new double[bins];
        for (double x : v.values()) {
            int b = Math.min(bins - 1, (int) ((x - lo) / width));
            if (active && v.fails(x, threshold)) {
                removed[b]++;
            } else {
                kept[b]++;
            }
        }
        XYSeries keptSeries = new XYSeries("kept", true, false);
        XYSeries removedSeries = new XYSeries("removed", true, false);
        for (int b = 0; b < bins; b++) {
            double centre = lo + (b + 0.5) * width;
            keptSeries.add(centre, kept[b]);
            removedSeries.add(centre, removed[b]);
        }
        DefaultTableXYDataset data = new DefaultTableXYDataset();
        data.addSeries(keptSeries);
        data.addSeries(removedSeries);
        data.setIntervalWidth(width);
        StackedXYBarRenderer r = new StackedXYBarRenderer(0.05);
        r.setBarPainter(new StandardXYBarPainter());
        r.setShadowVisible(false);
        r.setSeriesPaint(0, Charts.ACCENT);
        r.setSeriesPaint(1, ChartTheme.danger(dark));
        r.setDefaultToolTipGenerator(ChartTips.xy(v.rule(), "documents", false));
        NumberAxis x = new NumberAxis(v.rule() + " (" + v.family() + "." + v.param() + ")");
        x.setRange(lo - width, hi + width);
        NumberAxis y = new NumberAxis("documents");
        y.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
        XYPlot plot = new XYPlot(data, x, y, r);
        if (active && Double.isFinite(threshold)) {
            ValueMarker t = new ValueMarker(
                    threshold,
                    ChartTheme.danger(dark),
                    new BasicStroke(1.4f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 1f, new float[] {5f, 4f}, 0f));
            t.setLabel(String.format(Locale.ROOT, "%s %s", v.least() ? "least" : "most", label(threshold)));
            // the label inside the plot, on the side of the line with more room
            boolean right = (threshold - lo) < (hi - lo) / 2;
            t.setLabelAnchor(right ? RectangleAnchor.TOP_RIGHT : RectangleAnchor.TOP_LEFT);
            t.setLabelTextAnchor(right ? TextAnchor.TOP_LEFT : TextAnchor.TOP_RIGHT);
            t.setLabelFont(ChartTheme.TICK);
            plot.addDomainMarker(t);
        }
        return Charts.chart(null, plot, true, dark);
    }

    private static String label(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15
                ? Long.toString((long) v)
                : String.format(Locale.ROOT, "%.3g", v);
    }
}
