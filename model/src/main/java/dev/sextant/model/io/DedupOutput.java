package dev.sextant.model.io;

import com.github.luben.zstd.ZstdOutputStream;
import dev.sextant.model.contamination.CorpusDocuments;
import dev.sextant.model.contamination.CorpusUnit;
import dev.sextant.model.data.DedupResult;
import dev.sextant.model.data.DedupSpec;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Writes a deduplicated corpus: {@code DIR/kept/NNNN-name.jsonl.zst} (each input file's kept documents, their JSON
 * lines byte for byte; a Parquet row as {@code {"id", "text"}}) and {@code DIR/removed.jsonl} ({@code id}, {@code file},
 * {@code duplicateOf}, {@code similarity} per removed document). Everything is written into a temporary folder beside
 * {@code DIR} and moved into place at the end, so a failed or cancelled run leaves no half-written output.
 */
public final class DedupOutput {

    private DedupOutput() {
    }

    public static void write(Path dir, List<CorpusUnit> units, DedupSpec spec, DedupResult result, ProgressListener progress,
                             CancellationToken cancel) {
        String name = TextInput.name(dir);
        if (Files.exists(dir)) {
            try (Stream<Path> s = Files.list(dir)) {
                if (s.findAny().isPresent()) {
                    throw BadInputException.of(name, "already exists and is not empty: give a new or empty folder for the output");
                }
            } catch (IOException e) {
                throw BadInputException.of(name, "cannot read: " + IoFailures.plain(e));
            }
        }
        Path tmp = dir.resolveSibling(dir.getFileName() + ".partial-" + Long.toHexString(System.nanoTime()));
        try {
            Files.createDirectories(tmp.resolve("kept"));
            long[] g = {0};
            for (int f = 0; f < units.size(); f++) {
                cancel.throwIfCancelled();
                CorpusUnit unit = units.get(f);
                progress.progress((double) f / units.size(), "writing " + unit.file());
                Path out = tmp.resolve("kept").resolve(String.format(Locale.ROOT, "%04d-%s.jsonl.zst", f + 1, stem(unit.file())));
                try (OutputStream o = new ZstdOutputStream(new BufferedOutputStream(Files.newOutputStream(out), 1 << 16), 3)) {
                    CorpusDocuments.forEach(unit, spec.textField(), spec.idField(), spec.sourceField(),
                            (index, line, from, to, text, length, id, source) -> {
                                boolean removed = result.removedSet().get((int) g[0]++);
                                if (removed) {
                                    return;
                                }
                                try {
                                    if (line != null) {
                                        o.write(line, from, to - from);
                                    } else {
                                        Map<String, Object> row = new LinkedHashMap<>();
                                        row.put("id", id);
                                        row.put("text", new String(text, 0, length, StandardCharsets.UTF_8));
                                        o.write(Json.write(row).getBytes(StandardCharsets.UTF_8));
                                    }
                                    o.write('\n');
                                } catch (IOException e) {
                                    throw new java.io.UncheckedIOException(e);
                                }
                            }, cancel);
                }
            }
            try (OutputStream o = new BufferedOutputStream(Files.newOutputStream(tmp.resolve("removed.jsonl")), 1 << 16)) {
                for (DedupResult.Removed r : result.removed()) {
                    Map<String, Object> row = new LinkedHashMap<>();
                    row.put("id", r.id());
                    row.put("file", r.file());
                    row.put("duplicateOf", r.duplicateOf());
                    row.put("similarity", r.similarity());
                    o.write(Json.write(row).getBytes(StandardCharsets.UTF_8));
                    o.write('\n');
                }
            }
            if (Files.exists(dir)) {
                Files.delete(dir); // empty, checked above
            }
            try {
                Files.move(tmp, dir, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, dir);
            }
            progress.progress(1, "wrote " + name);
        } catch (IOException | java.io.UncheckedIOException e) {
            deleteQuietly(tmp);
            IOException io = e instanceof IOException x ? x : ((java.io.UncheckedIOException) e).getCause();
            throw BadInputException.of(name, "cannot write: " + IoFailures.plain(io));
        } catch (RuntimeException e) {
            deleteQuietly(tmp);
            throw e;
        }
    }

    private static String stem(String file) {
        String base = file.substring(Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\')) + 1);
        for (String ext : new String[] {".zst", ".gz", ".jsonl", ".json", ".parquet", ".txt"}) {
            if (base.toLowerCase(Locale.ROOT).endsWith(ext)) {
                base = base.substring(0, base.length() - ext.length());
            }
        }
        return base.replaceAll("[^A-Za-z0-9._-]", "_");
    }

    private static void deleteQuietly(Path p) {
        try (Stream<Path> s = Files.walk(p)) {
            s.sorted(Comparator.reverseOrder()).forEach(x -> x.toFile().delete());
        } catch (IOException e) {
            // nothing more to do: the partial folder stays, named as such
        }
    }
}
