package dev.sextant.app.ui.charts;

import dev.sextant.model.runhealth.Anomaly;
import dev.sextant.model.runhealth.Checkpoints;
import dev.sextant.model.runhealth.FailureStudy;
import dev.sextant.model.runhealth.FailureTimeline;
import dev.sextant.model.runhealth.LogAnalysis;
import dev.sextant.model.runhealth.MetricSeries;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.geom.Ellipse2D;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.IntervalMarker;
import org.jfree.chart.plot.Marker;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.ui.Layer;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * Charts of the Run health area: a metric of a training log over its steps with the anomalies marked and the
 * checkpoints as ticks; the completion-time distribution of failure policies; one simulated run's progress over time.
 */
public final class RunHealthCharts {

    /** Points drawn per series at most: longer logs are drawn as each bucket's lowest and highest point, so spikes stay. */
    static final int DRAWN_POINTS = 4000;
    /** Checkpoints drawn as ticks only up to this many in view (more would be a grey wash). */
    static final int CHECKPOINT_TICKS = 250;

    private RunHealthCharts() {}

    /** The colour of an anomaly's kind. */
    static Color kindColour(Anomaly.Kind k, boolean dark) {
        return switch (k) {
            case SPIKE -> new Color(0xBF8700);
            case NONFINITE -> ChartTheme.danger(dark);
            case DIVERGENCE -> new Color(0x8250DF);
            case STALL -> new Color(0x8C959F);
            case OVERFITTING -> new Color(0x0969DA);
        };
    }

    /** A step or value axis of a log chart: logarithmic, or linear without forcing zero in. */
    private static ValueAxis axis(String label, boolean log) {
        if (log) {
            return new NiceLogAxis(label);
        }
        NumberAxis n = new NumberAxis(label);
        n.setAutoRangeIncludesZero(false);
        return n;
    }

    /** One run's series of a metric, for an overlay. */
    public record Run(String name, MetricSeries series) {}

    /**
     * Several runs' series of one metric on one chart, one colour per run (each decimated as a single run's chart is),
     * so that runs of different length or logging interval line up by step.
     */
    public static JFreeChart overlaid(
            String title, String metric, List<Run> runs, boolean logSteps, boolean logValues, boolean dark) {
        XYSeriesCollection data = new XYSeriesCollection();
        XYLineAndShapeRenderer r = new XYLineAndShapeRenderer(true, false);
        Set<String> names = new HashSet<>();
        for (int k = 0; k < runs.size(); k++) {
            Run run = runs.get(k);
            String key = names.add(run.name()) ? run.name() : run.name() + " (" + (k + 1) + ")";
            XYSeries s = new XYSeries(key, false, true);
            decimate(run.series(), logSteps, logValues, s);
            data.addSeries(s);
            r.setSeriesPaint(k, PlanCharts.PARTS[k % PlanCharts.PARTS.length]);
            r.setSeriesStroke(k, new BasicStroke(1.4f));
        }
        r.setDefaultToolTipGenerator(ChartTips.xy("step", metric, false));
        return Charts.chart(title, new XYPlot(data, axis("step", logSteps), axis(metric, logValues), r), true, dark);
    }

    /**
     * One metric over the steps, with every anomaly of the log as a vertical marker (labelled in the chart of the metric
     * it shows in) and, where few enough, the checkpoints as faint ticks.
     *
     * @param logSteps  a logarithmic step axis
     * @param logValues a logarithmic value axis (gradient norm, step time)
     */
    public static JFreeChart metric(
            String title, LogAnalysis a, String metric, boolean logSteps, boolean logValues, boolean dark) {
        MetricSeries m = a.log().metric(metric).orElse(null);
        XYSeriesCollection data = new XYSeriesCollection();
        XYSeries s = new XYSeries(metric, false, true);
        if (m != null) {
            decimate(m, logSteps, logValues, s);
        }
        data.addSeries(s);
        XYLineAndShapeRenderer r = new XYLineAndShapeRenderer(true, false);
        r.setSeriesPaint(0, PlanCharts.PARTS[0]);
        r.setSeriesStroke(0, new BasicStroke(1.2f));
        r.setDefaultToolTipGenerator(ChartTips.xy("step", metric, false));
        XYPlot plot = new XYPlot(data, axis("step", logSteps), axis(metric, logValues), r);
        double span = m == null || m.size() == 0 ? 1 : Math.max(1, m.lastStep() - m.firstStep());
        double lastLabelled = Double.NEGATIVE_INFINITY;
        for (Anomaly an : a.anomalies()) {
            if (logSteps && an.step() <= 0) {
                continue;
            }
            ValueMarker mk = new ValueMarker(
                    an.step(),
                    kindColour(an.kind(), dark),
                    new BasicStroke(an.metric().equals(metric) ? 1.6f : 0.8f));
            // a label only where it has room: the next within 6 % of the steps would print over it
            boolean room = logSteps || an.step() - lastLabelled > 0.06 * span;
            if (an.metric().equals(metric) && room) {
                lastLabelled = an.step();
                mk.setLabel(an.kind().id());
                mk.setLabelAnchor(RectangleAnchor.TOP_RIGHT);
                mk.setLabelTextAnchor(TextAnchor.TOP_LEFT);
            } else if (!an.metric().equals(metric)) {
                mk.setAlpha(0.45f);
            }
            plot.addDomainMarker(mk, Layer.FOREGROUND);
        }
        Checkpoints cps = a.checkpoints();
        if (cps != null && m != null && m.size() > 0) {
            long[] ticks = cps.between(m.firstStep(), m.lastStep());
            if (ticks.length <= CHECKPOINT_TICKS) {
                for (long t : ticks) {
                    if (t > 0 || !logSteps) {
                        ValueMarker mk = new ValueMarker(t, ChartTheme.foreground(dark), new BasicStroke(0.5f));
                        mk.setAlpha(0.18f);
                        plot.addDomainMarker(mk, Layer.BACKGROUND);
                    }
                }
            }
        }
        JFreeChart chart = Charts.chart(title, plot, false, dark);
        // the theme styles markers alike; the kinds keep their colours
        for (Object o : markers(plot, Layer.FOREGROUND)) {
            ValueMarker mk = (ValueMarker) o;
            for (Anomaly an : a.anomalies()) {
                if (an.step() == (long) mk.getValue()) {
                    mk.setPaint(kindColour(an.kind(), dark));
                    mk.setLabelPaint(kindColour(an.kind(), dark));
                }
            }
        }
        return chart;
    }

    /** At most {@link #DRAWN_POINTS} points: each bucket's lowest and highest, in step order; NaN and infinities left out. */
    static void decimate(MetricSeries m, boolean logSteps, boolean logValues, XYSeries into) {
        int n = m.size();
        int buckets = Math.max(1, DRAWN_POINTS / 2);
        int per = Math.max(1, (int) Math.ceil((double) n / buckets));
        for (int start = 0; start < n; start += per) {
            int lo = -1;
            int hi = -1;
            for (int i = start; i < Math.min(n, start + per); i++) {
                double v = m.value(i);
                if (!Double.isFinite(v) || logValues && v <= 0 || logSteps && m.step(i) <= 0) {
                    continue;
                }
                if (lo < 0 || v < m.value(lo)) {
                    lo = i;
                }
                if (hi < 0 || v > m.value(hi)) {
                    hi = i;
                }
            }
            if (lo < 0) {
                continue;
            }
            int first = Math.min(lo, hi);
            int second = Math.max(lo, hi);
            into.add(m.step(first), m.value(first), false);
            if (second != first) {
                into.add(m.step(second), m.value(second), false);
            }
        }
        into.fireSeriesChanged();
    }

    /** Each policy's completion times as a distribution: the share of simulated runs finished by each hour. */
    public static JFreeChart completions(List<String> names, List<FailureStudy> studies, boolean dark) {
        XYSeriesCollection data = new XYSeriesCollection();
        for (int i = 0; i < names.size(); i++) {
            XYSeries s = new XYSeries(names.get(i), false, true);
            double[] c = studies.get(i).completions();
            int step = Math.max(1, c.length / 400);
            for (int k = 0; k < c.length; k += step) {
                s.add(c[k], (k + 1.0) / c.length, false);
            }
            s.add(c[c.length - 1], 1.0, false);
            data.addSeries(s);
        }
        XYLineAndShapeRenderer r = new XYLineAndShapeRenderer(true, false);
        for (int i = 0; i < names.size(); i++) {
            r.setSeriesPaint(i, PlanCharts.PARTS[i % PlanCharts.PARTS.length]);
            // alternate policies dashed, so one that coincides with another still shows
            r.setSeriesStroke(
                    i,
                    i % 2 == 1
                            ? new BasicStroke(
                                    2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 1f, new float[] {7f, 4f}, 0f)
                            : new BasicStroke(2f));
        }
        r.setDefaultToolTipGenerator(ChartTips.xy("hours", "share of runs done", true));
        NumberAxis x = new NumberAxis("completion, hours");
        x.setAutoRangeIncludesZero(false);
        NumberAxis y = new NumberAxis("share of runs finished");
        y.setRange(0, 1.02);
        XYPlot plot = new XYPlot(data, x, y, r);
        return Charts.chart(
                "Completion time of each policy (share of simulated runs finished by then)", plot, true, dark);
    }

    /** The first simulated run: its progress over wall-clock hours, falling back at each failure. */
    public static JFreeChart timeline(FailureTimeline t, double steps, boolean dark) {
        XYSeriesCollection data = new XYSeriesCollection();
        XYSeries progress = new XYSeries("progress", false, true);
        XYSeries failures = new XYSeries("failures", false, true);
        int stride = Math.max(1, t.segments().size() / DRAWN_POINTS);
        for (int i = 0; i < t.segments().size(); i++) {
            FailureTimeline.Segment s = t.segments().get(i);
            if (i % stride == 0 || i == t.segments().size() - 1 || s.activity() != FailureTimeline.Activity.TRAIN) {
                progress.add(s.startSeconds() / 3600, s.stepFrom() / steps * 100, false);
                progress.add(s.endSeconds() / 3600, s.stepTo() / steps * 100, false);
            }
        }
        for (FailureTimeline.Failure f : t.failures()) {
            failures.add(f.atSeconds() / 3600, f.restoredTo() / steps * 100, false);
        }
        data.addSeries(progress);
        data.addSeries(failures);
        XYLineAndShapeRenderer r = new XYLineAndShapeRenderer();
        r.setSeriesLinesVisible(0, true);
        r.setSeriesShapesVisible(0, false);
        r.setSeriesPaint(0, PlanCharts.PARTS[0]);
        r.setSeriesStroke(0, new BasicStroke(1.5f));
        r.setSeriesLinesVisible(1, false);
        r.setSeriesShapesVisible(1, true);
        r.setSeriesPaint(1, ChartTheme.danger(dark));
        r.setSeriesShape(1, new Ellipse2D.Double(-3, -3, 6, 6));
        r.setDefaultToolTipGenerator(ChartTips.xy("hours", "% of the steps", true));
        NumberAxis x = new NumberAxis("wall-clock hours");
        NumberAxis y = new NumberAxis("% of the steps done");
        y.setRange(0, 102);
        XYPlot plot = new XYPlot(data, x, y, r);
        // stopped, waiting for repaired nodes: shaded (restarts and checkpoints are too short to see at this scale)
        int shaded = 0;
        for (FailureTimeline.Segment s : t.segments()) {
            if (s.activity() == FailureTimeline.Activity.WAIT && shaded++ < 500) {
                IntervalMarker wait = new IntervalMarker(s.startSeconds() / 3600, s.endSeconds() / 3600);
                wait.setPaint(ChartTheme.danger(dark));
                wait.setAlpha(0.15f);
                plot.addDomainMarker(wait, Layer.BACKGROUND);
            }
        }
        String title = shaded > 0
                ? "One simulated run: progress, where each failure sent it back to, and (shaded) waits for repairs"
                : "One simulated run: progress, and where each failure sent it back to";
        JFreeChart chart = Charts.chart(title, plot, true, dark);
        for (Object o : markers(plot, Layer.BACKGROUND)) {
            ((Marker) o).setPaint(ChartTheme.danger(dark));
            ((Marker) o).setAlpha(0.15f);
        }
        return chart;
    }

    /** The plot's domain markers of a layer (JFreeChart answers null where there are none). */
    private static Collection<?> markers(XYPlot plot, Layer layer) {
        Collection<?> c = plot.getDomainMarkers(layer);
        return c == null ? List.of() : c;
    }
}
