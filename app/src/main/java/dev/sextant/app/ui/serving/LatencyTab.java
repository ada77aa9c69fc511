package dev.sextant.app.ui.serving;

import dev.sextant.app.ui.charts.ServingCharts;
import dev.sextant.app.ui.shell.Forms;
import dev.sextant.app.ui.shell.Inputs;
import dev.sextant.model.serving.ServingAnalysis;
import dev.sextant.model.serving.ServingPlanRequest;
import dev.sextant.model.serving.SimulationSummary;
import java.util.function.BooleanSupplier;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.control.SplitPane;
import javafx.scene.layout.StackPane;

/** The Latency tab: TTFT and TPOT against the request rate, over the KV cache in use over time at the rate simulated. */
final class LatencyTab {

    private final ServingViewModel vm;
    private final BooleanSupplier dark;
    private final StackPane ttftPane = new StackPane();
    private final StackPane tpotPane = new StackPane();
    private final StackPane kvPane = new StackPane();
    private final SplitPane node;

    LatencyTab(ServingViewModel vm, BooleanSupplier dark) {
        this.vm = vm;
        this.dark = dark;
        SplitPane latency = new SplitPane(ttftPane, tpotPane);
        latency.setDividerPositions(0.5);
        node = new SplitPane(latency, kvPane);
        node.setOrientation(Orientation.VERTICAL);
        node.setDividerPositions(0.55);
        vm.studyProperty().addListener((o, a, s) -> show(s));
        show(vm.studyProperty().get());
    }

    private void show(ServingAnalysis s) {
        if (s == null) {
            Forms.show(ttftPane, null, "Latency against the request rate appears after Plan serving.");
            Forms.show(tpotPane, null, "");
            Forms.show(kvPane, null, "KV utilisation over time appears after Plan serving.");
            return;
        }
        ServingPlanRequest r = vm.requestProperty().get();
        Forms.show(
                ttftPane,
                ServingCharts.latencyVsRate(
                        "Time to first token against the rate",
                        "seconds",
                        s.sweep(),
                        SimulationSummary::ttft,
                        r.sloTtft(),
                        s.goodputPerReplica(),
                        dark.getAsBoolean()),
                "");
        Forms.show(
                tpotPane,
                ServingCharts.latencyVsRate(
                        "Time per output token against the rate",
                        "seconds",
                        s.sweep(),
                        SimulationSummary::tpot,
                        r.sloTpot(),
                        s.goodputPerReplica(),
                        dark.getAsBoolean()),
                "");
        SimulationSummary at = s.atRate();
        Forms.show(
                kvPane,
                ServingCharts.kvOverTime(
                        String.format(
                                "KV cache at %s requests/s: %.0f%% in use on average, %d preemptions; P99 TTFT %.2f s, "
                                        + "TPOT %.0f ms; %.0f%% of requests within both targets",
                                Inputs.compact(at.rate()),
                                100 * at.meanKvUtilisation(),
                                at.preemptions(),
                                at.ttft().p99(),
                                1000 * at.tpot().p99(),
                                100 * at.sloAttainment()),
                        at.kvUtilisation(),
                        at.kvSeriesSeconds(),
                        dark.getAsBoolean()),
                "");
    }

    Node node() {
        return node;
    }
}
