package dev.sextant.model.contamination;

import dev.sextant.model.BadInputException;
import dev.sextant.model.contamination.ScanResult.ItemResult;
import dev.sextant.model.contamination.ScanResult.Location;
import dev.sextant.model.contamination.ScanResult.Status;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.CancelledException;
import dev.sextant.model.job.ProgressListener;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Streams a corpus past the benchmark {@link NgramIndex}: every corpus n-gram is hashed with the same rolling hash and
 * looked up; a hit is confirmed token by token against the item before it counts. Memory is the index plus a buffer
 * per thread, whatever the corpus size. Units of work (files, or ranges of large files) run on all threads.
 */
public final class CorpusScanner {

    static final int CONTEXT = 8;
    static final int BUFFER = 1 << 20;

    private CorpusScanner() {}

    /** Called on a worker thread each time every unit of a corpus file is done. */
    @FunctionalInterface
    public interface FileListener {
        void fileDone(FileResult result);
    }

    public static ScanResult scan(
            NgramIndex index,
            List<CorpusUnit> units,
            ScanSpec spec,
            ProgressListener progress,
            CancellationToken cancel) {
        return scan(index, units, spec, List.of(), r -> {}, progress, cancel);
    }

    /**
     * @param done     results of files completed by an earlier run of the same scan (resume); their units are skipped
     * @param listener told of every file this run completes, e.g. to save it
     */
    public static ScanResult scan(
            NgramIndex index,
            List<CorpusUnit> units,
            ScanSpec spec,
            List<FileResult> done,
            FileListener listener,
            ProgressListener progress,
            CancellationToken cancel) {
        long started = System.nanoTime();
        Set<String> doneFiles = new HashSet<>();
        done.forEach(d -> doneFiles.add(d.file()));
        List<CorpusUnit> todo =
                units.stream().filter(u -> !doneFiles.contains(u.file())).toList();
        long totalBytes =
                Math.max(1, todo.stream().mapToLong(CorpusUnit::sizeBytes).sum());
        Map<String, Integer> unitsLeft = new HashMap<>();
        Map<String, FileResult> perFile = new HashMap<>();
        for (CorpusUnit u : todo) {
            unitsLeft.merge(u.file(), 1, Integer::sum);
            perFile.putIfAbsent(u.file(), new FileResult(u.file()));
        }
        List<FileResult> finished = Collections.synchronizedList(new ArrayList<>(done));
        ConcurrentLinkedQueue<CorpusUnit> queue = new ConcurrentLinkedQueue<>(todo.stream()
                .sorted(Comparator.comparingLong(CorpusUnit::sizeBytes).reversed())
                .toList());
        AtomicLong bytesDone = new AtomicLong();
        int threads = Math.max(1, Math.min(spec.threads(), Math.max(1, todo.size())));
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "sextant-scan");
            t.setDaemon(true);
            return t;
        });
        // the caller's Cancel stops every worker, and so does the first worker that fails (an unreadable or corrupt
        // file), without raising the caller's token: the scan then ends with that failure, not as cancelled
        CancellationToken stop = cancel.child();
        AtomicReference<RuntimeException> failure = new AtomicReference<>();
        AtomicBoolean stopped = new AtomicBoolean();
        List<Future<?>> futures = new ArrayList<>();
        try {
            for (int t = 0; t < threads; t++) {
                ScanWorker w = new ScanWorker(index, spec, stop, bytesDone, totalBytes, started, progress);
                futures.add(pool.submit(() -> {
                    try {
                        CorpusUnit u;
                        while ((u = queue.poll()) != null) {
                            stop.throwIfCancelled();
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
                    } catch (CancelledException e) {
                        stopped.set(true);
                    } catch (RuntimeException e) {
                        failure.compareAndSet(null, e);
                        stop.cancel();
                    }
                    return null;
                }));
            }
            // wait for every worker, so that none is still saving a file when the caller records how the scan ended
            for (Future<?> f : futures) {
                f.get();
            }
        } catch (InterruptedException e) {
            stop.cancel();
            Thread.currentThread().interrupt();
            throw new CancelledException();
        } catch (ExecutionException e) {
            stop.cancel();
            throw new IllegalStateException(e.getCause());
        } finally {
            pool.shutdownNow();
        }
        if (failure.get() != null) {
            throw failure.get();
        }
        if (stopped.get()) {
            throw new CancelledException();
        }
        double seconds = (System.nanoTime() - started) / 1e9;
        long files = units.stream().map(CorpusUnit::file).distinct().count();
        return collect(index, spec, new ArrayList<>(finished), (int) files, threads, seconds);
    }

    /**
     * One unit scanned on the calling thread: its share of its file's result, to be merged with the file's other units'
     * ({@link FileResult#combine}) — a cluster's task, which needs no per-item summary of its own.
     */
    public static FileResult scanUnit(NgramIndex index, CorpusUnit unit, ScanSpec spec, CancellationToken cancel) {
        return new ScanWorker(
                        index,
                        spec,
                        cancel,
                        new AtomicLong(),
                        Math.max(1, unit.sizeBytes()),
                        System.nanoTime(),
                        ProgressListener.NONE)
                .scan(unit);
    }

    /**
     * A corpus that gave no document to scan: never a verdict of "clean" (a JSON file whose records lack the text field
     * would otherwise clear every item). Names the first file, how many records it had, and what a document needs.
     */
    private static BadInputException noDocuments(List<FileResult> files, ScanSpec spec) {
        FileResult first =
                files.stream().min(Comparator.comparing(FileResult::file)).orElseThrow();
        return CorpusDocuments.noDocuments(
                first.file(),
                spec.textField(),
                files.stream().mapToLong(f -> f.skipped).sum());
    }

    private static ScanResult collect(
            NgramIndex index, ScanSpec spec, List<FileResult> workers, int files, int threads, double seconds) {
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
            long places = 0;
            for (FileResult w : workers) {
                BitSet b = w.matched.get(i);
                if (b != null) {
                    starts.or(b);
                }
                List<Location> l = w.locations.get(i);
                if (l != null) {
                    locations.addAll(l);
                }
                places += w.places.getOrDefault(i, 0L);
            }
            int tokens = index.tokens(i);
            int ngrams = index.ngrams(i);
            int matched = starts.cardinality();
            BenchmarkItem item = index.items().get(i);
            // the spans are the covered tokens in runs, so the fraction and the longest match are read off them
            List<ScanResult.Span> spans =
                    matched == 0 ? List.of() : MatchedSpans.of(item.text(), spec.normalization(), starts, n);
            int coveredCount = 0;
            int longest = 0;
            for (ScanResult.Span s : spans) {
                coveredCount += s.tokens();
                longest = Math.max(longest, s.tokens());
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
            int repeated = 0;
            for (Location l : locations) {
                if (kept.size() == spec.locationsPerItem()) {
                    break;
                }
                if (kept.stream().noneMatch(k -> k.file().equals(l.file()) && k.offset() == l.offset())) {
                    kept.add(l);
                } else {
                    repeated++; // one place seen twice (a resume saved both, say): counted once
                }
            }
            long more = Math.max(0, places - repeated - kept.size());
            rows.add(new ItemResult(
                    item.benchmark(),
                    item.id(),
                    tokens,
                    ngrams,
                    matched,
                    fraction,
                    longest,
                    status,
                    kept,
                    item.fields(),
                    spans,
                    more));
        }
        long bytes = workers.stream().mapToLong(w -> w.bytes).sum();
        long docs = workers.stream().mapToLong(w -> w.documents).sum();
        long hits = workers.stream().mapToLong(w -> w.hashHits).sum();
        long collisions = workers.stream().mapToLong(w -> w.collisions).sum();
        long skipped = workers.stream().mapToLong(w -> w.skipped).sum();
        long invalid = workers.stream().mapToLong(w -> w.invalidUtf8Bytes).sum();
        List<ScanResult.InvalidUtf8> invalidFiles = workers.stream()
                .filter(w -> w.invalidUtf8Bytes > 0)
                .map(w -> new ScanResult.InvalidUtf8(w.file(), w.invalidUtf8Bytes))
                .sorted(Comparator.comparing(ScanResult.InvalidUtf8::path))
                .toList();
        if (docs == 0 && !workers.isEmpty()) {
            throw noDocuments(workers, spec);
        }
        List<ScanResult.MostlySkipped> mostlySkipped = workers.stream()
                .filter(w -> w.documents == 0 || w.skipped > w.documents)
                .map(w -> new ScanResult.MostlySkipped(w.file(), w.documents, w.skipped))
                .sorted(Comparator.comparing(ScanResult.MostlySkipped::path))
                .toList();
        ScanResult.Summary summary = new ScanResult.Summary(
                m,
                clean,
                partial,
                dirty,
                notCheckable,
                bytes,
                seconds,
                seconds == 0 ? 0 : bytes / 1e6 / seconds,
                docs,
                hits,
                collisions,
                skipped,
                n,
                spec.dirtyThreshold(),
                threads,
                files,
                invalid,
                invalidFiles,
                List.of(),
                mostlySkipped);
        return new ScanResult(rows, summary);
    }
}
