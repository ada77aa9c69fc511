package dev.sextant.scale;

import dev.sextant.model.BadInputException;
import dev.sextant.model.contamination.CorpusSplit;
import dev.sextant.model.data.DedupResult;
import dev.sextant.model.data.DedupSpec;
import dev.sextant.model.data.LshBands;
import dev.sextant.model.data.MinHasher;
import dev.sextant.model.data.NearPairs;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.CancelledException;
import dev.sextant.model.job.ProgressListener;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.stream.IntStream;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.storage.StorageLevel;
import scala.Tuple2;

/**
 * Near-duplicate detection as a distributed job: signatures stay on the executors, candidate pairs come from band
 * buckets shuffled by key, close pairs are settled by their exact similarity on the executors that read their units
 * again, and clusters are the connected components of the joined pairs ({@link ConnectedComponents}). The pairs and
 * their verdicts follow {@link NearPairs}, as the local engine's do, so the clusters are the local engine's. The
 * driver receives counts, the largest clusters and the list of removed documents (one short record each), never the
 * signatures or the graph.
 */
public final class SparkNearDedup {

    private SparkNearDedup() {}

    /** A compared pair: the later document, the earlier, the estimate and, once settled, the exact similarity. */
    record Pair(long later, long earlier, double estimate, double exact) implements Serializable {}

    /** A document in a cluster (named by its first document), with the kept document's key, name and signature. */
    record Member(long root, NearDoc doc, long keptKey, String keptName, int[] keptSignature) implements Serializable {}

    public static DedupResult run(
            JavaSparkContext sc,
            DedupSpec spec,
            List<CorpusSplit> splits,
            ProgressListener progress,
            CancellationToken cancel) {
        return run(sc, spec, splits, null, progress, cancel);
    }

    /**
     * @param outDir where the executors write the deduplicated corpus ({@link ClusterDedupOutput}), or null; when
     *               given, the removed documents are written there and not gathered: the result's list of them is empty
     */
    public static DedupResult run(
            JavaSparkContext sc,
            DedupSpec spec,
            List<CorpusSplit> splits,
            String outDir,
            ProgressListener progress,
            CancellationToken cancel) {
        if (spec.mode() != DedupSpec.Mode.NEAR) {
            throw new IllegalArgumentException("the distributed job finds near duplicates");
        }
        long t0 = System.nanoTime();
        DedupTask task = new DedupTask(spec);
        LshBands lsh = spec.lsh();
        int bands = lsh.bands();
        int rows = lsh.rows();
        int perm = spec.permutations();
        NearPairs rule = new NearPairs(spec.threshold(), perm);
        boolean longest = spec.keep() == DedupSpec.Keep.LONGEST;
        List<CorpusSplit> units = List.copyOf(splits);
        if (outDir != null) {
            HadoopStore.checkNewFolder(outDir);
        }
        if (units.size() >= 1 << 24 || bands > 255) {
            throw new IllegalArgumentException(
                    "at most 16,777,215 units and 255 bands: read the corpus in larger units");
        }
        List<Tuple2<Integer, CorpusSplit>> numbered = IntStream.range(0, units.size())
                .mapToObj(i -> new Tuple2<>(i, units.get(i)))
                .toList();
        List<JavaRDD<?>> held = new ArrayList<>();
        String group = "sextant-" + UUID.randomUUID();
        sc.setJobGroup(group, "Sextant near-duplicate detection", true);
        Thread watcher = new Thread(
                () -> {
                    while (!Thread.currentThread().isInterrupted()) {
                        if (cancel.isCancelled()) {
                            sc.cancelJobGroup(group); // Cancel stops the running job, not only the next one
                            return;
                        }
                        try {
                            Thread.sleep(200);
                        } catch (InterruptedException e) {
                            return;
                        }
                    }
                },
                "sextant-dedup-cancel");
        watcher.setDaemon(true);
        watcher.start();
        try {
            progress.progress(0, "reading " + units.size() + " units on Spark");
            // a unit that cannot be read comes back as data naming its file, as the local engine names it
            // each unit read in the partition its documents' keys belong to: signatures are then joined in place
            UnitPartitioner byUnit = new UnitPartitioner(units.size());
            JavaPairRDD<Long, TaskOutcome<ArrayList<NearDoc>>> read = sc.parallelizePairs(
                            numbered.stream()
                                    .map(u -> new Tuple2<>(NearDoc.key(u._1(), 0), u))
                                    .toList(),
                            byUnit.numPartitions())
                    .partitionBy(byUnit)
                    .mapValues(u -> TaskOutcome.of(u._2().file(), () -> new ArrayList<>(task.readNear(u._1(), u._2()))))
                    .persist(StorageLevel.MEMORY_AND_DISK_SER());
            held.add(read.rdd().toJavaRDD());
            List<TaskOutcome<ArrayList<NearDoc>>> failed =
                    read.values().filter(TaskOutcome::failed).take(1);
            if (!failed.isEmpty()) {
                throw failed.get(0).problem();
            }
            JavaPairRDD<Long, NearDoc> byKey = read.mapPartitionsToPair(
                            outcomes -> {
                                List<Tuple2<Long, NearDoc>> out = new ArrayList<>();
                                outcomes.forEachRemaining(
                                        o -> o._2().value.forEach(d -> out.add(new Tuple2<>(d.key, d))));
                                return out.iterator();
                            },
                            true)
                    .persist(StorageLevel.MEMORY_AND_DISK_SER());
            held.add(byKey.rdd().toJavaRDD());
            JavaRDD<NearDoc> docs = byKey.values();
            long n = docs.count();
            read.unpersist(false);
            cancel.throwIfCancelled();
            JavaPairRDD<Long, int[]> signatures = byKey.mapValues(d -> d.signature); // partitioned by unit still

            progress.progress(0.4, "banding " + n + " signatures");
            // one shuffled record a document and band, two longs: the bucket's key (the band mixed in), and the
            // document's key with the band in its top byte, so that a bucket is split by band exactly as the local
            // engine's per-band maps split it
            JavaPairRDD<Long, Long> candidates = docs.flatMapToPair(d -> {
                        List<Tuple2<Long, Long>> out = new ArrayList<>(bands);
                        for (int b = 0; b < bands; b++) {
                            out.add(new Tuple2<>(NearPairs.bandKey(d.signature, 0, b, rows), ((long) b << 56) | d.key));
                        }
                        return out.iterator();
                    })
                    .groupByKey()
                    .flatMapToPair(bucket -> predecessors(bucket._2()).iterator())
                    .distinct();
            JavaRDD<Pair> judged = candidates
                    .mapToPair(p -> new Tuple2<>(p._2(), p._1())) // by the earlier document
                    .join(signatures, byUnit)
                    .mapToPair(e -> new Tuple2<>(e._2()._1(), new Tuple2<>(e._1(), e._2()._2())))
                    .join(signatures, byUnit)
                    .map(e -> new Pair(
                            e._1(),
                            e._2()._1()._1(),
                            NearPairs.estimate(e._2()._2(), 0, e._2()._1()._2(), 0, perm),
                            Double.NaN))
                    .filter(p -> rule.judge(p.estimate()) != NearPairs.Verdict.APART)
                    .persist(StorageLevel.MEMORY_AND_DISK());
            held.add(judged);
            cancel.throwIfCancelled();

            progress.progress(0.6, "settling close pairs by their exact similarity");
            JavaRDD<Pair> close = judged.filter(p -> rule.judge(p.estimate()) == NearPairs.Verdict.SETTLE);
            JavaPairRDD<Long, long[]> shingles = close.flatMap(
                            p -> List.of(p.later(), p.earlier()).iterator())
                    .distinct()
                    .mapToPair(k -> new Tuple2<>(NearDoc.unit(k), NearDoc.place(k)))
                    .groupByKey()
                    .flatMapToPair(u -> {
                        BitSet wanted = new BitSet();
                        u._2().forEach(wanted::set);
                        List<Tuple2<Long, long[]>> out = new ArrayList<>();
                        task.shingles(units.get(u._1()), wanted)
                                .forEach((k, s) -> out.add(new Tuple2<>(NearDoc.key(u._1(), k), s)));
                        return out.iterator();
                    });
            JavaRDD<Pair> settled = close.mapToPair(p -> new Tuple2<>(p.earlier(), p))
                    .join(shingles)
                    .mapToPair(e -> new Tuple2<>(e._2()._1().later(), e._2()))
                    .join(shingles)
                    .map(e -> {
                        Pair p = e._2()._1()._1();
                        return new Pair(
                                p.later(),
                                p.earlier(),
                                p.estimate(),
                                MinHasher.jaccard(e._2()._1()._2(), e._2()._2()));
                    })
                    .persist(StorageLevel.MEMORY_AND_DISK());
            held.add(settled);
            JavaPairRDD<Long, Long> joined = judged.filter(p -> rule.judge(p.estimate()) == NearPairs.Verdict.JOIN)
                    .union(settled.filter(p -> rule.joins(p.exact())))
                    .mapToPair(p -> new Tuple2<>(p.later(), p.earlier()));
            cancel.throwIfCancelled();

            progress.progress(0.7, "clusters: connected components on Spark");
            JavaPairRDD<Long, Long> root =
                    ConnectedComponents.of(joined, cancel::isCancelled).persist(StorageLevel.MEMORY_AND_DISK());
            held.add(root.rdd().toJavaRDD());
            JavaPairRDD<Long, NearDoc> inClusters = byKey.join(root, byUnit)
                    .mapToPair(e -> new Tuple2<>(e._2()._2(), e._2()._1()))
                    .persist(StorageLevel.MEMORY_AND_DISK_SER());
            held.add(inClusters.rdd().toJavaRDD());
            JavaPairRDD<Long, NearDoc> kept = inClusters.reduceByKey((a, b) -> keeper(a, b, longest));
            JavaRDD<Member> members = inClusters
                    .join(kept)
                    .map(e -> new Member(e._1(), e._2()._1(), e._2()._2().key, e._2()._2().name, e._2()._2().signature))
                    .persist(StorageLevel.MEMORY_AND_DISK_SER());
            held.add(members);
            JavaPairRDD<Tuple2<Long, Long>, Double> exactByPair =
                    settled.mapToPair(p -> new Tuple2<>(new Tuple2<>(p.later(), p.earlier()), p.exact()));
            JavaPairRDD<Long, DedupResult.Removed> removedByKey = members.filter(m -> m.doc().key != m.keptKey())
                    .mapToPair(m -> new Tuple2<>(pairKey(m.doc().key, m.keptKey()), m))
                    .leftOuterJoin(exactByPair)
                    .mapToPair(e -> {
                        Member m = e._2()._1();
                        return new Tuple2<>(
                                m.doc().key,
                                new DedupResult.Removed(
                                        m.doc().name,
                                        m.doc().file,
                                        m.doc().index,
                                        m.keptName(),
                                        reported(m, e._2()._2().orNull())));
                    });
            cancel.throwIfCancelled();

            BitSet removedSet = new BitSet();
            List<DedupResult.Removed> removed = new ArrayList<>();
            long duplicates;
            if (outDir != null) {
                progress.progress(0.85, "writing the deduplicated corpus on the executors");
                removedByKey = removedByKey.persist(StorageLevel.MEMORY_AND_DISK_SER());
                held.add(removedByKey.rdd().toJavaRDD());
                duplicates = removedByKey.count();
                ClusterDedupOutput.write(sc, outDir, units, task, removedByKey);
                progress.progress(0.9, "gathering the counts");
            } else {
                progress.progress(0.9, "gathering the counts");
                List<Tuple2<Long, DedupResult.Removed>> removedList =
                        removedByKey.sortByKey().collect();
                Map<Integer, Long> perUnit = new TreeMap<>();
                docs.map(d -> NearDoc.unit(d.key)).countByValue().forEach(perUnit::put);
                long[] offset = new long[units.size() + 1];
                for (int u = 0; u < units.size(); u++) {
                    offset[u + 1] = offset[u] + perUnit.getOrDefault(u, 0L);
                }
                for (Tuple2<Long, DedupResult.Removed> r : removedList) {
                    removedSet.set((int) (offset[NearDoc.unit(r._1())] + NearDoc.place(r._1())));
                    removed.add(r._2());
                }
                duplicates = removed.size();
            }
            long tokensAll = n == 0 ? 0 : docs.map(d -> (long) d.tokens).reduce(Long::sum);
            long tokensRemoved = members.filter(m -> m.doc().key != m.keptKey())
                    .map(m -> (long) m.doc().tokens)
                    .fold(0L, Long::sum);
            JavaPairRDD<Long, Integer> sizes =
                    inClusters.mapValues(d -> 1).reduceByKey(Integer::sum).persist(StorageLevel.MEMORY_AND_DISK());
            held.add(sizes.rdd().toJavaRDD());
            TreeMap<Integer, Long> histogram = new TreeMap<>();
            sizes.values().countByValue().forEach(histogram::put);
            long clusters =
                    histogram.values().stream().mapToLong(Long::longValue).sum();
            List<DedupResult.Cluster> largest = largest(sizes, members, settled);
            List<DedupResult.SourceCount> bySource =
                    spec.sourceField() == null ? List.of() : bySource(byKey, removedByKey);
            progress.progress(1, duplicates + " duplicates of " + n + " documents");
            return new DedupResult(
                    n,
                    duplicates,
                    n == 0 ? 0 : (double) duplicates / n,
                    clusters,
                    tokensAll,
                    tokensAll == 0 ? 0 : (double) tokensRemoved / tokensAll,
                    units.stream().mapToLong(CorpusSplit::sizeBytes).sum(),
                    (System.nanoTime() - t0) / 1e9,
                    lsh,
                    bySource,
                    largest,
                    histogram.entrySet().stream()
                            .map(e -> new DedupResult.SizeCount(e.getKey(), e.getValue()))
                            .toList(),
                    removed,
                    removedSet);
        } catch (BadInputException | CancelledException e) {
            throw e;
        } catch (Exception e) { // Spark's own exception, thrown from Scala unchecked
            if (cancel.isCancelled()) {
                throw new CancelledException();
            }
            // the job could not run (an executor lost, a class missing on the cluster): Spark's own words
            throw new IllegalStateException("the Spark job failed: " + e.getMessage(), e);
        } finally {
            watcher.interrupt();
            sc.clearJobGroup();
            held.forEach(r -> r.unpersist(false));
        }
    }

    /** A bucket's pairs: each member with the {@link NearPairs#PREDECESSORS} members numbered closest below it. */
    static List<Tuple2<Long, Long>> predecessors(Iterable<Long> bucket) {
        List<Long> all = new ArrayList<>();
        bucket.forEach(all::add);
        if (all.size() < 2) {
            return List.of();
        }
        // sorted by band (the top byte), then by document: each band's run is one bucket of the local engine
        long[] keys = all.stream().mapToLong(Long::longValue).sorted().toArray();
        List<Tuple2<Long, Long>> out = new ArrayList<>();
        int from = 0;
        for (int j = 1; j < keys.length; j++) {
            if (keys[j] >>> 56 != keys[j - 1] >>> 56) {
                from = j;
                continue;
            }
            for (int i = Math.max(from, j - NearPairs.PREDECESSORS); i < j; i++) {
                out.add(new Tuple2<>(keys[j] & DOC_BITS, keys[i] & DOC_BITS));
            }
        }
        return out;
    }

    /** A document's key within a band entry (whose top byte is the band). */
    private static final long DOC_BITS = (1L << 56) - 1;

    /** The document a cluster keeps: the first, or the longest (ties to the first). */
    static NearDoc keeper(NearDoc a, NearDoc b, boolean longest) {
        if (longest && a.tokens != b.tokens) {
            return a.tokens > b.tokens ? a : b;
        }
        return a.key < b.key ? a : b;
    }

    private static Tuple2<Long, Long> pairKey(long a, long b) {
        return new Tuple2<>(Math.max(a, b), Math.min(a, b));
    }

    /** As the local engine reports it: the exact similarity where the pair was settled, else the estimate. */
    private static double reported(Member m, Double exact) {
        if (m.doc().key == m.keptKey()) {
            return 1.0;
        }
        return exact != null
                ? exact
                : NearPairs.estimate(m.doc().signature, 0, m.keptSignature(), 0, m.keptSignature().length);
    }

    /** The ten largest clusters (ties: the earliest first), each with its kept document and up to 19 others. */
    private static List<DedupResult.Cluster> largest(
            JavaPairRDD<Long, Integer> sizes, JavaRDD<Member> members, JavaRDD<Pair> settled) {
        List<Tuple2<Long, Integer>> top = sizes.takeOrdered(10, BySizeThenRoot.INSTANCE);
        if (top.isEmpty()) {
            return List.of();
        }
        // each cluster's kept document and its first others, twenty at most: a cluster of a million copies is not
        // gathered on the driver
        Map<Long, List<Member>> shownOf = new HashMap<>();
        for (Tuple2<Long, Integer> t : top) {
            long root = t._1();
            shownOf.put(root, members.filter(m -> m.root() == root).takeOrdered(20, KeptFirst.INSTANCE));
        }
        List<Member> shown = shownOf.values().stream().flatMap(List::stream).toList();
        Map<Tuple2<Long, Long>, Double> exact = new HashMap<>();
        List<Tuple2<Long, Long>> wanted =
                shown.stream().map(m -> pairKey(m.doc().key, m.keptKey())).toList();
        Set<Tuple2<Long, Long>> wantedSet = new HashSet<>(wanted);
        settled.filter(p -> wantedSet.contains(new Tuple2<>(p.later(), p.earlier())))
                .collect()
                .forEach(p -> exact.put(new Tuple2<>(p.later(), p.earlier()), p.exact()));
        List<DedupResult.Cluster> out = new ArrayList<>();
        for (Tuple2<Long, Integer> t : top) {
            List<Member> of = shownOf.get(t._1());
            out.add(new DedupResult.Cluster(
                    t._2(),
                    of.stream()
                            .map(m -> new DedupResult.Member(
                                    m.doc().name,
                                    m.doc().file,
                                    m.doc().index,
                                    m.doc().tokens,
                                    reported(m, exact.get(pairKey(m.doc().key, m.keptKey())))))
                            .toList()));
        }
        return out;
    }

    /** Documents and duplicates by source, in the order each source first appears. */
    private static List<DedupResult.SourceCount> bySource(
            JavaPairRDD<Long, NearDoc> byKey, JavaPairRDD<Long, DedupResult.Removed> removed) {
        List<Tuple2<String, long[]>> counts = byKey.leftOuterJoin(removed)
                .mapToPair(e -> {
                    NearDoc d = e._2()._1();
                    boolean gone = e._2()._2().isPresent();
                    return new Tuple2<>(
                            String.valueOf(d.source),
                            new long[] {1, gone ? 1 : 0, d.tokens, gone ? d.tokens : 0, d.key});
                })
                .reduceByKey(
                        (a, b) -> new long[] {a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3], Math.min(a[4], b[4])})
                .collect();
        return counts.stream()
                .sorted(Comparator.comparingLong(t -> t._2()[4]))
                .map(t -> {
                    long[] c = t._2();
                    return new DedupResult.SourceCount(
                            t._1(),
                            c[0],
                            c[1],
                            c[0] == 0 ? 0 : (double) c[1] / c[0],
                            c[2],
                            c[2] == 0 ? 0 : (double) c[3] / c[2]);
                })
                .toList();
    }

    /** A cluster's kept document first, then the others in reading order. */
    private enum KeptFirst implements Comparator<Member>, Serializable {
        INSTANCE;

        @Override
        public int compare(Member a, Member b) {
            boolean ka = a.doc().key == a.keptKey();
            boolean kb = b.doc().key == b.keptKey();
            return ka != kb ? (ka ? -1 : 1) : Long.compare(a.doc().key, b.doc().key);
        }
    }

    /** Larger clusters first, then the one whose first document comes first. */
    private enum BySizeThenRoot implements Comparator<Tuple2<Long, Integer>>, Serializable {
        INSTANCE;

        @Override
        public int compare(Tuple2<Long, Integer> a, Tuple2<Long, Integer> b) {
            int c = Integer.compare(b._2(), a._2());
            return c != 0 ? c : Long.compare(a._1(), b._1());
        }
    }
}
