package dev.sextant.model.io;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.sextant.model.training.GpuSpec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A user-defined GPU type as JSON: {@code {"id", "name", "bf16Tflops", "fp8Tflops" (optional), "memoryGB", "hbmGBs",
 * "linkGBs", "link" (optional), "networkGbps", "source" (optional)}} — the fields {@code sextant catalog gpus --json}
 * prints, so a catalog entry can be copied and edited.
 */
public final class GpuSpecFile {

    private GpuSpecFile() {
    }

    public static GpuSpec read(Path file) {
        String name = file.toString();
        JsonNode n;
        try {
            n = Json.mapper().readTree(Files.readString(file, StandardCharsets.UTF_8));
        } catch (JsonProcessingException e) {
            throw new BadInputException(name, e.getLocation() == null ? 0 : e.getLocation().getLineNr(), null, "not JSON: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw BadInputException.of(name, "cannot read: " + e.getMessage());
        }
        if (n == null || !n.isObject()) {
            throw BadInputException.of(name, "expected a JSON object describing a GPU");
        }
        String id = text(n, "id", name);
        try {
            return new GpuSpec(id, n.path("name").asText(id), number(n, "bf16Tflops", name),
                    n.hasNonNull("fp8Tflops") ? number(n, "fp8Tflops", name) : Double.NaN, number(n, "memoryGB", name),
                    number(n, "hbmGBs", name), number(n, "linkGBs", name), n.path("link").asText("user-defined"),
                    number(n, "networkGbps", name), n.path("source").asText(name));
        } catch (IllegalArgumentException e) {
            throw BadInputException.of(name, e.getMessage());
        }
    }

    private static String text(JsonNode n, String field, String file) {
        JsonNode v = n.get(field);
        if (v == null || !v.isTextual() || v.asText().isBlank()) {
            throw new BadInputException(file, 0, field, "missing; a GPU needs an id");
        }
        return v.asText();
    }

    private static double number(JsonNode n, String field, String file) {
        JsonNode v = n.get(field);
        if (v == null || !v.isNumber()) {
            throw new BadInputException(file, 0, field, "expected a number" + (v == null ? ", missing" : ", got " + v));
        }
        return v.asDouble();
    }
}
