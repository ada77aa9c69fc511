package dev.sextant.model.io.trainlog;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sextant.model.BadInputException;
import dev.sextant.model.io.Json;
import dev.sextant.model.io.TextInput;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.runhealth.TrainingLog;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * JSON Lines of metrics, one object a logged step: a step field ({@link StepColumns}) and numeric metrics
 * ({@code {"step": 100, "loss": 2.31, "grad_norm": 0.9}}), Python's NaN and Infinity allowed. Nested objects and
 * fields of text that are not metrics are passed over.
 */
final class MetricsJsonlReader {

    private MetricsJsonlReader() {}

    static List<TrainingLog.Segment> read(Path file, CancellationToken cancel) {
        String name = TextInput.name(file);
        SegmentBuilder b = new SegmentBuilder(name);
        long line = 0;
        long objects = 0;
        try (BufferedReader r = TextInput.open(file)) {
            String text;
            String stepField = null;
            while ((text = r.readLine()) != null) {
                line++;
                if ((line & 0xFFFF) == 0) {
                    cancel.throwIfCancelled();
                }
                if (line == 1) {
                    text = TextInput.stripBom(text);
                }
                if (text.isBlank()) {
                    continue;
                }
                JsonNode node = Json.readLineAllowingNaN(text, name, line);
                if (node == null || !node.isObject()) {
                    throw new BadInputException(name, line, null, "expected a JSON object");
                }
                if (stepField == null) {
                    stepField = StepColumns.find(iterable(node.fieldNames()))
                            .orElseThrow(() ->
                                    BadInputException.of(name, "no step field; expected one of " + StepColumns.NAMES));
                }
                JsonNode step = node.get(stepField);
                if (step == null || step.isNull()) {
                    continue; // a line without a step (a summary, a config dump)
                }
                if (!step.isIntegralNumber() && !(step.isNumber() && step.asDouble() == Math.rint(step.asDouble()))) {
                    throw new BadInputException(name, line, stepField, "expected a whole step number, got " + step);
                }
                long s = step.asLong();
                for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> f = it.next();
                    if (f.getKey().equals(stepField)) {
                        continue;
                    }
                    JsonNode v = f.getValue();
                    if (v.isNumber()) {
                        b.add(f.getKey(), s, v.asDouble(), line);
                    } else if (v.isTextual()) {
                        b.addText(f.getKey(), s, v.asText(), line);
                    }
                }
                objects++;
            }
        } catch (IOException e) {
            throw TextInput.readError(file, line + 1, e);
        }
        if (objects == 0) {
            throw BadInputException.of(name, line == 0 ? "the file is empty" : "no metrics in the file");
        }
        return b.build();
    }

    private static Iterable<String> iterable(Iterator<String> it) {
        return () -> it;
    }
}
