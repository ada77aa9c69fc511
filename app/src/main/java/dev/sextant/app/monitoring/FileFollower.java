package dev.sextant.app.monitoring;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Objects;

/**
 * A log file followed as {@code tail -F} follows it: whole lines handed on as they are written (a line still being
 * written waits for its newline), and the file reopened from its start when it is rotated (renamed away and created
 * anew: its identity changes) or truncated (shorter than what was read). Polls: one {@link #poll()} reads what is new.
 * Each generation of the file gets its own line numbers, from 1.
 */
public final class FileFollower implements AutoCloseable {

    /** What a follower hands on. */
    public interface Sink {
        /** A whole line (without its line break), {@code n} counted from 1 in the file's current generation. */
        void line(long n, String text);

        /** The file was rotated or truncated: lines now come from a new file. */
        default void rotated(String why) {}
    }

    private final Path file;
    private final Sink sink;
    private FileChannel channel;
    private Object identity;
    private long position;
    private long lineNo;
    private final ByteArrayOutputStream partial = new ByteArrayOutputStream();
    private final ByteBuffer buffer = ByteBuffer.allocate(1 << 16);

    /** @param fromEnd start at the file's current end (new lines only), else at its start */
    public FileFollower(Path file, boolean fromEnd, Sink sink) throws IOException {
        this.file = file;
        this.sink = sink;
        open();
        if (fromEnd) {
            position = channel.size();
            // the line numbers stay true: count the lines skipped
            lineNo = countLines(file, position);
        }
    }

    public Path file() {
        return file;
    }

    /** Reads what has been written since the last poll; returns the lines handed on. */
    public long poll() throws IOException {
        checkRotation();
        if (channel == null) {
            return 0;
        }
        return poll0();
    }

    /** The last line when the file ends without a line break (at the end of a watch). */
    public void finish() {
        if (partial.size() > 0) {
            emit();
        }
    }

    private void emit() {
        byte[] b = partial.toByteArray();
        int len = b.length > 0 && b[b.length - 1] == '\r' ? b.length - 1 : b.length;
        partial.reset();
        String text = new String(b, 0, len, StandardCharsets.UTF_8);
        if (lineNo == 0 && text.startsWith("\uFEFF")) {
            text = text.substring(1);
        }
        sink.line(++lineNo, text);
    }

    private void checkRotation() throws IOException {
        Object id;
        long size;
        try {
            BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class);
            id = a.fileKey() != null ? a.fileKey() : a.creationTime();
            size = a.size();
        } catch (NoSuchFileException e) {
            return; // rotated away, not yet created anew: keep reading the old one until it is
        }
        if (channel == null) {
            open();
            sink.rotated(file.getFileName() + " appeared");
            return;
        }
        if (!Objects.equals(id, identity)) {
            drainOld();
            open();
            sink.rotated(file.getFileName() + " was rotated: reading the new file from its start");
        } else if (size < position) {
            partial.reset();
            position = 0;
            lineNo = 0;
            sink.rotated(file.getFileName() + " was truncated: reading it again from its start");
        }
    }

    /** The rotated file's last lines, written after the previous poll. */
    private void drainOld() throws IOException {
        poll0();
        finish();
        channel.close();
    }

    private long poll0() throws IOException {
        long lines = 0;
        while (true) {
            buffer.clear();
            int n = channel.read(buffer, position);
            if (n <= 0) {
                return lines;
            }
            position += n;
            byte[] b = buffer.array();
            int from = 0;
            for (int i = 0; i < n; i++) {
                if (b[i] == '\n') {
                    partial.write(b, from, i - from);
                    emit();
                    lines++;
                    from = i + 1;
                }
            }
            partial.write(b, from, n - from);
        }
    }

    private void open() throws IOException {
        try {
            channel = FileChannel.open(file, StandardOpenOption.READ);
            BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class);
            identity = a.fileKey() != null ? a.fileKey() : a.creationTime();
        } catch (NoSuchFileException e) {
            channel = null;
            identity = null;
        }
        position = 0;
        lineNo = 0;
        partial.reset();
    }

    private static long countLines(Path file, long upTo) throws IOException {
        long n = 0;
        try (var in = Files.newInputStream(file)) {
            byte[] b = new byte[1 << 16];
            long read = 0;
            int k;
            while (read < upTo && (k = in.read(b, 0, (int) Math.min(b.length, upTo - read))) > 0) {
                for (int i = 0; i < k; i++) {
                    n += b[i] == '\n' ? 1 : 0;
                }
                read += k;
            }
        }
        return n;
    }

    @Override
    public void close() throws IOException {
        if (channel != null) {
            channel.close();
        }
    }
}
