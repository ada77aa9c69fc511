package dev.sextant.model.contamination;

import java.io.Serializable;
import java.util.Objects;

/**
 * Where a {@link CorpusUnit} lies, as a plain serializable value a cluster engine sends to a worker
 * ({@code CorpusFiles.split}): the file, and the
 * unit's first and past-the-end place in it (bytes of an uncompressed file read in ranges, rows of a Parquet row group;
 * 0 and {@link Long#MAX_VALUE} for a whole file). The worker opens the same unit again from it
 * ({@code CorpusFiles.unit}). A final class with plain fields rather than a record, so that any serializer a cluster is
 * set to (Java's or Kryo) can carry it.
 */
public final class CorpusSplit implements Serializable {

    private static final long serialVersionUID = 1L;

    private final String file;
    private final String path;
    private final long start;
    private final long end;
    private final long sizeBytes;

    /**
     * @param file the file as the user named it (results name it so, whichever engine read it)
     * @param path where a worker opens it: an absolute path (or one the workers resolve alike)
     */
    public CorpusSplit(String file, String path, long start, long end, long sizeBytes) {
        this.file = Objects.requireNonNull(file, "file");
        this.path = Objects.requireNonNull(path, "path");
        this.start = start;
        this.end = end;
        this.sizeBytes = sizeBytes;
    }

    public String file() {
        return file;
    }

    public String path() {
        return path;
    }

    public long start() {
        return start;
    }

    public long end() {
        return end;
    }

    /** Bytes of the file on disk the unit accounts for. */
    public long sizeBytes() {
        return sizeBytes;
    }

    /** Whether {@code unit} is the one this split names. */
    public boolean names(CorpusUnit unit) {
        return unit.file().equals(file) && unit.start() == start && unit.end() == end;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CorpusSplit s && s.file.equals(file) && s.start == start && s.end == end;
    }

    @Override
    public int hashCode() {
        return Objects.hash(file, start, end);
    }

    @Override
    public String toString() {
        return end == Long.MAX_VALUE && start == 0 ? file : file + "[" + start + ", " + end + ")";
    }
}
