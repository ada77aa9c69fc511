package dev.sextant.model.io.trainlog;

import dev.sextant.model.BadInputException;
import java.io.IOException;
import java.io.InputStream;
import java.util.zip.CRC32C;

/**
 * TFRecord framing, as TensorFlow's {@code tensorflow/core/lib/io/record_writer.cc} writes every TensorBoard event file:
 * <pre>
 *   uint64 length (little-endian) · uint32 masked_crc32c(length) · byte data[length] · uint32 masked_crc32c(data)
 * </pre>
 * with {@code masked(crc) = ((crc >>> 15) | (crc << 17)) + 0xa282ead8} (tensorflow/core/lib/hash/crc32c.h {@code Mask}).
 * Both checksums are verified; a record cut short by the end of the file is an error, naming the record and its offset.
 */
final class TfRecords {

    static final int MASK_DELTA = 0xa282ead8;
    /** Larger than any event TensorBoard writes (its summaries are bytes to megabytes); guards against a wrong length. */
    static final long MAX_RECORD_BYTES = 1L << 30;

    private final InputStream in;
    private final String file;
    private long offset;
    private long records;

    TfRecords(InputStream in, String file) {
        this.in = in;
        this.file = file;
    }

    static int mask(int crc) {
        return ((crc >>> 15) | (crc << 17)) + MASK_DELTA;
    }

    static int crc32c(byte[] b, int off, int len) {
        CRC32C c = new CRC32C();
        c.update(b, off, len);
        return (int) c.getValue();
    }

    /** 1-based number of the record last returned. */
    long record() {
        return records;
    }

    /** The next record's data, or null at the end of the file. */
    byte[] next() throws IOException {
        long start = offset;
        byte[] header = new byte[12];
        int got = readFully(header, 0, 12);
        if (got == 0) {
            return null;
        }
        long record = records + 1;
        if (got < 12) {
            throw truncated(record, start);
        }
        long length = littleLong(header, 0);
        if (mask(crc32c(header, 0, 8)) != littleInt(header, 8)) {
            throw new BadInputException(
                    file,
                    record,
                    null,
                    "the length's checksum does not match at byte " + start
                            + " (a corrupted file, or not a TFRecord file)");
        }
        if (length < 0 || length > MAX_RECORD_BYTES) {
            throw new BadInputException(
                    file, record, null, "a record of " + length + " bytes at byte " + start + " is not an event");
        }
        byte[] data = new byte[(int) length];
        if (readFully(data, 0, data.length) < data.length) {
            throw truncated(record, start);
        }
        byte[] footer = new byte[4];
        if (readFully(footer, 0, 4) < 4) {
            throw truncated(record, start);
        }
        if (mask(crc32c(data, 0, data.length)) != littleInt(footer, 0)) {
            throw new BadInputException(
                    file,
                    record,
                    null,
                    "the data's checksum does not match at byte " + start + " (a corrupted record)");
        }
        records = record;
        return data;
    }

    private BadInputException truncated(long record, long start) {
        return new BadInputException(
                file,
                record,
                null,
                "the file ends inside the record that starts at byte " + start
                        + " (a truncated file: was the run still writing it?)");
    }

    private int readFully(byte[] b, int off, int len) throws IOException {
        int total = 0;
        while (total < len) {
            int n = in.read(b, off + total, len - total);
            if (n < 0) {
                break;
            }
            total += n;
        }
        offset += total;
        return total;
    }

    static long littleLong(byte[] b, int off) {
        long v = 0;
        for (int i = 7; i >= 0; i--) {
            v = (v << 8) | (b[off + i] & 0xFF);
        }
        return v;
    }

    static int littleInt(byte[] b, int off) {
        return (b[off] & 0xFF) | (b[off + 1] & 0xFF) << 8 | (b[off + 2] & 0xFF) << 16 | (b[off + 3] & 0xFF) << 24;
    }

    /** Whether {@code head} (at least 12 bytes from a file's start) opens a TFRecord: the length's checksum holds. */
    static boolean looksLikeTfRecord(byte[] head, int n) {
        return n >= 12 && mask(crc32c(head, 0, 8)) == littleInt(head, 8);
    }
}
