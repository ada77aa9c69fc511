package dev.sextant.model.contamination;

import java.io.IOException;
import java.io.InputStream;

/**
 * A piece of corpus one worker scans: a whole file, a byte range of a large uncompressed one, or one row group of a
 * Parquet file. Units of one file meet at line boundaries: a unit owns the lines (JSONL) or the n-grams (text) that
 * start in {@code [start, end)} and reads past its end only to finish them; a row group's unit owns its rows.
 */
public interface CorpusUnit {

    /** JSONL and TEXT are byte streams ({@link #open()}); DOCUMENTS units hand over whole documents ({@link #documents}). */
    enum Format {
        JSONL,
        TEXT,
        DOCUMENTS
    }

    /** The file, as the user named it. */
    String file();

    Format format();

    /** First byte owned, in the uncompressed stream. */
    long start();

    /** First byte not owned; {@link Long#MAX_VALUE} for a whole file. */
    long end();

    /** Bytes of the file on disk this unit accounts for, for progress. */
    long sizeBytes();

    /**
     * Where reading begins: a little before {@link #start()} for a unit that does not start the file, so that the
     * worker can find the line boundary its range begins at (JSONL: start − 1; text: up to 64 KiB back).
     */
    default long readFrom() {
        if (start() == 0) {
            return 0;
        }
        return format() == Format.JSONL ? start() - 1 : Math.max(0, start() - (1 << 16));
    }

    /** Opens the uncompressed stream positioned at {@link #readFrom()}. */
    CorpusStream open() throws IOException;

    /**
     * Hands each document of a {@link Format#DOCUMENTS} unit to {@code sink}, in order.
     *
     * @param textField   the field (column) with the text
     * @param idField     the field naming a document, or null
     * @param sourceField a metadata column to hand over, or null
     * @param scoreField  a score column to hand over, or null
     */
    default void documents(String textField, String idField, String sourceField, String scoreField, DocumentSink sink) {
        throw new UnsupportedOperationException("not a document unit");
    }

    /**
     * Receives the documents of a unit: its number in the file (a row), its UTF-8 text (null when the row has none) and
     * the fields asked for.
     */
    @FunctionalInterface
    interface DocumentSink {
        void document(long row, byte[] text, int length, DocumentFields fields);
    }

    /** A stream that can say how many bytes of the file on disk it has read (compressed bytes for .gz and .zst). */
    abstract class CorpusStream extends InputStream {
        public abstract long rawBytesRead();
    }
}
