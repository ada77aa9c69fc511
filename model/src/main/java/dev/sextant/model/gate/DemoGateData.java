package dev.sextant.model.gate;

import dev.sextant.model.gate.GatePolicy.Check;
import dev.sextant.model.gate.GatePolicy.Layer;
import dev.sextant.model.gate.GatePolicy.Role;
import dev.sextant.model.gate.GatePolicy.Test;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The rollout gate's demo content, fictitious like the rest of the demo project: Ember-405B (demo) as the candidate
 * against the incumbent Atlas-70B (demo), a policy over the four layers, two monthly rotations of a private suite, a
 * coding regression suite and a traffic replay. Public benchmarks and blind battles come from the demo project's
 * evaluation evidence, and the GPQA Diamond check meets the demo's contamination scan.
 */
public final class DemoGateData {

    public static final String CANDIDATE = "Ember-405B (demo)";
    public static final String INCUMBENT = "Atlas-70B (demo)";

    private DemoGateData() {}

    public static GatePolicy policy() {
        return new GatePolicy(
                "Release gate (demo)",
                0.95,
                List.of(
                        new Check(
                                "GPQA Diamond",
                                Layer.PUBLIC,
                                "GPQA Diamond",
                                true,
                                0.02,
                                0.03,
                                Test.PAIRED,
                                Role.REQUIRED_GAIN),
                        new Check(
                                "LiveCodeBench",
                                Layer.PUBLIC,
                                "LiveCodeBench",
                                true,
                                0,
                                0.03,
                                Test.PAIRED,
                                Role.BLOCKING),
                        new Check(
                                "Private suite",
                                Layer.PRIVATE,
                                "accuracy",
                                true,
                                0.02,
                                0.02,
                                Test.PAIRED,
                                Role.REQUIRED_GAIN),
                        new Check(
                                "Coding regression",
                                Layer.REGRESSION,
                                "coding",
                                true,
                                0,
                                0.02,
                                Test.PAIRED,
                                Role.BLOCKING),
                        new Check("Replay quality", Layer.REPLAY, "quality", true, 0, 0.1, Test.PAIRED, Role.BLOCKING),
                        new Check(
                                "Replay refusals", Layer.REPLAY, "refusal", false, 0, 0.01, Test.PAIRED, Role.BLOCKING),
                        new Check(
                                "Replay latency",
                                Layer.REPLAY,
                                "latency_ms",
                                false,
                                0,
                                150,
                                Test.PAIRED,
                                Role.INFORMATIVE),
                        new Check(
                                "Blind pairwise",
                                Layer.PAIRWISE,
                                "win rate",
                                true,
                                0.03,
                                0.05,
                                Test.WIN_RATE,
                                Role.REQUIRED_GAIN)));
    }

    public static List<Observations> observations() {
        SplittableRandom r = new SplittableRandom(8);
        List<Observations> out = new ArrayList<>();
        // a private suite of 400 items a month, 20 % carried over from the month before
        List<String> october = ids("priv-", 0, 400);
        List<String> november = new ArrayList<>(ids("priv-", 320, 80));
        november.addAll(ids("priv-", 400, 320));
        out.addAll(suite(
                Layer.PRIVATE,
                "accuracy",
                october,
                0.62,
                0.67,
                "private-suite-2026-10.csv",
                LocalDate.of(2026, 10, 1),
                r));
        out.addAll(suite(
                Layer.PRIVATE,
                "accuracy",
                november,
                0.60,
                0.66,
                "private-suite-2026-11.csv",
                LocalDate.of(2026, 11, 1),
                r));
        out.addAll(
                suite(Layer.REGRESSION, "coding", ids("code-", 0, 300), 0.55, 0.56, "regression-coding.csv", null, r));
        // 1,000 replayed production requests, both models answering each
        List<String> requests = ids("req-", 0, 1000);
        double[][] inc = new double[4][1000];
        double[][] can = new double[4][1000];
        for (int i = 0; i < 1000; i++) {
            double q = 3.6 + 0.8 * gaussian(r);
            inc[0][i] = clamp(q);
            can[0][i] = clamp(q + 0.12 + 0.5 * gaussian(r));
            double lat = 900 * Math.exp(0.35 * gaussian(r));
            inc[1][i] = Math.round(lat);
            can[1][i] = Math.round(lat * 1.12 * Math.exp(0.1 * gaussian(r)));
            inc[2][i] = r.nextDouble() < 0.031 ? 1 : 0;
            can[2][i] = r.nextDouble() < 0.027 ? 1 : 0;
            inc[3][i] = r.nextDouble() < 0.004 ? 1 : 0;
            can[3][i] = r.nextDouble() < 0.005 ? 1 : 0;
        }
        String[] metrics = {"quality", "latency_ms", "refusal", "error"};
        for (int k = 0; k < metrics.length; k++) {
            out.add(new Observations(
                    Layer.REPLAY, metrics[k], INCUMBENT, requests, inc[k], "replay-2026-11-20.jsonl", null));
            out.add(new Observations(
                    Layer.REPLAY, metrics[k], CANDIDATE, requests, can[k], "replay-2026-11-20.jsonl", null));
        }
        return out;
    }

    private static List<Observations> suite(
            Layer layer,
            String metric,
            List<String> items,
            double incumbent,
            double candidate,
            String source,
            LocalDate rotation,
            SplittableRandom r) {
        double[] a = new double[items.size()];
        double[] b = new double[items.size()];
        for (int i = 0; i < items.size(); i++) {
            double u = r.nextDouble();
            a[i] = u < incumbent ? 1 : 0;
            b[i] = u < candidate ? 1 : 0; // correlated: the same hard items defeat both
            if (r.nextDouble() < 0.08) {
                b[i] = 1 - b[i]; // and some flip either way
            }
        }
        return List.of(
                new Observations(layer, metric, INCUMBENT, items, a, source, rotation),
                new Observations(layer, metric, CANDIDATE, items, b, source, rotation));
    }

    private static List<String> ids(String prefix, int from, int count) {
        List<String> out = new ArrayList<>();
        for (int i = from; i < from + count; i++) {
            out.add(prefix + i);
        }
        return out;
    }

    private static double clamp(double q) {
        return Math.max(1, Math.min(5, Math.round(q * 2) / 2.0));
    }

    private static double gaussian(SplittableRandom r) {
        return Math.sqrt(-2 * Math.log(1 - r.nextDouble())) * Math.cos(2 * Math.PI * r.nextDouble());
    }
}
