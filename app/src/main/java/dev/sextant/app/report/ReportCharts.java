package dev.sextant.app.report;

import dev.sextant.app.ui.charts.ChartTheme;
import dev.sextant.app.ui.charts.Charts;
import dev.sextant.model.gate.CanaryPlan;
import dev.sextant.model.gate.GateDecision;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.geom.Rectangle2D;
import java.util.List;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.SymbolAxis;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYErrorRenderer;
import org.jfree.chart.renderer.xy.XYStepRenderer;
import org.jfree.chart.ui.Layer;
import org.jfree.data.xy.XIntervalSeries;
import org.jfree.data.xy.XIntervalSeriesCollection;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/** The rollout report's charts, drawn for paper: light background, dark text. */
public final class ReportCharts {

    static final Color ACCENT = new Color(0x0969DA);
    static final Color DANGER = new Color(0xCF222E);

    private ReportCharts() {}

    /** One check's improvement with its interval (a one-row forest plot), with 0 and the check's threshold marked. */
    public static JFreeChart check(GateDecision.CheckResult c) {
        XIntervalSeries s = new XIntervalSeries("improvement");
        s.add(c.estimate(), c.ciLow(), c.ciHigh(), 0);
        XIntervalSeriesCollection data = new XIntervalSeriesCollection();
        data.addSeries(s);
        NumberAxis x = new NumberAxis("improvement over the incumbent (" + c.layer() + ")");
        x.setAutoRangeIncludesZero(true);
        double lo = Math.min(Math.min(c.ciLow(), c.threshold()), 0);
        double hi = Math.max(Math.max(c.ciHigh(), c.threshold()), 0);
        double pad = (hi - lo) * 0.15 + 1e-9;
        x.setRange(lo - pad, hi + pad);
        SymbolAxis y = new SymbolAxis(null, new String[] {c.name()});
        y.setGridBandsVisible(false);
        XYErrorRenderer r = new XYErrorRenderer();
        r.setDrawYError(false);
        r.setErrorStroke(new BasicStroke(2.5f));
        r.setErrorPaint(ACCENT);
        r.setSeriesPaint(0, ACCENT);
        r.setSeriesShape(0, new Rectangle2D.Double(-5, -5, 10, 10));
        r.setDefaultLinesVisible(false);
        r.setDefaultToolTipGenerator((d, series, item) -> String.format(
                "%s: %+.3g (interval %+.3g to %+.3g; threshold %+.3g)",
                c.name(), c.estimate(), c.ciLow(), c.ciHigh(), c.threshold()));
        XYPlot plot = new XYPlot(data, x, y, r);
        plot.addDomainMarker(new ValueMarker(0, Color.GRAY, new BasicStroke(1f)), Layer.BACKGROUND);
        ValueMarker t = new ValueMarker(
                c.threshold(),
                DANGER,
                new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10, new float[] {5, 4}, 0));
        t.setLabel(c.role().equals("required-gain") ? "minimum gain" : "margin");
        plot.addDomainMarker(t, Layer.FOREGROUND);
        return style(new JFreeChart(null, new Font(Font.SANS_SERIF, Font.BOLD, 12), plot, false));
    }

    /** The canary's share of traffic over the minutes of its ramp. */
    public static JFreeChart ramp(CanaryPlan plan) {
        XYSeries s = new XYSeries("canary traffic");
        double t = 0;
        for (CanaryPlan.Step step : plan.steps()) {
            s.add(t, step.percent());
            t += step.minutes();
        }
        s.add(t, 100);
        XYStepRenderer r = new XYStepRenderer();
        r.setSeriesPaint(0, ACCENT);
        r.setSeriesStroke(0, new BasicStroke(2.5f));
        r.setDefaultToolTipGenerator((d, series, item) -> String.format(
                "%.0f%% of traffic on the canary from minute %.0f",
                d.getYValue(series, item), d.getXValue(series, item)));
        NumberAxis y = new NumberAxis("% of traffic on the canary");
        y.setRange(0, 105);
        XYPlot plot = new XYPlot(new XYSeriesCollection(s), new NumberAxis("minutes"), y, r);
        return style(new JFreeChart(
                String.format("Canary ramp: promotion after %.0f minutes at the earliest", plan.promotionMinutes()),
                new Font(Font.SANS_SERIF, Font.BOLD, 13),
                plot,
                false));
    }

    /** Blind battles of the candidate against the incumbent. */
    static JFreeChart battles(List<String> labels, List<Double> counts) {
        return style(
                Charts.bars("Blind pairwise battles, candidate against incumbent", "battles", labels, counts, false));
    }

    /** Paper is the light theme: the same fonts, title layout and colours as the workbench's light charts. */
    static JFreeChart style(JFreeChart chart) {
        ChartTheme.apply(chart, false);
        return chart;
    }
}
