package dev.sextant.model.io;

import dev.sextant.model.InputError;
import dev.sextant.model.hardware.Precision;
import dev.sextant.model.training.MoeDispatcher;
import dev.sextant.model.training.Recompute;
import dev.sextant.model.training.validation.Metric;
import dev.sextant.model.training.validation.PublishedRun;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * Published training runs as CSV: one run a row, lines starting with {@code #} are comments (the bundled file documents
 * its columns there). The bundled set, {@code dev/sextant/model/validation/training-runs.csv}, ships with the model.
 */
public final class TrainingRunsCsv {

    /** The bundled validation set. */
    public static final String BUNDLED = "/dev/sextant/model/validation/training-runs.csv";

    /** The columns, in order. */
    public static final List<String> COLUMNS = List.of(
            "id",
            "source_group",
            "source",
            "stack",
            "model",
            "gpu",
            "gpus",
            "gpus_per_node",
            "network_gbps",
            "seq",
            "tp",
            "pp",
            "cp",
            "ep",
            "dp",
            "vpp",
            "micro_batch",
            "global_batch",
            "zero",
            "recompute",
            "sequence_parallel",
            "attention",
            "precision",
            "fp8_recipe",
            "metric",
            "measured",
            "assumed",
            "set",
            "moe_dispatcher");

    private TrainingRunsCsv() {}

    /** The runs that ship with the model. */
    public static List<PublishedRun> bundled() {
        try (InputStream in = TrainingRunsCsv.class.getResourceAsStream(BUNDLED)) {
            if (in == null) {
                throw new IllegalStateException("the bundled training runs are missing from the build");
            }
            return read(new InputStreamReader(in, StandardCharsets.UTF_8), BUNDLED);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static List<PublishedRun> read(Path file) {
        try (Reader r = TextInput.open(file)) {
            return read(r, TextInput.name(file));
        } catch (IOException e) {
            throw TextInput.readError(file, 0, e);
        }
    }

    static List<PublishedRun> read(Reader reader, String name) {
        return CsvRows.read(reader, name, COLUMNS, TrainingRunsCsv::row);
    }

    private static PublishedRun row(CsvRows.Cells c) {
        String network = c.text("network_gbps");
        String assumed = c.text("assumed");
        String set = c.text("set");
        if (!set.equals("original") && !set.equals("issue16") && !set.equals("heldout")) {
            throw c.problem("set", "must be original, issue16 or heldout, got '" + set + "'");
        }
        String attention = c.text("attention");
        if (!attention.equals("fused") && !attention.equals("unfused")) {
            throw c.problem("attention", "must be fused or unfused, got '" + attention + "'");
        }
        Metric metric = Metric.of(c.text("metric"));
        if (metric == null) {
            throw c.problem(
                    "metric",
                    "must be one of "
                            + Arrays.stream(Metric.values()).map(Metric::slug).toList());
        }
        try {
            return new PublishedRun(
                    c.required("id"),
                    c.required("source_group"),
                    c.required("source"),
                    c.required("stack"),
                    c.required("model"),
                    c.required("gpu"),
                    c.integer("gpus", 0),
                    c.integer("gpus_per_node", 0),
                    network.isEmpty() ? Double.NaN : c.number("network_gbps"),
                    c.integer("seq", 0),
                    c.integer("tp", 0),
                    c.integer("pp", 0),
                    c.integer("cp", 0),
                    c.integer("ep", 0),
                    c.integer("dp", 0),
                    c.integer("vpp", 0),
                    c.integer("micro_batch", 0),
                    c.integer("global_batch", 0),
                    c.integer("zero", 0),
                    c.choice("recompute", Recompute.class),
                    c.bool("sequence_parallel"),
                    attention.equals("fused"),
                    c.choice("precision", Precision.class),
                    c.required("fp8_recipe"),
                    metric,
                    c.number("measured"),
                    assumed.isEmpty() ? List.of() : List.of(assumed.split(";")),
                    set.equals("original"),
                    MoeDispatcher.of(c.text("moe_dispatcher")));
        } catch (InputError e) {
            throw c.problem(e.field(), e.getMessage());
        }
    }
}
