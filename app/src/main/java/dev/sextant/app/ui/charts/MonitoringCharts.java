package dev.sextant.app.ui.charts;

import dev.sextant.model.monitoring.TrafficMonitor;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.geom.Ellipse2D;
import java.util.List;
import java.util.Map;
import java.util.TimeZone;
import java.util.function.ToDoubleFunction;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.DateAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.IntervalMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.ui.Layer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/** Charts of the Monitoring area: one metric's timeline per segment, with the windows that alerted on it shaded. */
public final class MonitoringCharts {

    private MonitoringCharts() {}

    /** The metrics a timeline can show: label, the value of a window, and the alert metrics it marks. */
    public enum Metric {
        REQUESTS("requests a window", p -> p.requests(), "request_rate"),
        ERROR_RATE("error rate", TrafficMonitor.Point::errorRate, "error_rate", "error_budget_burn"),
        REFUSAL_RATE("refusal rate", TrafficMonitor.Point::refusalRate, "refusal_rate"),
        LATENCY_P50("latency P50, ms", TrafficMonitor.Point::latencyP50, "latency_p50", "latency_budget_burn"),
        LATENCY_P99("latency P99, ms", TrafficMonitor.Point::latencyP99, "latency_p50", "latency_budget_burn"),
        TTFT_P50("time to first token P50, ms", TrafficMonitor.Point::ttftP50, "ttft_p50"),
        OUTPUT_TOKENS("output tokens P50", TrafficMonitor.Point::outputTokensP50, "output_tokens");

        final String label;
        final ToDoubleFunction<TrafficMonitor.Point> value;
        final List<String> alerts;

        Metric(String label, ToDoubleFunction<TrafficMonitor.Point> value, String... alerts) {
            this.label = label;
            this.value = value;
            this.alerts = List.of(alerts);
        }

        @Override
        public String toString() {
            return label;
        }
    }

    public static JFreeChart timeline(
            Map<Map<String, String>, List<TrafficMonitor.Point>> timeline,
            List<TrafficMonitor.Alert> alerts,
            Metric m,
            long windowMillis,
            boolean dark) {
        XYSeriesCollection data = new XYSeriesCollection();
        XYLineAndShapeRenderer r = new XYLineAndShapeRenderer(true, true);
        int k = 0;
        for (Map.Entry<Map<String, String>, List<TrafficMonitor.Point>> e : timeline.entrySet()) {
            XYSeries s = new XYSeries(
                    e.getKey().isEmpty() ? "all traffic" : e.getKey().toString(), false, true);
            for (TrafficMonitor.Point p : e.getValue()) {
                double v = m.value.applyAsDouble(p);
                if (Double.isFinite(v)) {
                    s.add(p.startMillis() + windowMillis / 2.0, v);
                }
            }
            data.addSeries(s);
            r.setSeriesPaint(k, PlanCharts.PARTS[k % PlanCharts.PARTS.length]);
            r.setSeriesStroke(k, new BasicStroke(1.4f));
            r.setSeriesShape(k, new Ellipse2D.Double(-2.5, -2.5, 5, 5));
            k++;
        }
        r.setDefaultToolTipGenerator(ChartTips.xy("ms", m.label, true));
        NumberAxis y = new NumberAxis(m.label);
        y.setAutoRangeIncludesZero(false);
        DateAxis x = new DateAxis("time (UTC)");
        x.setTimeZone(TimeZone.getTimeZone("UTC"));
        XYPlot plot = new XYPlot(data, x, y, r);
        for (TrafficMonitor.Alert a : alerts) {
            if (m.alerts.contains(a.metric())) {
                IntervalMarker mk = new IntervalMarker(
                        a.startMillis(),
                        a.endMillis(),
                        a.severity().equals("critical") ? ChartTheme.danger(dark) : new Color(0xBF8700));
                mk.setAlpha(0.18f);
                plot.addDomainMarker(mk, Layer.BACKGROUND);
            }
        }
        return Charts.chart(m.label + " per window", plot, true, dark);
    }
}
