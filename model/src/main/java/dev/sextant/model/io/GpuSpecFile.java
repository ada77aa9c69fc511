package dev.sextant.model.io;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sextant.model.BadInputException;
import dev.sextant.model.hardware.GpuCatalog;
import dev.sextant.model.hardware.GpuSpec;
import java.nio.file.Path;

/**
 * A user-defined GPU type as JSON: {@code {"id", "name", "bf16Tflops", "fp8Tflops" (optional), "memoryGB", "hbmGBs",
 * "linkGBs", "link" (optional), "networkGbps", "source" (optional), "smCount" (optional)}} — the fields {@code sextant
 * catalog gpus --json} prints, so a catalog entry can be copied and edited. Without {@code smCount} (streaming
 * multiprocessors, or compute units) the file takes the SM count of the catalog GPU with the same BF16 peak (a copied
 * entry: {@link GpuCatalog#sameSilicon}); with none, 0, and GEMMs are costed without wave quantization. The count is not
 * guessed from the peak alone, whose share per SM differs from one generation to the next.
 */
public final class GpuSpecFile {

    private GpuSpecFile() {}

    /** Every figure is checked by name before the spec is built: {@code my-gpu.json: hbmGBs: must be positive, got 0}. */
    public static GpuSpec read(Path file) {
        String name = TextInput.name(file);
        JsonNode n = Json.readFile(file);
        if (n == null || !n.isObject()) {
            throw BadInputException.of(
                    name,
                    n == null || n.isMissingNode() ? "the file is empty" : "expected a JSON object describing a GPU");
        }
        String id = text(n, "id", name);
        FieldChecks at = FieldChecks.at(name, 0);
        double fp8 = n.hasNonNull("fp8Tflops") ? at.positive("fp8Tflops", number(n, "fp8Tflops", name)) : Double.NaN;
        double bf16 = at.positive("bf16Tflops", number(n, "bf16Tflops", name));
        int sms = n.hasNonNull("smCount")
                ? smCount(n, name)
                : GpuCatalog.all().stream()
                        .filter(g -> g.bf16Tflops() == bf16)
                        .mapToInt(GpuSpec::smCount)
                        .findFirst()
                        .orElse(0);
        return new GpuSpec(
                id,
                n.path("name").asText(id),
                bf16,
                fp8,
                at.positive("memoryGB", number(n, "memoryGB", name)),
                at.positive("hbmGBs", number(n, "hbmGBs", name)),
                at.positive("linkGBs", number(n, "linkGBs", name)),
                n.path("link").asText("user-defined"),
                at.positive("networkGbps", number(n, "networkGbps", name)),
                n.path("source").asText(name),
                sms);
    }

    private static int smCount(JsonNode n, String file) {
        JsonNode v = n.get("smCount");
        if (!v.isIntegralNumber() || v.asLong() < 1 || v.asLong() > 100_000) {
            throw new BadInputException(
                    file, 0, "smCount", "expected a whole number of streaming multiprocessors from 1, got " + v);
        }
        return v.asInt();
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
