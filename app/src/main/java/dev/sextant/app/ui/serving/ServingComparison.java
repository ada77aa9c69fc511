package dev.sextant.app.ui.serving;

import dev.sextant.app.ui.charts.ServingCharts;
import dev.sextant.app.ui.planning.PlanComparison;
import dev.sextant.app.ui.planning.PlanComparison.Row;
import dev.sextant.app.ui.shell.Inputs;
import dev.sextant.model.serving.EngineProfile;
import dev.sextant.model.serving.ServingMemory;
import dev.sextant.model.serving.ServingSpec;
import dev.sextant.model.serving.SimulationSummary;
import dev.sextant.workspaces.SavedServingPlan;
import java.util.List;
import java.util.Locale;
import java.util.function.BooleanSupplier;
import javafx.scene.Node;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.StackPane;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.fx.ChartViewer;

/** What two kept serving plans are compared on, with their latency curves against the rate overlaid. */
final class ServingComparison {

    private ServingComparison() {}

    static final List<Row<SavedServingPlan>> ROWS = List.of(
            new Row<>("Model", s -> s.request().spec().model().name()),
            new Row<>("Replica", s -> replica(s.request().spec())),
            new Row<>("Engine", s -> EngineProfile.of(s.request().engine()).name()),
            new Row<>(
                    "Batch limits",
                    s -> String.format(
                            Locale.ROOT,
                            "%d sequences, %,d tokens a step",
                            s.request().spec().maxNumSeqs(),
                            s.request().spec().maxNumBatchedTokens())),
            new Row<>(
                    "Prompt and output tokens",
                    s -> s.request().promptTokens() + ", " + s.request().outputTokens()),
            new Row<>(
                    "P99 targets",
                    s -> String.format(
                            Locale.ROOT,
                            "TTFT %s s, TPOT %s s",
                            num(s.request().sloTtft()),
                            num(s.request().sloTpot()))),
            new Row<>(
                    "Weights per GPU",
                    s -> String.format(
                            Locale.ROOT, "%.1f GiB", s.study().memory().weightsBytesPerGpu() / ServingMemory.GIB),
                    s -> s.study().memory().weightsBytesPerGpu()),
            new Row<>(
                    "KV tokens",
                    s -> String.format(Locale.ROOT, "%,d", s.study().memory().kvTokens()),
                    s -> (double) s.study().memory().kvTokens()),
            new Row<>(
                    "Requests/s per replica",
                    s -> String.format(Locale.ROOT, "%.2f", s.study().goodputPerReplica()),
                    s -> s.study().goodputPerReplica()),
            new Row<>(
                    "Requests/s per GPU",
                    s -> String.format(Locale.ROOT, "%.3f", perGpu(s)),
                    ServingComparison::perGpu),
            new Row<>(
                    "Rate simulated",
                    s -> String.format(
                            Locale.ROOT, "%s requests/s", num(s.study().atRate().rate())),
                    s -> s.study().atRate().rate()),
            new Row<>(
                    "P99 TTFT at that rate",
                    s -> String.format(
                            Locale.ROOT, "%.3f s", s.study().atRate().ttft().p99()),
                    s -> s.study().atRate().ttft().p99()),
            new Row<>(
                    "P99 TPOT at that rate",
                    s -> String.format(
                            Locale.ROOT,
                            "%.1f ms",
                            1000 * s.study().atRate().tpot().p99()),
                    s -> s.study().atRate().tpot().p99()),
            new Row<>(
                    "Within both targets",
                    s -> String.format(
                            Locale.ROOT, "%.1f %%", 100 * s.study().atRate().sloAttainment()),
                    s -> s.study().atRate().sloAttainment()),
            new Row<>(
                    "Peak replicas",
                    s -> s.study().day() == null
                            ? "no day planned"
                            : Integer.toString(s.study().day().peakReplicas()),
                    s -> s.study().day() == null
                            ? null
                            : (double) s.study().day().peakReplicas()),
            new Row<>(
                    "GPU-hours a day",
                    s -> s.study().day() == null
                            ? "no day planned"
                            : String.format(
                                    Locale.ROOT, "%,.0f", s.study().day().gpuHours()),
                    s -> s.study().day() == null ? null : s.study().day().gpuHours()));

    static PlanComparison<SavedServingPlan> comparison(BooleanSupplier dark) {
        return new PlanComparison<>(SavedServingPlan::name, ROWS)
                .withFigure((a, b) -> curves(a, b, dark.getAsBoolean()));
    }

    /** P99 TTFT and TPOT against the rate, the two plans' curves on one chart each. */
    static Node curves(SavedServingPlan a, SavedServingPlan b, boolean dark) {
        List<ServingCharts.Curve> plans = List.of(
                new ServingCharts.Curve(
                        a.name(),
                        a.study().sweep(),
                        a.request().sloTtft(),
                        a.request().sloTpot()),
                new ServingCharts.Curve(
                        b.name(),
                        b.study().sweep(),
                        b.request().sloTtft(),
                        b.request().sloTpot()));
        HBox charts = new HBox(
                8,
                pane(ServingCharts.overlaid(
                        "P99 time to first token against the rate",
                        "seconds",
                        plans,
                        SimulationSummary::ttft,
                        true,
                        dark)),
                pane(ServingCharts.overlaid(
                        "P99 time per output token against the rate",
                        "seconds",
                        plans,
                        SimulationSummary::tpot,
                        false,
                        dark)));
        charts.setPrefHeight(300);
        charts.setMinHeight(240);
        return charts;
    }

    private static StackPane pane(JFreeChart chart) {
        StackPane p = new StackPane(new ChartViewer(chart));
        p.setPrefWidth(420);
        HBox.setHgrow(p, Priority.ALWAYS);
        return p;
    }

    private static double perGpu(SavedServingPlan s) {
        ServingSpec spec = s.request().spec();
        return s.study().goodputPerReplica() / (spec.tp() * spec.pp() * spec.attentionReplicas());
    }

    static String replica(ServingSpec s) {
        return String.format(
                Locale.ROOT,
                "%d × %s, TP %d%s%s, %s weights, %s KV",
                s.tp() * s.pp() * s.attentionReplicas(),
                s.gpu().name(),
                s.tp(),
                s.pp() > 1 ? ", PP " + s.pp() : "",
                s.ep() > 1 ? ", EP " + s.ep() : "",
                s.weights().slug(),
                s.kvFp8() ? "FP8" : "16-bit");
    }

    private static String num(double v) {
        return Inputs.compact(v);
    }
}
