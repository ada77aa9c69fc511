package dev.sextant.app.ui.charts;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.util.List;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.SymbolAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.LookupPaintScale;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.chart.renderer.xy.XYBlockRenderer;
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
    public record ForestRow(String label, double estimate, double low, double high) {
    }

    static final Color ACCENT = new Color(0x0969DA);
    static final Color SECOND = new Color(0xBF8700);

    private Charts() {
    }

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
        renderer.setSeriesShape(0, new java.awt.geom.Rectangle2D.Double(-4, -4, 8, 8));
        renderer.setDefaultLinesVisible(false);
        XYPlot plot = new XYPlot(data, x, y, renderer);
        JFreeChart chart = new JFreeChart(title, new Font(Font.SANS_SERIF, Font.BOLD, 14), plot, false);
        style(chart, dark);
        return chart;
    }

    /**
     * A matrix of probabilities in [0, 1] as coloured cells: {@code values.get(row).get(column)}, null cells left
     * blank. Used for rank probabilities (models × ranks) and win rates (models × opponents).
     */
    public static JFreeChart heatmap(String title, List<String> rows, List<String> columns, List<List<Double>> values,
                                     String columnLabel, boolean diverging, boolean dark) {
        return heatmap(title, rows, columns, values, columnLabel, "probability", diverging, dark);
    }

    /** As above, with the colour scale's label. */
    public static JFreeChart heatmap(String title, List<String> rows, List<String> columns, List<List<Double>> values,
                                     String columnLabel, String scaleLabel, boolean diverging, boolean dark) {
        int nr = rows.size();
        int nc = columns.size();
        List<double[]> cells = new java.util.ArrayList<>();
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
        SymbolAxis y = new SymbolAxis(null, rowLabels);
        y.setGridBandsVisible(false);
        XYBlockRenderer renderer = new XYBlockRenderer();
        Color lo = dark ? new Color(0x161B22) : new Color(0xF6F8FA);
        LookupPaintScale scale = new LookupPaintScale(0, 1.0001, lo);
        for (int i = 1; i <= 20; i++) {
            double t = i / 20.0;
            Color c = !diverging ? blend(lo, ACCENT, Math.sqrt(t)) // probabilities: small ones still visible
                    : t <= 0.5 ? blend(SECOND, lo, (t - 0.025) / 0.5) : blend(lo, ACCENT, (t - 0.525) / 0.5); // around an even 0.5
            scale.add(!diverging && i == 1 ? 1e-9 : t - 0.05, c); // a probability of exactly 0 keeps the background
        }
        renderer.setPaintScale(scale);
        XYPlot plot = new XYPlot(data, x, y, renderer);
        plot.setDomainGridlinesVisible(false);
        plot.setRangeGridlinesVisible(false);
        JFreeChart chart = new JFreeChart(title, new Font(Font.SANS_SERIF, Font.BOLD, 14), plot, false);
        NumberAxis legendAxis = new NumberAxis(scaleLabel);
        legendAxis.setRange(0, 1);
        PaintScaleLegend legend = new PaintScaleLegend(scale, legendAxis);
        legend.setPosition(RectangleEdge.RIGHT);
        legend.setMargin(4, 4, 4, 4);
        chart.addSubtitle(legend);
        style(chart, dark);
        legend.setBackgroundPaint(chart.getBackgroundPaint());
        legendAxis.setLabelPaint(foreground(dark));
        legendAxis.setTickLabelPaint(foreground(dark));
        return chart;
    }

    /** One bar per category: a histogram of counts. */
    public static JFreeChart bars(String title, String valueLabel, List<String> categories, List<Double> values, boolean dark) {
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
        JFreeChart chart = new JFreeChart(title, new Font(Font.SANS_SERIF, Font.BOLD, 13), plot, false);
        style(chart, dark);
        plot.getDomainAxis().setTickLabelFont(new Font(Font.SANS_SERIF, Font.PLAIN, 10));
        plot.getDomainAxis().setMaximumCategoryLabelWidthRatio(3f);
        plot.getDomainAxis().setCategoryMargin(0.1);
        return chart;
    }

    /** Two bars per category: the index's weight and the user's share. */
    public static JFreeChart pairedBars(String title, String firstSeries, String secondSeries, List<String> categories,
                                        List<Double> first, List<Double> second, boolean dark) {
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
        JFreeChart chart = new JFreeChart(title, new Font(Font.SANS_SERIF, Font.BOLD, 14), plot, true);
        style(chart, dark);
        return chart;
    }

    /** Re-colours every chart under {@code root} for the theme, so that switching it needs no redraw of the data. */
    public static void restyle(javafx.scene.Node root, boolean dark) {
        if (root instanceof org.jfree.chart.fx.ChartViewer viewer && viewer.getChart() != null) {
            // its canvas redraws on every change event: one redraw for the whole re-colouring, not one per property
            JFreeChart chart = viewer.getChart();
            boolean notify = chart.isNotify();
            chart.setNotify(false);
            style(chart, dark);
            chart.setNotify(notify);
            return;
        }
        if (root instanceof javafx.scene.Parent parent) {
            for (javafx.scene.Node child : parent.getChildrenUnmodifiable()) {
                restyle(child, dark);
            }
        }
        if (root instanceof javafx.scene.control.TabPane tabs) {
            tabs.getTabs().forEach(t -> {
                if (t.getContent() != null) {
                    restyle(t.getContent(), dark);
                }
            });
        }
        if (root instanceof javafx.scene.control.SplitPane split) {
            split.getItems().forEach(n -> restyle(n, dark));
        }
        if (root instanceof javafx.scene.control.ScrollPane scroll && scroll.getContent() != null) {
            restyle(scroll.getContent(), dark);
        }
    }

    static void style(JFreeChart chart, boolean dark) {
        Color bg = dark ? new Color(0x0D1117) : Color.WHITE;
        Color fg = foreground(dark);
        Color grid = dark ? new Color(0x30363D) : new Color(0xD0D7DE);
        chart.setBackgroundPaint(bg);
        if (chart.getTitle() != null) {
            chart.getTitle().setPaint(fg);
        }
        chart.setAntiAlias(true);
        if (chart.getLegend() != null) {
            chart.getLegend().setBackgroundPaint(bg);
            chart.getLegend().setItemPaint(fg);
            chart.getLegend().setFrame(org.jfree.chart.block.BlockBorder.NONE);
        }
        var plot = chart.getPlot();
        plot.setBackgroundPaint(bg);
        plot.setOutlineVisible(false);
        Font tick = new Font(Font.SANS_SERIF, Font.PLAIN, 12);
        if (plot instanceof XYPlot xy) {
            xy.setDomainGridlinePaint(grid);
            xy.setRangeGridlinePaint(grid);
            for (var axis : List.of(xy.getDomainAxis(), xy.getRangeAxis())) {
                axis.setLabelPaint(fg);
                axis.setTickLabelPaint(fg);
                axis.setAxisLinePaint(grid);
                axis.setTickMarkPaint(grid);
                axis.setTickLabelFont(tick);
            }
        } else if (plot instanceof CategoryPlot cp) {
            cp.setRangeGridlinePaint(grid);
            cp.getDomainAxis().setTickLabelPaint(fg);
            cp.getDomainAxis().setTickLabelFont(tick);
            cp.getDomainAxis().setAxisLinePaint(grid);
            cp.getRangeAxis().setLabelPaint(fg);
            cp.getRangeAxis().setTickLabelPaint(fg);
            cp.getRangeAxis().setAxisLinePaint(grid);
        }
    }

    static Color foreground(boolean dark) {
        return dark ? new Color(0xC9D1D9) : new Color(0x1F2328);
    }

    private static Color blend(Color a, Color b, double share) {
        double t = Math.max(0, Math.min(1, share));
        return new Color((int) Math.round(a.getRed() + (b.getRed() - a.getRed()) * t),
                (int) Math.round(a.getGreen() + (b.getGreen() - a.getGreen()) * t),
                (int) Math.round(a.getBlue() + (b.getBlue() - a.getBlue()) * t));
    }
}
