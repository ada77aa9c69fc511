package dev.sextant.scale;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.luben.zstd.ZstdInputStream;
import dev.sextant.model.BadInputException;
import dev.sextant.model.contamination.CorpusUnit;
import dev.sextant.model.data.DedupResult;
import dev.sextant.model.data.DedupSpec;
import dev.sextant.model.data.Deduplicator;
import dev.sextant.model.io.CorpusFiles;
import dev.sextant.model.io.DedupOutput;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.spark.api.java.JavaSparkContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import scala.Tuple2;

/** The distributed near-duplicate job against the local engine, and its connected components against union-find. */
class SparkNearDedupTest {

    @TempDir
    Path tmp;

    static JavaSparkContext sc;

    @BeforeAll
    static void start() {
        sc = SparkScanTest.localContext();
    }

    @AfterAll
    static void stop() {
        sc.close();
    }

    @Test
    void componentsAreThoseOfUnionFind() {
        SplittableRandom r = new SplittableRandom(5);
        int n = 3000;
        long[] vertex = new long[n];
        for (int i = 0; i < n; i++) {
            vertex[i] = ((long) (i / 700) << 32) | (i % 700); // keys as documents have them: unit, then place
        }
        List<Tuple2<Long, Long>> edges = new ArrayList<>();
        int[] parent = new int[n];
        for (int i = 0; i < n; i++) {
            parent[i] = i;
        }
        for (int e = 0; e < 2200; e++) {
            int a = r.nextInt(n);
            int b = r.nextBoolean() ? Math.min(n - 1, a + 1 + r.nextInt(3)) : r.nextInt(n); // chains and far links
            edges.add(new Tuple2<>(vertex[a], vertex[b]));
            parent[find(parent, a)] = find(parent, b);
        }
        for (int i = 0; i + 1 < 400; i++) {
            edges.add(new Tuple2<>(vertex[i + 1], vertex[i])); // one long path: the worst case for rounds
            parent[find(parent, i + 1)] = find(parent, i);
        }
        Map<Long, Long> got = new HashMap<>(ConnectedComponents.of(sc.parallelizePairs(edges, 4), () -> false)
                .collectAsMap());
        Map<Integer, Integer> smallest = new HashMap<>();
        for (int i = 0; i < n; i++) {
            smallest.merge(find(parent, i), i, Math::min);
        }
        int linked = 0;
        for (int i = 0; i < n; i++) {
            boolean alone = true;
            for (Tuple2<Long, Long> e : edges) {
                if ((e._1() == vertex[i]) != (e._2() == vertex[i])) {
                    alone = false;
                    break;
                }
            }
            if (alone) {
                assertThat(got).doesNotContainKey(vertex[i]);
                continue;
            }
            linked++;
            assertThat(got.get(vertex[i]))
                    .as("component of vertex %d", i)
                    .isEqualTo(vertex[smallest.get(find(parent, i))]);
        }
        assertThat(linked).isGreaterThan(2000);
    }

    private static int find(int[] parent, int x) {
        while (parent[x] != x) {
            parent[x] = parent[parent[x]];
            x = parent[x];
        }
        return x;
    }

    @Test
    void distributedClustersAreTheLocalEnginesClusters() throws Exception {
        Path dir = nearCorpus(tmp.resolve("near"));
        List<CorpusUnit> units = CorpusFiles.units(List.of(dir), 24 << 10); // files read in ranges too
        assertThat(units.size()).isGreaterThan(6);
        for (DedupSpec.Keep keep : DedupSpec.Keep.values()) {
            DedupSpec d = DedupSpec.defaults(DedupSpec.Mode.NEAR);
            DedupSpec spec = new DedupSpec(
                    d.mode(),
                    d.threshold(),
                    d.ngram(),
                    d.permutations(),
                    null,
                    d.textField(),
                    d.idField(),
                    "src",
                    keep,
                    d.seed());
            DedupResult local = Deduplicator.run(units, spec, ProgressListener.NONE, CancellationToken.none());
            DedupResult spark = SparkNearDedup.run(
                    sc,
                    spec,
                    units.stream().map(CorpusFiles::split).toList(),
                    ProgressListener.NONE,
                    CancellationToken.none());
            assertThat(local.duplicates()).as(keep.name()).isGreaterThan(150);
            assertThat(local.largest().get(0).size()).isGreaterThan(40);
            assertThat(spark.documents()).isEqualTo(local.documents()).isEqualTo(900);
            assertThat(pairs(spark)).as(keep.name()).isEqualTo(pairs(local));
            assertThat(spark.removedSet()).isEqualTo(local.removedSet());
            assertThat(spark.clusters()).isEqualTo(local.clusters());
            assertThat(spark.clusterSizes()).isEqualTo(local.clusterSizes());
            assertThat(spark.tokens()).isEqualTo(local.tokens());
            assertThat(spark.tokensRemovedShare()).isEqualTo(local.tokensRemovedShare());
            assertThat(spark.bySource()).isEqualTo(local.bySource());
            assertThat(members(spark)).isEqualTo(members(local));
        }
    }

    /**
     * Real near duplicates: the license texts Debian ships in /usr/share/common-licenses (GPL 1–3, LGPL 2–3, GFDL
     * 1.2–1.3, MPL 1.1–2.0 and the rest, verbatim; their own terms allow verbatim copies), at a 0.5 threshold: the same
     * removed documents, kept twins and reported similarities on both engines.
     */
    @Test
    void realLicenseTextsClusterAlikeOnBothEngines() throws Exception {
        Path corpus = Path.of(
                getClass().getResource("/real/debian-common-licenses.jsonl").toURI());
        List<CorpusUnit> units = CorpusFiles.units(List.of(corpus), 64 << 10);
        DedupSpec d = DedupSpec.defaults(DedupSpec.Mode.NEAR);
        DedupSpec spec = new DedupSpec(
                d.mode(), 0.5, d.ngram(), d.permutations(), null, d.textField(), d.idField(), null, d.keep(), d.seed());
        DedupResult local = Deduplicator.run(units, spec, ProgressListener.NONE, CancellationToken.none());
        DedupResult spark = SparkNearDedup.run(
                sc,
                spec,
                units.stream().map(CorpusFiles::split).toList(),
                ProgressListener.NONE,
                CancellationToken.none());
        assertThat(local.documents()).isEqualTo(17);
        assertThat(pairs(local)).containsEntry("GFDL-1.3", "GFDL").containsEntry("LGPL-2.1", "LGPL-2");
        assertThat(spark.removed()).isEqualTo(local.removed());
        assertThat(spark.largest()).isEqualTo(local.largest());
    }

    /**
     * Six files of 150 documents: originals, near copies of earlier documents changed in 1 to 6 words (chains of
     * copies), and one large cluster.
     */
    static Path nearCorpus(Path where) throws Exception {
        SplittableRandom r = new SplittableRandom(21);
        Path dir = Files.createDirectories(where);
        List<String[]> texts = new ArrayList<>();
        String[] sources = {"web", "books", "code"};
        for (int f = 0; f < 6; f++) {
            StringBuilder lines = new StringBuilder();
            for (int d = 0; d < 150; d++) {
                String[] w;
                if (texts.isEmpty() || r.nextInt(10) < 5) {
                    w = SparkScanTest.words(r, 60 + r.nextInt(80)).split(" "); // an original
                } else if (r.nextInt(10) < 2) {
                    w = texts.get(0).clone(); // one large cluster: more than the predecessors compared
                    w[r.nextInt(w.length)] = "w" + r.nextInt(1000);
                } else {
                    // a near copy of an earlier document, itself maybe a copy (chains), changed in 1 to 6 words:
                    // estimates either side of the threshold and within the margin settled exactly
                    w = texts.get(r.nextInt(texts.size())).clone();
                    int changes = 1 + r.nextInt(6);
                    for (int c = 0; c < changes; c++) {
                        w[r.nextInt(w.length)] = "x" + r.nextInt(100_000);
                    }
                }
                texts.add(w);
                lines.append("{\"id\": \"f")
                        .append(f)
                        .append("-")
                        .append(d)
                        .append("\", \"src\": \"")
                        .append(sources[r.nextInt(3)])
                        .append("\", \"text\": \"")
                        .append(String.join(" ", w))
                        .append("\"}\n");
            }
            Files.writeString(dir.resolve("part-" + f + ".jsonl"), lines.toString());
        }
        return dir;
    }

    @Test
    void theExecutorsWriteTheCorpusTheLocalEngineWrites() throws Exception {
        List<CorpusUnit> units = CorpusFiles.units(List.of(nearCorpus(tmp.resolve("corpus"))), 24 << 10);
        DedupSpec spec = DedupSpec.defaults(DedupSpec.Mode.NEAR);
        DedupResult local = Deduplicator.run(units, spec, ProgressListener.NONE, CancellationToken.none());
        DedupOutput.write(tmp.resolve("local"), units, spec, local, ProgressListener.NONE, CancellationToken.none());
        Path out = tmp.resolve("on-spark");
        DedupResult spark = SparkNearDedup.run(
                sc,
                spec,
                units.stream().map(CorpusFiles::split).toList(),
                out.toString(),
                ProgressListener.NONE,
                CancellationToken.none());
        assertThat(spark.duplicates()).isEqualTo(local.duplicates()).isGreaterThan(150);
        assertThat(spark.removed()).as("written by the executors, not gathered").isEmpty();
        assertThat(names(out.resolve("kept"))).isEqualTo(names(tmp.resolve("local/kept")));
        for (String name : names(out.resolve("kept"))) {
            assertThat(unzstd(out.resolve("kept").resolve(name)))
                    .as(name)
                    .isEqualTo(unzstd(tmp.resolve("local/kept").resolve(name)));
        }
        StringBuilder removed = new StringBuilder();
        for (String name : names(out.resolve("removed"))) {
            removed.append(Files.readString(out.resolve("removed").resolve(name)));
        }
        assertThat(removed.toString()).isEqualTo(Files.readString(tmp.resolve("local/removed.jsonl")));
        assertThat(names(tmp)).as("no hidden partial folder left").noneMatch(n -> n.startsWith("."));

        Path used = Files.createDirectories(tmp.resolve("used"));
        Files.writeString(used.resolve("keep-me.txt"), "x");
        assertThatThrownBy(() -> SparkNearDedup.run(
                        sc,
                        spec,
                        units.stream().map(CorpusFiles::split).toList(),
                        used.toString(),
                        ProgressListener.NONE,
                        CancellationToken.none()))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("not an empty folder");
        assertThat(names(used)).containsExactly("keep-me.txt");
    }

    private static List<String> names(Path dir) throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    private static String unzstd(Path file) throws Exception {
        try (InputStream in = new ZstdInputStream(Files.newInputStream(file))) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** Each removed document with the one kept for it. */
    private static Map<String, String> pairs(DedupResult r) {
        Map<String, String> m = new TreeMap<>();
        r.removed().forEach(x -> m.put(x.id(), x.duplicateOf()));
        return m;
    }

    private static List<List<String>> members(DedupResult r) {
        return r.largest().stream()
                .map(c -> c.members().stream().map(DedupResult.Member::id).toList())
                .toList();
    }
}
