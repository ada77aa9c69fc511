package dev.sextant.app.ui.charts;

import dev.sextant.model.evaluation.RepeatedSamples;
import dev.sextant.model.evaluation.ResultsByDate;
import java.awt.BasicStroke;
import java.awt.Paint;
import java.awt.geom.Ellipse2D;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TimeZone;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.annotations.XYTextAnnotation;
import org.jfree.chart.axis.DateAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYErrorRenderer;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.xy.XYIntervalSeries;
import org.jfree.data.xy.XYIntervalSeriesCollection;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/** Charts of the Evaluation area's Samples tab: pass@k and pass^k against k; accuracy against tokens per item. */
public final class SampleCharts {

    private SampleCharts() {}

    /** A row's label: its model, and its benchmark and sampling where the rows differ in them. */
    static String label(RepeatedSamples.Row r, List<RepeatedSamples.Row> all) {
        boolean benchmarks =
                all.stream().map(RepeatedSamples.Row::benchmark).distinct().count() > 1;
        boolean samplings =
                all.stream().map(x -> x.sampling().describe()).distinct().count() > 1;
        return r.model()
                + (benchmarks ? " · " + r.benchmark() : "")
                + (samplings ? " (" + r.sampling().describe() + ")" : "");
    }

    /**
     * pass@k (solid) and pass^k (dashed) of each row against k, with their 95 % intervals: how fast reliability falls
     * when every one of k tries must succeed, and how fast coverage rises when one of k may.
     */
    public static JFreeChart byK(List<RepeatedSamples.Row> rows, boolean dark) {
        XYIntervalSeriesCollection data = new XYIntervalSeriesCollection();
        XYErrorRenderer r = new XYErrorRenderer();
        r.setDefaultLinesVisible(true);
        r.setDefaultShapesVisible(true);
        int k = 0;
        for (RepeatedSamples.Row row : rows) {
            for (boolean hat : new boolean[] {false, true}) {
                XYIntervalSeries s = new XYIntervalSeries(label(row, rows) + (hat ? ", pass^k" : ", pass@k"));
                Map<Integer, RepeatedSamples.Estimate> m = hat ? row.passHat() : row.passAt();
                m.forEach((kk, e) -> s.add(kk, kk, kk, e.value(), e.low(), e.high()));
                data.addSeries(s);
                Paint paint = PlanCharts.PARTS[(k / 2) % PlanCharts.PARTS.length];
                r.setSeriesPaint(k, paint);
                r.setSeriesStroke(
                        k,
                        hat
                                ? new BasicStroke(
                                        1.6f,
                                        BasicStroke.CAP_BUTT,
                                        BasicStroke.JOIN_MITER,
                                        10f,
                                        new float[] {6f, 4f},
                                        0f)
                                : new BasicStroke(1.6f));
                r.setSeriesShape(k, new Ellipse2D.Double(-3, -3, 6, 6));
                k++;
            }
        }
        r.setErrorPaint(ChartTheme.muted(dark));
        NumberAxis x = new NumberAxis("k (trials)");
        x.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
        NumberAxis y = new NumberAxis("share of items");
        y.setRange(0, 1.02);
        XYPlot plot = new XYPlot(data, x, y, r);
        return Charts.chart("pass@k (solid) and pass^k (dashed) against k", plot, true, dark);
    }

    /**
     * pass@1 against output tokens per item, one point per row with its interval: equal accuracy at three times the
     * tokens is not equal.
     */
    public static JFreeChart accuracyVsTokens(List<RepeatedSamples.Row> rows, boolean dark) {
        XYIntervalSeriesCollection data = new XYIntervalSeriesCollection();
        XYErrorRenderer r = new XYErrorRenderer();
        r.setDefaultLinesVisible(false);
        XYPlot plot = new XYPlot(data, new NumberAxis("output tokens per item"), new NumberAxis("pass@1"), r);
        int k = 0;
        for (RepeatedSamples.Row row : rows) {
            double t = row.tokens().perItem();
            RepeatedSamples.Estimate e = row.passAt().get(1);
            if (!Double.isFinite(t) || e == null) {
                continue;
            }
            XYIntervalSeries s = new XYIntervalSeries(label(row, rows));
            s.add(t, t, t, e.value(), e.low(), e.high());
            data.addSeries(s);
            r.setSeriesPaint(k, PlanCharts.PARTS[k % PlanCharts.PARTS.length]);
            r.setSeriesShape(k, new Ellipse2D.Double(-4, -4, 8, 8));
            XYTextAnnotation a = new XYTextAnnotation("  " + row.model(), t, e.value());
            a.setTextAnchor(TextAnchor.CENTER_LEFT);
            a.setPaint(ChartTheme.foreground(dark));
            plot.addAnnotation(a);
            k++;
        }
        r.setErrorPaint(ChartTheme.muted(dark));
        ((NumberAxis) plot.getRangeAxis()).setRange(0, 1.02);
        ((NumberAxis) plot.getDomainAxis()).setAutoRangeIncludesZero(true);
        ((NumberAxis) plot.getDomainAxis()).setUpperMargin(0.22); // room for the rightmost point's name
        return Charts.chart("pass@1 against output tokens per item", plot, true, dark);
    }

    /**
     * Accuracy month by month over the items' dates, each month's bar as wide as its items allow, with the training
     * cut-off marked: a step down after it is what a model that saw the older items looks like.
     */
    public static JFreeChart byMonth(ResultsByDate.Result r, boolean dark) {
        XYSeriesCollection data = new XYSeriesCollection();
        XYSeries s = new XYSeries(r.model() + " on " + r.benchmark() + " (items of the month)", false, true);
        DateAxis x = new DateAxis("item date (month)");
        x.setTimeZone(TimeZone.getTimeZone("UTC"));
        for (ResultsByDate.Month m : r.months()) {
            long at = LocalDate.parse(m.month() + "-15")
                    .atStartOfDay(ZoneOffset.UTC)
                    .toInstant()
                    .toEpochMilli();
            s.add(at, m.mean());
        }
        data.addSeries(s);
        XYLineAndShapeRenderer rend = new XYLineAndShapeRenderer(true, true);
        rend.setSeriesPaint(0, PlanCharts.PARTS[0]);
        rend.setSeriesStroke(0, new BasicStroke(1.6f));
        NumberAxis y = new NumberAxis("accuracy");
        y.setRange(0, 1.02);
        XYPlot plot = new XYPlot(data, x, y, rend);
        long cut = r.cutoff().atStartOfDay(ZoneOffset.UTC).toInstant().toEpochMilli();
        ValueMarker marker = new ValueMarker(
                cut,
                ChartTheme.danger(dark),
                new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {6f, 4f}, 0f));
        marker.setLabel("training cut-off " + r.cutoff());
        marker.setLabelPaint(ChartTheme.danger(dark));
        marker.setLabelAnchor(RectangleAnchor.TOP_RIGHT);
        marker.setLabelTextAnchor(TextAnchor.TOP_LEFT);
        plot.addDomainMarker(marker);
        for (boolean before : new boolean[] {true, false}) {
            var side = before ? r.before() : r.after();
            ValueMarker mean = new ValueMarker(side.mean(), ChartTheme.muted(dark), new BasicStroke(1f));
            mean.setLabel((before ? "before: " : "after: ")
                    + String.format(Locale.ROOT, "%.3f (%d items)", side.mean(), side.n()));
            mean.setLabelPaint(ChartTheme.muted(dark));
            mean.setLabelAnchor(before ? RectangleAnchor.TOP_LEFT : RectangleAnchor.BOTTOM_RIGHT);
            mean.setLabelTextAnchor(before ? TextAnchor.BOTTOM_LEFT : TextAnchor.TOP_RIGHT);
            plot.addRangeMarker(mean);
        }
        return Charts.chart("Accuracy by the items' month", plot, true, dark);
    }
}
