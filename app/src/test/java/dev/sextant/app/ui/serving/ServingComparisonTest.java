package dev.sextant.app.ui.serving;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sextant.app.ui.planning.PlanComparison;
import dev.sextant.model.serving.DemoServingData;
import dev.sextant.model.serving.ServingAnalysis;
import dev.sextant.workspaces.SavedServingPlan;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.StackPane;
import org.jfree.chart.fx.ChartViewer;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.ui.Layer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;

/** Two kept serving plans side by side: rows with the second's difference from the first, and their curves overlaid. */
@ExtendWith(ApplicationExtension.class)
class ServingComparisonTest {

    private static <T> T fx(Callable<T> call) throws Exception {
        return WaitForAsyncUtils.asyncFx(call).get(30, TimeUnit.SECONDS);
    }

    /** The demo plan, and the same plan with a quarter more goodput (as if a lever had been pulled). */
    private static List<SavedServingPlan> plans() {
        ServingAnalysis s = DemoServingData.demoStudy();
        ServingAnalysis better = new ServingAnalysis(
                s.memory(),
                s.concurrency(),
                s.goodputPerReplica() * 1.25,
                s.sweep(),
                s.atRate(),
                s.day(),
                s.levers(),
                s.notes(),
                s.latencySource());
        UUID project = UUID.randomUUID();
        return List.of(
                new SavedServingPlan(
                        UUID.randomUUID(), project, "base", DemoServingData.request(), s, false, Instant.EPOCH),
                new SavedServingPlan(
                        UUID.randomUUID(), project, "faster", DemoServingData.request(), better, false, Instant.EPOCH));
    }

    @Test
    void numbersDifferByTheirShareAndTextsOnlyByTheMark() throws Exception {
        List<SavedServingPlan> p = plans();
        GridPane grid = fx(() -> ServingComparison.comparison(() -> false).grid(p.get(0), p.get(1)));
        int row = ServingComparison.ROWS.stream()
                        .map(PlanComparison.Row::label)
                        .toList()
                        .indexOf("Requests/s per replica")
                + 1;
        assertThat(texts(grid, row)).element(0).isEqualTo("≠ Requests/s per replica");
        assertThat(texts(grid, row)).element(3).isEqualTo("+25.0 %");
        int perGpu = ServingComparison.ROWS.stream()
                        .map(PlanComparison.Row::label)
                        .toList()
                        .indexOf("Requests/s per GPU")
                + 1;
        assertThat(texts(grid, perGpu)).element(3).isEqualTo("+25.0 %");
        int kv = ServingComparison.ROWS.stream()
                        .map(PlanComparison.Row::label)
                        .toList()
                        .indexOf("KV tokens")
                + 1;
        assertThat(texts(grid, kv)).element(3).isEqualTo("same");
        assertThat(texts(grid, 1)).containsExactly("Model", "Llama 3 70B", "Llama 3 70B", "");
        assertThat(texts(grid, 2).get(1)).isEqualTo("4 × NVIDIA H100 SXM, TP 4, bf16 weights, 16-bit KV");
    }

    @Test
    void theTwoPlansLatencyCurvesShareOneChartPerLatency() throws Exception {
        List<SavedServingPlan> p = plans();
        Node figure = fx(() -> ServingComparison.curves(p.get(0), p.get(1), false));
        List<XYPlot> charts = ((HBox) figure)
                .getChildren().stream()
                        .map(n -> (XYPlot)
                                ((ChartViewer) ((StackPane) n).getChildren().get(0))
                                        .getChart()
                                        .getPlot())
                        .toList();
        assertThat(charts).hasSize(2);
        for (XYPlot plot : charts) {
            assertThat(plot.getDataset().getSeriesCount()).isEqualTo(2);
            assertThat(plot.getDataset().getSeriesKey(0)).isEqualTo("base");
            assertThat(plot.getDataset().getItemCount(1))
                    .isEqualTo(p.get(1).study().sweep().size());
            // one target line: both plans have the same targets
            assertThat(plot.getRangeMarkers(Layer.FOREGROUND)).hasSize(1);
        }
        // the TTFT chart's second curve is the second plan's P99 TTFT at each rate
        assertThat(charts.get(0).getDataset().getYValue(1, 0))
                .isEqualTo(p.get(1).study().sweep().get(0).ttft().p99());
    }

    private static List<String> texts(GridPane grid, int row) {
        return grid.getChildren().stream()
                .filter(n -> GridPane.getRowIndex(n) == row)
                .sorted(Comparator.comparing(GridPane::getColumnIndex))
                .map(n -> ((Label) n).getText())
                .toList();
    }
}
