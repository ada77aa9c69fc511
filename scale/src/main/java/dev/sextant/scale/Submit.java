package dev.sextant.scale;

import dev.sextant.model.BadInputException;
import dev.sextant.model.contamination.BenchmarkItem;
import dev.sextant.model.contamination.CorpusFingerprint;
import dev.sextant.model.contamination.CorpusSplit;
import dev.sextant.model.contamination.CorpusUnit;
import dev.sextant.model.contamination.Normalization;
import dev.sextant.model.contamination.ScanResult;
import dev.sextant.model.contamination.ScanSpec;
import dev.sextant.model.data.DedupResult;
import dev.sextant.model.data.DedupSpec;
import dev.sextant.model.data.Deduplicator;
import dev.sextant.model.io.BenchmarkItemFiles;
import dev.sextant.model.io.ClusterScanFile;
import dev.sextant.model.io.CorpusFiles;
import dev.sextant.model.io.Json;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The application {@code spark-submit} runs on a cluster, from {@code scale/target/sextant-scale-cluster.jar}: a
 * contamination scan or a deduplication over corpus paths every executor can read (a shared file system, or URIs read
 * through Hadoop's FileSystem: {@code hdfs://}, {@code s3a://} where the cluster has the connector), the result
 * written as JSON in the shape {@code sextant scan --json} and {@code sextant dedup --json} print (a scan's with what
 * {@code sextant scan import} needs to keep it in a project: {@link ClusterScanFile}). The master comes from
 * spark-submit ({@code --master}); options are named as the workbench's CLI names them.
 *
 * <pre>
 * spark-submit --class dev.sextant.scale.Submit --master spark://head:7077 sextant-scale-cluster.jar \
 *     scan --benchmark mmlu.jsonl --field question --corpus /shared/corpus --out /shared/scan.json
 * </pre>
 */
@Command(
        name = "sextant-cluster",
        mixinStandardHelpOptions = true,
        subcommands = {Submit.Scan.class, Submit.Dedup.class},
        description = "Contamination scans and deduplication on the Spark cluster spark-submit runs this on.")
public final class Submit implements Runnable {

    public static void main(String[] args) {
        System.exit(run(args));
    }

    /** Runs a command line; an input problem is one line on standard error (exit 2), never a stack trace. */
    static int run(String... args) {
        CommandLine cli = new CommandLine(new Submit());
        cli.setExecutionExceptionHandler((e, line, parsed) -> {
            if (e instanceof BadInputException || e instanceof IllegalArgumentException) {
                line.getErr().println("error: " + e.getMessage());
                return 2;
            }
            throw e;
        });
        return cli.execute(args);
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(new CommandLine(this), "name a command: scan or dedup");
    }

    /** Options both commands share. */
    abstract static class Common implements Callable<Integer> {
        @Option(
                names = {"-c", "--corpus"},
                arity = "1..*",
                required = true,
                paramLabel = "PATH",
                description =
                        "Corpus files or folders: paths every executor sees alike (a shared file system), or hdfs://, s3a://… URIs.")
        List<String> corpus = new ArrayList<>();

        @Option(
                names = "--text-field",
                defaultValue = "text",
                paramLabel = "NAME",
                description = "Field (column) with the text.")
        String textField;

        @Option(
                names = "--out",
                required = true,
                paramLabel = "FILE",
                description = "Where the driver writes the result (JSON).")
        Path out;

        @Option(
                names = "--master",
                paramLabel = "URL",
                description = "Spark master when not run through spark-submit (e.g. local[4]).")
        String master;

        JavaSparkContext context(String app) {
            SparkConf conf = new SparkConf(); // spark-submit's settings, --master among them
            if (master != null) {
                conf.setMaster(master);
            }
            if (!conf.contains("spark.master")) {
                throw BadInputException.of(
                        "--master", "no Spark master: run this through spark-submit --master …, or give --master");
            }
            return SparkContexts.open(conf.get("spark.master"), Map.of(), app);
        }

        /** Local paths made absolute (a shared mount's path is the same on every machine); URIs as given. */
        List<String> paths() {
            return corpus.stream().map(p -> HadoopStore.of(p).absolute(p)).toList();
        }

        /** The corpus files read, as a kept scan records them. */
        static CorpusFingerprint fingerprint(List<String> paths) {
            List<CorpusFingerprint.Entry> entries = new ArrayList<>();
            for (String p : paths) {
                entries.addAll(
                        CorpusFiles.fingerprint(HadoopStore.of(p), List.of(p)).files());
            }
            return new CorpusFingerprint(entries);
        }
    }

    @Command(
            name = "scan",
            mixinStandardHelpOptions = true,
            description = "A contamination scan: benchmark n-grams in the corpus.")
    static final class Scan extends Common {
        @Option(
                names = {"-b", "--benchmark"},
                arity = "1..*",
                required = true,
                paramLabel = "FILE",
                description = "Benchmark files (read by the driver).")
        List<Path> benchmarks = new ArrayList<>();

        @Option(names = "--field", paramLabel = "NAME", description = "Field or column holding item text (repeatable).")
        List<String> fields = new ArrayList<>();

        @Option(names = "--id-field", paramLabel = "NAME", description = "Field or column identifying items.")
        String idField;

        @Option(names = "--benchmark-name", paramLabel = "NAME", description = "Name the benchmark.")
        String benchmarkName;

        @Option(
                names = "--doc-id-field",
                defaultValue = "id",
                paramLabel = "NAME",
                description = "Field naming a document in locations.")
        String docIdField;

        @Option(
                names = "--ngram",
                defaultValue = "13",
                paramLabel = "N",
                description = "Words per n-gram (default: ${DEFAULT-VALUE}).")
        int n;

        @Option(
                names = "--dirty",
                defaultValue = "0.8",
                paramLabel = "F",
                description = "Contaminated-token fraction for dirty (default: ${DEFAULT-VALUE}).")
        double dirty;

        @Option(
                names = "--locations",
                defaultValue = "" + ScanSpec.DEFAULT_LOCATIONS,
                paramLabel = "N",
                description = "Places kept per item.")
        int locations;

        @Option(names = "--keep-case", description = "Do not lowercase.")
        boolean keepCase;

        @Option(names = "--keep-punctuation", description = "Do not delete punctuation.")
        boolean keepPunctuation;

        @Override
        public Integer call() {
            List<BenchmarkItem> items = new ArrayList<>();
            for (Path b : benchmarks) {
                for (BenchmarkItem i : BenchmarkItemFiles.read(b, fields, idField)) {
                    items.add(benchmarkName == null ? i : i.renamed(benchmarkName));
                }
            }
            ScanSpec spec = new ScanSpec(
                    n, dirty, new Normalization(!keepCase, !keepPunctuation), textField, docIdField, 1, locations);
            try (JavaSparkContext sc = context("sextant-scan")) {
                List<String> corpusPaths = paths();
                ScanResult r = SparkScan.run(sc, spec, items, corpusPaths, log(), CancellationToken.none());
                ClusterScanFile.write(
                        out,
                        new ClusterScanFile.Contents(r.items(), r.summary(), spec, items, fingerprint(corpusPaths)));
                ScanResult.Summary s = r.summary();
                System.out.printf(
                        Locale.ROOT,
                        "%d items: %d clean, %d partial, %d dirty, %d not checkable; %.1f GB in %.0f s; wrote %s%n",
                        s.items(),
                        s.clean(),
                        s.partial(),
                        s.dirty(),
                        s.notCheckable(),
                        s.bytesScanned() / 1e9,
                        s.seconds(),
                        out);
            }
            return 0;
        }
    }

    @Command(
            name = "dedup",
            mixinStandardHelpOptions = true,
            description =
                    "Deduplication: near duplicates found by a distributed job (signatures, pairs and clusters stay on "
                            + "the executors); exact ones from keys gathered on the driver.")
    static final class Dedup extends Common {
        @Option(
                names = "--id-field",
                defaultValue = "id",
                paramLabel = "F",
                description = "Field naming a document (else file:line).")
        String idField;

        @Option(names = "--source-field", paramLabel = "F", description = "Metadata field to break the counts down by.")
        String sourceField;

        @Option(
                names = "--mode",
                defaultValue = "near",
                paramLabel = "M",
                description = "exact or near (default: ${DEFAULT-VALUE}).")
        String mode;

        @Option(
                names = "--threshold",
                defaultValue = "0.8",
                paramLabel = "J",
                description = "Jaccard similarity of near duplicates.")
        double threshold;

        @Option(names = "--ngram", defaultValue = "5", paramLabel = "N", description = "Words a shingle.")
        int ngram;

        @Option(names = "--permutations", defaultValue = "112", paramLabel = "K", description = "MinHash permutations.")
        int permutations;

        @Option(names = "--keep", defaultValue = "first", paramLabel = "K", description = "first or longest.")
        String keep;

        @Option(names = "--seed", defaultValue = "1", paramLabel = "S", description = "Seed of the hash functions.")
        long seed;

        @Option(
                names = "--corpus-out",
                paramLabel = "DIR",
                description = "Near mode: a new folder every executor can write (shared, or hdfs:// …) where the "
                        + "executors write the kept corpus (kept/) and the removed records (removed/); the result "
                        + "then leaves the removed list out.")
        String corpusOut;

        /** The keys of {@code sextant dedup --json} (without the kept-run fields). */
        record Output(
                long documents,
                long duplicates,
                double duplicateShare,
                long clusters,
                double tokensRemovedShare,
                double bytesPerSecond,
                String mode,
                Integer bands,
                Integer rows,
                long tokens,
                long bytes,
                double seconds,
                List<DedupResult.SourceCount> bySource,
                List<DedupResult.Cluster> largest,
                List<DedupResult.Removed> removed) {}

        @Override
        public Integer call() {
            DedupSpec.Mode m = DedupSpec.mode("--mode", mode);
            DedupSpec.Keep k = DedupSpec.keep("--keep", keep);
            DedupSpec spec = new DedupSpec(
                    m,
                    threshold,
                    ngram,
                    permutations,
                    null,
                    textField,
                    idField.isBlank() ? null : idField,
                    sourceField,
                    k,
                    seed);
            List<CorpusUnit> units = HadoopStore.units(paths(), CorpusFiles.DEFAULT_CHUNK);
            long t0 = System.nanoTime();
            List<CorpusSplit> splits = units.stream().map(CorpusFiles::split).toList();
            if (corpusOut != null && m != DedupSpec.Mode.NEAR) {
                throw new IllegalArgumentException("--corpus-out: the executors write the output of near mode only");
            }
            DedupResult r;
            try (JavaSparkContext sc = context("sextant-dedup")) {
                if (m == DedupSpec.Mode.NEAR) {
                    // all on the cluster, the output too when a folder is named
                    r = SparkNearDedup.run(sc, spec, splits, corpusOut, log(), CancellationToken.none());
                } else {
                    Deduplicator.UnitStates states = Deduplicator.UnitStates.inMemory();
                    SparkClusterDedup.read(sc, spec, splits, states, log(), CancellationToken.none());
                    r = Deduplicator.run(units, spec, 0, states, ProgressListener.NONE, CancellationToken.none());
                }
            }
            r = r.withSeconds((System.nanoTime() - t0) / 1e9);
            var lsh = r.bands();
            Json.writeFile(
                    out,
                    new Output(
                            r.documents(),
                            r.duplicates(),
                            r.duplicateShare(),
                            r.clusters(),
                            r.tokensRemovedShare(),
                            r.bytesPerSecond(),
                            m.name().toLowerCase(Locale.ROOT),
                            lsh == null ? null : lsh.bands(),
                            lsh == null ? null : lsh.rows(),
                            r.tokens(),
                            r.bytes(),
                            r.seconds(),
                            r.bySource(),
                            r.largest(),
                            r.removed()));
            System.out.printf(
                    Locale.ROOT,
                    "%,d documents, %,d duplicates (%.2f %%) in %,d clusters; wrote %s%n",
                    r.documents(),
                    r.duplicates(),
                    100 * r.duplicateShare(),
                    r.clusters(),
                    out);
            return 0;
        }
    }

    /** Progress on standard error, a line at most every 10 % (a cluster job's log, not a terminal). */
    private static ProgressListener log() {
        int[] lastTenth = {-1};
        return (fraction, message) -> {
            int tenth = (int) Math.floor(fraction * 10);
            if (lastTenth[0] < tenth) {
                lastTenth[0] = tenth;
                System.err.printf(Locale.ROOT, "%3.0f %% %s%n", 100 * fraction, message);
            }
        };
    }
}
