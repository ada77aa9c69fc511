package dev.sextant.app.ui.charts;

import dev.sextant.app.report.ReportCharts;
import dev.sextant.model.calibration.CalibrationProfile;
import dev.sextant.model.calibration.GemmFit;
import dev.sextant.model.calibration.GemmPoint;
import dev.sextant.model.calibration.Spread;
import dev.sextant.model.gate.CanaryPlan;
import dev.sextant.model.gate.GateDecision;
import dev.sextant.model.serving.Capacity;
import dev.sextant.model.serving.Percentiles;
import dev.sextant.model.serving.SimulationSummary;
import dev.sextant.model.training.PipelineSchedule;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.jfree.chart.JFreeChart;

/**
 * Every chart builder of the workbench with representative data and the titles the views give them, in the size the
 * views show them: what the chart tests assert on and what the screenshots show.
 */
final class ChartSamples {

    /** A chart and the size it is drawn at, pixels. */
    record Sample(JFreeChart chart, int width, int height) {}

    static final List<String> MODELS =
            List.of("llama-3.1-70b-instruct", "qwen2.5-72b", "mistral-large-2", "gemma-2-27b", "phi-3.5-moe");

    private ChartSamples() {}

    /** Every builder, by name, for the theme. */
    static Map<String, Sample> all(boolean dark) {
        Map<String, Sample> out = new LinkedHashMap<>();
        out.put(
                "forest",
                new Sample(
                        Charts.forest(
                                "MMLU-Pro: mean with 95% interval",
                                "score",
                                List.of(
                                        new Charts.ForestRow(MODELS.get(0), 0.712, 0.695, 0.729),
                                        new Charts.ForestRow(MODELS.get(1), 0.705, 0.688, 0.722),
                                        new Charts.ForestRow(MODELS.get(2), 0.664, 0.646, 0.682),
                                        new Charts.ForestRow(MODELS.get(3), 0.571, Double.NaN, Double.NaN),
                                        new Charts.ForestRow(MODELS.get(4), 0.548, 0.529, 0.567)),
                                dark),
                        900,
                        500));
        out.put(
                "rank-heatmap",
                new Sample(
                        Charts.heatmap(
                                "Rank probabilities under perturbed weights and scores",
                                MODELS,
                                List.of("1", "2", "3", "4", "5"),
                                List.of(
                                        List.of(0.62, 0.35, 0.03, 0.0, 0.0),
                                        List.of(0.37, 0.58, 0.05, 0.0, 0.0),
                                        List.of(0.01, 0.07, 0.9, 0.02, 0.0),
                                        List.of(0.0, 0.0, 0.02, 0.71, 0.27),
                                        List.of(0.0, 0.0, 0.0, 0.27, 0.73)),
                                "rank",
                                false,
                                dark),
                        900,
                        500));
        List<List<Double>> win = new ArrayList<>();
        for (int i = 0; i < MODELS.size(); i++) {
            List<Double> row = new ArrayList<>();
            for (int j = 0; j < MODELS.size(); j++) {
                row.add(i == j ? null : 0.5 + 0.09 * (j - i));
            }
            win.add(row);
        }
        out.put(
                "winrate-heatmap",
                new Sample(
                        Charts.heatmap(
                                "Win rate of row model against column model (ties count half)",
                                MODELS,
                                MODELS,
                                win,
                                "opponent",
                                true,
                                dark),
                        900,
                        500));
        out.put(
                "bars",
                new Sample(
                        Charts.bars(
                                "Contaminated-token fraction (items with a match)",
                                "items",
                                List.of(
                                        "0–10%",
                                        "10–20%", "20–30%", "30–40%", "40–50%", "50–60%", "60–70%", "70–80%", "80–90%",
                                        "90–100%"),
                                List.of(120.0, 64.0, 31.0, 18.0, 9.0, 7.0, 3.0, 2.0, 1.0, 4.0),
                                dark),
                        900,
                        500));
        out.put(
                "paired-bars",
                new Sample(
                        Charts.pairedBars(
                                "Index weights vs your workload",
                                "index",
                                "your mix",
                                List.of("coding", "math", "reasoning", "knowledge", "instruction following"),
                                List.of(0.3, 0.2, 0.25, 0.15, 0.1),
                                List.of(0.45, 0.05, 0.2, 0.1, 0.2),
                                dark),
                        900,
                        500));
        out.put(
                "stacked-memory",
                new Sample(
                        PlanCharts.stacked(
                                "Memory per GPU on the most loaded stage: 71.4 of 80 GB",
                                "GB",
                                "per GPU",
                                List.of("weights", "gradients", "optimizer states", "activations", "buffers"),
                                List.of(8.8, 8.8, 35.2, 15.1, 3.5),
                                80,
                                "GPU memory",
                                dark),
                        900,
                        260));
        out.put(
                "values",
                new Sample(
                        PlanCharts.values(
                                "Communication on the critical path per step (of 4.31 s); bytes sent per GPU: TP 12.4 GB, "
                                        + "PP 310 MB, DP 8.8 GB, CP 0 MB, EP 0 MB",
                                "seconds per step",
                                List.of("TP", "PP", "DP (exposed)", "CP (exposed)", "EP"),
                                List.of(0.41, 0.05, 0.12, 0.0, 0.0),
                                dark),
                        900,
                        500));
        out.put(
                "timeline",
                new Sample(
                        PlanCharts.timeline(
                                "1F1B schedule, 4 stages, first 8 of 32 micro-batches (bubble 8.6% of the step; "
                                        + "interleaved with v = 2 in the plan)",
                                timeline(4, 8), 4, dark),
                        900,
                        500));
        out.put(
                "lines",
                new Sample(
                        PlanCharts.lines(
                                "Best step time by TP (the rest searched)",
                                "TP",
                                "seconds per step",
                                List.of("best"),
                                List.of(List.of(
                                        new double[] {1, 9.2},
                                        new double[] {2, 5.1},
                                        new double[] {4, 3.3},
                                        new double[] {8, 2.9})),
                                dark),
                        900,
                        500));
        out.put(
                "ttft",
                new Sample(
                        ServingCharts.latencyVsRate(
                                "Time to first token against the rate",
                                "seconds",
                                sweep(),
                                SimulationSummary::ttft,
                                2.0,
                                7.4,
                                dark),
                        900,
                        500));
        out.put(
                "tpot",
                new Sample(
                        ServingCharts.latencyVsRate(
                                "Time per output token against the rate",
                                "seconds",
                                sweep(),
                                SimulationSummary::tpot,
                                0.05,
                                7.4,
                                dark),
                        900,
                        500));
        out.put(
                "kv",
                new Sample(
                        ServingCharts.kvOverTime(
                                "KV cache at 6 requests/s: 62% in use on average, 3 preemptions; P99 TTFT 1.42 s, "
                                        + "TPOT 38 ms; 97% of requests within both targets",
                                kv(), 30, dark),
                        900,
                        500));
        out.put(
                "day",
                new Sample(
                        ServingCharts.replicasOverDay(
                                "Replicas over the day: 1,032 GPU-hours autoscaled, 1,536 fixed at the peak; "
                                        + "cost 2,580 a day against 3,840",
                                day(),
                                8,
                                dark),
                        900,
                        500));
        out.put(
                "roofline",
                new Sample(
                        CalibrationCharts.roofline(
                                "Measured roofline: GEMMs against the measured ceilings", profile(), dark),
                        900,
                        500));
        out.put(
                "efficiency-heatmap",
                new Sample(
                        CalibrationCharts.efficiencyHeatmap(
                                "GEMM efficiency by shape (share of the ceiling)", profile(), dark),
                        900,
                        500));
        out.put(
                "report-check",
                new Sample(
                        ReportCharts.check(new GateDecision.CheckResult(
                                "GPQA Diamond",
                                "capability",
                                "non-inferiority",
                                "pass",
                                0.012,
                                -0.008,
                                0.031,
                                -0.02,
                                448,
                                "lm-eval",
                                null)),
                        720,
                        92));
        out.put(
                "report-ramp",
                new Sample(
                        ReportCharts.ramp(new CanaryPlan(
                                List.of(
                                        new CanaryPlan.Step(1, 1, 30, 900, 800, "errors"),
                                        new CanaryPlan.Step(2, 5, 20, 3000, 800, "latency"),
                                        new CanaryPlan.Step(3, 25, 15, 11000, 800, "time"),
                                        new CanaryPlan.Step(4, 50, 15, 22000, 800, "time")),
                                80,
                                60,
                                List.of(),
                                List.of(),
                                null)),
                        720,
                        280));
        if (dark) { // the views re-colour the report's charts with the app's theme
            Charts.style(out.get("report-check").chart(), true);
            Charts.style(out.get("report-ramp").chart(), true);
        }
        return out;
    }

    static List<PipelineSchedule.Pass> timeline(int stages, int microBatches) {
        List<PipelineSchedule.Pass> out = new ArrayList<>();
        double f = 0.1;
        for (int s = 0; s < stages; s++) {
            for (int m = 0; m < microBatches; m++) {
                double start = (s + m) * f;
                out.add(new PipelineSchedule.Pass(s, m, true, start, start + f));
                double bs = (stages + microBatches + (stages - 1 - s) + m) * f * 2;
                out.add(new PipelineSchedule.Pass(s, m, false, bs, bs + 2 * f));
            }
        }
        return out;
    }

    /** A rate sweep whose latencies climb from tens of milliseconds to tens of seconds at the knee. */
    static List<SimulationSummary> sweep() {
        List<SimulationSummary> out = new ArrayList<>();
        for (double rate : new double[] {0.5, 1, 2, 4, 6, 7, 8, 9, 10}) {
            double load = rate / 10.5;
            double queue = 1 / (1 - load);
            Percentiles ttft = new Percentiles(0.08 * queue * queue, 0.2 * queue * queue, 0.45 * Math.pow(queue, 3));
            Percentiles tpot = new Percentiles(0.018 * queue, 0.024 * queue, 0.031 * queue * 1.2);
            out.add(new SimulationSummary(
                    rate, 500, ttft, tpot, ttft, 1000 * rate, 1 - load / 2, load, kv(), 30, 0, 600));
        }
        return out;
    }

    static double[] kv() {
        double[] u = new double[40];
        for (int i = 0; i < u.length; i++) {
            u[i] = Math.min(1, 0.2 + 0.5 * (1 - Math.exp(-i / 8.0)) + 0.05 * Math.sin(i));
        }
        return u;
    }

    static List<Capacity.WindowPlan> day() {
        List<Capacity.WindowPlan> out = new ArrayList<>();
        double[] rates = {2, 1.2, 1, 1.5, 4, 9, 12, 14, 11, 8, 6, 3};
        for (int w = 0; w < rates.length; w++) {
            int replicas = (int) Math.ceil(rates[w] / 1.8);
            out.add(new Capacity.WindowPlan(2 * w, rates[w], replicas, 8 * replicas));
        }
        return out;
    }

    static CalibrationProfile profile() {
        List<GemmPoint> gemm = new ArrayList<>();
        int[] sizes = {256, 512, 1024, 2048, 4096, 8192};
        Map<String, Double> peak = Map.of("bf16", 989.0, "fp8", 1979.0, "fp32", 67.0);
        Function<Integer, Double> share = n -> Math.min(0.92, 0.05 * Math.pow(n / 256.0, 1.1));
        for (String t : List.of("bf16", "fp8", "fp32")) {
            for (int n : sizes) {
                double eff = share.apply(n) * (t.equals("fp32") ? 1.05 : 1);
                gemm.add(new GemmPoint(n, n, n, t, eff * peak.get(t), Math.min(1.0, eff)));
            }
        }
        List<GemmFit> fits = List.of(
                new GemmFit("bf16", 760, 3350, 8, 0.05, 6),
                new GemmFit("fp8", 1480, 3350, 8, 0.06, 6),
                new GemmFit("fp32", 60, 3350, 8, 0.04, 6));
        Spread bw = new Spread(3350, 3300, 3380);
        return new CalibrationProfile(
                null,
                "h100-sxm",
                "550",
                "12.4",
                null,
                "test",
                "cublas",
                bw,
                bw,
                bw,
                bw,
                bw,
                bw,
                new Spread(4, 3, 5),
                new Spread(60, 59, 61),
                gemm,
                fits);
    }
}
