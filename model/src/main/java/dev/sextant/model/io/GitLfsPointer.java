package dev.sextant.model.io;

import dev.sextant.model.BadInputException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A Git LFS pointer given where the data belongs: a repository cloned without {@code git lfs pull} (Hugging Face
 * dataset and model repositories, most GitHub ones with data) holds, for each large file, three lines of text —
 * {@code version https://git-lfs.github.com/spec/v1}, {@code oid sha256:…}, {@code size …} (Git LFS specification,
 * docs/spec.md). Named as what it is, never as corrupt gzip, invalid JSON or "not Parquet".
 */
public final class GitLfsPointer {

    private static final byte[] HEADER = "version https://git-lfs.github.com/spec/".getBytes(StandardCharsets.US_ASCII);

    private GitLfsPointer() {}

    /** Whether the bytes a file starts with are a pointer's. */
    public static boolean is(byte[] head, int length) {
        if (length < HEADER.length) {
            return false;
        }
        for (int i = 0; i < HEADER.length; i++) {
            if (head[i] != HEADER[i]) {
                return false;
            }
        }
        return true;
    }

    /** Whether a file is a pointer (false when it cannot be read: the reader that opens it says why). */
    public static boolean is(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            byte[] head = in.readNBytes(HEADER.length);
            return is(head, head.length);
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /** The problem, for a file named {@code name}. */
    public static BadInputException error(String name) {
        return BadInputException.of(
                name,
                "a Git LFS pointer, not the file: its data was never downloaded (run git lfs pull in the "
                        + "repository it came from, or download the file itself)");
    }

    /** Refuses a pointer, naming it. */
    public static void refuse(Path file) {
        if (is(file)) {
            throw error(TextInput.name(file));
        }
    }
}
