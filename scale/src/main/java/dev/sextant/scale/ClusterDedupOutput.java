package dev.sextant.scale;

import dev.sextant.model.BadInputException;
import dev.sextant.model.contamination.CorpusSplit;
import dev.sextant.model.data.DedupResult;
import dev.sextant.model.io.CorpusFiles;
import dev.sextant.model.io.CorpusStore;
import dev.sextant.model.io.DedupOutput;
import dev.sextant.model.job.CancellationToken;
import java.io.BufferedOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.stream.IntStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
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

    /** The folder's URI: a local path made absolute, a URI as given. */
    static String uri(String dir) {
        return CorpusStore.isUri(dir)
                ? dir
                : new File(dir).getAbsoluteFile().toURI().toString();
    }

    /** Refuses a folder that exists and is not empty, before any work is done. */
    static void checkWritable(String dir, Configuration conf) {
        Path target = new Path(uri(dir));
        try {
            FileSystem fs = target.getFileSystem(conf);
            if (fs.exists(target)) {
                FileStatus st = fs.getFileStatus(target);
                if (!st.isDirectory() || fs.listStatus(target).length > 0) {
                    throw BadInputException.of(dir, "exists and is not an empty folder: name a new one");
                }
            }
        } catch (IOException e) {
            throw BadInputException.of(dir, "cannot write through Hadoop's file system: " + e.getMessage());
        }
    }

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
        Path target = new Path(uri(dir));
        Path partial = new Path(target.getParent(), "." + target.getName() + ".partial-" + UUID.randomUUID());
        String partialUri = partial.toString();
        List<Tuple2<Integer, CorpusSplit>> numbered = IntStream.range(0, units.size())
                .mapToObj(i -> new Tuple2<>(i, units.get(i)))
                .toList();
        UnitPartitioner byUnit = new UnitPartitioner(units.size());
        JavaPairRDD<Long, Iterable<Tuple2<Integer, DedupResult.Removed>>> removedByUnit = removedByKey
                .mapToPair(e ->
                        new Tuple2<>(NearDoc.key(NearDoc.unit(e._1()), 0), new Tuple2<>(NearDoc.place(e._1()), e._2())))
                .groupByKey(byUnit);
        FileSystem fs;
        try {
            fs = partial.getFileSystem(sc.hadoopConfiguration());
        } catch (IOException e) {
            throw BadInputException.of(dir, "cannot write through Hadoop's file system: " + e.getMessage());
        }
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
                                unit._2().file(), () -> writeUnit(partialUri, unit._1(), unit._2(), task, e._2()._2()));
                    })
                    .filter(TaskOutcome::failed)
                    .take(1);
            if (!failed.isEmpty()) {
                throw failed.get(0).problem();
            }
            fs.mkdirs(target.getParent());
            if (fs.exists(target)) {
                fs.delete(target, false); // the empty folder checked before the run
            }
            if (!fs.rename(partial, target)) {
                throw BadInputException.of(dir, "could not move the written output into place");
            }
        } catch (IOException e) {
            throw BadInputException.of(dir, "cannot write through Hadoop's file system: " + e.getMessage());
        } finally {
            try {
                fs.delete(partial, true); // nothing left when the job failed or was cancelled
            } catch (IOException e) {
                // the hidden folder stays; the next run writes its own
            }
        }
    }

    /** On an executor: one unit's kept documents and removed records; the unit's document count. */
    private static Long writeUnit(
            String partialUri,
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
        Path root = new Path(partialUri);
        // an instance of its own, so that switching off the local file system's .crc side files touches no other user
        try (FileSystem fs = FileSystem.newInstance(root.toUri(), new Configuration())) {
            fs.setWriteChecksum(false);
            if (!gone.isEmpty()) {
                Path out = new Path(new Path(root, "removed"), String.format(Locale.ROOT, "%04d.jsonl", u + 1));
                try (OutputStream o = new BufferedOutputStream(fs.create(out, true), 1 << 16)) {
                    DedupOutput.writeRemoved(gone.stream().map(Tuple2::_2).toList(), o);
                }
            }
            Path kept = new Path(new Path(root, "kept"), DedupOutput.keptName(u, split.file()));
            try (OutputStream o = DedupOutput.keptStream(fs.create(kept, true))) {
                return DedupOutput.writeKept(
                        CorpusFiles.unit(HadoopStore.of(split.path()), split),
                        task.spec(),
                        place -> place < Integer.MAX_VALUE && places.get((int) place),
                        o,
                        CancellationToken.none());
            }
        } catch (IOException e) {
            throw BadInputException.of(partialUri, "cannot write: " + e.getMessage());
        } catch (UncheckedIOException e) {
            throw BadInputException.of(
                    partialUri, "cannot write: " + e.getCause().getMessage());
        }
    }
}
