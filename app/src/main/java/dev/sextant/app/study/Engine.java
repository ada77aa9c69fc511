package dev.sextant.app.study;

import dev.sextant.model.BadInputException;
import dev.sextant.model.contamination.BenchmarkItem;
import dev.sextant.model.contamination.CorpusScanner;
import dev.sextant.model.contamination.CorpusSplit;
import dev.sextant.model.contamination.CorpusUnit;
import dev.sextant.model.contamination.FileResult;
import dev.sextant.model.contamination.NgramIndex;
import dev.sextant.model.contamination.ScanResult;
import dev.sextant.model.contamination.ScanSpec;
import dev.sextant.model.data.DedupResult;
import dev.sextant.model.data.DedupSpec;
import dev.sextant.model.data.Deduplicator;
import dev.sextant.model.data.quality.FilterRecipe;
import dev.sextant.model.data.quality.FilterSpec;
import dev.sextant.model.data.quality.QualityResult;
import dev.sextant.model.io.CorpusFiles;
import dev.sextant.model.io.CorpusStore;
import dev.sextant.model.io.FilteredCorpus;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Where corpus work runs: this machine's threads ({@link #LOCAL}), or Apache Spark at a master URL with settings
 * ({@code local[N]}, {@code spark://HOST:PORT}, {@code yarn}, {@code k8s://…}), loaded from the Spark bundle. Either
 * way the result is the local engine's.
 *
 * @param master null for this machine
 * @param conf   Spark settings (key → value)
 */
public record Engine(String master, Map<String, String> conf) {

    public static final Engine LOCAL = new Engine(null, Map.of());

    public Engine {
        conf = Map.copyOf(conf);
    }

    public static Engine spark(String master, Map<String, String> conf) {
        if (master == null || master.isBlank()) {
            throw BadInputException.of(
                    "--master", "name the Spark master: local[N], spark://HOST:PORT, yarn or k8s://…");
        }
        return new Engine(master.strip(), conf);
    }

    public boolean isLocal() {
        return master == null;
    }

    /** In words, for a kept run's record and the progress line. */
    public String describe() {
        return isLocal() ? "this machine" : "Spark (" + master + ")";
    }

    /**
     * A contamination scan.
     *
     * @param done     results of files completed by an earlier run of the same scan (resume): not read again
     * @param fileDone told of each file completed here
     */
    ScanResult scan(
            ScanSpec spec,
            List<BenchmarkItem> items,
            List<Path> corpus,
            List<FileResult> done,
            Consumer<FileResult> fileDone,
            ProgressListener progress,
            CancellationToken cancel) {
        if (isLocal()) {
            NgramIndex index = NgramIndex.build(items, spec.n(), spec.normalization());
            return CorpusScanner.scan(
                    index,
                    corpus.isEmpty() ? List.of() : CorpusFiles.units(corpus, CorpusFiles.DEFAULT_CHUNK),
                    spec,
                    done,
                    fileDone::accept,
                    progress,
                    cancel);
        }
        return SparkBundle.scan()
                .scan(
                        master,
                        conf,
                        spec,
                        items,
                        corpus.stream()
                                .map(p -> CorpusStore.refuseUri(p)
                                        .toAbsolutePath()
                                        .normalize()
                                        .toString())
                                .toList(),
                        done,
                        fileDone,
                        progress,
                        cancel);
    }

    /** A scan on the cluster of corpus paths as the cluster names them (URIs kept as given). */
    ScanResult scanOnCluster(
            ScanSpec spec,
            List<BenchmarkItem> items,
            List<String> corpus,
            ProgressListener progress,
            CancellationToken cancel) {
        if (isLocal()) {
            throw new IllegalStateException("not a cluster engine");
        }
        return SparkBundle.scan().scan(master, conf, spec, items, corpus, List.of(), f -> {}, progress, cancel);
    }

    /**
     * Deduplication. On Spark, near duplicates are found by a distributed job from end to end; exact duplicates are
     * read on the workers (each unit's state kept in {@code states} as its wave returns), then matched here.
     *
     * @param states where a kept run keeps what each unit read ({@link Deduplicator.UnitStates#NONE}: nowhere)
     */
    DedupResult dedup(
            List<CorpusUnit> units,
            DedupSpec spec,
            int threads,
            Deduplicator.UnitStates states,
            ProgressListener progress,
            CancellationToken cancel) {
        if (isLocal()) {
            return Deduplicator.run(units, spec, threads, states, progress, cancel);
        }
        long t0 = System.nanoTime();
        if (spec.mode() == DedupSpec.Mode.NEAR) {
            // signatures, pairs and clusters stay on the cluster (no unit states to keep: the job runs whole)
            DedupResult r = SparkBundle.dedup()
                    .nearDuplicates(
                            master,
                            conf,
                            spec,
                            units.stream().map(CorpusFiles::split).toList(),
                            progress,
                            cancel);
            return r.withSeconds((System.nanoTime() - t0) / 1e9);
        }
        Deduplicator.UnitStates held =
                states != Deduplicator.UnitStates.NONE ? states : Deduplicator.UnitStates.inMemory();
        SparkBundle.dedup()
                .readUnits(
                        master,
                        conf,
                        spec,
                        units.stream().map(CorpusFiles::split).toList(),
                        held,
                        progress.slice(0, 0.85),
                        cancel);
        DedupResult r = Deduplicator.run(units, spec, threads, held, progress.slice(0.85, 1), cancel);
        return r.withSeconds((System.nanoTime() - t0) / 1e9);
    }
    /**
     * Quality filtering ({@link FilteredCorpus#run}). On Spark, each unit is judged on a worker, which writes its kept
     * and removed parts into the run's folder ({@code OUT.partial}, at the same path on every worker: a shared file
     * system) and hands back its counts, kept here as its wave returns; the rest is the local run's.
     *
     * @param languageModel the fastText model the language family reads (workers read it at the same path), or null
     */
    QualityResult filter(
            List<Path> corpus,
            FilterSpec spec,
            Path languageModel,
            int threads,
            Path out,
            boolean resume,
            ProgressListener progress,
            CancellationToken cancel) {
        List<CorpusUnit> units = CorpusFiles.units(corpus, FilteredCorpus.UNIT_BYTES);
        FilteredCorpus.Elsewhere elsewhere = null;
        if (!isLocal()) {
            List<CorpusSplit> splits = units.stream().map(CorpusFiles::split).toList();
            FilterRecipe recipe = FilterRecipe.of(spec, languageModel == null ? null : absolute(languageModel));
            elsewhere = (todo, folder, judged, p, c) -> SparkBundle.filter()
                    .judgeUnits(
                            master, conf, recipe, splits, todo, folder == null ? null : absolute(folder), judged, p, c);
        }
        return FilteredCorpus.run(
                units, spec, threads, out, CorpusFiles.fingerprint(corpus), resume, elsewhere, progress, cancel);
    }

    private static String absolute(Path p) {
        return p.toAbsolutePath().normalize().toString();
    }
}
