package dev.sextant.model.training;

import dev.sextant.model.architecture.ModelArchitecture;
import dev.sextant.model.architecture.ModelCatalog;
import dev.sextant.model.hardware.Cluster;
import dev.sextant.model.hardware.GpuCatalog;
import dev.sextant.model.hardware.GpuSpec;
import dev.sextant.model.hardware.Precision;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sextant.model.architecture.ModelArchitecture.Style;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * The planner against published measurements of real training runs on A100 and H100 clusters (Megatron-LM papers,
 * NVIDIA's NeMo benchmarks): every case within 16 %, the mean within 10 %. Writes the comparison table for the
 * README to target/training-validation.md.
 */
class PublishedRunsTest {

    record Case(String id, String source, String model, String gpu, int gpus, int seq, int tp, int pp, int cp, int dp, int vpp, int mb,
                int gb, Recompute recompute, boolean sp, boolean fused, Precision precision, String metric, double measured) {
    }

    static List<Case> cases() throws IOException {
        List<Case> out = new ArrayList<>();
        try (InputStream in = PublishedRunsTest.class.getResourceAsStream("/validation/training-measurements.csv")) {
            String[] lines = new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n");
            for (String line : lines) {
                if (line.startsWith("#") || line.startsWith("id,") || line.isBlank()) {
                    continue;
                }
                String[] f = line.split(",");
                out.add(new Case(f[0], f[1], f[2], f[3], i(f[4]), i(f[5]), i(f[6]), i(f[7]), i(f[8]), i(f[9]), i(f[10]), i(f[11]), i(f[12]),
                        Recompute.valueOf(f[13].toUpperCase(Locale.ROOT)), Boolean.parseBoolean(f[14]), f[15].equals("fused"),
                        Precision.valueOf(f[16].toUpperCase(Locale.ROOT)), f[17], Double.parseDouble(f[18])));
            }
        }
        return out;
    }

    private static int i(String s) {
        return Integer.parseInt(s.trim());
    }

    static ModelArchitecture model(String spec) {
        if (!spec.startsWith("gpt:")) {
            return ModelCatalog.get(spec);
        }
        String[] p = spec.split(":");
        int l = i(p[1]);
        int h = i(p[2]);
        int a = i(p[3]);
        return new ModelArchitecture(spec, spec, l, h, a, a, h / a, 4 * h, 51200, 2048, true, Style.GPT, true, null, null, "Megatron-LM");
    }

    /** Predicted value of the case's metric. */
    static double predict(Case c) {
        ModelArchitecture m = model(c.model());
        GpuSpec gpu = GpuCatalog.get(c.gpu());
        TrainingPlanner planner = new TrainingPlanner(m, Cluster.of(gpu, c.gpus(), 8, gpu.networkGbps()), c.seq(), c.gb(),
                ComputeEfficiency.DEFAULTS);
        TrainingPlan plan = planner.plan(new TrainingLayout(c.tp(), c.pp(), c.dp(), c.cp(), 1, c.vpp(), c.mb(), 1, c.recompute(), c.sp(),
                c.precision(), c.fused()), 0);
        if (c.metric().equals("step")) {
            return plan.stepTimeSeconds();
        }
        double flops = TrainingFlops.hardwarePerToken(m, c.seq(), Recompute.FULL) * c.gb() * c.seq(); // Narayanan Eq. 3
        return flops / plan.stepTimeSeconds() / c.gpus() / 1e12;
    }

    @Test
    void everyPublishedRunWithinSixteenPercentAndTheMeanWithinTen() throws IOException {
        List<Case> cases = cases();
        assertThat(cases).hasSizeGreaterThan(25);
        StringBuilder table = new StringBuilder("| case | source | GPUs | layout (TP/PP/CP/DP/v, mb/gb, recompute, precision) | measured | predicted | error |\n"
                + "|---|---|---|---|---|---|---|\n");
        double sum = 0;
        List<String> outside = new ArrayList<>();
        for (Case c : cases) {
            double p = predict(c);
            double err = p / c.measured() - 1;
            sum += Math.abs(err);
            if (Math.abs(err) > 0.16) {
                outside.add(c.id() + String.format(" %+.1f%%", 100 * err));
            }
            String unit = c.metric().equals("step") ? " s/step" : " TFLOP/s";
            table.append(String.format(Locale.ROOT, "| %s | %s | %d × %s | %d/%d/%d/%d/%d, %d/%d, %s, %s | %s%s | %.2f%s | %+.1f %% |%n", c.id(),
                    c.source(), c.gpus(), c.gpu(), c.tp(), c.pp(), c.cp(), c.dp(), c.vpp(), c.mb(), c.gb(), c.recompute().slug(), c.precision().slug(),
                    c.measured(), unit, p, unit, 100 * err));
        }
        double mean = sum / cases.size();
        table.append(String.format(Locale.ROOT, "%nMean absolute error %.1f %% over %d runs.%n", 100 * mean, cases.size()));
        Files.createDirectories(Path.of("target"));
        Files.writeString(Path.of("target", "training-validation.md"), table.toString());
        assertThat(outside).as("runs predicted more than 16 % off").isEmpty();
        assertThat(mean).isLessThan(0.10);
    }
}
