package dev.sextant.app.cli.catalog;

import dev.sextant.app.cli.CommandContext;
import dev.sextant.app.cli.JsonOption;
import dev.sextant.app.cli.TextTable;
import dev.sextant.model.architecture.ModelArchitecture;
import dev.sextant.model.architecture.ModelCatalog;
import dev.sextant.model.architecture.ParameterCount;
import dev.sextant.model.hardware.GpuCatalog;
import dev.sextant.model.hardware.GpuSpec;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code sextant catalog}: the GPUs and models the planners know. */
@Command(
        name = "catalog",
        mixinStandardHelpOptions = true,
        description = "The GPUs and model architectures the planners know.",
        subcommands = {CatalogCommand.Gpus.class, CatalogCommand.Models.class})
public final class CatalogCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "missing command: gpus or models");
    }

    /** What {@code catalog models} prints per model: the plan contract's model object plus the shape. */
    public record ModelRow(
            String id,
            String name,
            long params,
            long activeParams,
            int layers,
            int hidden,
            int heads,
            int kvHeads,
            int headDim,
            int ffn,
            int vocab,
            int maxPositions,
            String attention,
            ModelArchitecture.Moe moe,
            String source) {

        public static ModelRow of(ModelArchitecture m) {
            ParameterCount p = m.parameters();
            String attention =
                    m.mla() != null ? "MLA" : m.kvHeads() == m.heads() ? "MHA" : m.kvHeads() == 1 ? "MQA" : "GQA";
            return new ModelRow(
                    m.id(),
                    m.name(),
                    p.total(),
                    p.active(),
                    m.layers(),
                    m.hidden(),
                    m.heads(),
                    m.kvHeads(),
                    m.headDim(),
                    m.ffn(),
                    m.vocab(),
                    m.maxPositions(),
                    attention,
                    m.moe(),
                    m.source());
        }
    }

    @Command(
            name = "gpus",
            mixinStandardHelpOptions = true,
            description = "GPU types: dense peaks, memory, bandwidths, sources.")
    static final class Gpus implements Runnable {
        @Mixin
        JsonOption output;

        @Spec
        CommandSpec spec;

        record Result(List<GpuSpec> gpus) {}

        @Override
        public void run() {
            List<GpuSpec> gpus = GpuCatalog.all();
            new CommandContext(spec).print(output.json(), new Result(gpus), out -> {
                TextTable t = new TextTable(
                        "ID", "NAME", "BF16 TFLOP/S", "FP8 TFLOP/S", "USABLE GIB", "HBM GB/S", "LINK GB/S", "NET GB/S");
                for (GpuSpec g : gpus) {
                    t.row(
                            g.id(),
                            g.name(),
                            fmt(g.bf16Tflops()),
                            g.hasFp8() ? fmt(g.fp8Tflops()) : "-",
                            String.format("%.1f", g.usableMemoryBytes() / (1024.0 * 1024 * 1024)),
                            fmt(g.hbmGBs()),
                            fmt(g.linkGBs()),
                            fmt(g.networkGbps()));
                }
                t.print(out);
                out.println(
                        "Dense peaks; link bandwidth per GPU and direction; network in Gb/s per GPU (default of --inter-node-gbps).");
            });
        }
    }

    @Command(
            name = "models",
            mixinStandardHelpOptions = true,
            description = "Model architectures with exact parameter counts.")
    static final class Models implements Runnable {
        @Mixin
        JsonOption output;

        @Spec
        CommandSpec spec;

        record Result(List<ModelRow> models) {}

        @Override
        public void run() {
            List<ModelRow> rows = ModelCatalog.all().stream().map(ModelRow::of).toList();
            new CommandContext(spec).print(output.json(), new Result(rows), out -> {
                TextTable t =
                        new TextTable("ID", "PARAMS", "ACTIVE", "LAYERS", "HIDDEN", "HEADS", "KV", "ATTENTION", "MOE");
                for (ModelRow m : rows) {
                    t.row(
                            m.id(),
                            billions(m.params()),
                            billions(m.activeParams()),
                            m.layers(),
                            m.hidden(),
                            m.heads(),
                            m.kvHeads(),
                            m.attention(),
                            m.moe() == null
                                    ? "-"
                                    : m.moe().experts() + "×, top " + m.moe().topK());
                }
                t.print(out);
            });
        }
    }

    static String fmt(double v) {
        return v == Math.rint(v) ? String.valueOf((long) v) : String.valueOf(v);
    }

    static String billions(long n) {
        return String.format("%.2fB", n / 1e9);
    }
}
