package dev.sextant.app.ui.charts;

import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.data.xy.XYDataset;

/**
 * Fits an XY chart's value axis to the points inside its visible step range: zooming to a spike from 3.2 to 3.7 shows
 * that spike, not the 0–12 of the whole run.
 */
public final class VisibleRange {

    private VisibleRange() {}

    /** From now on, every change of the plot's domain range refits its value axis to the points in view. */
    public static void follow(XYPlot plot) {
        boolean[] busy = {false};
        plot.getDomainAxis().addChangeListener(e -> {
            if (!busy[0]) {
                busy[0] = true;
                try {
                    fit(plot);
                } finally {
                    busy[0] = false;
                }
            }
        });
    }

    /** Sets the value axis to the finite values of every dataset inside the domain axis's range, with a margin. */
    public static void fit(XYPlot plot) {
        double lo = plot.getDomainAxis().getLowerBound();
        double hi = plot.getDomainAxis().getUpperBound();
        ValueAxis axis = plot.getRangeAxis();
        boolean log = axis instanceof LogAxis;
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (int d = 0; d < plot.getDatasetCount(); d++) {
            XYDataset ds = plot.getDataset(d);
            if (ds == null) {
                continue;
            }
            for (int s = 0; s < ds.getSeriesCount(); s++) {
                for (int i = 0; i < ds.getItemCount(s); i++) {
                    double x = ds.getXValue(s, i);
                    double y = ds.getYValue(s, i);
                    if (x >= lo && x <= hi && Double.isFinite(y) && (!log || y > 0)) {
                        min = Math.min(min, y);
                        max = Math.max(max, y);
                    }
                }
            }
        }
        if (!(min <= max)) {
            return;
        }
        if (log) {
            axis.setRange(min / 1.15, max * 1.15);
        } else {
            double pad = max > min ? 0.08 * (max - min) : Math.max(1e-9, 0.05 * Math.abs(max));
            axis.setRange(min - pad, max + pad);
        }
    }
}
