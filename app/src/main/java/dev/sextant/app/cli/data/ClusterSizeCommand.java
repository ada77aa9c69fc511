package dev.sextant.app.cli.data;

import dev.sextant.app.cli.CommandContext;
import dev.sextant.app.cli.JsonOption;
import dev.sextant.app.cli.TextTable;
import dev.sextant.model.BadInputException;
import dev.sextant.model.InputError;
import dev.sextant.model.data.ClusterSizing;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code sextant cluster-size}: how long a scan or dedup of a corpus takes on a Spark cluster of a given size. */
@Command(
        name = "cluster-size",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Estimates a scan's or deduplication's time on Spark from the cost model calibrated on measured per-core",
            "throughput: start-up + waves of 32 MiB units over the cores + (exact dedup) the driver's matching; and the",
            "driver memory exact dedup needs. Near dedup runs on the cluster from end to end (its driver receives the",
            "removed documents, about 200 B each). Rates measured on a shared VM's vCPU: adjust with --mb-per-core."
        })
public final class ClusterSizeCommand implements Runnable {

    @Option(
            names = "--job",
            defaultValue = "scan",
            paramLabel = "JOB",
            description = "scan, near or exact (default: ${DEFAULT-VALUE}).")
    String job;

    @Option(
            names = "--corpus-bytes",
            required = true,
            paramLabel = "SIZE",
            description = "Uncompressed corpus size, e.g. 10TB.")
    String corpusBytes;

    @Option(
            names = "--cores",
            split = ",",
            defaultValue = "64,256,1024",
            paramLabel = "N",
            description = "Executor cores in all, one estimate each (default: ${DEFAULT-VALUE}).")
    List<Integer> cores = new ArrayList<>();

    @Option(
            names = "--unit-bytes",
            defaultValue = "32MiB",
            paramLabel = "SIZE",
            description =
                    "Uncompressed bytes a task: 32MiB for plain files, a shard's uncompressed size for .gz/.zst (default: ${DEFAULT-VALUE}).")
    String unitBytes;

    @Option(
            names = "--bytes-per-document",
            defaultValue = "3000",
            paramLabel = "B",
            description = "Average document size (default: ${DEFAULT-VALUE}).")
    double bytesPerDocument;

    @Option(
            names = "--mb-per-core",
            paramLabel = "R",
            description = "Per-core rate, MB/s, instead of the measured one.")
    Double mbPerCore;

    @Option(
            names = "--storage-mb-per-core",
            paramLabel = "R",
            description =
                    "What storage delivers a core, MB/s (e.g. a node's network over its cores); default: it keeps up.")
    Double storageMbPerCore;

    @Mixin
    JsonOption output;

    @Spec
    CommandSpec spec;

    /** The model's constants in use and one estimate per core count. */
    public record Result(
            String job,
            double mbPerSecondPerCore,
            double startupSeconds,
            double driverMicrosPerDocument,
            double driverBytesPerDocument,
            double unitBytes,
            List<ClusterSizing.Estimate> estimates) {}

    /** A size option, a bad one named. */
    private static double size(String option, String text) {
        try {
            return ClusterSizing.parseBytes(option, text);
        } catch (InputError e) {
            throw BadInputException.of(option, e.getMessage());
        }
    }

    @Override
    public void run() {
        ClusterSizing base = ClusterSizing.of(job.strip().toLowerCase(Locale.ROOT));
        ClusterSizing model = mbPerCore == null
                ? base
                : new ClusterSizing(
                        base.job(),
                        mbPerCore,
                        base.startupSeconds(),
                        base.driverMicrosPerDocument(),
                        base.driverBytesPerDocument());
        double bytes = size("--corpus-bytes", corpusBytes);
        double unit = size("--unit-bytes", unitBytes);
        List<ClusterSizing.Estimate> estimates = cores.stream()
                .map(c -> model.estimate(
                        bytes,
                        c,
                        unit,
                        bytesPerDocument,
                        storageMbPerCore == null ? Double.POSITIVE_INFINITY : storageMbPerCore))
                .toList();
        Result r = new Result(
                model.job(),
                model.mbPerSecondPerCore(),
                model.startupSeconds(),
                model.driverMicrosPerDocument(),
                model.driverBytesPerDocument(),
                unit,
                estimates);
        new CommandContext(spec).print(output.json(), r, o -> {
            o.printf(
                    Locale.ROOT,
                    "%s of %s: %.0f MB/s a core, %.0f s start-up%s%n",
                    model.job(),
                    corpusBytes.strip(),
                    model.mbPerSecondPerCore(),
                    model.startupSeconds(),
                    model.driverMicrosPerDocument() > 0
                            ? String.format(
                                    Locale.ROOT,
                                    ", driver %.1f µs and %.0f B a document",
                                    model.driverMicrosPerDocument(),
                                    model.driverBytesPerDocument())
                            : "");
            TextTable t = new TextTable("CORES", "HOURS", "DOCUMENTS", "DRIVER MEMORY");
            for (ClusterSizing.Estimate e : estimates) {
                t.row(
                        e.cores(),
                        String.format(Locale.ROOT, "%.2f", e.hours()),
                        String.format(Locale.ROOT, "%.3g", e.documents()),
                        e.driverBytes() == 0 ? "-" : String.format(Locale.ROOT, "%.0f GB", e.driverBytes() / 1e9));
            }
            t.print(o);
        });
    }
}
