package dev.sextant.model.data;

import dev.sextant.model.contamination.CorpusDocuments;
import dev.sextant.model.contamination.CorpusUnit;
import dev.sextant.model.contamination.Normalization;
import dev.sextant.model.contamination.Tokenizer;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.Parallel;
import dev.sextant.model.job.ProgressListener;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;

/**
 * Exact and near-duplicate detection over a corpus, documents tokenised and normalised as the contamination scanner
 * does (lowercase, punctuation removed, whitespace collapsed).
 * <ul>
 *   <li><b>exact</b>: documents with the same normalised word sequence, by a 128-bit hash of it (two independent 64-bit
 *       polynomial hashes of the token hashes);</li>
 *   <li><b>near</b>: a MinHash signature of each document's word n-gram shingles ({@link MinHasher}), banded
 *       ({@link LshBands}); documents sharing a band are candidates, kept as duplicates when their signatures agree in
 *       at least the threshold's share of positions (the estimated Jaccard similarity), and joined into clusters by
 *       union-find (Lee et al. 2022, §4.1; datatrove's minhash stages).</li>
 * </ul>
 * Of each cluster one document is kept by {@link DedupSpec#keep}; the others are removed. Files are read in parallel;
 * documents are numbered in the order of the files given, then their lines.
 */
public final class Deduplicator {

    /** Version of a kept unit state's layout ({@link UnitStates}). */
    static final int STATE_VERSION = 2;
    /** Largest clusters reported. */
    static final int LARGEST = 10;

    private Deduplicator() {}

    /** One file's documents as read. */
    private static final class FileDocs {
        final String file;
        /** Whether the unit is a whole file (documents named file:line) or a byte range of one (file@offset). */
        boolean whole = true;

        long[] index = new long[256];
        int[] tokens = new int[256];
        String[] ids = new String[256];
        String[] sources = new String[256];
        long[] keyHi = new long[256];
        long[] keyLo = new long[256];
        int[] signatures;
        int n;
        long bytes;

        FileDocs(String file, int perm) {
            this.file = file;
            signatures = perm > 0 ? new int[256 * perm] : null;
        }

        /**
         * What was read of the unit, for {@link UnitStates}: with the unit's place to check it against, in one byte array
         * written without streams (a data stream over a deflater cost as much as reading the documents, and
         * signatures, random by design, do not compress).
         */
        byte[] encode(CorpusUnit unit, int perm) {
            byte[][] idBytes = new byte[n][];
            byte[][] sourceBytes = new byte[n][];
            byte[] fileBytes = unit.file().getBytes(StandardCharsets.UTF_8);
            long size = 4 + 4 + fileBytes.length + 8 + 8 + 4 + 1 + 8 + 4;
            for (int i = 0; i < n; i++) {
                idBytes[i] = ids[i] == null ? null : ids[i].getBytes(StandardCharsets.UTF_8);
                sourceBytes[i] = sources[i] == null ? null : sources[i].getBytes(StandardCharsets.UTF_8);
                size += 8
                        + 4
                        + 2
                        + (idBytes[i] == null ? 0 : 4 + idBytes[i].length)
                        + (sourceBytes[i] == null ? 0 : 4 + sourceBytes[i].length)
                        + (perm > 0 ? 4L * perm : 16);
            }
            if (size > Integer.MAX_VALUE - 16) {
                throw new IllegalStateException(
                        unit.file() + ": a unit's state over 2 GiB; read the file in smaller ranges");
            }
            ByteBuffer b = ByteBuffer.allocate((int) size);
            b.putInt(STATE_VERSION)
                    .putInt(fileBytes.length)
                    .put(fileBytes)
                    .putLong(unit.start())
                    .putLong(unit.end())
                    .putInt(perm)
                    .put((byte) (whole ? 1 : 0))
                    .putLong(bytes)
                    .putInt(n);
            for (int i = 0; i < n; i++) {
                b.putLong(index[i]).putInt(tokens[i]);
                putNullable(b, idBytes[i]);
                putNullable(b, sourceBytes[i]);
                if (perm > 0) {
                    b.asIntBuffer().put(signatures, i * perm, perm);
                    b.position(b.position() + 4 * perm);
                } else {
                    b.putLong(keyHi[i]).putLong(keyLo[i]);
                }
            }
            return b.array();
        }

        /** A unit's kept state, or null when there is none or it was kept for another unit or method. */
        static FileDocs decode(byte[] state, CorpusUnit unit, int perm) {
            if (state == null) {
                return null;
            }
            try {
                ByteBuffer b = ByteBuffer.wrap(state);
                if (b.getInt() != STATE_VERSION
                        || !getString(b).equals(unit.file())
                        || b.getLong() != unit.start()
                        || b.getLong() != unit.end()
                        || b.getInt() != perm) {
                    return null;
                }
                FileDocs d = new FileDocs(unit.file(), perm);
                d.whole = b.get() == 1;
                d.bytes = b.getLong();
                int count = b.getInt();
                while (d.index.length < count) {
                    d.grow(perm);
                }
                for (int i = 0; i < count; i++) {
                    d.index[i] = b.getLong();
                    d.tokens[i] = b.getInt();
                    d.ids[i] = getNullable(b);
                    d.sources[i] = getNullable(b);
                    if (perm > 0) {
                        b.asIntBuffer().get(d.signatures, i * perm, perm);
                        b.position(b.position() + 4 * perm);
                    } else {
                        d.keyHi[i] = b.getLong();
                        d.keyLo[i] = b.getLong();
                    }
                }
                d.n = count;
                return d;
            } catch (RuntimeException e) {
                return null; // damaged (java.nio's underflow, a bad length): the unit is read again
            }
        }

        private static void putNullable(ByteBuffer b, byte[] s) {
            b.put((byte) (s != null ? 1 : 0));
            if (s != null) {
                b.putInt(s.length).put(s);
            }
        }

        private static String getNullable(ByteBuffer b) {
            return b.get() == 1 ? getString(b) : null;
        }

        private static String getString(ByteBuffer b) {
            int length = b.getInt();
            if (length < 0 || length > b.remaining()) {
                throw new BufferUnderflowException();
            }
            byte[] s = new byte[length];
            b.get(s);
            return new String(s, StandardCharsets.UTF_8);
        }

        void grow(int perm) {
            int c = index.length * 2;
            index = Arrays.copyOf(index, c);
            tokens = Arrays.copyOf(tokens, c);
            ids = Arrays.copyOf(ids, c);
            sources = Arrays.copyOf(sources, c);
            keyHi = Arrays.copyOf(keyHi, c);
            keyLo = Arrays.copyOf(keyLo, c);
            if (signatures != null) {
                signatures = Arrays.copyOf(signatures, c * perm);
            }
        }
    }

    /**
     * Where a resumable run keeps what it read of each unit (a unit's documents, their keys or signatures), so that a run
     * cancelled, failed or stopped can go on without reading those units again.
     */
    public interface UnitStates {
        /** What was kept for unit {@code unit}, or null. */
        byte[] load(int unit);

        /** Keeps what was read of unit {@code unit}, whole or not at all. */
        void save(int unit, byte[] state);

        /** States held in memory, e.g. a cluster's units for the clustering that follows on the driver. */
        static UnitStates inMemory() {
            Map<Integer, byte[]> held = new ConcurrentHashMap<>();
            return new UnitStates() {
                @Override
                public byte[] load(int unit) {
                    return held.get(unit);
                }

                @Override
                public void save(int unit, byte[] state) {
                    held.put(unit, state);
                }
            };
        }

        UnitStates NONE = new UnitStates() {
            @Override
            public byte[] load(int unit) {
                return null;
            }

            @Override
            public void save(int unit, byte[] state) {}
        };
    }

    /** The corpus file a kept unit state was read from, or null when it cannot be read. */
    public static String stateFile(byte[] state) {
        try {
            ByteBuffer b = ByteBuffer.wrap(state);
            return b.getInt() == STATE_VERSION ? FileDocs.getString(b) : null;
        } catch (RuntimeException e) {
            return null;
        }
    }

    public static DedupResult run(
            List<CorpusUnit> units, DedupSpec spec, ProgressListener progress, CancellationToken cancel) {
        return run(units, spec, 0, UnitStates.NONE, progress, cancel);
    }

    /** @param threads files read at once (0: as many as cores) */
    public static DedupResult run(
            List<CorpusUnit> units, DedupSpec spec, int threads, ProgressListener progress, CancellationToken cancel) {
        return run(units, spec, threads, UnitStates.NONE, progress, cancel);
    }

    /**
     * @param threads files read at once (0: as many as cores)
     * @param states  units read by an earlier attempt of the same run are taken from here; each unit read is kept there
     */
    public static DedupResult run(
            List<CorpusUnit> units,
            DedupSpec spec,
            int threads,
            UnitStates states,
            ProgressListener progress,
            CancellationToken cancel) {
        return Parallel.within(threads, () -> compute(units, spec, states, progress, cancel));
    }

    private static DedupResult compute(
            List<CorpusUnit> units,
            DedupSpec spec,
            UnitStates states,
            ProgressListener progress,
            CancellationToken cancel) {
        long t0 = System.nanoTime();
        boolean near = spec.mode() == DedupSpec.Mode.NEAR;
        int perm = near ? spec.permutations() : 0;
        MinHasher hasher = near ? new MinHasher(spec.permutations(), spec.ngram(), spec.seed()) : null;
        long totalBytes =
                Math.max(1, units.stream().mapToLong(CorpusUnit::sizeBytes).sum());
        AtomicLong done = new AtomicLong();
        FileDocs[] files = new FileDocs[units.size()];
        IntStream.range(0, units.size()).parallel().forEach(f -> {
            CorpusUnit unit = units.get(f);
            FileDocs saved = FileDocs.decode(states.load(f), unit, perm);
            if (saved != null) {
                files[f] = saved;
                long sofar = done.addAndGet(unit.sizeBytes());
                progress.progress(0.9 * sofar / totalBytes, "kept from before: " + unit.file());
                return;
            }
            cancel.throwIfCancelled();
            FileDocs d = read(unit, spec, hasher, cancel);
            if (states != UnitStates.NONE) {
                states.save(f, d.encode(unit, perm)); // a kept run's progress; encoding costs as much as hashing
            }
            files[f] = d;
            long sofar = done.addAndGet(unit.sizeBytes());
            progress.progress(0.9 * sofar / totalBytes, "read " + unit.file());
        });
        int[] offset = new int[files.length + 1];
        for (int f = 0; f < files.length; f++) {
            offset[f + 1] = offset[f] + files[f].n;
        }
        int n = offset[files.length];
        if (n == 0) {
            throw CorpusDocuments.noDocuments(units.get(0).file(), spec.textField(), -1);
        }
        int[] fileOf = new int[n];
        for (int f = 0; f < files.length; f++) {
            Arrays.fill(fileOf, offset[f], offset[f + 1], f);
        }
        UnionFind uf = new UnionFind(n);
        LshBands lsh = near ? spec.lsh() : null;
        NearPairs rule = near ? new NearPairs(spec.threshold(), perm) : null;
        Set<Long> uncertain = new LinkedHashSet<>();
        Map<Long, Double> exact = new HashMap<>();
        cancel.throwIfCancelled();
        progress.progress(0.92, near ? "banding " + n + " signatures" : "matching " + n + " documents");
        if (near) {
            for (int band = 0; band < lsh.bands(); band++) {
                cancel.throwIfCancelled();
                long[] keys = new long[n];
                for (int g = 0; g < n; g++) {
                    FileDocs d = files[fileOf[g]];
                    keys[g] = NearPairs.bandKey(d.signatures, (g - offset[fileOf[g]]) * perm, band, lsh.rows());
                }
                // documents of one bucket chained in reading order: each compared with the ones just before it
                // (NearPairs); a pair already together is not compared again, which changes no cluster
                int[] previous = new int[n];
                LongIntMap heads = new LongIntMap(n);
                for (int doc = 0; doc < n; doc++) {
                    int before = heads.put(keys[doc], doc);
                    previous[doc] = before;
                    int checked = 0;
                    for (int other = before;
                            other >= 0 && checked < NearPairs.PREDECESSORS;
                            other = previous[other], checked++) {
                        if (uf.find(doc) == uf.find(other)) {
                            continue;
                        }
                        NearPairs.Verdict verdict = rule.judge(similarity(files, fileOf, offset, perm, doc, other));
                        if (verdict == NearPairs.Verdict.JOIN) {
                            uf.union(doc, other);
                        } else if (verdict == NearPairs.Verdict.SETTLE && uncertain.size() < MAX_UNCERTAIN_PAIRS) {
                            uncertain.add(((long) doc << 32) | other); // settled below by the exact similarity
                        }
                    }
                }
            }
            exact.putAll(settle(units, offset, spec, uncertain, uf, progress, cancel));
        } else {
            Map<Key, Integer> seen = new HashMap<>();
            for (int g = 0; g < n; g++) {
                FileDocs d = files[fileOf[g]];
                int i = g - offset[fileOf[g]];
                Integer first = seen.putIfAbsent(new Key(d.keyHi[i], d.keyLo[i]), g);
                if (first != null) {
                    uf.union(g, first);
                }
            }
        }
        progress.progress(0.97, "clusters");
        // the kept document of each cluster
        int[] keptOf = new int[n];
        Arrays.fill(keptOf, -1);
        for (int g = 0; g < n; g++) {
            int root = uf.find(g);
            int k = keptOf[root];
            if (k < 0
                    || spec.keep() == DedupSpec.Keep.LONGEST
                            && tokens(files, fileOf, offset, g) > tokens(files, fileOf, offset, k)) {
                keptOf[root] = g;
            }
        }
        BitSet removedSet = new BitSet(n);
        List<DedupResult.Removed> removed = new ArrayList<>();
        long tokensAll = 0;
        long tokensRemoved = 0;
        Map<Integer, List<Integer>> clusters = new HashMap<>();
        Map<String, long[]> bySource = new LinkedHashMap<>();
        for (int g = 0; g < n; g++) {
            int tk = tokens(files, fileOf, offset, g);
            tokensAll += tk;
            int kept = keptOf[uf.find(g)];
            boolean gone = kept != g;
            String source =
                    spec.sourceField() == null ? null : String.valueOf(files[fileOf[g]].sources[g - offset[fileOf[g]]]);
            if (source != null) {
                long[] c = bySource.computeIfAbsent(source, x -> new long[4]);
                c[0]++;
                c[2] += tk;
                if (gone) {
                    c[1]++;
                    c[3] += tk;
                }
            }
            if (uf.sizeOf(g) > 1) {
                clusters.computeIfAbsent(uf.find(g), x -> new ArrayList<>()).add(g);
            }
            if (gone) {
                removedSet.set(g);
                tokensRemoved += tk;
                removed.add(new DedupResult.Removed(
                        name(files, fileOf, offset, g),
                        files[fileOf[g]].file,
                        index(files, fileOf, offset, g),
                        name(files, fileOf, offset, kept),
                        near ? reported(exact, files, fileOf, offset, perm, g, kept) : 1.0));
            }
        }
        List<DedupResult.Cluster> largest = clusters.values().stream()
                .sorted(Comparator.comparingInt((List<Integer> c) -> -c.size()).thenComparingInt(c -> c.get(0)))
                .limit(LARGEST)
                .map(c -> {
                    int kept = keptOf[uf.find(c.get(0))];
                    List<Integer> ordered = new ArrayList<>(c);
                    ordered.remove(Integer.valueOf(kept));
                    ordered.add(0, kept);
                    return new DedupResult.Cluster(
                            c.size(),
                            ordered.stream()
                                    .limit(20)
                                    .map(g -> new DedupResult.Member(
                                            name(files, fileOf, offset, g),
                                            files[fileOf[g]].file,
                                            index(files, fileOf, offset, g),
                                            tokens(files, fileOf, offset, g),
                                            near ? reported(exact, files, fileOf, offset, perm, g, kept) : 1.0))
                                    .toList());
                })
                .toList();
        TreeMap<Integer, Long> sizes = new TreeMap<>();
        clusters.values().forEach(c -> sizes.merge(c.size(), 1L, Long::sum));
        List<DedupResult.SizeCount> clusterSizes = sizes.entrySet().stream()
                .map(e -> new DedupResult.SizeCount(e.getKey(), e.getValue()))
                .toList();
        List<DedupResult.SourceCount> sources = new ArrayList<>();
        for (Map.Entry<String, long[]> e : bySource.entrySet()) {
            long[] c = e.getValue();
            sources.add(new DedupResult.SourceCount(
                    e.getKey(),
                    c[0],
                    c[1],
                    c[0] == 0 ? 0 : (double) c[1] / c[0],
                    c[2],
                    c[2] == 0 ? 0 : (double) c[3] / c[2]));
        }
        long bytes = Arrays.stream(files).mapToLong(d -> d.bytes).sum();
        progress.progress(1, removed.size() + " duplicates of " + n + " documents");
        return new DedupResult(
                n,
                removed.size(),
                n == 0 ? 0 : (double) removed.size() / n,
                clusters.size(),
                tokensAll,
                tokensAll == 0 ? 0 : (double) tokensRemoved / tokensAll,
                bytes,
                (System.nanoTime() - t0) / 1e9,
                lsh,
                sources,
                largest,
                clusterSizes,
                removed,
                removedSet);
    }

    /**
     * One unit's documents as read for near-duplicate detection, in reading order: where each is ({@code index}: line
     * or byte offset), its tokens, id, source and MinHash signature ({@code permutations} values from
     * {@code k · permutations}). What a distributed run's executors hold of a unit.
     */
    public record UnitDocs(
            String file,
            boolean whole,
            int count,
            long[] index,
            int[] tokens,
            String[] ids,
            String[] sources,
            int[] signatures) {

        /** Document {@code k}'s id, or where it has none file:line (file@byte offset in a file read in ranges). */
        public String name(int k) {
            return ids[k] != null ? ids[k] : file + (whole ? ":" : "@") + index[k];
        }
    }

    /** Reads one unit's documents and their signatures as a near-duplicate run does. */
    public static UnitDocs readNear(CorpusUnit unit, DedupSpec spec, CancellationToken cancel) {
        if (spec.mode() != DedupSpec.Mode.NEAR) {
            throw new IllegalArgumentException("signatures are read for near-duplicate detection only");
        }
        FileDocs d = read(unit, spec, new MinHasher(spec.permutations(), spec.ngram(), spec.seed()), cancel);
        return new UnitDocs(d.file, d.whole, d.n, d.index, d.tokens, d.ids, d.sources, d.signatures);
    }

    /**
     * Reads one unit as a run does and returns what it read in the layout {@link UnitStates} keeps: a cluster's worker
     * reads units with this, and the driver's {@link #run} takes them as read before (so the result is the local one).
     */
    public static byte[] readUnit(CorpusUnit unit, DedupSpec spec, CancellationToken cancel) {
        boolean near = spec.mode() == DedupSpec.Mode.NEAR;
        MinHasher hasher = near ? new MinHasher(spec.permutations(), spec.ngram(), spec.seed()) : null;
        return read(unit, spec, hasher, cancel).encode(unit, near ? spec.permutations() : 0);
    }

    /** One unit's documents with their keys (exact) or signatures (near). */
    private static FileDocs read(CorpusUnit unit, DedupSpec spec, MinHasher hasher, CancellationToken cancel) {
        boolean near = hasher != null;
        int perm = near ? spec.permutations() : 0;
        FileDocs d = new FileDocs(unit.file(), perm);
        d.whole = unit.format() != CorpusUnit.Format.JSONL || unit.start() == 0 && unit.end() == Long.MAX_VALUE;
        Tokenizer tokenizer = new Tokenizer(Normalization.defaults(), false, 4096);
        long[][] tokenBuf = {new long[1024]};
        int[] count = new int[1];
        int[] sig = new int[Math.max(1, perm)];
        CorpusDocuments.forEach(
                unit,
                spec.textField(),
                spec.idField(),
                spec.sourceField(),
                (index, line, from, to, text, length, fields) -> {
                    tokenBuf[0] = tokenizer.tokenHashes(text, 0, length, tokenBuf[0], count);
                    if (d.n == d.index.length) {
                        d.grow(perm);
                    }
                    int i = d.n++;
                    d.index[i] = index;
                    d.tokens[i] = count[0];
                    d.ids[i] = fields.id();
                    d.sources[i] = fields.source();
                    if (near) {
                        hasher.signature(tokenBuf[0], count[0], sig);
                        System.arraycopy(sig, 0, d.signatures, i * perm, perm);
                    } else {
                        Key k = Key.of(tokenBuf[0], count[0]);
                        d.keyHi[i] = k.hi();
                        d.keyLo[i] = k.lo();
                    }
                },
                cancel);
        d.bytes = unit.sizeBytes();
        return d;
    }

    /** A document's exact-duplicate key: two independent 64-bit hashes over its normalised tokens' hashes (128 bits). */
    record Key(long hi, long lo) {
        static Key of(long[] tokens, int count) {
            long hi = 0x6A09E667F3BCC909L;
            long lo = 0xBB67AE8584CAA73BL;
            for (int k = 0; k < count; k++) {
                long t = tokens[k];
                hi = (hi ^ t) * 0x100000001B3L + 0x9E3779B97F4A7C15L;
                lo = Long.rotateLeft(lo + MinHasher.mix(t), 29) * 0xC2B2AE3D27D4EB4FL;
            }
            return new Key(MinHasher.mix(hi ^ count), MinHasher.mix(lo));
        }
    }

    /** Open-addressing map from a band key to the last document with it (−1: none), primitive all through. */
    static final class LongIntMap {
        private final long[] keys;
        private final int[] values;
        private final boolean[] used;
        private final int mask;

        LongIntMap(int expected) {
            int cap = Integer.highestOneBit(Math.max(4, expected * 2 - 1)) << 1;
            keys = new long[cap];
            values = new int[cap];
            used = new boolean[cap];
            mask = cap - 1;
        }

        /** Sets the key's value; returns the one it had, or −1. */
        int put(long key, int value) {
            int i = (int) (MinHasher.mix(key) & mask);
            while (used[i]) {
                if (keys[i] == key) {
                    int old = values[i];
                    values[i] = value;
                    return old;
                }
                i = (i + 1) & mask;
            }
            used[i] = true;
            keys[i] = key;
            values[i] = value;
            return -1;
        }
    }

    /** Pairs settled by their exact similarity at most; beyond, the estimate decides. */
    static final int MAX_UNCERTAIN_PAIRS = 2_000_000;

    /**
     * Settles the candidate pairs whose estimated similarity was too close to the threshold to tell (Broder 1997: the
     * estimate's standard error is √(J(1 − J)/k), ±0.038 at 0.8 and 112 bins): their documents are read again, only
     * those, and a pair is joined when the exact Jaccard similarity of its shingle sets reaches the threshold.
     *
     * @return the exact similarity of each settled pair, by (later document << 32 | earlier)
     */
    private static Map<Long, Double> settle(
            List<CorpusUnit> units,
            int[] offset,
            DedupSpec spec,
            Set<Long> uncertain,
            UnionFind uf,
            ProgressListener progress,
            CancellationToken cancel) {
        if (uncertain.isEmpty()) {
            return Map.of();
        }
        progress.progress(0.93, "reading " + uncertain.size() + " close pairs again for their exact similarity");
        BitSet wanted = new BitSet();
        for (long p : uncertain) {
            wanted.set((int) (p >>> 32));
            wanted.set((int) p);
        }
        Map<Integer, long[]> shingles = new HashMap<>();
        for (int f = 0; f < units.size(); f++) {
            int from = offset[f];
            int to = offset[f + 1];
            if (wanted.nextSetBit(from) < 0 || wanted.nextSetBit(from) >= to) {
                continue;
            }
            cancel.throwIfCancelled();
            shingles(units.get(f), spec, wanted.get(from, to), cancel).forEach((k, s) -> shingles.put(from + k, s));
        }
        NearPairs rule = new NearPairs(spec.threshold(), spec.permutations());
        Map<Long, Double> exact = new HashMap<>();
        for (long p : uncertain) {
            int a = (int) (p >>> 32);
            int b = (int) p;
            long[] sa = shingles.get(a);
            long[] sb = shingles.get(b);
            if (sa == null || sb == null) {
                continue; // not read again (the file changed under the run): left apart
            }
            double j = MinHasher.jaccard(sa, sb);
            exact.put(p, j);
            if (rule.joins(j)) {
                uf.union(a, b);
            }
        }
        return exact;
    }

    /**
     * The shingle sets (sorted hashes) of some of a unit's documents, by their place in the unit: what the exact
     * similarity of a close pair is computed from.
     */
    public static Map<Integer, long[]> shingles(
            CorpusUnit unit, DedupSpec spec, BitSet wanted, CancellationToken cancel) {
        MinHasher hasher = new MinHasher(spec.permutations(), spec.ngram(), spec.seed());
        Map<Integer, long[]> shingles = new HashMap<>();
        Tokenizer tokenizer = new Tokenizer(Normalization.defaults(), false, 4096);
        long[][] tokenBuf = {new long[1024]};
        int[] count = new int[1];
        int[] local = {0};
        CorpusDocuments.forEach(
                unit,
                spec.textField(),
                spec.idField(),
                spec.sourceField(),
                (index, line, a, b, text, length, fields) -> {
                    int k = local[0]++;
                    if (wanted.get(k)) {
                        tokenBuf[0] = tokenizer.tokenHashes(text, 0, length, tokenBuf[0], count);
                        shingles.put(k, hasher.shingles(tokenBuf[0], count[0]));
                    }
                },
                cancel);
        return shingles;
    }

    /** The similarity reported for a removed document: exact where its pair was settled, else the estimate. */
    private static double reported(
            Map<Long, Double> exact, FileDocs[] files, int[] fileOf, int[] offset, int perm, int g, int kept) {
        Double j = exact.get(((long) Math.max(g, kept) << 32) | Math.min(g, kept));
        return j != null ? j : similarity(files, fileOf, offset, perm, g, kept);
    }

    private static double similarity(FileDocs[] files, int[] fileOf, int[] offset, int perm, int a, int b) {
        return NearPairs.estimate(
                files[fileOf[a]].signatures,
                (a - offset[fileOf[a]]) * perm,
                files[fileOf[b]].signatures,
                (b - offset[fileOf[b]]) * perm,
                perm);
    }

    private static int tokens(FileDocs[] files, int[] fileOf, int[] offset, int g) {
        return files[fileOf[g]].tokens[g - offset[fileOf[g]]];
    }

    private static long index(FileDocs[] files, int[] fileOf, int[] offset, int g) {
        return files[fileOf[g]].index[g - offset[fileOf[g]]];
    }

    /** A document's id, or where it has none file:line (file@byte offset in a file read in ranges). */
    private static String name(FileDocs[] files, int[] fileOf, int[] offset, int g) {
        FileDocs d = files[fileOf[g]];
        String id = d.ids[g - offset[fileOf[g]]];
        return id != null ? id : d.file + (d.whole ? ":" : "@") + d.index[g - offset[fileOf[g]]];
    }
}
