package dev.sextant.model.io;

import com.github.luben.zstd.ZstdOutputStream;
import dev.sextant.model.contamination.CorpusDocuments;
import dev.sextant.model.contamination.CorpusUnit;
import dev.sextant.model.contamination.DocumentFields;
import dev.sextant.model.data.DedupResult;
import dev.sextant.model.data.DedupSpec;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongPredicate;

/**
 * Writes a deduplicated corpus: {@code DIR/kept/NNNN-name.jsonl.zst} (each input file's, or each range of a large
 * file's, kept documents, their JSON lines byte for byte, lines that hold no document passed through; a Parquet row as
 * a line with its id and text under the fields read) and {@code DIR/removed.jsonl} ({@code id}, {@code file},
 * {@code duplicateOf}, {@code similarity} per removed document). Written whole or not at all ({@link OutputFolder}).
 */
public final class DedupOutput {

    private DedupOutput() {}

    public static void write(
            Path dir,
            List<CorpusUnit> units,
            DedupSpec spec,
            DedupResult result,
            ProgressListener progress,
            CancellationToken cancel) {
        OutputFolder.write(dir, tmp -> {
            Files.createDirectories(tmp.resolve("kept"));
            long[] g = {0};
            for (int f = 0; f < units.size(); f++) {
                cancel.throwIfCancelled();
                CorpusUnit unit = units.get(f);
                progress.progress((double) f / units.size(), "writing " + unit.file());
                Path out = tmp.resolve("kept").resolve(keptName(f, unit.file()));
                long first = g[0];
                try (OutputStream o = keptStream(Files.newOutputStream(out))) {
                    g[0] += writeKept(unit, spec, place -> result.removedSet().get((int) (first + place)), o, cancel);
                }
            }
            try (OutputStream o =
                    new BufferedOutputStream(Files.newOutputStream(tmp.resolve("removed.jsonl")), 1 << 16)) {
                writeRemoved(result.removed(), o);
            }
            return null;
        });
        progress.progress(1, "wrote " + TextInput.name(dir));
    }

    /** The name of unit {@code f}'s (0-based) kept documents under {@code kept/}. */
    public static String keptName(int f, String file) {
        return String.format(Locale.ROOT, "%04d-%s.jsonl.zst", f + 1, OutputFolder.stem(file));
    }

    /** A kept file's stream: Zstandard level 1 (fast; the corpus is read again far more often than written). */
    public static OutputStream keptStream(OutputStream raw) throws IOException {
        return new BufferedOutputStream(new ZstdOutputStream(raw, 1), 1 << 17);
    }

    /**
     * Writes a unit's documents but the removed ones, their JSON lines byte for byte (a Parquet row as a line with its
     * id and text under the fields read), lines that hold no document passed through.
     *
     * @param removed whether the unit's document at a place (its number in the unit's reading order, from 0) is removed
     * @return the documents the unit has
     */
    public static long writeKept(
            CorpusUnit unit, DedupSpec spec, LongPredicate removed, OutputStream o, CancellationToken cancel) {
        long[] place = {0};
        CorpusDocuments.forEach(
                unit,
                spec.textField(),
                spec.idField(),
                spec.sourceField(),
                new CorpusDocuments.Sink() {
                    @Override
                    public void document(
                            long index, byte[] line, int from, int to, byte[] text, int length, DocumentFields fields) {
                        String id = fields.id();
                        if (removed.test(place[0]++)) {
                            return;
                        }
                        if (line != null) {
                            writeLine(o, line, from, to);
                        } else {
                            writeRow(
                                    o,
                                    spec.idField(),
                                    id,
                                    spec.textField(),
                                    new String(text, 0, length, StandardCharsets.UTF_8));
                        }
                    }

                    @Override
                    public void notADocument(long index, byte[] line, int from, int to) {
                        writeLine(o, line, from, to); // not deduplicated, not lost
                    }
                },
                cancel);
        return place[0];
    }

    /** Removed documents as JSON lines: {@code id}, {@code file}, {@code duplicateOf}, {@code similarity}. */
    public static void writeRemoved(Iterable<DedupResult.Removed> removed, OutputStream o) throws IOException {
        for (DedupResult.Removed r : removed) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("id", r.id());
            row.put("file", r.file());
            row.put("duplicateOf", r.duplicateOf());
            row.put("similarity", r.similarity());
            o.write(Json.write(row).getBytes(StandardCharsets.UTF_8));
            o.write('\n');
        }
    }

    /** A JSON line as read, and its line break. */
    static void writeLine(OutputStream o, byte[] line, int from, int to) {
        try {
            o.write(line, from, to - from);
            o.write('\n');
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A Parquet row as a JSON line: its id (when the corpus has one) and its text, under the fields read. */
    static void writeRow(OutputStream o, String idField, String id, String textField, String text) {
        Map<String, Object> row = new LinkedHashMap<>();
        if (idField != null && id != null) {
            row.put(idField, id);
        }
        row.put(textField, text);
        byte[] b = Json.write(row).getBytes(StandardCharsets.UTF_8);
        writeLine(o, b, 0, b.length);
    }
}
