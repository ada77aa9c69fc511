package dev.sextant.model.contamination;

import dev.sextant.model.contamination.ScanResult.ItemResult;
import dev.sextant.model.contamination.ScanResult.Location;
import dev.sextant.model.contamination.ScanResult.Status;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.CancelledException;
import dev.sextant.model.job.ProgressListener;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Streams a corpus past the benchmark {@link NgramIndex}: every corpus n-gram is hashed with the same rolling hash and
 * looked up; a hit is confirmed token by token against the item before it counts. Memory is the index plus a buffer
 * per thread, whatever the corpus size. Units of work (files, or ranges of large files) run on all threads.
 */
public final class CorpusScanner {

    static final int CONTEXT = 8;
    /**
     * Corpus n-grams are probed in batches: first all their Bloom bits, in a loop with no dependency between
     * iterations so that the CPU keeps many cache misses in flight, then the few that pass go to the table.
     */
    static final int BATCH = 512;
    static final int BUFFER = 1 << 20;

    private CorpusScanner() {
    }

    /** Called on a worker thread each time every unit of a corpus file is done. */
    @FunctionalInterface
    public interface FileListener {
        void fileDone(FileResult result);
    }

    public static ScanResult scan(NgramIndex index, List<CorpusUnit> units, ScanSpec spec, ProgressListener progress,
                                  CancellationToken cancel) {
        return scan(index, units, spec, List.of(), r -> { }, progress, cancel);
    }

    /**
     * @param done     results of files completed by an earlier run of the same scan (resume); their units are skipped
     * @param listener told of every file this run completes, e.g. to save it
     */
    public static ScanResult scan(NgramIndex index, List<CorpusUnit> units, ScanSpec spec, List<FileResult> done,
                                  FileListener listener, ProgressListener progress, CancellationToken cancel) {
        long started = System.nanoTime();
        java.util.Set<String> doneFiles = new java.util.HashSet<>();
        done.forEach(d -> doneFiles.add(d.file()));
        List<CorpusUnit> todo = units.stream().filter(u -> !doneFiles.contains(u.file())).toList();
        long totalBytes = Math.max(1, todo.stream().mapToLong(CorpusUnit::sizeBytes).sum());
        Map<String, Integer> unitsLeft = new HashMap<>();
        Map<String, FileResult> perFile = new HashMap<>();
        for (CorpusUnit u : todo) {
            unitsLeft.merge(u.file(), 1, Integer::sum);
            perFile.putIfAbsent(u.file(), new FileResult(u.file()));
        }
        List<FileResult> finished = java.util.Collections.synchronizedList(new ArrayList<>(done));
        ConcurrentLinkedQueue<CorpusUnit> queue = new ConcurrentLinkedQueue<>(
                todo.stream().sorted(Comparator.comparingLong(CorpusUnit::sizeBytes).reversed()).toList());
        AtomicLong bytesDone = new AtomicLong();
        int threads = Math.max(1, Math.min(spec.threads(), Math.max(1, todo.size())));
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "sextant-scan");
            t.setDaemon(true);
            return t;
        });
        List<Future<?>> futures = new ArrayList<>();
        try {
            for (int t = 0; t < threads; t++) {
                Worker w = new Worker(index, spec, cancel, bytesDone, totalBytes, started, progress);
                futures.add(pool.submit(() -> {
                    CorpusUnit u;
                    while ((u = queue.poll()) != null) {
                        FileResult part = w.scan(u);
                        FileResult whole = perFile.get(u.file());
                        whole.merge(part);
                        boolean last;
                        synchronized (unitsLeft) {
                            last = unitsLeft.merge(u.file(), -1, Integer::sum) == 0;
                        }
                        if (last) {
                            finished.add(whole);
                            listener.fileDone(whole);
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> f : futures) {
                f.get();
            }
        } catch (InterruptedException e) {
            cancel.cancel();
            Thread.currentThread().interrupt();
            throw new CancelledException();
        } catch (ExecutionException e) {
            cancel.cancel();
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException re) {
                throw re;
            }
            throw new IllegalStateException(cause);
        } finally {
            pool.shutdownNow();
        }
        double seconds = (System.nanoTime() - started) / 1e9;
        long files = units.stream().map(CorpusUnit::file).distinct().count();
        return collect(index, spec, new ArrayList<>(finished), (int) files, threads, seconds);
    }

    private static ScanResult collect(NgramIndex index, ScanSpec spec, List<FileResult> workers, int files, int threads, double seconds) {
        int m = index.items().size();
        int n = index.n();
        List<ItemResult> rows = new ArrayList<>(m);
        int clean = 0;
        int partial = 0;
        int dirty = 0;
        int notCheckable = 0;
        for (int i = 0; i < m; i++) {
            BitSet starts = new BitSet();
            List<Location> locations = new ArrayList<>();
            for (FileResult w : workers) {
                BitSet b = w.matched.get(i);
                if (b != null) {
                    starts.or(b);
                }
                List<Location> l = w.locations.get(i);
                if (l != null) {
                    locations.addAll(l);
                }
            }
            int tokens = index.tokens(i);
            int ngrams = index.ngrams(i);
            int matched = starts.cardinality();
            BitSet covered = new BitSet(tokens);
            for (int p = starts.nextSetBit(0); p >= 0; p = starts.nextSetBit(p + 1)) {
                covered.set(p, Math.min(tokens, p + n));
            }
            int coveredCount = covered.cardinality();
            int longest = 0;
            for (int p = covered.nextSetBit(0); p >= 0; ) {
                int end = covered.nextClearBit(p);
                longest = Math.max(longest, end - p);
                p = covered.nextSetBit(end);
            }
            double fraction = tokens == 0 ? 0 : (double) coveredCount / tokens;
            Status status;
            if (tokens < n) {
                status = Status.NOT_CHECKABLE;
                notCheckable++;
            } else if (matched == 0) {
                status = Status.CLEAN;
                clean++;
            } else if (fraction >= spec.dirtyThreshold()) {
                status = Status.DIRTY;
                dirty++;
            } else {
                status = Status.PARTIAL;
                partial++;
            }
            locations.sort(Comparator.comparing(Location::file).thenComparingLong(Location::offset));
            List<Location> kept = new ArrayList<>();
            for (Location l : locations) {
                if (kept.size() == spec.locationsPerItem()) {
                    break;
                }
                if (kept.stream().noneMatch(k -> k.file().equals(l.file()) && k.offset() == l.offset())) {
                    kept.add(l);
                }
            }
            BenchmarkItem item = index.items().get(i);
            rows.add(new ItemResult(item.benchmark(), item.id(), tokens, ngrams, matched, fraction, longest, status, kept));
        }
        long bytes = workers.stream().mapToLong(w -> w.bytes).sum();
        long docs = workers.stream().mapToLong(w -> w.documents).sum();
        long hits = workers.stream().mapToLong(w -> w.hashHits).sum();
        long collisions = workers.stream().mapToLong(w -> w.collisions).sum();
        long skipped = workers.stream().mapToLong(w -> w.skipped).sum();
        ScanResult.Summary summary = new ScanResult.Summary(m, clean, partial, dirty, notCheckable, bytes, seconds,
                seconds == 0 ? 0 : bytes / 1e6 / seconds, docs, hits, collisions, skipped, n, spec.dirtyThreshold(),
                threads, files);
        return new ScanResult(rows, summary);
    }

    /** One thread's scanning state: tokenizer, the last n + 8 tokens, rolling hash, and what it found. */
    static final class Worker implements Tokenizer.Sink {
        private final NgramIndex index;
        private final ScanSpec spec;
        private final CancellationToken cancel;
        private final AtomicLong bytesDone;
        private final long totalBytes;
        private final long started;
        private final ProgressListener progress;
        private final Tokenizer tokenizer;
        private final int n;
        private final int ring;
        private final int ringMask;
        /** Normalised bytes of recent tokens, circular; a token longer than {@link #MAX_KEPT} is not kept (never confirmed). */
        private final byte[] ringData = new byte[1 << 16]; // small, so that it stays in cache beside the Bloom filter
        private int ringPos;
        private long ringWritten; // bytes ever written to ringData: a token's bytes are intact while this has not moved
                                  // more than ringData.length − length past where they were written
        private final long[] tokenWrittenAt;
        private final int[] tokenStartInRing;
        private final int[] tokenLength;
        private final long[] tokenHash;
        private final long[] tokenOffset;
        private final long basePowN;
        private final byte[][] fieldNames;
        private final JsonFields.Value[] values;

        /** Results of the unit being scanned. */
        FileResult current = new FileResult("");

        private static final int MAX_KEPT = 1 << 12;
        private final long[] pendingHash = new long[BATCH];
        private final long[] pendingFirst = new long[BATCH];
        private final boolean[] pendingMay = new boolean[BATCH];
        private int pending;

        // per document
        private long count;
        private long roll;
        private long recordFrom = Long.MIN_VALUE;
        private long recordBefore = Long.MAX_VALUE;
        private String file;
        private long docOffset;
        private String docId;
        private long tokensPastEnd = -1;

        Worker(NgramIndex index, ScanSpec spec, CancellationToken cancel, AtomicLong bytesDone, long totalBytes, long started,
               ProgressListener progress) {
            this.index = index;
            this.spec = spec;
            this.cancel = cancel;
            this.bytesDone = bytesDone;
            this.totalBytes = totalBytes;
            this.started = started;
            this.progress = progress;
            this.tokenizer = new Tokenizer(spec.normalization());
            this.n = index.n();
            // a power of two (slots by mask, not modulo) holding a whole batch plus its n-grams and context
            this.ring = Integer.highestOneBit(BATCH + n + CONTEXT - 1) << 1;
            this.ringMask = ring - 1;
            this.tokenStartInRing = new int[ring];
            this.tokenWrittenAt = new long[ring];
            this.tokenLength = new int[ring];
            this.tokenHash = new long[ring];
            this.tokenOffset = new long[ring];
            this.basePowN = index.basePowN();
            this.fieldNames = spec.idField() == null
                    ? new byte[][] {spec.textField().getBytes(StandardCharsets.UTF_8)}
                    : new byte[][] {spec.textField().getBytes(StandardCharsets.UTF_8), spec.idField().getBytes(StandardCharsets.UTF_8)};
            this.values = new JsonFields.Value[fieldNames.length];
            for (int i = 0; i < values.length; i++) {
                values[i] = new JsonFields.Value();
            }
        }

        /** Scans one unit and returns what it found. */
        FileResult scan(CorpusUnit unit) {
            file = unit.file();
            current = new FileResult(unit.file());
            boolean text = unit.format() == CorpusUnit.Format.TEXT;
            long reported = 0;
            try (CorpusUnit.CorpusStream in = unit.open()) {
                byte[] buf = new byte[BUFFER];
                int len = 0;
                long bufStart = unit.readFrom(); // stream offset of buf[0]
                int begin = 0;
                boolean eof = false;
                if (unit.start() > 0) {
                    int need = (int) (unit.start() - unit.readFrom());
                    while (len <= need) {
                        int r = in.read(buf, len, buf.length - len);
                        if (r < 0) {
                            eof = true;
                            break;
                        }
                        len += r;
                    }
                    if (text) {
                        // begin after the last line break before our start, so no token is cut in half
                        begin = lastIndexOf(buf, (byte) '\n', Math.min(need, len)) + 1;
                    } else {
                        // reading began at start − 1: skip through the first line break (a line starting exactly at
                        // our start follows the byte before it, which is then that break)
                        int nl;
                        while ((nl = indexOf(buf, (byte) '\n', 0, len)) < 0 && !eof) {
                            bufStart += len;
                            len = 0;
                            int r = in.read(buf, 0, buf.length);
                            if (r < 0) {
                                eof = true;
                            } else {
                                len = r;
                            }
                        }
                        begin = nl < 0 ? len : nl + 1;
                    }
                }
                if (text) {
                    startDocument(bufStart + begin, null, unit.start(), unit.end());
                }
                int lineStart = begin;
                boolean done = false;
                while (!done) {
                    cancel.throwIfCancelled();
                    if (!eof && len < buf.length) {
                        int r = in.read(buf, len, buf.length - len);
                        if (r < 0) {
                            eof = true;
                        } else {
                            len += r;
                        }
                    }
                    if (text) {
                        // one continuous document; stop once the n-grams starting before our end are complete
                        for (int from = lineStart; from < len && tokensPastEnd < n; from += 1 << 16) {
                            tokenizer.feed(buf, from, Math.min(len, from + (1 << 16)), bufStart, this);
                        }
                        bufStart += len;
                        len = 0;
                        lineStart = 0;
                        if (eof || tokensPastEnd >= n) {
                            tokenizer.flush(this);
                            done = true;
                        }
                    } else {
                        int i = lineStart;
                        while (true) {
                            int nl = indexOf(buf, (byte) '\n', i, len);
                            if (nl < 0) {
                                break;
                            }
                            long off = bufStart + lineStart;
                            if (off >= unit.end()) {
                                done = true;
                                break;
                            }
                            document(buf, lineStart, nl, off);
                            lineStart = nl + 1;
                            i = lineStart;
                        }
                        if (!done && eof) {
                            long off = bufStart + lineStart;
                            if (lineStart < len && off < unit.end()) {
                                document(buf, lineStart, len, off);
                            }
                            done = true;
                        }
                        if (!done) {
                            if (lineStart == 0 && len == buf.length) {
                                buf = Arrays.copyOf(buf, buf.length * 2); // a line longer than the buffer
                            } else {
                                System.arraycopy(buf, lineStart, buf, 0, len - lineStart);
                                bufStart += lineStart;
                                len -= lineStart;
                                lineStart = 0;
                            }
                        }
                    }
                    long raw = Math.min(in.rawBytesRead(), unit.sizeBytes());
                    report(raw - reported);
                    reported = Math.max(reported, raw);
                }
                probe();
                report(unit.sizeBytes() - reported);
                return current;
            } catch (IOException e) {
                throw new dev.sextant.model.io.BadInputException(file, 0, null, "cannot read: " + e.getMessage(), e);
            }
        }

        private static int lastIndexOf(byte[] b, byte v, int to) {
            for (int i = to - 1; i >= 0; i--) {
                if (b[i] == v) {
                    return i;
                }
            }
            return -1;
        }

        private void report(long delta) {
            if (delta <= 0) {
                return;
            }
            current.bytes += delta;
            long done = bytesDone.addAndGet(delta);
            double seconds = (System.nanoTime() - started) / 1e9;
            double rate = seconds > 0 ? done / 1e6 / seconds : 0;
            double eta = rate > 0 ? (totalBytes - done) / 1e6 / rate : Double.NaN;
            progress.progress(Math.min(1, (double) done / totalBytes), String.format("scanned %.0f of %.0f MB, %.0f MB/s%s",
                    done / 1e6, totalBytes / 1e6, rate, Double.isNaN(eta) ? "" : String.format(", %.0f s left", eta)));
        }

        private static int indexOf(byte[] b, byte v, int from, int to) {
            for (int i = from; i < to; i++) {
                if (b[i] == v) {
                    return i;
                }
            }
            return -1;
        }

        /** One JSONL line: pull the text (and id) and tokenize it as a document of its own. */
        private void document(byte[] buf, int from, int to, long offset) {
            if (to > from && buf[to - 1] == '\r') {
                to--;
            }
            int i = from;
            while (i < to && (buf[i] == ' ' || buf[i] == '\t')) {
                i++;
            }
            if (i == to) {
                return; // blank line
            }
            if (!JsonFields.extract(buf, from, to, fieldNames, values) || !values[0].found) {
                current.skipped++;
                return;
            }
            current.documents++;
            startDocument(offset, values.length > 1 && values[1].found ? values[1].text() : null, Long.MIN_VALUE, Long.MAX_VALUE);
            tokenizer.tokenize(values[0].bytes, 0, values[0].length, 0, this);
        }

        private void startDocument(long offset, String id, long recordFrom, long recordBefore) {
            probe();
            count = 0;
            roll = 0;
            docOffset = offset;
            docId = id;
            this.recordFrom = recordFrom;
            this.recordBefore = recordBefore;
            tokensPastEnd = -1;
            if (recordFrom != Long.MIN_VALUE && recordFrom == 0) {
                current.documents++; // a text file counts as one document
            }
        }

        @Override
        public void token(long hash, byte[] b, int len, long offset) {
            if (pending > 0 && count - pendingFirst[0] >= BATCH) {
                probe(); // before the ring overwrites the oldest pending n-gram's tokens
            }
            int slot = (int) count & ringMask;
            long out = count >= n ? tokenHash[(int) (count - n) & ringMask] : 0;
            if (len <= MAX_KEPT) {
                if (ringPos + len > ringData.length) {
                    ringWritten += ringData.length - ringPos; // the tail left unused counts as written over
                    ringPos = 0;
                }
                int at = ringPos;
                for (int k = 0; k < len; k++) {
                    ringData[at + k] = b[k];
                }
                tokenStartInRing[slot] = at;
                tokenLength[slot] = len;
                tokenWrittenAt[slot] = ringWritten;
                ringPos = at + len;
                ringWritten += len;
            } else {
                tokenLength[slot] = -1;
            }
            tokenHash[slot] = hash;
            tokenOffset[slot] = offset;
            roll = roll * NgramIndex.BASE + hash - out * basePowN;
            count++;
            if (offset >= recordBefore) {
                tokensPastEnd++;
            }
            if (count < n) {
                return;
            }
            long first = count - n;
            long firstOffset = tokenOffset[(int) first & ringMask];
            if (firstOffset < recordFrom || firstOffset >= recordBefore) {
                return; // this n-gram belongs to the neighbouring unit
            }
            pendingHash[pending] = roll;
            pendingFirst[pending] = first;
            if (++pending == BATCH) {
                probe();
            }
        }

        /** Looks up the pending n-grams: Bloom bits for all of them first, then the table for the few that pass. */
        void probe() {
            int np = pending;
            if (np == 0) {
                return;
            }
            pending = 0;
            boolean any = false;
            for (int k = 0; k < np; k++) {
                boolean may = index.mayContain(pendingHash[k]);
                pendingMay[k] = may;
                any |= may;
            }
            if (!any) {
                return;
            }
            for (int k = 0; k < np; k++) {
                if (!pendingMay[k]) {
                    continue;
                }
                int p = index.head(pendingHash[k]);
                if (p < 0) {
                    continue;
                }
                current.hashHits++;
                long first = pendingFirst[k];
                long firstOffset = tokenOffset[(int) first & ringMask];
                for (; p >= 0; p = index.nextPosting(p)) {
                    int item = index.postingItem(p);
                    int pos = index.postingPosition(p);
                    if (confirm(item, pos, first)) {
                        record(item, pos, first, firstOffset);
                    } else {
                        current.collisions++;
                    }
                }
            }
        }

        private boolean confirm(int item, int pos, long first) {
            for (int k = 0; k < n; k++) {
                int slot = (int) (first + k) & ringMask;
                if (tokenLength[slot] < 0 || ringWritten - tokenWrittenAt[slot] > ringData.length
                        || !index.tokenEquals(item, pos + k, ringData, tokenStartInRing[slot], tokenLength[slot])) {
                    return false;
                }
            }
            return true;
        }

        private void record(int item, int pos, long first, long firstOffset) {
            current.matched.computeIfAbsent(item, k -> new BitSet()).set(pos);
            List<Location> l = current.locations.computeIfAbsent(item, k -> new ArrayList<>(spec.locationsPerItem()));
            if (l.size() < spec.locationsPerItem()) {
                long offset = recordFrom == Long.MIN_VALUE ? docOffset : firstOffset;
                l.add(new Location(file, offset, docId, snippet(first)));
            }
        }

        /** Up to eight tokens before the match, then the matched n-gram in brackets (normalised text). */
        private String snippet(long first) {
            StringBuilder sb = new StringBuilder();
            long from = Math.max(0, first - CONTEXT);
            if (from > 0) {
                sb.append("… ");
            }
            for (long t = from; t < first + n; t++) {
                int slot = (int) t & ringMask;
                if (t == first) {
                    sb.append('[');
                }
                boolean intact = tokenLength[slot] >= 0 && ringWritten - tokenWrittenAt[slot] <= ringData.length;
                sb.append(!intact ? "…" : new String(ringData, tokenStartInRing[slot], tokenLength[slot], StandardCharsets.UTF_8));
                sb.append(t == first + n - 1 ? "] …" : " ");
            }
            return sb.toString();
        }
    }
}
