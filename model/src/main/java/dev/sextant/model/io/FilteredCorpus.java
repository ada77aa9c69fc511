package dev.sextant.model.io;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sextant.model.BadInputException;
import dev.sextant.model.contamination.CorpusDocuments;
import dev.sextant.model.contamination.CorpusUnit;
import dev.sextant.model.contamination.DocumentFields;
import dev.sextant.model.contamination.Normalization;
import dev.sextant.model.contamination.Tokenizer;
import dev.sextant.model.data.quality.FilterSpec;
import dev.sextant.model.data.quality.Probe;
import dev.sextant.model.data.quality.QualityFamily;
import dev.sextant.model.data.quality.QualityFilter;
import dev.sextant.model.data.quality.QualityResult;
import dev.sextant.model.data.quality.Removal;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiConsumer;

/**
 * A quality-filtering run on this machine: the corpus's units read on every core, each document judged by the chain
 * ({@link QualityFilter}), the counts tallied by rule, source and overlap; with an output folder, each unit's kept
 * documents written as read (C4's rewritten text put in place of the text field) to {@code kept/NNNN-name.jsonl.zst},
 * the removed ones to {@code removed.jsonl} with the rule and what it measured, and {@code summary.json}, all written
 * whole or not at all ({@link OutputFolder}). Without a folder nothing is written: a dry run.
 */
public final class FilteredCorpus {

    /**
     * The byte ranges a large uncompressed file is judged in: a few seconds of work each (judging runs at about a
     * megabyte a second a core), so that a single file of tens of megabytes keeps every core busy (scans and dedup read
     * 32 MiB ranges: they run a hundred times faster). Compressed shards and Parquet row groups are units as they are.
     */
    public static final long UNIT_BYTES = 4L << 20;

    /** Removed documents kept as examples, a rule. */
    static final int EXAMPLES = 5;

    private static final int EXAMPLE_CHARS = 600;

    private FilteredCorpus() {}

    /** Ends the reading of a unit once its share of a sample is read. */
    private static final class SampleTaken extends RuntimeException {
        SampleTaken() {
            super(null, null, false, false);
        }
    }

    /**
     * A run: without an output folder a dry run that writes nothing; with one, resumable: each unit's kept and removed
     * documents and its counts are kept in {@code OUT.partial} as it finishes, and a run stopped by Cancel, a failure or
     * a kill is continued by the same run with {@code resume}, which reads only the units not finished. The units are
     * judged {@code elsewhere} (a cluster engine) rather than on this machine's threads when it is not null; the counts
     * are combined here as a local run's are, so the result and the folder are a local run's.
     *
     * @param corpus what identifies the corpus files beyond their units (sizes and modification times), for the
     *               fingerprint that keeps a run from resuming on another corpus or settings; may be null
     */
    public static QualityResult run(
            List<CorpusUnit> units,
            FilterSpec spec,
            int threads,
            Path out,
            Object corpus,
            boolean resume,
            Elsewhere elsewhere,
            ProgressListener progress,
            CancellationToken cancel) {
        long t0 = System.nanoTime();
        if (out == null) {
            return tally(units, spec, threads, null, elsewhere, progress, cancel, t0);
        }
        return OutputFolder.writeResumable(out, fingerprint(units, spec, corpus), resume, tmp -> {
            Files.createDirectories(tmp.resolve("kept"));
            QualityResult r = tally(units, spec, threads, tmp, elsewhere, progress, cancel, t0);
            try (OutputStream o = new BufferedOutputStream(Files.newOutputStream(tmp.resolve("removed.jsonl")))) {
                for (int u = 0; u < units.size(); u++) {
                    Files.copy(removedPart(tmp, u), o);
                }
            }
            Files.writeString(tmp.resolve("summary.json"), Json.writePretty(r) + "\n");
            for (int u = 0; u < units.size(); u++) {
                Files.delete(removedPart(tmp, u));
                Files.delete(tallyPart(tmp, u));
            }
            return r;
        });
    }

    /** Judges units somewhere other than this machine's threads: a cluster engine. */
    @FunctionalInterface
    public interface Elsewhere {
        /**
         * Judges the units numbered {@code todo}, each as {@link #judgeUnit} does (writing its parts into {@code
         * folder}, the run's, or nothing when it is null), handing each unit's counts to {@code judged} as it finishes.
         */
        void judge(
                List<Integer> todo,
                Path folder,
                BiConsumer<Integer, byte[]> judged,
                ProgressListener progress,
                CancellationToken cancel);
    }

    /**
     * One unit of a run judged, on whichever machine is handed it: its kept documents and removed records written into
     * the run's {@code folder} as a local run writes them (none when it is null), its counts returned as a run keeps
     * them between runs.
     *
     * @param u     the unit's number in the run
     * @param units how many units the run has (a preview's sample is shared among them)
     */
    public static byte[] judgeUnit(
            CorpusUnit unit, int u, int units, FilterSpec spec, String folder, CancellationToken cancel) {
        try {
            return Json.writeBytes(judged(unit, u, units, spec, folder == null ? null : Path.of(folder), cancel)
                    .saved());
        } catch (IOException e) {
            throw BadInputException.of(String.valueOf(folder), "cannot write: " + IoFailures.plain(e));
        }
    }

    /** What must be equal for a stopped run's finished units to be combined with the rest: the spec and the units. */
    static String fingerprint(List<CorpusUnit> units, FilterSpec spec, Object corpus) {
        Map<String, Object> f = new LinkedHashMap<>();
        f.put(
                "families",
                spec.filter().families().stream().map(QualityFamily::name).toList());
        Map<String, String> settings = new TreeMap<>();
        List<String> chosen =
                spec.filter().families().stream().map(QualityFamily::name).toList();
        spec.filter().settings().values().forEach((k, v) -> {
            if (chosen.contains(k.substring(0, k.indexOf('.')))) {
                settings.put(k, String.valueOf(v)); // the chosen families' values: the others judge nothing
            }
        });
        f.put("settings", settings);
        f.put("fields", Arrays.asList(spec.textField(), spec.idField(), spec.sourceField(), spec.scoreField()));
        f.put("languages", new TreeMap<>(spec.filter().settings().languages()).toString());
        f.put(
                "identifier",
                spec.filter().languages() == null
                        ? null
                        : spec.filter().languages().name());
        f.put(
                "units",
                units.stream()
                        .map(u -> u.file() + "@" + u.start() + "-" + u.end() + ":" + u.sizeBytes())
                        .toList());
        f.put("corpus", corpus);
        return Json.write(f);
    }

    private static Path tallyPart(Path tmp, int u) {
        return tmp.resolve(String.format(Locale.ROOT, "counts-%04d.json", u + 1));
    }

    private static Path removedPart(Path tmp, int u) {
        return tmp.resolve(String.format(Locale.ROOT, "removed-%04d.part", u + 1));
    }

    private static QualityResult tally(
            List<CorpusUnit> units,
            FilterSpec spec,
            int threads,
            Path tmp,
            Elsewhere elsewhere,
            ProgressListener progress,
            CancellationToken cancel,
            long t0) {
        UnitTally all = elsewhere == null
                ? tallyHere(units, spec, threads, tmp, progress, cancel)
                : tallyElsewhere(units, tmp, elsewhere, progress, cancel);
        if (spec.scoreField() != null && all.scored == 0 && all.documents > 0) {
            throw new BadInputException(
                    units.get(0).file(),
                    0,
                    spec.scoreField(),
                    "no document has a number in the score field '" + spec.scoreField() + "' (of " + all.documents
                            + " read): name the field that holds the score");
        }
        if (all.documents == 0 && !units.isEmpty()) {
            // nothing to judge: a wrong field name, most likely; refused before anything is written
            throw BadInputException.of(
                    units.get(0).file(),
                    "no documents with a text field '" + spec.textField() + "' (or chat messages): name the field "
                            + "that holds the text");
        }
        long bytes = units.stream().mapToLong(CorpusUnit::sizeBytes).sum();
        return all.result(spec, bytes, (System.nanoTime() - t0) / 1e9);
    }

    /** Every unit judged on this machine's threads (a stopped run's finished units taken as kept). */
    private static UnitTally tallyHere(
            List<CorpusUnit> units,
            FilterSpec spec,
            int threads,
            Path tmp,
            ProgressListener progress,
            CancellationToken cancel) {
        int n = threads > 0 ? threads : Runtime.getRuntime().availableProcessors();
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, Math.min(n, units.size())), r -> {
            Thread t = new Thread(r, "sextant-filter");
            t.setDaemon(true);
            return t;
        });
        AtomicInteger done = new AtomicInteger();
        try {
            List<Future<UnitTally>> futures = new ArrayList<>();
            for (int u = 0; u < units.size(); u++) {
                int unit = u;
                futures.add(pool.submit(() -> {
                    UnitTally t = finished(tmp, unit);
                    if (t == null) {
                        t = judged(units.get(unit), unit, units.size(), spec, tmp, cancel);
                        if (tmp != null) {
                            keep(tmp, unit, t);
                        }
                    }
                    progress.progress(
                            (double) done.incrementAndGet() / units.size(),
                            "judged " + units.get(unit).file());
                    return t;
                }));
            }
            UnitTally all = new UnitTally();
            for (Future<UnitTally> f : futures) {
                all.add(get(f));
            }
            return all;
        } finally {
            pool.shutdownNow();
        }
    }

    /** The units a stopped run did not finish judged elsewhere, their counts kept here as each comes back. */
    private static UnitTally tallyElsewhere(
            List<CorpusUnit> units,
            Path tmp,
            Elsewhere elsewhere,
            ProgressListener progress,
            CancellationToken cancel) {
        UnitTally[] got = new UnitTally[units.size()];
        List<Integer> todo = new ArrayList<>();
        for (int u = 0; u < units.size(); u++) {
            got[u] = finished(tmp, u);
            if (got[u] == null) {
                todo.add(u);
            }
        }
        if (!todo.isEmpty()) {
            elsewhere.judge(
                    List.copyOf(todo),
                    tmp,
                    (u, counts) -> {
                        UnitTally t = parse(counts);
                        if (tmp != null) {
                            try {
                                keep(tmp, u, t);
                            } catch (IOException e) {
                                throw new UncheckedIOException(e);
                            }
                        }
                        got[u] = t;
                    },
                    progress,
                    cancel);
        }
        UnitTally all = new UnitTally();
        for (int u = 0; u < units.size(); u++) {
            if (got[u] == null) {
                throw new IllegalStateException("unit " + (u + 1) + " was not judged"); // an engine's bug
            }
            all.add(got[u]);
        }
        return all;
    }

    private static UnitTally parse(byte[] counts) {
        try {
            return Json.mapper().readValue(counts, UnitTally.Saved.class).tally();
        } catch (IOException e) {
            throw new IllegalStateException("a unit's counts did not read back: " + e.getMessage(), e);
        }
    }

    private static UnitTally get(Future<UnitTally> f) {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(e.getCause());
        }
    }

    /** A unit a stopped run finished (its counts kept beside its output), or null. */
    private static UnitTally finished(Path tmp, int u) {
        if (tmp == null || !Files.exists(tallyPart(tmp, u)) || !Files.exists(removedPart(tmp, u))) {
            return null;
        }
        try {
            return Json.mapper()
                    .readValue(tallyPart(tmp, u).toFile(), UnitTally.Saved.class)
                    .tally();
        } catch (IOException e) {
            return null; // unreadable: the unit is read again
        }
    }

    /** Keeps a finished unit's counts, written whole (its kept and removed parts are closed by then). */
    private static void keep(Path tmp, int u, UnitTally t) throws IOException {
        AtomicFile.write(tallyPart(tmp, u), o -> {
            o.write(Json.writeBytes(t.saved()));
            return null;
        });
    }

    /** One unit: each document judged and counted; with an output folder, its kept and removed documents written. */
    private static UnitTally judged(
            CorpusUnit unit, int u, int units, FilterSpec spec, Path tmp, CancellationToken cancel) throws IOException {
        UnitTally tally = new UnitTally();
        if (spec.sample() > 0) {
            tally.measured = Probe.measuring(); // a preview: every rule's values, for the histograms
        }
        Tokenizer counter = new Tokenizer(Normalization.defaults(), false, 4096);
        long[][] hashes = {new long[1024]};
        int[] count = new int[1];
        OutputStream kept = tmp == null
                ? OutputStream.nullOutputStream()
                : DedupOutput.keptStream(
                        Files.newOutputStream(tmp.resolve("kept").resolve(DedupOutput.keptName(u, unit.file()))));
        OutputStream removed = tmp == null
                ? OutputStream.nullOutputStream()
                : new BufferedOutputStream(Files.newOutputStream(removedPart(tmp, u)), 1 << 16);
        long perUnit = spec.sample() > 0 ? (spec.sample() + units - 1) / units : Long.MAX_VALUE;
        boolean whole = unit.format() != CorpusUnit.Format.JSONL || unit.start() == 0 && unit.end() == Long.MAX_VALUE;
        String score = spec.scoreField();
        boolean nested = score != null && score.indexOf('.') > 0; // a path: read from the line, not by the scanner
        try (kept;
                removed) {
            CorpusDocuments.forEach(
                    unit,
                    spec.textField(),
                    spec.idField(),
                    spec.sourceField(),
                    nested ? null : score,
                    new CorpusDocuments.Sink() {
                        @Override
                        public void document(
                                long index,
                                byte[] line,
                                int from,
                                int to,
                                byte[] text,
                                int length,
                                DocumentFields fields) {
                            String id = fields.id();
                            String source = fields.source();
                            String scoreText = fields.score();
                            if (tally.documents >= perUnit) {
                                throw new SampleTaken();
                            }
                            String s = new String(text, 0, length, StandardCharsets.UTF_8);
                            hashes[0] = counter.tokenHashes(text, 0, length, hashes[0], count);
                            double value = score == null
                                    ? Double.NaN
                                    : number(
                                            nested && line != null
                                                    ? CorpusDocuments.field(line, from, to, score)
                                                    : scoreText);
                            tally.score(value);
                            QualityFilter.Judgement j = spec.filter().judge(s, value);
                            if (tally.measured != null) {
                                spec.filter().measure(s, value, tally.measured);
                            }
                            // as dedup names them: file:line, file@offset in a file read in ranges
                            String name = id != null ? id : unit.file() + (whole ? ":" : "@") + index;
                            tally.count(j, count[0], source, name, s);
                            if (j.removal() != null) {
                                write(removed, removedRow(name, unit.file(), j.removal()));
                            } else if (line != null) {
                                write(kept, keptLine(line, from, to, s, j.keptText(), spec.textField()));
                            } else {
                                DedupOutput.writeRow(kept, spec.idField(), id, spec.textField(), j.keptText());
                            }
                        }

                        @Override
                        public void notADocument(long index, byte[] line, int from, int to) {
                            DedupOutput.writeLine(kept, line, from, to); // not judged, not lost
                        }
                    },
                    cancel);
        } catch (SampleTaken enough) {
            // the unit's share of the sample is read
        }
        return tally;
    }

    /** A score as written (a JSON number, or a string holding one), NaN when it is none. */
    static double number(String text) {
        if (text == null) {
            return Double.NaN;
        }
        try {
            double v = Double.parseDouble(text.strip());
            return Double.isFinite(v) ? v : Double.NaN;
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    private static String excerpt(String text) {
        return text.length() > EXAMPLE_CHARS ? text.substring(0, EXAMPLE_CHARS) + "…" : text;
    }

    private static byte[] removedRow(String name, String file, Removal r) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("id", name);
        row.put("file", file);
        row.put("family", r.family());
        row.put("rule", r.rule());
        row.put("value", Double.isNaN(r.value()) ? null : r.value());
        row.put("threshold", Double.isNaN(r.threshold()) ? null : r.threshold());
        if (r.detail() != null) {
            row.put("language", r.detail());
        }
        return Json.write(row).getBytes(StandardCharsets.UTF_8);
    }

    /** A kept JSON line as read, or with the text field replaced when a family (C4) rewrote the text. */
    private static byte[] keptLine(byte[] line, int from, int to, String text, String keptText, String textField) {
        if (keptText.equals(text)) {
            return Arrays.copyOfRange(line, from, to);
        }
        try {
            JsonNode node = Json.mapper().readTree(line, from, to - from);
            if (node instanceof ObjectNode o && o.path(textField).isTextual()) {
                o.put(textField, keptText);
                return Json.write(o).getBytes(StandardCharsets.UTF_8);
            }
        } catch (IOException e) {
            // the scanner read it; Jackson refusing it leaves the line as read
        }
        return Arrays.copyOfRange(line, from, to); // a chat's text is its messages': the line as read
    }

    private static void write(OutputStream o, byte[] b) {
        try {
            o.write(b);
            o.write('\n');
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Counts of one unit, then of all (added in unit order). */
    private static final class UnitTally {
        long documents;
        long removed;
        long tokens;
        long tokensRemoved;
        long scored;
        Probe.Measuring measured;
        double scoreMin = Double.POSITIVE_INFINITY;
        double scoreMax = Double.NEGATIVE_INFINITY;
        double scoreSum;
        final Map<String, long[]> byRule = new LinkedHashMap<>(); // family + "\t" + rule → documents, tokens
        final Map<String, long[]> bySource = new TreeMap<>(); // documents, removed, tokens, tokens removed
        final Map<String, long[]> byLanguage = new TreeMap<>(); // documents, removed
        final Map<List<String>, long[]> overlap = new LinkedHashMap<>();
        final Map<String, List<QualityResult.Example>> examples = new LinkedHashMap<>();
        final List<QualityResult.Example> kept = new ArrayList<>();

        void count(QualityFilter.Judgement j, int words, String source, String name, String text) {
            documents++;
            tokens += words;
            Removal r = j.removal();
            if (r != null) {
                removed++;
                tokensRemoved += words;
                long[] c = byRule.computeIfAbsent(r.family() + "\t" + r.rule(), k -> new long[2]);
                c[0]++;
                c[1] += words;
                List<QualityResult.Example> e =
                        examples.computeIfAbsent(r.family() + "\t" + r.rule(), k -> new ArrayList<>());
                if (e.size() < EXAMPLES) {
                    e.add(new QualityResult.Example(
                            name, r.family(), r.rule(), r.value(), r.threshold(), excerpt(text)));
                }
            }
            if (r == null && kept.size() < EXAMPLES) {
                kept.add(new QualityResult.Example(name, null, null, Double.NaN, Double.NaN, excerpt(j.keptText())));
            }
            if (j.wouldRemove().size() > 1) {
                overlap.computeIfAbsent(
                                j.wouldRemove().stream().map(Removal::family).toList(), k -> new long[1])[0]++;
            }
            if (j.language() != null) {
                long[] l = byLanguage.computeIfAbsent(j.language(), k -> new long[2]);
                l[0]++;
                l[1] += r == null ? 0 : 1;
            }
            if (source != null) {
                long[] s = bySource.computeIfAbsent(source, k -> new long[4]);
                s[0]++;
                s[2] += words;
                if (r != null) {
                    s[1]++;
                    s[3] += words;
                }
            }
        }

        /** The counts as kept between runs. */
        record Saved(
                long documents,
                long removed,
                long tokens,
                long tokensRemoved,
                long scored,
                String scoreMin,
                String scoreMax,
                double scoreSum,
                Map<String, long[]> byRule,
                Map<String, long[]> bySource,
                Map<String, long[]> byLanguage,
                List<QualityResult.Overlap> overlap,
                Map<String, List<QualityResult.Example>> examples,
                List<QualityResult.Example> kept) {

            UnitTally tally() {
                UnitTally t = new UnitTally();
                t.documents = documents;
                t.removed = removed;
                t.tokens = tokens;
                t.tokensRemoved = tokensRemoved;
                t.scored = scored;
                t.scoreMin = Double.parseDouble(scoreMin);
                t.scoreMax = Double.parseDouble(scoreMax);
                t.scoreSum = scoreSum;
                t.byRule.putAll(byRule);
                t.bySource.putAll(bySource);
                t.byLanguage.putAll(byLanguage);
                overlap.forEach(o -> t.overlap.put(o.families(), new long[] {o.documents()}));
                examples.forEach((k, v) -> t.examples.put(k, new ArrayList<>(v)));
                t.kept.addAll(kept);
                return t;
            }
        }

        Saved saved() {
            List<QualityResult.Overlap> both = new ArrayList<>();
            overlap.forEach((k, v) -> both.add(new QualityResult.Overlap(k, v[0])));
            return new Saved(
                    documents,
                    removed,
                    tokens,
                    tokensRemoved,
                    scored,
                    Double.toString(scoreMin),
                    Double.toString(scoreMax),
                    scoreSum,
                    byRule,
                    bySource,
                    byLanguage,
                    both,
                    examples,
                    kept);
        }

        void score(double v) {
            if (!Double.isNaN(v)) {
                scored++;
                scoreMin = Math.min(scoreMin, v);
                scoreMax = Math.max(scoreMax, v);
                scoreSum += v;
            }
        }

        void add(UnitTally o) {
            if (o.measured != null) {
                if (measured == null) {
                    measured = Probe.measuring();
                }
                measured.add(o.measured);
            }
            scored += o.scored;
            scoreMin = Math.min(scoreMin, o.scoreMin);
            scoreMax = Math.max(scoreMax, o.scoreMax);
            scoreSum += o.scoreSum;
            documents += o.documents;
            removed += o.removed;
            tokens += o.tokens;
            tokensRemoved += o.tokensRemoved;
            o.byRule.forEach((k, v) -> sum(byRule.computeIfAbsent(k, x -> new long[2]), v));
            o.bySource.forEach((k, v) -> sum(bySource.computeIfAbsent(k, x -> new long[4]), v));
            o.byLanguage.forEach((k, v) -> sum(byLanguage.computeIfAbsent(k, x -> new long[2]), v));
            o.overlap.forEach((k, v) -> sum(overlap.computeIfAbsent(k, x -> new long[1]), v));
            for (QualityResult.Example x : o.kept) {
                if (kept.size() < EXAMPLES) {
                    kept.add(x);
                }
            }
            o.examples.forEach((k, v) -> {
                List<QualityResult.Example> e = examples.computeIfAbsent(k, x -> new ArrayList<>());
                for (QualityResult.Example x : v) {
                    if (e.size() < EXAMPLES) {
                        e.add(x);
                    }
                }
            });
        }

        private static void sum(long[] into, long[] v) {
            for (int i = 0; i < v.length; i++) {
                into[i] += v[i];
            }
        }

        private List<QualityResult.LanguageCount> languages() {
            List<QualityResult.LanguageCount> out = new ArrayList<>();
            byLanguage.forEach((k, v) -> out.add(new QualityResult.LanguageCount(k, v[0], v[1])));
            out.sort(Comparator.comparingLong(QualityResult.LanguageCount::documents)
                    .reversed());
            return List.copyOf(out);
        }

        QualityResult result(FilterSpec spec, long bytes, double seconds) {
            List<String> order =
                    spec.filter().families().stream().map(QualityFamily::name).toList();
            List<QualityResult.RuleCount> rules = new ArrayList<>();
            byRule.forEach((k, v) -> {
                String[] fr = k.split("\t");
                rules.add(new QualityResult.RuleCount(
                        fr[0], fr[1], v[0], v[1], documents == 0 ? 0 : (double) v[0] / documents));
            });
            rules.sort(Comparator.comparingInt((QualityResult.RuleCount c) -> order.indexOf(c.family()))
                    .thenComparing(Comparator.comparingLong(QualityResult.RuleCount::documents)
                            .reversed())
                    .thenComparing(QualityResult.RuleCount::rule));
            List<QualityResult.SourceCount> sources = new ArrayList<>();
            bySource.forEach((k, v) -> sources.add(new QualityResult.SourceCount(k, v[0], v[1], v[2], v[3])));
            List<QualityResult.Overlap> both = new ArrayList<>();
            overlap.forEach((k, v) -> both.add(new QualityResult.Overlap(k, v[0])));
            both.sort(Comparator.comparingLong(QualityResult.Overlap::documents).reversed());
            List<QualityResult.Example> shown = new ArrayList<>();
            for (QualityResult.RuleCount c : rules) {
                shown.addAll(examples.getOrDefault(c.family() + "\t" + c.rule(), List.of()));
            }
            return new QualityResult(
                    documents,
                    documents - removed,
                    removed,
                    tokens,
                    tokensRemoved,
                    List.copyOf(rules),
                    List.copyOf(sources),
                    List.copyOf(both),
                    List.copyOf(shown),
                    List.copyOf(kept),
                    spec.scoreField() == null
                            ? null
                            : new QualityResult.Score(
                                    spec.scoreField(),
                                    scored,
                                    documents - scored,
                                    scored == 0 ? Double.NaN : scoreMin,
                                    scored == 0 ? Double.NaN : scoreSum / scored,
                                    scored == 0 ? Double.NaN : scoreMax),
                    measured == null ? List.of() : measured.values(),
                    languages(),
                    bytes,
                    seconds);
        }
    }
}
