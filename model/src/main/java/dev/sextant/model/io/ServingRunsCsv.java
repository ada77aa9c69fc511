package dev.sextant.model.io;

import dev.sextant.model.InputError;
import dev.sextant.model.architecture.ModelArchitecture;
import dev.sextant.model.architecture.ModelCatalog;
import dev.sextant.model.serving.EngineProfile;
import dev.sextant.model.serving.WeightFormat;
import dev.sextant.model.serving.WeightStorage;
import dev.sextant.model.serving.validation.PublishedServingRun;
import dev.sextant.model.serving.validation.ServingLoad;
import dev.sextant.model.serving.validation.ServingMetric;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Published serving measurements as CSV: one a row, lines starting with {@code #} are comments (the bundled file
 * documents its columns there). The bundled set, {@code dev/sextant/model/validation/serving-runs.csv}, ships with the
 * model. Errors name the file, the line and the column.
 */
public final class ServingRunsCsv {

    /** The bundled validation set. */
    public static final String BUNDLED = "/dev/sextant/model/validation/serving-runs.csv";

    /** The columns, in order. */
    public static final List<String> COLUMNS = List.of(
            "id",
            "source_group",
            "organisation",
            "source",
            "engine",
            "engine_version",
            "model",
            "gpu",
            "gpus",
            "tp",
            "ep",
            "weights",
            "kv",
            "load",
            "client",
            "requests",
            "prompt_tokens",
            "output_tokens",
            "max_num_seqs",
            "max_num_batched_tokens",
            "metric",
            "measured",
            "assumed");

    private ServingRunsCsv() {}

    /** The measurements that ship with the model. */
    public static List<PublishedServingRun> bundled() {
        try (InputStream in = ServingRunsCsv.class.getResourceAsStream(BUNDLED)) {
            if (in == null) {
                throw new IllegalStateException("the bundled serving measurements are missing from the build");
            }
            return read(new InputStreamReader(in, StandardCharsets.UTF_8), BUNDLED);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static List<PublishedServingRun> read(Path file) {
        try (Reader r = TextInput.open(file)) {
            return read(r, TextInput.name(file));
        } catch (IOException e) {
            throw TextInput.readError(file, 0, e);
        }
    }

    static List<PublishedServingRun> read(Reader reader, String name) {
        return CsvRows.read(reader, name, COLUMNS, ServingRunsCsv::row);
    }

    private static PublishedServingRun row(CsvRows.Cells c) {
        ServingMetric metric = ServingMetric.of(c.text("metric"));
        if (metric == null) {
            throw c.problem(
                    "metric",
                    "must be one of "
                            + Arrays.stream(ServingMetric.values())
                                    .map(ServingMetric::slug)
                                    .toList());
        }
        String kv = c.required("kv");
        if (!kv.equals("auto") && !kv.equals("fp8")) {
            throw c.problem("kv", "must be auto or fp8, got '" + kv + "'");
        }
        String client = c.required("client");
        if (!client.equals("offline") && !client.equals("server")) {
            throw c.problem("client", "must be offline or server, got '" + client + "'");
        }
        String weights = c.required("weights");
        boolean mxfp4 = weights.equals("mxfp4");
        WeightFormat format = weights.equals("fp16")
                ? WeightFormat.BF16
                : mxfp4 ? WeightFormat.INT4 : c.choice("weights", WeightFormat.class);
        WeightStorage storage =
                mxfp4 ? WeightStorage.mxfp4Experts("the checkpoint's MXFP4 experts") : WeightStorage.of(format);
        ModelArchitecture model = model(c, c.required("model"));
        String assumed = c.text("assumed");
        try {
            EngineProfile engine = EngineProfile.of(c.required("engine"));
            ServingLoad load = ServingLoad.parse(c.required("load"));
            return new PublishedServingRun(
                    c.required("id"),
                    c.required("source_group"),
                    c.required("organisation"),
                    c.required("source"),
                    engine,
                    c.text("engine_version"),
                    c.required("model"),
                    model,
                    c.required("gpu"),
                    c.integer("gpus", 1),
                    c.integer("tp", 1),
                    c.integer("ep", 1),
                    format,
                    storage,
                    kv.equals("fp8"),
                    load,
                    client.equals("server"),
                    c.integer("requests", 1),
                    c.integer("prompt_tokens", 1),
                    c.integer("output_tokens", 1),
                    (c.text("max_num_seqs").isEmpty() ? null : c.integer("max_num_seqs", 1)),
                    (c.text("max_num_batched_tokens").isEmpty() ? null : c.integer("max_num_batched_tokens", 1)),
                    metric,
                    c.number("measured"),
                    assumed.isEmpty() ? List.of() : List.of(assumed.split(";")));
        } catch (InputError e) {
            throw c.problem(column(e.field()), e.getMessage());
        }
    }

    /** Where the configs of models the set uses beyond the catalog ship (gpt-oss): {@code <id>.json}. */
    static final String CONFIGS = "/dev/sextant/model/validation/configs/";

    /** A catalog model, or one whose Hugging Face config.json ships with the set; else an error about the column. */
    private static ModelArchitecture model(CsvRows.Cells c, String id) {
        return model(id)
                .orElseThrow(() -> c.problem(
                        "model", "'" + id + "' is neither a catalog model nor one of the validation set's configs"));
    }

    /** A catalog model, or one whose Hugging Face config.json ships with the validation sets ({@value #CONFIGS}). */
    public static Optional<ModelArchitecture> model(String id) {
        Optional<ModelArchitecture> known = ModelCatalog.find(id);
        if (known.isPresent()) {
            return known;
        }
        try (InputStream in = ServingRunsCsv.class.getResourceAsStream(CONFIGS + id + ".json")) {
            return in == null
                    ? Optional.empty()
                    : Optional.of(HfModelConfig.parse(Json.mapper().readTree(in), id + ".json", id));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The CSV column an error's field key is about. */
    private static String column(String field) {
        return switch (field == null ? "" : field) {
            case "serving.engine" -> "engine";
            case "validation.load" -> "load";
            case "validation.measured" -> "measured";
            case "validation.gpus" -> "gpus";
            case "validation.ep" -> "ep";
            case "validation.requests" -> "requests";
            default -> field;
        };
    }
}
