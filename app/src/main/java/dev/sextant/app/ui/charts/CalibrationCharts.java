package dev.sextant.app.ui.charts;

import dev.sextant.model.calibration.CalibrationProfile;
import dev.sextant.model.calibration.GemmFit;
import dev.sextant.model.calibration.GemmPoint;
import java.awt.BasicStroke;
import java.util.ArrayList;
import java.util.List;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/** Charts of the GPU area: the measured roofline and GEMM efficiency by shape. */
public final class CalibrationCharts {

    private CalibrationCharts() {}

    /**
     * Achieved TFLOP/s against arithmetic intensity (log-log): the measured GEMMs per data type as points, and the
     * measured ceilings as lines — the memory roof (intensity × streaming bandwidth) up to each type's fitted maximum.
     */
    public static JFreeChart roofline(String title, CalibrationProfile p, boolean dark) {
        XYSeriesCollection data = new XYSeriesCollection();
        List<String> types = p.gemm().stream().map(GemmPoint::dtype).distinct().toList();
        double bandwidth = p.memoryBandwidthGBs().median();
        for (String t : types) {
            XYSeries s = new XYSeries(t + " GEMMs");
            p.gemm().stream().filter(g -> g.dtype().equals(t)).forEach(g -> s.add(g.arithmeticIntensity(), g.tflops()));
            data.addSeries(s);
        }
        List<GemmFit> fits = new ArrayList<>(p.fits());
        for (GemmFit f : fits) {
            XYSeries roof = new XYSeries(String.format("%s ceiling %.0f TFLOP/s", f.dtype(), f.maxTflops()));
            double knee = f.maxTflops() * 1000 / bandwidth; // FLOPs per byte where the memory roof meets the ceiling
            roof.add(0.5, 0.5 * bandwidth / 1000);
            roof.add(knee, f.maxTflops());
            roof.add(Math.max(knee * 8, 20000), f.maxTflops());
            data.addSeries(roof);
        }
        XYLineAndShapeRenderer r = new XYLineAndShapeRenderer();
        for (int i = 0; i < types.size(); i++) {
            r.setSeriesLinesVisible(i, false);
            r.setSeriesShapesVisible(i, true);
            r.setSeriesPaint(i, PlanCharts.PARTS[i % PlanCharts.PARTS.length]);
        }
        for (int i = 0; i < fits.size(); i++) {
            int series = types.size() + i;
            r.setSeriesLinesVisible(series, true);
            r.setSeriesShapesVisible(series, false);
            r.setSeriesPaint(series, PlanCharts.PARTS[types.indexOf(fits.get(i).dtype()) % PlanCharts.PARTS.length]);
            r.setSeriesStroke(
                    series,
                    new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10, new float[] {6, 4}, 0));
        }
        r.setDefaultToolTipGenerator(ChartTips.xy("FLOPs/byte", "TFLOP/s", true));
        NiceLogAxis x = new NiceLogAxis(String.format("FLOPs per byte (memory roof: %.0f GB/s measured)", bandwidth));
        NiceLogAxis y = new NiceLogAxis("TFLOP/s achieved");
        XYPlot plot = new XYPlot(data, x, y, r);
        return Charts.chart(title, plot, true, dark);
    }

    /** GEMM efficiency (share of the ceiling) by shape and data type. */
    public static JFreeChart efficiencyHeatmap(String title, CalibrationProfile p, boolean dark) {
        List<String> types = p.gemm().stream().map(GemmPoint::dtype).distinct().toList();
        List<String> shapes = new ArrayList<>();
        List<List<Double>> values = new ArrayList<>();
        for (GemmPoint g : p.gemm()) {
            String shape = g.m() + " × " + g.n() + " × " + g.k();
            int row = shapes.indexOf(shape);
            if (row < 0) {
                shapes.add(shape);
                List<Double> cells = new ArrayList<>();
                types.forEach(t -> cells.add(null));
                values.add(cells);
                row = shapes.size() - 1;
            }
            values.get(row).set(types.indexOf(g.dtype()), g.efficiency() == null ? null : Math.min(1, g.efficiency()));
        }
        return Charts.heatmap(title, shapes, types, values, "data type", "share of the ceiling", false, dark);
    }
}
