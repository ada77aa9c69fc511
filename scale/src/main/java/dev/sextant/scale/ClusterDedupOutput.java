package dev.sextant.scale;

import dev.sextant.model.contamination.CorpusSplit;
import dev.sextant.model.data.DedupResult;
import dev.sextant.model.io.CorpusFiles;
import dev.sextant.model.io.DedupOutput;
import dev.sextant.model.job.CancellationToken;
import java.io.BufferedOutputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.stream.IntStream;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.api.java.Optional;
import scala.Tuple2;

/**
 * A distributed run's deduplicated corpus, written by the executors: each unit's executor reads the unit again and
 * writes its kept documents ({@code DIR/kept/NNNN-name.jsonl.zst}, as the local engine names them) and its removed
 * records ({@code DIR/removed/NNNN.jsonl}, lines as in the local {@code removed.jsonl}), so neither passes through the
 * driver. The folder is any path every executor can write (a shared file system, or a URI Hadoop's FileSystem writes:
 * {@code hdfs://} …). Written whole or not at all: the executors write a hidden folder beside it, which the driver
 * renames once every unit is written, and deletes when the job fails or is cancelled.
 */
final class ClusterDedupOutput {

    private ClusterDedupOutput() {}

    /**
     * Writes the output of a run whose removed documents are {@code removedByKey} (by document key, see
     * {@link NearDoc#key}).
     */
    static void write(
            JavaSparkContext sc,
            String dir,
            List<CorpusSplit> units,
            DedupTask task,
            JavaPairRDD<Long, DedupResult.Removed> removedByKey) {
        String partial = HadoopStore.partialFolder(dir, UUID.randomUUID().toString());
        List<Tuple2<Integer, CorpusSplit>> numbered = IntStream.range(0, units.size())
                .mapToObj(i -> new Tuple2<>(i, units.get(i)))
                .toList();
        UnitPartitioner byUnit = new UnitPartitioner(units.size());
        JavaPairRDD<Long, Iterable<Tuple2<Integer, DedupResult.Removed>>> removedByUnit = removedByKey
                .mapToPair(e ->
                        new Tuple2<>(NearDoc.key(NearDoc.unit(e._1()), 0), new Tuple2<>(NearDoc.place(e._1()), e._2())))
                .groupByKey(byUnit);
        try {
            List<TaskOutcome<Long>> failed = sc.parallelizePairs(
                            numbered.stream()
                                    .map(u -> new Tuple2<>(NearDoc.key(u._1(), 0), u))
                                    .toList(),
                            byUnit.numPartitions())
                    .partitionBy(byUnit)
                    .leftOuterJoin(removedByUnit, byUnit)
                    .map(e -> {
                        Tuple2<Integer, CorpusSplit> unit = e._2()._1();
                        return TaskOutcome.of(
                                unit._2().file(), () -> writeUnit(partial, unit._1(), unit._2(), task, e._2()._2()));
                    })
                    .filter(TaskOutcome::failed)
                    .take(1);
            if (!failed.isEmpty()) {
                throw failed.get(0).problem();
            }
            HadoopStore.publish(partial, dir);
        } finally {
            HadoopStore.deleteQuietly(partial); // nothing left when the job failed or was cancelled
        }
    }

    /** On an executor: one unit's kept documents and removed records; the unit's document count. */
    private static Long writeUnit(
            String partial,
            int u,
            CorpusSplit split,
            DedupTask task,
            Optional<Iterable<Tuple2<Integer, DedupResult.Removed>>> removed) {
        List<Tuple2<Integer, DedupResult.Removed>> gone = new ArrayList<>();
        if (removed.isPresent()) {
            removed.get().forEach(gone::add);
        }
        gone.sort(Comparator.comparingInt(Tuple2::_1));
        BitSet places = new BitSet();
        gone.forEach(r -> places.set(r._1()));
        if (!gone.isEmpty()) {
            HadoopStore.write(partial, String.format(Locale.ROOT, "removed/%04d.jsonl", u + 1), o -> {
                try (OutputStream b = new BufferedOutputStream(o, 1 << 16)) {
                    DedupOutput.writeRemoved(gone.stream().map(Tuple2::_2).toList(), b);
                }
            });
        }
        long[] documents = {0};
        HadoopStore.write(partial, "kept/" + DedupOutput.keptName(u, split.file()), o -> {
            try (OutputStream k = DedupOutput.keptStream(o)) {
                documents[0] = DedupOutput.writeKept(
                        CorpusFiles.unit(HadoopStore.of(split.path()), split),
                        task.spec(),
                        place -> place < Integer.MAX_VALUE && places.get((int) place),
                        k,
                        CancellationToken.none());
            } catch (UncheckedIOException e) {
                throw e.getCause();
            }
        });
        return documents[0];
    }
}
