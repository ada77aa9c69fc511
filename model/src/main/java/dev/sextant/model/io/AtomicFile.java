package dev.sextant.model.io;

import java.io.BufferedOutputStream;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * Writes a file the user asked for so that it is either whole or absent: the content goes to a hidden temporary file
 * beside the target, is synced to the device, and is then moved into place. A failure (full disk, cancellation, a
 * bug) deletes the temporary file and leaves any earlier file of that name untouched.
 */
public final class AtomicFile {

    /** Writes the content through a stream. */
    @FunctionalInterface
    public interface StreamWork<T> {
        T write(OutputStream out) throws IOException;
    }

    /** Writes the content as UTF-8 text. */
    @FunctionalInterface
    public interface TextWork<T> {
        T write(Writer out) throws IOException;
    }

    private AtomicFile() {}

    public static <T> T writeText(Path target, TextWork<T> work) throws IOException {
        return write(target, os -> {
            Writer w = new BufferedWriter(new OutputStreamWriter(os, StandardCharsets.UTF_8));
            T result = work.write(w);
            w.flush();
            return result;
        });
    }

    public static <T> T write(Path target, StreamWork<T> work) throws IOException {
        Path out = target.toAbsolutePath().normalize();
        Path dir = out.getParent();
        Files.createDirectories(dir);
        Path tmp = Files.createTempFile(dir, "." + out.getFileName(), ".part");
        try {
            T result;
            try (var channel = FileChannel.open(tmp, StandardOpenOption.WRITE);
                    OutputStream os = new BufferedOutputStream(Channels.newOutputStream(channel), 1 << 16)) {
                result = work.write(os);
                os.flush();
                channel.force(true);
            }
            try {
                Files.move(tmp, out, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, out, StandardCopyOption.REPLACE_EXISTING);
            }
            return result;
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
