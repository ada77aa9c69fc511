package dev.sextant.model.io;

import com.github.luben.zstd.ZstdInputStream;
import dev.sextant.model.BadInputException;
import dev.sextant.model.contamination.CorpusFingerprint;
import dev.sextant.model.contamination.CorpusSplit;
import dev.sextant.model.contamination.CorpusUnit;
import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.zip.GZIPInputStream;

/**
 * Turns corpus paths (files and folders) into units of scanning work: JSON Lines ({@code .jsonl}, {@code .ndjson},
 * {@code .json}) and plain text (anything else), optionally {@code .gz} or {@code .zst} compressed, and Parquet
 * ({@code .parquet}, one unit per row group). Uncompressed
 * files larger than {@code 2 × chunk} are split into byte ranges so that one large file keeps every core busy;
 * compressed files are one unit each.
 */
public final class CorpusFiles {

    public static final long DEFAULT_CHUNK = 32L << 20;

    private CorpusFiles() {}

    public static List<CorpusUnit> units(List<Path> paths, long chunkBytes) {
        return units(CorpusStore.LOCAL, paths.stream().map(Path::toString).toList(), chunkBytes);
    }

    /** The units of corpus paths of {@code store} (a cluster's file system: Parquet files are read from local ones only). */
    public static List<CorpusUnit> units(CorpusStore store, List<String> paths, long chunkBytes) {
        List<CorpusUnit> out = new ArrayList<>();
        for (String p : paths) {
            for (CorpusStore.Entry f : store.files(p)) {
                String name = fileName(f.name()).toLowerCase(Locale.ROOT);
                Compression c = compression(name);
                CorpusUnit.Format format = format(name, c);
                String inner = c == Compression.NONE ? name : name.substring(0, name.lastIndexOf('.'));
                if (inner.endsWith(".parquet")) {
                    if (c != Compression.NONE) {
                        throw BadInputException.of(
                                display(f.name()),
                                "a compressed Parquet file: Parquet compresses its own pages; give the .parquet file");
                    }
                    out.addAll(ParquetFiles.units(localParquet(store, f.name())));
                    continue;
                }
                long size = f.size();
                if (c == Compression.NONE
                        && size > 2 * chunkBytes
                        && !(format == CorpusUnit.Format.JSONL && jsonArray(store, f.name()))) {
                    for (long start = 0; start < size; start += chunkBytes) {
                        long end = Math.min(size, start + chunkBytes);
                        out.add(new FileUnit(
                                store, f.name(), format, c, start, end == size ? Long.MAX_VALUE : end, end - start));
                    }
                } else {
                    out.add(new FileUnit(store, f.name(), format, c, 0, Long.MAX_VALUE, size));
                }
            }
        }
        if (out.isEmpty()) {
            throw BadInputException.of(paths.isEmpty() ? "corpus" : display(paths.get(0)), "no corpus files");
        }
        return out;
    }

    /**
     * The unit a split names, opened again where it is read (a cluster's worker): a file or byte range as it was
     * planned, a Parquet row group found again by its rows.
     *
     * @throws BadInputException naming the file when it is gone, unreadable, or shorter than the split (it changed)
     */
    public static CorpusUnit unit(CorpusSplit split) {
        return unit(CorpusStore.LOCAL, split);
    }

    /** As {@link #unit(dev.sextant.model.contamination.CorpusSplit)}, the file in {@code store}. */
    public static CorpusUnit unit(CorpusStore store, CorpusSplit split) {
        CorpusUnit u = opened(store, split);
        return u.file().equals(split.file()) ? u : new Renamed(u, split.file());
    }

    /** Where a unit lies, for a cluster's worker: named as the user named the file, opened by its absolute path. */
    public static CorpusSplit split(CorpusUnit unit) {
        CorpusStore store = unit instanceof FileUnit f ? f.store() : CorpusStore.LOCAL;
        return new CorpusSplit(unit.file(), store.absolute(unit.file()), unit.start(), unit.end(), unit.sizeBytes());
    }

    private static CorpusUnit opened(CorpusStore store, CorpusSplit split) {
        List<CorpusStore.Entry> found = store.files(split.path());
        if (found.size() != 1 || !found.get(0).name().equals(split.path())) {
            throw BadInputException.of(
                    display(split.path()), "changed since the run was planned (not a file any more)");
        }
        long size = found.get(0).size();
        String name = fileName(split.path()).toLowerCase(Locale.ROOT);
        if (name.endsWith(".parquet")) {
            for (CorpusUnit u : ParquetFiles.units(localParquet(store, split.path()))) {
                if (split.names(u)) {
                    return u;
                }
            }
            throw BadInputException.of(
                    display(split.path()),
                    "changed since the run was planned (no row group holds rows " + split.start() + " on)");
        }
        if (split.end() != Long.MAX_VALUE && split.end() > size) {
            throw BadInputException.of(
                    display(split.path()),
                    "changed since the run was planned (" + size + " bytes, a split ends at " + split.end() + ")");
        }
        Compression c = compression(name);
        return new FileUnit(store, split.path(), format(name, c), c, split.start(), split.end(), split.sizeBytes());
    }

    /** Whether an uncompressed JSON file holds an array of documents (read whole, as its elements), not JSON Lines. */
    private static boolean jsonArray(CorpusStore store, String file) {
        try (InputStream in = new BufferedInputStream(store.open(file, 0), JsonArrayLines.PEEK)) {
            return JsonArrayLines.startsArray(in);
        } catch (IOException e) {
            throw new BadInputException(display(file), 0, null, "cannot read: " + readProblem(e), e);
        }
    }

    /** A Parquet file's local path: the Parquet reader reads local (and shared-mount) files only. */
    private static Path localParquet(CorpusStore store, String file) {
        if (!store.local()) {
            throw BadInputException.of(
                    display(file),
                    "Parquet files are read from local or shared-mount paths only, not through "
                            + "Hadoop's file system yet: give JSON Lines or text (.gz, .zst) there, or a mounted path");
        }
        return Path.of(file);
    }

    /** The last part of a file's name (a path's or a URI's). */
    private static String fileName(String file) {
        String f = file.endsWith("/") ? file.substring(0, file.length() - 1) : file;
        return f.substring(f.lastIndexOf('/') + 1);
    }

    /** A file's name in messages: a local path as {@link TextInput#name} gives it, a URI as written. */
    private static String display(String file) {
        return file.contains("://") ? file : TextInput.name(Path.of(file));
    }

    private static Compression compression(String lowerName) {
        return lowerName.endsWith(".gz")
                ? Compression.GZIP
                : lowerName.endsWith(".zst") ? Compression.ZSTD : Compression.NONE;
    }

    private static CorpusUnit.Format format(String lowerName, Compression c) {
        String inner = c == Compression.NONE ? lowerName : lowerName.substring(0, lowerName.lastIndexOf('.'));
        return inner.endsWith(".jsonl") || inner.endsWith(".ndjson") || inner.endsWith(".json")
                ? CorpusUnit.Format.JSONL
                : CorpusUnit.Format.TEXT;
    }

    /** The files behind the corpus paths, with sizes and modification times. */
    public static CorpusFingerprint fingerprint(List<Path> paths) {
        return fingerprint(CorpusStore.LOCAL, paths.stream().map(Path::toString).toList());
    }

    /** The files behind corpus paths of {@code store}, named absolutely, with sizes and modification times. */
    public static CorpusFingerprint fingerprint(CorpusStore store, List<String> paths) {
        List<CorpusFingerprint.Entry> entries = new ArrayList<>();
        for (String p : paths) {
            for (CorpusStore.Entry f : store.files(p)) {
                entries.add(new CorpusFingerprint.Entry(store.absolute(f.name()), f.size(), f.modified()));
            }
        }
        return new CorpusFingerprint(entries);
    }

    /** Why reading a corpus file failed, in words: the exception's own message names the path, not the problem. */
    public static String readProblem(IOException e) {
        return e instanceof NoSuchFileException ? "the file is gone" : IoFailures.plain(e);
    }

    /** A unit opened by its absolute path on a worker, named as the user named its file. */
    private record Renamed(CorpusUnit unit, String file) implements CorpusUnit {

        @Override
        public Format format() {
            return unit.format();
        }

        @Override
        public long start() {
            return unit.start();
        }

        @Override
        public long end() {
            return unit.end();
        }

        @Override
        public long sizeBytes() {
            return unit.sizeBytes();
        }

        @Override
        public long readFrom() {
            return unit.readFrom();
        }

        @Override
        public CorpusStream open() throws IOException {
            return unit.open();
        }

        @Override
        public void documents(
                String textField, String idField, String sourceField, String scoreField, DocumentSink sink) {
            unit.documents(textField, idField, sourceField, scoreField, sink);
        }
    }

    private enum Compression {
        NONE,
        GZIP,
        ZSTD
    }

    private record FileUnit(
            CorpusStore store,
            String file,
            CorpusUnit.Format format,
            Compression compression,
            long start,
            long end,
            long sizeBytes)
            implements CorpusUnit {

        @Override
        public CorpusStream open() throws IOException {
            Counting raw = new Counting(store.open(file, readFrom()));
            InputStream data;
            try {
                InputStream source = raw;
                if (start == 0) {
                    BufferedInputStream peek = new BufferedInputStream(raw, 1 << 16);
                    peek.mark(64);
                    byte[] head = peek.readNBytes(64);
                    peek.reset();
                    if (GitLfsPointer.is(head, head.length)) {
                        throw new LfsPointerFound();
                    }
                    source = peek;
                }
                InputStream in = source;
                data = switch (compression) {
                    case NONE -> in;
                    case GZIP -> new GZIPInputStream(in, 1 << 16); // reads the header
                    case ZSTD -> new ZstdInputStream(new BufferedInputStream(in, 1 << 16));
                };
                if (format == CorpusUnit.Format.JSONL && start == 0 && end == Long.MAX_VALUE) {
                    // a JSON array of documents is read as the JSON Lines of its elements
                    InputStream peeked = new BufferedInputStream(data, JsonArrayLines.PEEK);
                    data = JsonArrayLines.startsArray(peeked) ? new JsonArrayLines(peeked) : peeked;
                }
            } catch (IOException e) {
                raw.close();
                throw decodingFailed(e);
            }
            InputStream decoded = data;
            return new CorpusStream() {
                @Override
                public int read() throws IOException {
                    return decoded.read();
                }

                @Override
                public int read(byte[] b, int off, int len) throws IOException {
                    try {
                        return decoded.read(b, off, len);
                    } catch (IOException e) {
                        throw decodingFailed(e);
                    }
                }

                @Override
                public long rawBytesRead() {
                    return raw.count;
                }

                @Override
                public void close() throws IOException {
                    decoded.close();
                }
            };
        }

        /** The decoder's complaint in plain words: truncated (the common case: a copy cut short) or corrupt. */
        private IOException decodingFailed(IOException e) {
            if (e instanceof LfsPointerFound) {
                return new IOException(GitLfsPointer.error(file).problem(), e);
            }
            if (compression == Compression.NONE || e instanceof JsonArrayLines.InvalidJson) {
                return e;
            }
            String format = compression.name().toLowerCase(Locale.ROOT);
            String detail = e.getMessage() == null ? "" : e.getMessage();
            boolean truncated =
                    e instanceof EOFException || detail.toLowerCase(Locale.ROOT).contains("truncated");
            return new IOException(
                    truncated
                            ? "truncated " + format + " data (the file ends early)"
                            : "corrupt " + format + " data" + (detail.isBlank() ? "" : " (" + detail + ")"),
                    e);
        }
    }

    /** The unit's file is a Git LFS pointer: said as such, not as corrupt compressed data. */
    private static final class LfsPointerFound extends IOException {
        private static final long serialVersionUID = 1L;
    }

    private static final class Counting extends FilterInputStream {
        long count;

        Counting(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            int b = in.read();
            if (b >= 0) {
                count++;
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int r = in.read(b, off, len);
            if (r > 0) {
                count += r;
            }
            return r;
        }
    }
}
