package dev.sextant.app.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.api.Assertions.withinPercentage;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sextant.workspaces.Workspace;
import dev.sextant.workspaces.WorkspaceHome;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code trainlog analyze} and {@code plan failures} against their contracts. */
class RunHealthCliTest {

    @TempDir
    Path tmp;

    CliRun run(String... args) {
        return CliRun.of(new WorkspaceHome(tmp.resolve("home")), args);
    }

    /** A Megatron-LM stdout log of 2,000 logged steps (every 10) with a loss spike at 8,000 and a NaN at 15,000. */
    Path megatronLog() throws Exception {
        SplittableRandom r = new SplittableRandom(5);
        StringBuilder b = new StringBuilder("> building GPT model ...\n");
        double ar = 0;
        for (int i = 1; i <= 2000; i++) {
            long s = i * 10L;
            ar = 0.5 * ar + 0.866 * r.nextGaussian();
            double loss = (1.9 + 8.9 * Math.pow(1 + s / 200.0, -0.45)) * (1 + 0.01 * ar);
            if (s >= 8000 && s < 8030) {
                loss *= 1.6;
            }
            String lossText = s == 15_000 ? "nan" : String.format(Locale.ROOT, "%.6E", loss);
            b.append(String.format(
                    Locale.ROOT,
                    " iteration %8d/   20000 | consumed samples: %10d | elapsed time per iteration (ms): %.1f |"
                            + " learning rate: 3.0E-04 | global batch size: 512 | lm loss: %s | loss scale: 1.0 | grad norm: %.3f |"
                            + " number of skipped iterations: 0 | number of nan iterations: 0 |%n",
                    s,
                    s * 512,
                    1500 * (1 + 0.01 * r.nextGaussian()),
                    lossText,
                    0.6 * Math.exp(0.1 * r.nextGaussian())));
        }
        Path f = tmp.resolve("train.log");
        Files.writeString(f, b.toString());
        return f;
    }

    @Test
    void compareSetsRealRunsSideBySideAtTheStepTheyAllReached() throws Exception {
        // two real fine-tuning runs' trainer states (TinyLlama LoRA to step 2,958; Mistral LoRA to step 8,000)
        Path tiny = resource("tinyllama-lora.trainer_state.json");
        Path mistral = resource("mistral-lora.trainer_state.json");
        CliRun r = run("trainlog", "compare", "--run", "tiny=" + tiny, "--run", "mistral=" + mistral, "--json");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode j = r.json();
        assertThat(j.get("metric").asText()).isEqualTo("loss");
        JsonNode runs = j.get("runs");
        assertThat(runs).hasSize(2);
        long common = j.get("commonStep").asLong();
        assertThat(common)
                .isEqualTo(Math.min(
                        runs.get(0).get("lastStep").asLong(),
                        runs.get(1).get("lastStep").asLong()));
        assertThat(runs.get(0).get("versusFirst").isNull()).isTrue();
        assertThat(runs.get(1).get("versusFirst").asDouble())
                .isCloseTo(
                        runs.get(1).get("atCommonStep").asDouble()
                                        / runs.get(0).get("atCommonStep").asDouble()
                                - 1,
                        within(1e-12));
        assertThat(j.get("series").get(1).get("steps").size())
                .isEqualTo(runs.get(1).get("points").asInt());
        CliRun text = run("trainlog", "compare", "--run", "tiny=" + tiny, "--run", "mistral=" + mistral);
        assertThat(text.out()).contains("RUN").contains("VS TINY").contains("mistral");
        // one run, a name twice, a metric a run lacks: each said, naming the option
        assertThat(run("trainlog", "compare", "--run", "tiny=" + tiny).err())
                .contains("--run")
                .contains("two or more");
        assertThat(run("trainlog", "compare", "--run", "a=" + tiny, "--run", "a=" + mistral)
                        .err())
                .contains("two runs are named 'a'");
        assertThat(run("trainlog", "compare", "--run", "a=" + tiny, "--run", "b=" + mistral, "--metric", "perplexity")
                        .err())
                .contains("--metric")
                .contains("no metric 'perplexity'");
    }

    private Path resource(String name) throws Exception {
        Path out = tmp.resolve(name);
        try (var in = RunHealthCliTest.class.getResourceAsStream("/trainlogs-real/" + name)) {
            Files.copy(in, out);
        }
        return out;
    }

    @Test
    void analyzeFindsTheSpikeAndTheNanAndCostsTheirRollbacks() throws Exception {
        CliRun r = run(
                "trainlog",
                "analyze",
                "--input",
                megatronLog().toString(),
                "--checkpoint-every",
                "1000",
                "--gpus",
                "256",
                "--json");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode j = r.json();
        assertThat(j.get("format").asText()).isEqualTo("megatron");
        assertThat(j.get("steps").asInt()).isEqualTo(2000);
        assertThat(j.get("firstStep").asLong()).isEqualTo(10);
        assertThat(j.get("lastStep").asLong()).isEqualTo(20_000);
        assertThat(j.get("metrics").toString()).contains("\"loss\"", "\"grad_norm\"", "\"step_time\"");
        JsonNode anomalies = j.get("anomalies");
        assertThat(anomalies).hasSize(2);
        assertThat(anomalies.get(0).get("step").asLong()).isEqualTo(8000);
        assertThat(anomalies.get(0).get("metric").asText()).isEqualTo("loss");
        assertThat(anomalies.get(0).get("kind").asText()).isEqualTo("spike");
        assertThat(anomalies.get(0).get("score").asDouble()).isGreaterThan(6);
        assertThat(anomalies.get(1).get("kind").asText()).isEqualTo("nonfinite");
        assertThat(anomalies.get(1).get("value").isNull()).isTrue(); // NaN is not JSON
        JsonNode rollbacks = j.get("rollbacks");
        assertThat(rollbacks).hasSize(2);
        // 8,000 → checkpoint 7,000: 1,000 steps of the log's median 1.5 s on 256 GPUs ≈ 106.7 GPU-hours
        assertThat(rollbacks.get(0).get("anomalyStep").asLong()).isEqualTo(8000);
        assertThat(rollbacks.get(0).get("checkpointStep").asLong()).isEqualTo(7000);
        assertThat(rollbacks.get(0).get("stepsLost").asLong()).isEqualTo(1000);
        assertThat(rollbacks.get(0).get("gpuHoursLost").asDouble())
                .isCloseTo(1000 * 1.5 * 256 / 3600, withinPercentage(1));
        assertThat(rollbacks.get(1).get("checkpointStep").asLong()).isEqualTo(14_000);
        assertThat(j.get("policyReplay").get("fired").asInt()).isEqualTo(1);
        assertThat(j.get("savedId").isNull()).isTrue();

        // kept in a project, with its settings
        CliRun kept = run(
                "trainlog",
                "analyze",
                "--input",
                tmp.resolve("train.log").toString(),
                "--checkpoint-every",
                "1000",
                "--save",
                "run A",
                "--json");
        assertThat(kept.code()).as(kept.err()).isZero();
        assertThat(kept.json().get("savedId").asText()).isNotBlank();
        try (var ws = Workspace.open(new WorkspaceHome(tmp.resolve("home")).defaultWorkspaceDir())) {
            var p = ws.projects().list().get(0);
            assertThat(ws.trainingLogs().list(p.id())).extracting(l -> l.name()).contains("run A");
        }

        // without checkpoints: the anomalies, no rollbacks, and a hint in the human output
        CliRun plain =
                run("trainlog", "analyze", "--input", tmp.resolve("train.log").toString());
        assertThat(plain.code()).isZero();
        assertThat(plain.out()).contains("2 anomalies", "--checkpoint-every");
    }

    @Test
    void badLogsAndOptionsAreNamed() throws Exception {
        Path bad = tmp.resolve("bad.log");
        Files.writeString(bad, " iteration 10/ 100 | lm loss: 2.5 |\n iteration 20/ 100 | lm loss: oops |\n");
        CliRun r = run("trainlog", "analyze", "--input", bad.toString(), "--json");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.out()).isEmpty();
        assertThat(r.err()).contains("bad.log:2: lm loss: 'oops' is not a number");
        CliRun both = run(
                "trainlog", "analyze", "--input", bad.toString(), "--checkpoint-every", "10", "--checkpoints", "5,10");
        assertThat(both.code()).isEqualTo(2);
        assertThat(both.err()).contains("--checkpoints");
        CliRun window = run("trainlog", "analyze", "--input", megatronLog().toString(), "--window", "2");
        assertThat(window.code()).isEqualTo(2);
        assertThat(window.err()).contains("--window");
    }

    @Test
    void failuresContractAndTheSeedsExample() throws Exception {
        // 1 failure per 1,000 GPU-days on 10,000 GPUs: about 10 a day
        CliRun r = run(
                "plan",
                "failures",
                "--gpus",
                "10000",
                "--step-seconds",
                "4",
                "--steps",
                "100000",
                "--failures-per-gpu-day",
                "0.001",
                "--checkpoint-seconds",
                "120",
                "--runs",
                "200",
                "--json");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode j = r.json();
        assertThat(j.get("runs").asInt()).isEqualTo(200);
        JsonNode h = j.get("completionHours");
        assertThat(h.get("mean").asDouble()).isGreaterThan(100_000 * 4 / 3600.0);
        assertThat(h.get("p50").asDouble()).isLessThanOrEqualTo(h.get("p90").asDouble());
        assertThat(h.get("p90").asDouble()).isLessThanOrEqualTo(h.get("p99").asDouble());
        assertThat(j.get("failuresPerDay").asDouble()).isCloseTo(10, within(1e-9));
        assertThat(j.get("failures").get("mean").asDouble() / (h.get("mean").asDouble() / 24))
                .isCloseTo(10, withinPercentage(6));
        assertThat(j.get("goodput").asDouble()).isBetween(0.5, 1.0);
        assertThat(j.get("gpuHoursLost").get("mean").asDouble())
                .isCloseTo(
                        10_000 * (h.get("mean").asDouble() - j.get("idealHours").asDouble()), withinPercentage(0.01));
        // without failures: exactly the steps and the checkpoints (every 60 minutes
        // of 1,000 × 4 s = 4,000 s: one, of 120 s)
        CliRun none = run(
                "plan",
                "failures",
                "--gpus",
                "8",
                "--step-seconds",
                "4",
                "--steps",
                "1000",
                "--failures-per-gpu-day",
                "0",
                "--checkpoint-every-minutes",
                "60",
                "--checkpoint-seconds",
                "120",
                "--runs",
                "3",
                "--json");
        assertThat(none.json().get("completionHours").get("p99").asDouble()).isCloseTo(4120 / 3600.0, within(1e-12));
        CliRun compare = run(
                "plan",
                "failures",
                "--gpus",
                "1024",
                "--step-seconds",
                "2",
                "--steps",
                "200000",
                "--checkpoint-seconds",
                "300",
                "--spare-nodes",
                "1",
                "--compare",
                "--runs",
                "100",
                "--json");
        // as given, the other checkpoint mode, snapshots, waiting for repairs, and the unlimited-spares bound
        assertThat(compare.json().get("policies")).hasSize(5);
        assertThat(compare.json().get("policies").get(4).get("name").asText())
                .isEqualTo("as many spare nodes as needed");
        CliRun saved = run(
                "plan",
                "failures",
                "--gpus",
                "64",
                "--step-seconds",
                "2",
                "--steps",
                "1000",
                "--checkpoint-seconds",
                "30",
                "--runs",
                "10",
                "--save",
                "small run",
                "--json");
        assertThat(saved.code()).as(saved.err()).isZero();
        assertThat(saved.json().get("savedId").asText()).isNotBlank();
        CliRun bad = run(
                "plan",
                "failures",
                "--gpus",
                "12",
                "--step-seconds",
                "1",
                "--steps",
                "10",
                "--checkpoint-seconds",
                "1");
        assertThat(bad.code()).isEqualTo(2);
        assertThat(bad.err()).startsWith("error: --gpus-per-node: GPUs per node (8) must divide the GPUs (12)");
    }
}
