package dev.sextant.app.ui.charts;

import dev.sextant.model.serving.Capacity;
import dev.sextant.model.serving.Percentiles;
import dev.sextant.model.serving.SimulationSummary;
import java.awt.BasicStroke;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.renderer.xy.XYStepRenderer;
import org.jfree.chart.ui.Layer;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/** Charts of the Serving area: latency percentiles against the request rate, KV utilisation over time, replicas over the day. */
public final class ServingCharts {

    private ServingCharts() {}

    /**
     * P50, P90 and P99 of a latency against the offered rate, on a logarithmic scale so that the knee shows: a
     * horizontal line at the P99 target and a vertical one at the goodput.
     */
    public static JFreeChart latencyVsRate(
            String title,
            String yLabel,
            List<SimulationSummary> sweep,
            Function<SimulationSummary, Percentiles> metric,
            double target,
            double goodput,
            boolean dark) {
        XYSeriesCollection data = new XYSeriesCollection();
        String[] names = {"P50", "P90", "P99"};
        for (int k = 0; k < 3; k++) {
            XYSeries s = new XYSeries(names[k]);
            for (SimulationSummary p : sweep) {
                Percentiles q = metric.apply(p);
                double v = k == 0 ? q.p50() : k == 1 ? q.p90() : q.p99();
                if (v > 0 && Double.isFinite(v)) {
                    s.add(p.rate(), v);
                }
            }
            data.addSeries(s);
        }
        XYLineAndShapeRenderer r = new XYLineAndShapeRenderer(true, true);
        for (int k = 0; k < 3; k++) {
            r.setSeriesPaint(k, PlanCharts.PARTS[k]);
            r.setSeriesStroke(k, new BasicStroke(2f));
        }
        r.setDefaultToolTipGenerator(ChartTips.xy("requests/s", yLabel, true));
        NiceLogAxis y = new NiceLogAxis(yLabel);
        y.setSmallestValue(1e-4);
        XYPlot plot = new XYPlot(data, new NumberAxis("requests per second"), y, r);
        // "1 s", not "1 seconds": the unit's symbol after a number
        String unit = "seconds".equals(yLabel) ? "s" : yLabel;
        plot.addRangeMarker(
                marker(target, "P99 target " + ChartTips.number(target) + " " + unit, false, dark), Layer.FOREGROUND);
        if (goodput > 0) {
            plot.addDomainMarker(
                    marker(goodput, String.format("goodput %.2f/s", goodput), true, dark), Layer.FOREGROUND);
        }
        return finish(title, plot, true, dark);
    }

    /** One plan's rate sweep for an overlay, with its P99 targets. */
    public record Curve(String name, List<SimulationSummary> sweep, double sloTtft, double sloTpot) {}

    /**
     * Several plans' P99 of a latency against the rate on one logarithmic chart, one colour per plan; the P99 target as a
     * line, one per distinct target.
     *
     * @param ttft whether the targets drawn are the TTFT ones (else TPOT)
     */
    public static JFreeChart overlaid(
            String title,
            String yLabel,
            List<Curve> plans,
            Function<SimulationSummary, Percentiles> metric,
            boolean ttft,
            boolean dark) {
        XYSeriesCollection data = new XYSeriesCollection();
        XYLineAndShapeRenderer r = new XYLineAndShapeRenderer(true, true);
        Set<String> names = new HashSet<>();
        for (int k = 0; k < plans.size(); k++) {
            Curve c = plans.get(k);
            // series keys must differ: two plans kept under one name get a number
            String key = names.add(c.name()) ? c.name() : c.name() + " (" + (k + 1) + ")";
            XYSeries s = new XYSeries(key);
            for (SimulationSummary p : c.sweep()) {
                double v = metric.apply(p).p99();
                if (v > 0 && Double.isFinite(v)) {
                    s.add(p.rate(), v);
                }
            }
            data.addSeries(s);
            r.setSeriesPaint(k, PlanCharts.PARTS[k % PlanCharts.PARTS.length]);
            r.setSeriesStroke(k, new BasicStroke(2f));
        }
        r.setDefaultToolTipGenerator(ChartTips.xy("requests/s", yLabel, true));
        NiceLogAxis y = new NiceLogAxis(yLabel);
        y.setSmallestValue(1e-4);
        XYPlot plot = new XYPlot(data, new NumberAxis("requests per second"), y, r);
        String unit = "seconds".equals(yLabel) ? "s" : yLabel;
        plans.stream()
                .mapToDouble(c -> ttft ? c.sloTtft() : c.sloTpot())
                .distinct()
                .forEach(target -> plot.addRangeMarker(
                        marker(target, "P99 target " + ChartTips.number(target) + " " + unit, false, dark),
                        Layer.FOREGROUND));
        return finish(title, plot, true, dark);
    }

    /** Share of the KV cache in use over the simulated run, per cent against minutes. */
    public static JFreeChart kvOverTime(String title, double[] utilisation, double sliceSeconds, boolean dark) {
        XYSeries s = new XYSeries("KV cache in use");
        for (int i = 0; i < utilisation.length; i++) {
            s.add((i + 0.5) * sliceSeconds / 60, 100 * utilisation[i]);
        }
        XYLineAndShapeRenderer r = new XYLineAndShapeRenderer(true, false);
        r.setSeriesPaint(0, PlanCharts.PARTS[0]);
        r.setSeriesStroke(0, new BasicStroke(2f));
        r.setDefaultToolTipGenerator((d, series, item) -> ChartTips.number(d.getYValue(series, item))
                + "% of KV blocks in use at minute " + ChartTips.number(d.getXValue(series, item)));
        NumberAxis y = new NumberAxis("% of KV blocks in use");
        y.setRange(0, 100);
        XYPlot plot = new XYPlot(new XYSeriesCollection(s), new NumberAxis("minutes"), y, r);
        return finish(title, plot, false, dark);
    }

    /** Replicas per window as steps (left axis) and the forecast rate (right axis) over the day's hours. */
    public static JFreeChart replicasOverDay(
            String title, List<Capacity.WindowPlan> windows, int fixedReplicas, boolean dark) {
        XYSeries replicas = new XYSeries("replicas (autoscaled)");
        XYSeries fixed = new XYSeries("replicas (fixed at the peak)");
        XYSeries rate = new XYSeries("requests/s");
        for (Capacity.WindowPlan w : windows) {
            replicas.add(w.startHour(), w.replicas());
            fixed.add(w.startHour(), fixedReplicas);
            rate.add(w.startHour(), w.rate());
        }
        if (!windows.isEmpty()) {
            Capacity.WindowPlan last = windows.get(windows.size() - 1);
            replicas.add(24, last.replicas());
            fixed.add(24, fixedReplicas);
            rate.add(24, last.rate());
        }
        XYSeriesCollection left = new XYSeriesCollection();
        left.addSeries(replicas);
        left.addSeries(fixed);
        XYStepRenderer steps = new XYStepRenderer();
        steps.setSeriesPaint(0, PlanCharts.PARTS[0]);
        steps.setSeriesStroke(0, new BasicStroke(2.5f));
        steps.setSeriesPaint(1, PlanCharts.PARTS[2]);
        steps.setSeriesStroke(
                1, new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10, new float[] {6, 4}, 0));
        steps.setDefaultToolTipGenerator((d, series, item) -> d.getSeriesKey(series) + ": "
                + ChartTips.number(d.getYValue(series, item)) + " from " + hour(d.getXValue(series, item)));
        NumberAxis hours = new NumberAxis("hour of the day");
        hours.setRange(0, 24);
        hours.setTickUnit(new NumberTickUnit(2));
        NumberAxis count = new NumberAxis("replicas");
        count.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
        count.setAutoRangeIncludesZero(true);
        count.setUpperMargin(0.15);
        XYPlot plot = new XYPlot(left, hours, count, steps);
        NumberAxis rates = new NumberAxis("requests/s");
        rates.setAutoRangeIncludesZero(true);
        rates.setUpperMargin(0.15);
        plot.setRangeAxis(1, rates);
        plot.setDataset(1, new XYSeriesCollection(rate));
        plot.mapDatasetToRangeAxis(1, 1);
        XYStepRenderer rateSteps = new XYStepRenderer();
        rateSteps.setSeriesPaint(0, PlanCharts.PARTS[3]);
        rateSteps.setSeriesStroke(0, new BasicStroke(1.5f));
        rateSteps.setDefaultToolTipGenerator((d, series, item) ->
                ChartTips.number(d.getYValue(series, item)) + " requests/s from " + hour(d.getXValue(series, item)));
        plot.setRenderer(1, rateSteps);
        return finish(title, plot, true, dark);
    }

    /** 6.5 → "06:30". */
    private static String hour(double h) {
        int minutes = (int) Math.round(h * 60);
        return String.format("%02d:%02d", minutes / 60, minutes % 60);
    }

    private static ValueMarker marker(double value, String label, boolean vertical, boolean dark) {
        ValueMarker m = new ValueMarker(
                value,
                ChartTheme.danger(dark),
                new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10, new float[] {6, 4}, 0));
        m.setLabel(label);
        m.setLabelAnchor(vertical ? RectangleAnchor.TOP_RIGHT : RectangleAnchor.TOP_LEFT);
        m.setLabelTextAnchor(vertical ? TextAnchor.TOP_LEFT : TextAnchor.BOTTOM_LEFT);
        return m;
    }

    private static JFreeChart finish(String title, XYPlot plot, boolean legend, boolean dark) {
        return Charts.chart(title, plot, legend, dark);
    }
}
