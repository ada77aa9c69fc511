package dev.sextant.model.data;

import dev.sextant.model.contamination.CorpusDocuments;
import dev.sextant.model.contamination.CorpusUnit;
import dev.sextant.model.contamination.NgramIndex;
import dev.sextant.model.contamination.NgramMatcher;
import dev.sextant.model.contamination.Normalization;
import dev.sextant.model.contamination.Tokenizer;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.Parallel;
import dev.sextant.model.job.ProgressListener;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Reads a corpus's composition by a field — documents, text bytes, tokens, exact duplicates and (with a benchmark)
 * documents holding its n-grams, per source — and plans the mixture ({@link MixPlanner}) and, with an order field, a
 * curriculum-style supply in phases. Units are read in parallel; duplicates are decided afterwards in reading order,
 * so the counts do not depend on the threads. Memory: 20 bytes a document (its exact-duplicate key and source), 12 more
 * with an order field.
 */
public final class CorpusMix {

    static final String NONE = "(none)";

    private CorpusMix() {}

    /** One unit's documents as read. */
    private static final class UnitDocs {
        final Map<String, Integer> names = new LinkedHashMap<>();
        long[] hi = new long[256];
        long[] lo = new long[256];
        int[] source = new int[256];
        double[] value;
        float[] tokens;
        int n;
        long[] documents = new long[4];
        long[] bytes = new long[4];
        double[] tokenSums = new double[4];
        long[] contaminated = new long[4];

        int source(String name) {
            Integer i = names.get(name);
            if (i == null) {
                i = names.size();
                names.put(name, i);
                if (i == documents.length) {
                    documents = Arrays.copyOf(documents, i * 2);
                    bytes = Arrays.copyOf(bytes, i * 2);
                    tokenSums = Arrays.copyOf(tokenSums, i * 2);
                    contaminated = Arrays.copyOf(contaminated, i * 2);
                }
            }
            return i;
        }

        void grow(boolean ordered) {
            int c = hi.length * 2;
            hi = Arrays.copyOf(hi, c);
            lo = Arrays.copyOf(lo, c);
            source = Arrays.copyOf(source, c);
            if (ordered) {
                value = Arrays.copyOf(value, c);
                tokens = Arrays.copyOf(tokens, c);
            }
        }
    }

    /**
     * @param benchmark the benchmark's n-gram index to count contaminated documents by, or null
     * @param threads   units read at once
     */
    public static MixResult run(
            List<CorpusUnit> units,
            MixSpec spec,
            TokenCounting counting,
            NgramIndex benchmark,
            int threads,
            ProgressListener progress,
            CancellationToken cancel) {
        long t0 = System.nanoTime();
        boolean ordered = spec.orderBy() != null;
        long totalBytes =
                Math.max(1, units.stream().mapToLong(CorpusUnit::sizeBytes).sum());
        AtomicLong done = new AtomicLong();
        UnitDocs[] read = new UnitDocs[units.size()];
        ConcurrentLinkedQueue<TokenCounting.Counter> counters = new ConcurrentLinkedQueue<>();
        ThreadLocal<TokenCounting.Counter> counter = ThreadLocal.withInitial(() -> {
            TokenCounting.Counter c = counting.newCounter();
            counters.add(c);
            return c;
        });
        try {
            Parallel.forEach(units.size(), Math.max(1, threads), u -> {
                cancel.throwIfCancelled();
                read[u] = read(units.get(u), spec, counter.get(), benchmark, ordered, cancel);
                long d = done.addAndGet(units.get(u).sizeBytes());
                progress.progress(
                        0.95 * d / totalBytes,
                        String.format(Locale.ROOT, "counted %.0f of %.0f MB", d / 1e6, totalBytes / 1e6));
            });
        } finally {
            counters.forEach(c -> {
                try {
                    c.close();
                } catch (Exception ignored) {
                    // a counter that cannot be closed holds only memory
                }
            });
        }
        // sources in order of first appearance; duplicates against every earlier document, in reading order
        Map<String, Integer> global = new LinkedHashMap<>();
        List<long[]> counts = new ArrayList<>(); // documents, bytes, duplicates, contaminated
        List<double[]> tokens = new ArrayList<>();
        Set<Deduplicator.Key> seen = new HashSet<>();
        long documents = 0;
        for (UnitDocs d : read) {
            int[] map = new int[d.names.size()];
            for (Map.Entry<String, Integer> e : d.names.entrySet()) {
                map[e.getValue()] = global.computeIfAbsent(e.getKey(), k -> {
                    counts.add(new long[4]);
                    tokens.add(new double[1]);
                    return global.size();
                });
                long[] c = counts.get(map[e.getValue()]);
                c[0] += d.documents[e.getValue()];
                c[1] += d.bytes[e.getValue()];
                c[3] += d.contaminated[e.getValue()];
                tokens.get(map[e.getValue()])[0] += d.tokenSums[e.getValue()];
            }
            for (int i = 0; i < d.n; i++) {
                if (!seen.add(new Deduplicator.Key(d.hi[i], d.lo[i]))) {
                    counts.get(map[d.source[i]])[2]++;
                }
            }
            documents += d.n;
        }
        cancel.throwIfCancelled();
        if (documents == 0) {
            throw CorpusDocuments.noDocuments(units.get(0).file(), spec.textField(), -1);
        }
        List<MixPlanner.Counted> counted = new ArrayList<>();
        global.forEach((name, i) -> counted.add(new MixPlanner.Counted(
                name, counts.get(i)[0], counts.get(i)[1], tokens.get(i)[0], counts.get(i)[2], counts.get(i)[3])));
        List<MixSource> sources = MixPlanner.plan(counted, spec.target(), spec.budgetTokens(), benchmark != null);
        long bytes = counted.stream().mapToLong(MixPlanner.Counted::bytes).sum();
        double allTokens =
                counted.stream().mapToDouble(MixPlanner.Counted::tokens).sum();
        List<MixResult.Phase> phases = List.of();
        long unordered = 0;
        if (ordered) {
            for (UnitDocs d : read) {
                for (int i = 0; i < d.n; i++) {
                    unordered += Double.isNaN(d.value[i]) ? 1 : 0;
                }
            }
            phases = phases(read, global, sources, spec);
        }
        progress.progress(1, "counted " + documents + " documents");
        return new MixResult(
                spec.by(),
                documents,
                bytes,
                allTokens,
                counting.method(),
                counting.exact(),
                spec.budgetTokens(),
                sources,
                spec.orderBy(),
                phases,
                unordered,
                units.stream().mapToLong(CorpusUnit::sizeBytes).sum(),
                (System.nanoTime() - t0) / 1e9,
                "exact: equal after normalisation to an earlier document");
    }

    private static UnitDocs read(
            CorpusUnit unit,
            MixSpec spec,
            TokenCounting.Counter counter,
            NgramIndex benchmark,
            boolean ordered,
            CancellationToken cancel) {
        UnitDocs d = new UnitDocs();
        if (ordered) {
            d.value = new double[d.hi.length];
            d.tokens = new float[d.hi.length];
        }
        Tokenizer words = new Tokenizer(Normalization.defaults(), false, 4096);
        NgramMatcher matcher = benchmark == null ? null : new NgramMatcher(benchmark, Normalization.defaults());
        long[][] buf = {new long[1024]};
        int[] count = new int[1];
        boolean dotted = spec.by().indexOf('.') > 0;
        CorpusDocuments.forEach(
                unit,
                spec.textField(),
                null,
                dotted ? null : spec.by(),
                (index, line, from, to, text, length, fields) -> {
                    String name =
                            dotted && line != null ? CorpusDocuments.field(line, from, to, spec.by()) : fields.source();
                    int s = d.source(name == null ? NONE : name);
                    if (d.n == d.hi.length) {
                        d.grow(ordered);
                    }
                    buf[0] = words.tokenHashes(text, 0, length, buf[0], count);
                    Deduplicator.Key k = Deduplicator.Key.of(buf[0], count[0]);
                    double t = counter.count(text, length);
                    int i = d.n++;
                    d.hi[i] = k.hi();
                    d.lo[i] = k.lo();
                    d.source[i] = s;
                    d.documents[s]++;
                    d.bytes[s] += length;
                    d.tokenSums[s] += t;
                    if (matcher != null && !matcher.find(text, length).isEmpty()) {
                        d.contaminated[s]++;
                    }
                    if (ordered) {
                        d.value[i] = line == null
                                ? Double.NaN
                                : number(CorpusDocuments.field(line, from, to, spec.orderBy()));
                        d.tokens[i] = (float) t;
                    }
                },
                cancel);
        return d;
    }

    private static double number(String s) {
        if (s == null) {
            return Double.NaN;
        }
        try {
            double v = Double.parseDouble(s.strip());
            return Double.isFinite(v) ? v : Double.NaN;
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    /**
     * The ordering plan: each source's documents sorted by the field (those without a value last), their tokens cut
     * into {@code phases} equal slices; phase p draws slice p of every source, scaled to the source's drawn tokens
     * (a slice repeated when the source is drawn more than once). Every phase keeps the target mix.
     */
    private static List<MixResult.Phase> phases(
            UnitDocs[] read, Map<String, Integer> global, List<MixSource> sources, MixSpec spec) {
        int m = global.size();
        List<List<double[]>> docs = new ArrayList<>(); // per source: {value, tokens}
        for (int i = 0; i < m; i++) {
            docs.add(new ArrayList<>());
        }
        for (UnitDocs d : read) {
            int[] map = new int[d.names.size()];
            d.names.forEach((name, i) -> map[i] = global.get(name));
            for (int i = 0; i < d.n; i++) {
                docs.get(map[d.source[i]]).add(new double[] {d.value[i], d.tokens[i]});
            }
        }
        Comparator<double[]> byValue = (a, b) -> {
            boolean na = Double.isNaN(a[0]);
            boolean nb = Double.isNaN(b[0]);
            if (na || nb) {
                return Boolean.compare(na, nb); // no value: last
            }
            return spec.descending() ? Double.compare(b[0], a[0]) : Double.compare(a[0], b[0]);
        };
        int p = spec.phases();
        double[][] phaseTokens = new double[p][m];
        Double[][] from = new Double[p][m];
        Double[][] to = new Double[p][m];
        for (Map.Entry<String, Integer> e : global.entrySet()) {
            int s = e.getValue();
            List<double[]> list = docs.get(s);
            list.sort(byValue);
            double total = list.stream().mapToDouble(x -> x[1]).sum();
            MixSource src = sources.stream()
                    .filter(x -> x.name().equals(e.getKey()))
                    .findFirst()
                    .orElseThrow();
            double scale = total > 0 ? src.drawnTokens() / total : 0;
            double cum = 0;
            for (double[] x : list) {
                int phase = total > 0 ? Math.min(p - 1, (int) (cum / total * p)) : 0;
                cum += x[1];
                phaseTokens[phase][s] += x[1] * scale;
                if (!Double.isNaN(x[0])) {
                    if (from[phase][s] == null) {
                        from[phase][s] = x[0];
                    }
                    to[phase][s] = x[0];
                }
            }
        }
        List<MixResult.Phase> out = new ArrayList<>();
        for (int k = 0; k < p; k++) {
            List<MixResult.Slice> slices = new ArrayList<>();
            double sum = 0;
            for (Map.Entry<String, Integer> e : global.entrySet()) {
                int s = e.getValue();
                if (phaseTokens[k][s] > 0) {
                    slices.add(new MixResult.Slice(e.getKey(), from[k][s], to[k][s], phaseTokens[k][s]));
                    sum += phaseTokens[k][s];
                }
            }
            out.add(new MixResult.Phase(k + 1, sum, slices));
        }
        return out;
    }
}
