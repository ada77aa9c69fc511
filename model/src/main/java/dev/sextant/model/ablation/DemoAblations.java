package dev.sextant.model.ablation;

import dev.sextant.model.io.AblationRunsFile;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * The demo project's small runs, generated (and said to be): an IsoFLOP sweep of five budgets, a schedule ablation
 * (warmup-stable-decay and constant beside cosine) at one, and a batch-size × learning-rate grid at four smaller ones. Losses follow the law Besiroglu et al. (2024, arXiv 2404.10102) refitted on
 * Chinchilla's runs, E = 1.82, A = 482.01, B = 2085.43, α = 0.3478, β = 0.3658, with 0.4 % log-normal noise; the grid's
 * penalty away from the optimum is a bowl in log batch and log learning rate around DeepSeek LLM's laws (arXiv
 * 2401.02954, §3.1), so the demo's fits have known answers.
 */
public final class DemoAblations {

    public static final String NAME = "Demo sweep and batch/LR grid (generated)";
    public static final String SOURCE =
            "generated: Besiroglu et al. 2024 law with 0.4 % noise; DeepSeek LLM batch/LR laws";
    private static final long SEED = 20240402L;

    private DemoAblations() {}

    static double law(double n, double d) {
        return 1.82 + 482.01 / Math.pow(n, 0.3478) + 2085.43 / Math.pow(d, 0.3658);
    }

    public static List<AblationRunsFile.Run> runs() {
        SplittableRandom rnd = new SplittableRandom(SEED);
        List<AblationRunsFile.Run> out = new ArrayList<>();
        long line = 1;
        for (double c : new double[] {6e17, 2e18, 6e18, 2e19, 6e19}) {
            for (double n = 20e6; n <= 1.3e9; n *= 1.8) {
                double d = c / (6 * n);
                double tpp = d / n;
                if (tpp < 2 || tpp > 300) {
                    continue;
                }
                double loss = law(n, d) * Math.exp(0.004 * gaussian(rnd));
                out.add(new AblationRunsFile.Run(
                        String.format(Locale.ROOT, "sweep-C%.0e-N%.0fM", c, n / 1e6),
                        n,
                        d,
                        loss,
                        c,
                        null,
                        round(0.2920 * Math.pow(c, 0.3271)),
                        round4(0.3118 * Math.pow(c, -0.1250)),
                        "cosine",
                        2000.0,
                        ++line));
            }
        }
        // a schedule ablation at 2e18 FLOPs: warmup-stable-decay about level with cosine,
        // a constant rate worse (Hägele et al. 2024)
        for (double n : new double[] {64.8e6, 116.64e6, 209.952e6}) {
            double d = 2e18 / (6 * n);
            double base = law(n, d);
            out.add(new AblationRunsFile.Run(
                    String.format(Locale.ROOT, "wsd-C2e+18-N%.0fM", n / 1e6),
                    n,
                    d,
                    base * (1 - 0.002) * Math.exp(0.002 * gaussian(rnd)),
                    2e18,
                    null,
                    null,
                    null,
                    "wsd",
                    2000.0,
                    ++line));
            out.add(new AblationRunsFile.Run(
                    String.format(Locale.ROOT, "constant-C2e+18-N%.0fM", n / 1e6),
                    n,
                    d,
                    base * 1.025 * Math.exp(0.002 * gaussian(rnd)),
                    2e18,
                    null,
                    null,
                    null,
                    "constant",
                    2000.0,
                    ++line));
        }
        for (double c : new double[] {1e17, 4e17, 1.6e18, 6.4e18}) {
            double n = Math.sqrt(c / 120); // 20 tokens a parameter
            double d = c / (6 * n);
            double bOpt = 0.2920 * Math.pow(c, 0.3271);
            double lrOpt = 0.3118 * Math.pow(c, -0.1250);
            for (int i = 0; i < 5; i++) {
                double b = Math.pow(2, 16 + i);
                for (int j = 0; j < 5; j++) {
                    double lr = 7e-4 * Math.pow(Math.sqrt(2), j);
                    double x = Math.log(b / bOpt);
                    double y = Math.log(lr / lrOpt);
                    double loss = law(n, d) * (1 + 0.006 * x * x + 0.01 * y * y) * Math.exp(0.0005 * gaussian(rnd));
                    out.add(new AblationRunsFile.Run(
                            String.format(Locale.ROOT, "grid-C%.1e-b%d-lr%.1e", c, (long) b, lr),
                            round(n),
                            d,
                            loss,
                            c,
                            null,
                            b,
                            lr,
                            "cosine",
                            2000.0,
                            ++line));
                }
            }
        }
        return List.copyOf(out);
    }

    private static double gaussian(SplittableRandom r) {
        double u = r.nextDouble();
        double v = r.nextDouble();
        return Math.sqrt(-2 * Math.log(1 - u)) * Math.cos(2 * Math.PI * v);
    }

    private static double round(double v) {
        return Math.rint(v);
    }

    private static double round4(double v) {
        return Double.parseDouble(String.format(Locale.ROOT, "%.4g", v));
    }
}
