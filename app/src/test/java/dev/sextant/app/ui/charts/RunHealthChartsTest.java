package dev.sextant.app.ui.charts;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import dev.sextant.model.runhealth.AnalysisSettings;
import dev.sextant.model.runhealth.DemoRunHealth;
import dev.sextant.model.runhealth.FailureScenario;
import dev.sextant.model.runhealth.FailureSimulation;
import dev.sextant.model.runhealth.FailureStudy;
import dev.sextant.model.runhealth.LogAnalysis;
import dev.sextant.model.runhealth.MetricSeries;
import dev.sextant.model.runhealth.TrainingLog;
import java.util.List;
import java.util.Map;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.ui.Layer;
import org.jfree.data.xy.XYSeries;
import org.junit.jupiter.api.Test;

class RunHealthChartsTest {

    @Test
    void runsOfDifferentLengthLineUpByStepOnOneChart() {
        MetricSeries shortRun = new MetricSeries("loss", new long[] {10, 20, 30}, new double[] {3.0, 2.8, 2.7});
        MetricSeries longRun = new MetricSeries("loss", new long[] {5, 10, 15, 20, 25, 30, 35, 40}, new double[] {
            3.1, 3.0, 2.9, 2.85, 2.8, 2.75, 2.7, 2.68
        });
        JFreeChart c = RunHealthCharts.overlaid(
                "2 runs: loss",
                "loss",
                List.of(new RunHealthCharts.Run("lr 3e-4", shortRun), new RunHealthCharts.Run("lr 3e-4", longRun)),
                false,
                false,
                false);
        var data = ((XYPlot) c.getPlot()).getDataset();
        assertThat(data.getSeriesCount()).isEqualTo(2);
        // two runs kept under one name stay apart in the legend
        assertThat(data.getSeriesKey(0)).isEqualTo("lr 3e-4");
        assertThat(data.getSeriesKey(1)).isEqualTo("lr 3e-4 (2)");
        assertThat(data.getItemCount(0)).isEqualTo(3);
        assertThat(data.getItemCount(1)).isEqualTo(8);
        assertThat(data.getXValue(1, 7)).isEqualTo(40.0);
        assertThat(c.getLegend()).isNotNull();
    }

    @Test
    void aQuietLogAndARunWithoutWaitsDrawWithoutMarkers() {
        long[] steps = new long[50];
        double[] loss = new double[50];
        for (int i = 0; i < 50; i++) {
            steps[i] = i + 1;
            loss[i] = 3 - i * 0.01;
        }
        TrainingLog log =
                new TrainingLog("jsonl", Map.of("loss", new MetricSeries("loss", steps, loss)), List.of("a"), 0);
        LogAnalysis quiet = AnalysisSettings.DEFAULT.analyze(log, CancellationToken.none());
        assertThat(quiet.anomalies()).isEmpty();
        for (boolean dark : new boolean[] {false, true}) {
            JFreeChart c = RunHealthCharts.metric("Loss", quiet, "loss", false, false, dark);
            assertThat(((XYPlot) c.getPlot()).getDataset().getItemCount(0)).isEqualTo(50);
            FailureStudy none = FailureSimulation.run(
                    FailureScenario.of(8, 8, 1, 100, 0, 60, 1, 10),
                    2,
                    1,
                    ProgressListener.NONE,
                    CancellationToken.none());
            assertThat(RunHealthCharts.timeline(none.timeline(), 100, dark)).isNotNull();
        }
    }

    @Test
    void aMillionPointsAreDrawnAsEachBucketsLowAndHigh() {
        int n = 1_000_000;
        long[] steps = new long[n];
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            steps[i] = i + 1;
            v[i] = 2 + Math.sin(i / 1000.0);
        }
        v[500_000] = 50; // a one-point spike survives the thinning
        XYSeries s = new XYSeries("loss", false, true);
        RunHealthCharts.decimate(new MetricSeries("loss", steps, v), false, false, s);
        assertThat(s.getItemCount()).isLessThanOrEqualTo(RunHealthCharts.DRAWN_POINTS + 2);
        assertThat(s.getMaxY()).isEqualTo(50);
        // the demo log draws with its markers
        LogAnalysis demo = DemoRunHealth.settings().analyze(DemoRunHealth.log(), CancellationToken.none());
        assertThat(((XYPlot) RunHealthCharts.metric("Loss", demo, "loss", true, false, false)
                                .getPlot())
                        .getDomainMarkers(Layer.FOREGROUND))
                .isNotEmpty();
    }
}
