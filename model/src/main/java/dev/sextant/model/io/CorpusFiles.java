package dev.sextant.model.io;

import com.github.luben.zstd.ZstdInputStream;
import dev.sextant.model.contamination.CorpusUnit;
import java.io.BufferedInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
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

    private CorpusFiles() {
    }

    public static List<CorpusUnit> units(List<Path> paths, long chunkBytes) {
        List<CorpusUnit> out = new ArrayList<>();
        for (Path p : paths) {
            for (Path f : expand(p)) {
                long size;
                try {
                    size = Files.size(f);
                } catch (IOException e) {
                    throw BadInputException.of(TextInput.name(f), "cannot read: " + IoFailures.plain(e));
                }
                if (!Files.isReadable(f)) {
                    throw BadInputException.of(TextInput.name(f), "not readable");
                }
                String name = f.getFileName().toString().toLowerCase(Locale.ROOT);
                Compression c = name.endsWith(".gz") ? Compression.GZIP : name.endsWith(".zst") ? Compression.ZSTD : Compression.NONE;
                String inner = c == Compression.NONE ? name : name.substring(0, name.lastIndexOf('.'));
                CorpusUnit.Format format = inner.endsWith(".jsonl") || inner.endsWith(".ndjson") || inner.endsWith(".json")
                        ? CorpusUnit.Format.JSONL : CorpusUnit.Format.TEXT;
                if (inner.endsWith(".parquet")) {
                    if (c != Compression.NONE) {
                        throw BadInputException.of(TextInput.name(f), "a compressed Parquet file: Parquet compresses its own pages; give the .parquet file");
                    }
                    out.addAll(ParquetFiles.units(f));
                    continue;
                }
                if (c == Compression.NONE && size > 2 * chunkBytes) {
                    for (long start = 0; start < size; start += chunkBytes) {
                        long end = Math.min(size, start + chunkBytes);
                        out.add(new FileUnit(f, format, c, start, end == size ? Long.MAX_VALUE : end, end - start));
                    }
                } else {
                    out.add(new FileUnit(f, format, c, 0, Long.MAX_VALUE, size));
                }
            }
        }
        if (out.isEmpty()) {
            throw BadInputException.of(paths.isEmpty() ? "corpus" : TextInput.name(paths.get(0)), "no corpus files");
        }
        return out;
    }

    /** The files behind the corpus paths, with sizes and modification times. */
    public static dev.sextant.model.contamination.CorpusFingerprint fingerprint(List<Path> paths) {
        List<dev.sextant.model.contamination.CorpusFingerprint.Entry> entries = new ArrayList<>();
        for (Path p : paths) {
            for (Path f : expand(p)) {
                try {
                    entries.add(new dev.sextant.model.contamination.CorpusFingerprint.Entry(f.toAbsolutePath().normalize().toString(),
                            Files.size(f), Files.getLastModifiedTime(f).toMillis()));
                } catch (IOException e) {
                    throw BadInputException.of(TextInput.name(f), "cannot read: " + IoFailures.plain(e));
                }
            }
        }
        return new dev.sextant.model.contamination.CorpusFingerprint(entries);
    }

    /** Why reading a corpus file failed, in words: the exception's own message names the path, not the problem. */
    public static String readProblem(IOException e) {
        return e instanceof java.nio.file.NoSuchFileException ? "the file is gone" : IoFailures.plain(e);
    }

    private static List<Path> expand(Path p) {
        if (!Files.exists(p)) {
            throw BadInputException.of(TextInput.name(p), "no such file or folder");
        }
        if (!Files.isDirectory(p)) {
            return List.of(p);
        }
        try (Stream<Path> walk = Files.walk(p)) {
            return walk.filter(Files::isRegularFile).filter(f -> !f.getFileName().toString().startsWith(".")).sorted().toList();
        } catch (IOException e) {
            throw BadInputException.of(TextInput.name(p), "cannot read folder: " + IoFailures.plain(e));
        }
    }

    private enum Compression { NONE, GZIP, ZSTD }

    private record FileUnit(Path path, CorpusUnit.Format format, Compression compression, long start, long end, long sizeBytes)
            implements CorpusUnit {

        @Override
        public String file() {
            return path.toString();
        }

        @Override
        public CorpusStream open() throws IOException {
            FileChannel channel = FileChannel.open(path, StandardOpenOption.READ);
            channel.position(readFrom());
            Counting raw = new Counting(Channels.newInputStream(channel));
            InputStream data;
            try {
                data = switch (compression) {
                    case NONE -> raw;
                    case GZIP -> new GZIPInputStream(raw, 1 << 16); // reads the header
                    case ZSTD -> new ZstdInputStream(new BufferedInputStream(raw, 1 << 16));
                };
            } catch (IOException e) {
                raw.close();
                throw decodingFailed(e);
            }
            return new CorpusStream() {
                @Override
                public int read() throws IOException {
                    return data.read();
                }

                @Override
                public int read(byte[] b, int off, int len) throws IOException {
                    try {
                        return data.read(b, off, len);
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
                    data.close();
                }
            };
        }

        /** The decoder's complaint in plain words: truncated (the common case: a copy cut short) or corrupt. */
        private IOException decodingFailed(IOException e) {
            if (compression == Compression.NONE) {
                return e;
            }
            String format = compression.name().toLowerCase(Locale.ROOT);
            String detail = e.getMessage() == null ? "" : e.getMessage();
            boolean truncated = e instanceof java.io.EOFException || detail.toLowerCase(Locale.ROOT).contains("truncated");
            return new IOException(truncated ? "truncated " + format + " data (the file ends early)"
                    : "corrupt " + format + " data" + (detail.isBlank() ? "" : " (" + detail + ")"), e);
        }
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
