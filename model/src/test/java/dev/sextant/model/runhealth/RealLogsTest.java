package dev.sextant.model.runhealth;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sextant.model.io.Json;
import dev.sextant.model.io.trainlog.TrainingLogFiles;
import dev.sextant.model.io.trainlog.TrainingLogFormat;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 33: the detector on logs of real runs (test resources trainlogs-real, SOURCES.md names each): healthy
 * fine-tuning runs raise no loss alarm and no divergence (a per-step LoRA run raised divergences where nothing
 * happened), a loss spike planted in them is found where it was planted, and the step after an evaluation is not a stall.
 */
class RealLogsTest {

    @TempDir
    Path tmp;

    private Path resource(String name) throws Exception {
        Path out = tmp.resolve(name.replaceFirst("\\.gz$", ""));
        try (InputStream in = RealLogsTest.class.getResourceAsStream("/trainlogs-real/" + name)) {
            Files.copy(name.endsWith(".gz") ? new GZIPInputStream(in) : in, out);
        }
        return out;
    }

    private static List<Anomaly> detect(Path f) {
        TrainingLog log = TrainingLogFiles.read(
                List.of(f), TrainingLogFormat.AUTO, ProgressListener.NONE, CancellationToken.none());
        return new AnomalyDetector(DetectionSettings.DEFAULT).detect(log, CancellationToken.none());
    }

    private static List<Anomaly> of(List<Anomaly> found, String metric) {
        return found.stream().filter(a -> a.metric().equals(metric)).toList();
    }

    /** The file with the loss logged at {@code step} multiplied by {@code factor}. */
    private Path planted(Path f, long step, double factor) throws Exception {
        ObjectNode root = (ObjectNode) Json.mapper().readTree(f.toFile());
        for (JsonNode e : root.get("log_history")) {
            if (e.path("step").asLong() == step && e.has("loss")) {
                ((ObjectNode) e).put("loss", e.get("loss").asDouble() * factor);
            }
        }
        Path out = tmp.resolve("planted-" + step + "-" + f.getFileName());
        Files.writeString(out, Json.mapper().writeValueAsString(root));
        return out;
    }

    @Test
    void healthyFineTuningRunsRaiseNoLossAlarm() throws Exception {
        assertThat(of(detect(resource("tinyllama-lora.trainer_state.json")), MetricNames.LOSS))
                .isEmpty();
        assertThat(of(detect(resource("mistral-lora.trainer_state.json")), MetricNames.LOSS))
                .isEmpty();
        // LLaMA-Factory's own log of the same run: its step is current_steps
        assertThat(of(detect(resource("mistral-lora.trainer_log.jsonl")), MetricNames.LOSS))
                .isEmpty();
    }

    @Test
    void aNoisyPerStepRunIsNotADivergence() throws Exception {
        // 6,687 steps of one small batch each, nine epochs: the median of a window
        // wanders 5–15 % with the examples in it
        List<Anomaly> qwen = detect(resource("qwen3-8b-lora-per-step.trainer_state.json.gz"));
        assertThat(qwen).noneMatch(a -> a.kind() == Anomaly.Kind.DIVERGENCE);
        assertThat(detect(resource("gemma-dpo-lora.trainer_state.json")))
                .noneMatch(a -> a.kind() == Anomaly.Kind.DIVERGENCE);
    }

    @Test
    void aLossSpikePlantedInARealRunIsFoundWhereItWasPlanted() throws Exception {
        // 30 % on a run logged every 15 steps (the loss's noise about 4 %), 50 % on one logged every 10 (noise about 6
        // %); in the first third of the first run, where the loss still falls fast, 30 % can hide in the fall's spread;
        // on the second run 50 % is found at most steps but not all (at 4000 and 7000 the neighbouring points sit high
        // in the noise and the spike stays inside four sigmas), twice the loss is found everywhere
        Path tiny = resource("tinyllama-lora.trainer_state.json");
        for (long step : new long[] {1200, 1500, 2400}) {
            assertThat(of(detect(planted(tiny, step, 1.3)), MetricNames.LOSS))
                    .as("step %d", step)
                    .extracting(Anomaly::step)
                    .containsExactly(step);
        }
        Path mistral = resource("mistral-lora.trainer_state.json");
        for (long step : new long[] {3000, 5000, 6000}) {
            assertThat(of(detect(planted(mistral, step, 1.5)), MetricNames.LOSS))
                    .as("step %d", step)
                    .extracting(Anomaly::step)
                    .containsExactly(step);
        }
        for (long step : new long[] {2000, 4000, 7000, 8000}) {
            assertThat(of(detect(planted(mistral, step, 2.0)), MetricNames.LOSS))
                    .as("step %d", step)
                    .extracting(Anomaly::step)
                    .containsExactly(step);
        }
    }

    @Test
    void theStepAfterAnEvaluationIsNotAStall() throws Exception {
        // Megatron-DeepSpeed times iterations 101, 201, 301 and 401 at 3.5 times
        // the others: they include the evaluation
        List<Anomaly> found = detect(resource("megatron-deepspeed-500it.log"));
        assertThat(found).noneMatch(a -> a.kind() == Anomaly.Kind.STALL);
        assertThat(of(found, MetricNames.LOSS)).isEmpty();
    }
}
