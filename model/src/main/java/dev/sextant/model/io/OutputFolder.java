package dev.sextant.model.io;

import dev.sextant.model.BadInputException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * A folder of output written whole or not at all: the work fills a temporary folder beside the target
 * ({@code DIR.partial-…}), which is moved into place when the work succeeds and deleted when it fails or is cancelled.
 * The target must be new or empty, so nothing the user had is overwritten.
 */
public final class OutputFolder {

    /** Fills the temporary folder. */
    @FunctionalInterface
    public interface Work<T> {
        T write(Path folder) throws IOException;
    }

    private OutputFolder() {}

    public static <T> T write(Path dir, Work<T> work) {
        String name = TextInput.name(dir);
        if (Files.exists(dir)) {
            if (!Files.isDirectory(dir)) {
                throw BadInputException.of(name, "is a file: give a new or empty folder for the output");
            }
            try (Stream<Path> s = Files.list(dir)) {
                if (s.findAny().isPresent()) {
                    throw BadInputException.of(
                            name, "already exists and is not empty: give a new or empty folder for the output");
                }
            } catch (IOException e) {
                throw BadInputException.of(name, "cannot read: " + IoFailures.plain(e));
            }
        }
        Path tmp = dir.toAbsolutePath()
                .resolveSibling(dir.getFileName() + ".partial-" + Long.toHexString(System.nanoTime()));
        try {
            Files.createDirectories(tmp);
            T result = work.write(tmp);
            if (Files.exists(dir)) {
                Files.delete(dir); // empty, checked above
            }
            try {
                Files.move(tmp, dir, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, dir);
            }
            return result;
        } catch (IOException | UncheckedIOException e) {
            deleteQuietly(tmp);
            IOException io = e instanceof IOException x ? x : ((UncheckedIOException) e).getCause();
            throw BadInputException.of(name, "cannot write: " + IoFailures.plain(io));
        } catch (RuntimeException | Error e) {
            deleteQuietly(tmp);
            throw e;
        }
    }

    /** A corpus file's name without its folder and its data extensions, safe in a file name: {@code 0001-<stem>.jsonl.zst}. */
    public static String stem(String file) {
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
