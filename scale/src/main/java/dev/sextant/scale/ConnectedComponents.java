package dev.sextant.scale;

import dev.sextant.model.job.CancelledException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.storage.StorageLevel;
import scala.Tuple2;

/**
 * Connected components of an undirected graph held as an edge list on the cluster, by the alternating algorithm of
 * Kiveris, Lattanzi, Mirrokni, Rastogi and Vassilvitskii, "Connected Components in MapReduce and Beyond" (SoCC 2014):
 * large-star and small-star rounds, each one shuffle, until the edges stop changing; they then form one star per
 * component around its smallest vertex. Nothing is gathered on the driver but the edge count of each round; O(log² n)
 * rounds in the worst case, a handful on near-duplicate graphs.
 */
final class ConnectedComponents {

    private ConnectedComponents() {}

    /**
     * The smallest vertex of each vertex's component, for every vertex with at least one edge (the others are
     * components of their own).
     *
     * @param edges      pairs of vertices; either order, repeats and loops allowed
     * @param cancelled  asked between rounds
     */
    static JavaPairRDD<Long, Long> of(JavaPairRDD<Long, Long> edges, BooleanSupplier cancelled) {
        JavaPairRDD<Long, Long> current = edges.filter(e -> !e._1().equals(e._2()))
                .mapToPair(ConnectedComponents::ordered)
                .distinct()
                .persist(StorageLevel.MEMORY_AND_DISK());
        long count = current.count();
        List<JavaPairRDD<Long, Long>> held = new ArrayList<>(List.of(current));
        while (true) {
            if (cancelled.getAsBoolean()) {
                held.forEach(JavaPairRDD::unpersist);
                throw new CancelledException();
            }
            JavaPairRDD<Long, Long> next = smallStar(largeStar(current)).persist(StorageLevel.MEMORY_AND_DISK());
            long nextCount = next.count();
            held.add(next);
            boolean same = nextCount == count && next.subtract(current).isEmpty();
            held.remove(current);
            current.unpersist(false);
            current = next;
            count = nextCount;
            if (same) {
                break;
            }
        }
        // a star: every edge joins a vertex to its component's smallest
        return current.reduceByKey(Math::min)
                .union(current.values().distinct().mapToPair(root -> new Tuple2<>(root, root)))
                .reduceByKey(Math::min);
    }

    /** (larger, smaller). */
    private static Tuple2<Long, Long> ordered(Tuple2<Long, Long> e) {
        return e._1() > e._2() ? e : new Tuple2<>(e._2(), e._1());
    }

    /** Each vertex links its larger neighbours to the smallest vertex of its neighbourhood, itself included. */
    static JavaPairRDD<Long, Long> largeStar(JavaPairRDD<Long, Long> edges) {
        return edges.flatMapToPair(e -> List.of(e, new Tuple2<>(e._2(), e._1())).iterator())
                .groupByKey()
                .flatMapToPair(v -> {
                    long u = v._1();
                    long m = smallest(u, v._2());
                    List<Tuple2<Long, Long>> out = new ArrayList<>();
                    for (long w : v._2()) {
                        if (w > u) {
                            out.add(new Tuple2<>(w, m));
                        }
                    }
                    return out.iterator();
                })
                .distinct();
    }

    /**
     * Each vertex links itself and its smaller neighbours to the smallest of them. Edges come (larger, smaller) and
     * leave so.
     */
    static JavaPairRDD<Long, Long> smallStar(JavaPairRDD<Long, Long> edges) {
        return edges.mapToPair(ConnectedComponents::ordered)
                .groupByKey()
                .flatMapToPair(v -> {
                    long u = v._1();
                    long m = smallest(u, v._2());
                    List<Tuple2<Long, Long>> out = new ArrayList<>();
                    for (long w : v._2()) {
                        if (w != m) {
                            out.add(new Tuple2<>(w, m));
                        }
                    }
                    if (u != m) {
                        out.add(new Tuple2<>(u, m));
                    }
                    return out.iterator();
                })
                .distinct();
    }

    /** The smallest of a vertex and its neighbours. */
    private static long smallest(long u, Iterable<Long> neighbours) {
        long m = u;
        for (long w : neighbours) {
            m = Math.min(m, w);
        }
        return m;
    }
}
