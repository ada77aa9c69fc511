package dev.sextant.app.ui.charts;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.geom.Rectangle2D;
import java.text.NumberFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TabPane;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.axis.SymbolAxis;
import org.jfree.chart.fx.ChartViewer;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.Plot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.LookupPaintScale;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.chart.renderer.xy.XYErrorRenderer;
import org.jfree.chart.title.PaintScaleLegend;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.data.xy.DefaultXYZDataset;
import org.jfree.data.xy.XIntervalSeries;
import org.jfree.data.xy.XIntervalSeriesCollection;

/**
 * The workbench's chart builders over JFreeChart: forest plots (estimates with interval whiskers), rank-probability
 * heatmaps and grouped bars. Colours follow the light or dark theme. Charts shown in a {@code ChartViewer} export to
 * PNG, SVG and PDF from its context menu.
 */
public final class Charts {

    /** One line of a forest plot. Rows without an interval draw the point alone. */
    public record ForestRow(String label, double estimate, double low, double high) {}

    static final Color ACCENT = new Color(0x0969DA);
    static final Color SECOND = new Color(0xBF8700);

    private Charts() {}

    public static JFreeChart forest(String title, String valueLabel, List<ForestRow> rows, boolean dark) {
        XIntervalSeries series = new XIntervalSeries("estimate");
        String[] labels = new String[rows.size()];
        for (int i = 0; i < rows.size(); i++) {
            ForestRow r = rows.get(rows.size() - 1 - i); // first row on top
            labels[i] = r.label();
            double lo = Double.isFinite(r.low()) ? r.low() : r.estimate();
            double hi = Double.isFinite(r.high()) ? r.high() : r.estimate();
            series.add(r.estimate(), lo, hi, i);
        }
        XIntervalSeriesCollection data = new XIntervalSeriesCollection();
        data.addSeries(series);
        NumberAxis x = new NumberAxis(valueLabel);
        x.setAutoRangeIncludesZero(false);
        SymbolAxis y = new SymbolAxis(null, labels);
        y.setGridBandsVisible(false);
        XYErrorRenderer renderer = new XYErrorRenderer();
        renderer.setDrawYError(false);
        renderer.setDrawXError(true);
        renderer.setCapLength(8);
        renderer.setErrorStroke(new BasicStroke(2f));
        renderer.setErrorPaint(ACCENT);
        renderer.setSeriesPaint(0, ACCENT);
        renderer.setSeriesShape(0, new Rectangle2D.Double(-4, -4, 8, 8));
        renderer.setDefaultLinesVisible(false);
        renderer.setDefaultToolTipGenerator((d, s, item) -> {
            double lo = data.getStartXValue(s, item);
            double hi = data.getEndXValue(s, item);
            return labels[(int) Math.round(d.getYValue(s, item))] + ": " + ChartTips.number(d.getXValue(s, item))
                    + (lo < hi ? " (interval " + ChartTips.number(lo) + " to " + ChartTips.number(hi) + ")" : "");
        });
        XYPlot plot = new XYPlot(data, x, y, renderer);
        return chart(title, plot, false, dark);
    }

    /**
     * A matrix of probabilities in [0, 1] as coloured cells: {@code values.get(row).get(column)}, null cells left
     * blank. Used for rank probabilities (models × ranks) and win rates (models × opponents).
     */
    public static JFreeChart heatmap(
            String title,
            List<String> rows,
            List<String> columns,
            List<List<Double>> values,
            String columnLabel,
            boolean diverging,
            boolean dark) {
        return heatmap(title, rows, columns, values, columnLabel, "probability", diverging, dark);
    }

    /** As above, with the colour scale's label. */
    public static JFreeChart heatmap(
            String title,
            List<String> rows,
            List<String> columns,
            List<List<Double>> values,
            String columnLabel,
            String scaleLabel,
            boolean diverging,
            boolean dark) {
        int nr = rows.size();
        int nc = columns.size();
        List<double[]> cells = new ArrayList<>();
        String[] rowLabels = new String[nr];
        for (int m = 0; m < nr; m++) {
            rowLabels[m] = rows.get(nr - 1 - m); // first row on top
            List<Double> row = values.get(nr - 1 - m);
            for (int c = 0; c < nc; c++) {
                Double v = row == null ? null : row.get(c);
                if (v != null && Double.isFinite(v)) {
                    cells.add(new double[] {c, m, v});
                }
            }
        }
        double[][] xyz = new double[3][cells.size()];
        for (int k = 0; k < cells.size(); k++) {
            xyz[0][k] = cells.get(k)[0];
            xyz[1][k] = cells.get(k)[1];
            xyz[2][k] = cells.get(k)[2];
        }
        DefaultXYZDataset data = new DefaultXYZDataset();
        data.addSeries("value", xyz);
        SymbolAxis x = new SymbolAxis(columnLabel, columns.toArray(String[]::new));
        x.setGridBandsVisible(false);
        int columnChars = columns.stream().mapToInt(String::length).max().orElse(0);
        // side by side they would overlap at the views' width
        x.setVerticalTickLabels(nc * (columnChars * 7 + 12) > 640);
        SymbolAxis y = new SymbolAxis(null, rowLabels);
        y.setGridBandsVisible(false);
        HeatmapRenderer renderer =
                new HeatmapRenderer(List.of(rowLabels), columns, columnLabel, ChartTips::percent, !diverging);
        Color lo = dark ? new Color(0x161B22) : new Color(0xF6F8FA);
        LookupPaintScale scale = new LookupPaintScale(0, 1.0001, lo);
        for (int i = 1; i <= 20; i++) {
            double t = i / 20.0;
            Color c = !diverging
                    ? blend(lo, ACCENT, Math.sqrt(t)) // probabilities: small ones still visible
                    // around an even 0.5
                    : t <= 0.5 ? blend(SECOND, lo, (t - 0.025) / 0.5) : blend(lo, ACCENT, (t - 0.525) / 0.5);
            scale.add(!diverging && i == 1 ? 1e-9 : t - 0.05, c); // a probability of exactly 0 keeps the background
        }
        renderer.setPaintScale(scale);
        XYPlot plot = new XYPlot(data, x, y, renderer);
        plot.setDomainGridlinesVisible(false);
        plot.setRangeGridlinesVisible(false);
        JFreeChart chart = new JFreeChart(title, ChartTheme.TITLE, plot, false);
        NumberAxis legendAxis = new NumberAxis(scaleLabel);
        legendAxis.setRange(0, 1);
        legendAxis.setNumberFormatOverride(NumberFormat.getPercentInstance(Locale.ROOT));
        legendAxis.setTickUnit(new NumberTickUnit(0.2));
        PaintScaleLegend legend = new PaintScaleLegend(scale, legendAxis);
        legend.setPosition(RectangleEdge.RIGHT);
        legend.setMargin(4, 12, 4, 4);
        legend.setStripWidth(14);
        chart.addSubtitle(legend);
        style(chart, dark);
        return chart;
    }

    /** One bar per category: a histogram of counts. */
    public static JFreeChart bars(
            String title, String valueLabel, List<String> categories, List<Double> values, boolean dark) {
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        for (int i = 0; i < categories.size(); i++) {
            data.addValue(values.get(i), valueLabel, categories.get(i));
        }
        NumberAxis range = new NumberAxis(valueLabel);
        range.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
        CategoryPlot plot = new CategoryPlot(data, new CategoryAxis(null), range, new BarRenderer());
        BarRenderer r = (BarRenderer) plot.getRenderer();
        r.setBarPainter(new StandardBarPainter());
        r.setShadowVisible(false);
        r.setSeriesPaint(0, ACCENT);
        r.setItemMargin(0);
        r.setDefaultToolTipGenerator(ChartTips.category(valueLabel, false));
        JFreeChart chart = chart(title, plot, false, dark);
        // a few categories may lend their labels room from their neighbours; many (a histogram's bins) keep to their
        // own width on two lines, or their labels run into one another on a narrow chart
        boolean many = categories.size() > 6;
        plot.getDomainAxis().setMaximumCategoryLabelWidthRatio(many ? 1f : 3f);
        plot.getDomainAxis().setMaximumCategoryLabelLines(many ? 2 : 1);
        plot.getDomainAxis().setCategoryMargin(0.1);
        return chart;
    }

    /** Two bars per category: the index's weight and the user's share. */
    public static JFreeChart pairedBars(
            String title,
            String firstSeries,
            String secondSeries,
            List<String> categories,
            List<Double> first,
            List<Double> second,
            boolean dark) {
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        for (int i = 0; i < categories.size(); i++) {
            data.addValue(first.get(i), firstSeries, categories.get(i));
            data.addValue(second.get(i), secondSeries, categories.get(i));
        }
        CategoryPlot plot = new CategoryPlot(data, new CategoryAxis(null), new NumberAxis("share"), new BarRenderer());
        plot.setOrientation(PlotOrientation.HORIZONTAL);
        BarRenderer r = (BarRenderer) plot.getRenderer();
        r.setBarPainter(new StandardBarPainter());
        r.setShadowVisible(false);
        r.setSeriesPaint(0, ACCENT);
        r.setSeriesPaint(1, SECOND);
        r.setItemMargin(0.05);
        r.setDefaultToolTipGenerator(ChartTips.category("", true));
        return chart(title, plot, true, dark);
    }

    /** Re-colours every chart under {@code root} for the theme, so that switching it needs no redraw of the data. */
    public static void restyle(Node root, boolean dark) {
        if (root instanceof ChartViewer viewer && viewer.getChart() != null) {
            // its canvas redraws on every change event: one redraw for the whole re-colouring, not one per property
            JFreeChart chart = viewer.getChart();
            boolean notify = chart.isNotify();
            chart.setNotify(false);
            style(chart, dark);
            chart.setNotify(notify);
            return;
        }
        if (root instanceof Parent parent) {
            for (Node child : parent.getChildrenUnmodifiable()) {
                restyle(child, dark);
            }
        }
        if (root instanceof TabPane tabs) {
            tabs.getTabs().forEach(t -> {
                if (t.getContent() != null) {
                    restyle(t.getContent(), dark);
                }
            });
        }
        if (root instanceof SplitPane split) {
            split.getItems().forEach(n -> restyle(n, dark));
        }
        if (root instanceof ScrollPane scroll && scroll.getContent() != null) {
            restyle(scroll.getContent(), dark);
        }
    }

    /** A chart with the title in the theme's place and fonts, styled for the theme ({@link ChartTheme}). */
    static JFreeChart chart(String title, Plot plot, boolean legend, boolean dark) {
        JFreeChart chart = new JFreeChart(title, ChartTheme.TITLE, plot, legend);
        style(chart, dark);
        return chart;
    }

    /** Styles the chart for the theme; the one place that decides how charts look is {@link ChartTheme}. */
    static void style(JFreeChart chart, boolean dark) {
        ChartTheme.apply(chart, dark);
    }

    private static Color blend(Color a, Color b, double share) {
        double t = Math.max(0, Math.min(1, share));
        return new Color(
                (int) Math.round(a.getRed() + (b.getRed() - a.getRed()) * t),
                (int) Math.round(a.getGreen() + (b.getGreen() - a.getGreen()) * t),
                (int) Math.round(a.getBlue() + (b.getBlue() - a.getBlue()) * t));
    }
}
