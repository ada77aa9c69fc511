package dev.sextant.model.io.trainlog;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sextant.model.BadInputException;
import dev.sextant.model.io.Json;
import dev.sextant.model.io.TextInput;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.runhealth.TrainingLog;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The Hugging Face Trainer's {@code trainer_state.json}: its {@code log_history}, one entry per logging step
 * ({@code {"loss": 2.31, "grad_norm": 1.9, "learning_rate": 4.9e-05, "epoch": 0.1, "step": 10}}) and per evaluation
 * ({@code eval_loss} …), streamed. The closing summary entry ({@code train_runtime}, and a {@code train_loss} that is the
 * whole run's average, not a step's) and the bookkeeping fields are left out.
 */
final class TrainerStateReader {

    /** Fields of an entry that are not metrics of the step. */
    private static final Set<String> NOT_METRICS = Set.of("step", "epoch", "total_flos");

    private TrainerStateReader() {}

    static List<TrainingLog.Segment> read(Path file, CancellationToken cancel) {
        SegmentBuilder b = new SegmentBuilder(TextInput.name(file));
        long[] stepped = {0};
        long[] unstepped = {0};
        long n = Json.forEachElementOf(file, "log_history", (entry, index, line) -> {
            if ((index & 0xFFFF) == 0) {
                cancel.throwIfCancelled();
            }
            if (!entry.isObject()) {
                throw new BadInputException(b.file(), line, "log_history[" + index + "]", "expected an object");
            }
            if (entry.has("train_runtime")) {
                return; // the summary at the end of training
            }
            JsonNode step = entry.get("step");
            if (step == null || step.isNull()) {
                unstepped[0]++; // a run-level entry (final train_*, predict_*, eval_* after training): not a step's
                return;
            }
            if (!step.canConvertToLong() || !step.isIntegralNumber()) {
                throw new BadInputException(
                        b.file(), line, "log_history[" + index + "].step", "expected a whole step number, got " + step);
            }
            stepped[0]++;
            long s = step.asLong();
            for (Iterator<Map.Entry<String, JsonNode>> it = entry.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> f = it.next();
                if (NOT_METRICS.contains(f.getKey())) {
                    continue;
                }
                JsonNode v = f.getValue();
                if (v.isNumber()) {
                    b.add(f.getKey(), s, v.asDouble(), line);
                } else if (v.isTextual()) {
                    b.addText(f.getKey(), s, v.asText(), line);
                }
            }
        });
        if (n < 0) {
            throw BadInputException.of(b.file(), "no log_history: not a Hugging Face trainer_state.json");
        }
        if (stepped[0] == 0 && unstepped[0] > 0) {
            throw new BadInputException(
                    b.file(),
                    0,
                    "log_history",
                    "none of its " + unstepped[0] + " entries has a step: nothing to follow over training");
        }
        return b.build();
    }
}
