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
 * The target must be new or empty, so nothing the user had is overwritten. A resumable run ({@link #writeResumable})
 * keeps what it finished when it stops.
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
        refuseNonEmpty(dir, name);
        Path tmp = dir.toAbsolutePath()
                .resolveSibling(dir.getFileName() + ".partial-" + Long.toHexString(System.nanoTime()));
        try {
            Files.createDirectories(tmp);
            T result = work.write(tmp);
            moveIntoPlace(tmp, dir);
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

    /** The folder a resumable run fills before it is moved into place: {@code DIR.partial}. */
    public static Path staging(Path dir) {
        return dir.toAbsolutePath().resolveSibling(dir.getFileName() + ".partial");
    }

    /**
     * As {@link #write}, for a run that can be resumed: the work fills {@link #staging} ({@code DIR.partial}), which a
     * cancelled, failed or killed run leaves behind with what it finished, and a later run with the same {@code
     * fingerprint} and {@code resume} continues. An input problem deletes it (there is nothing to resume). Without
     * {@code resume} a staging folder left by an earlier run is refused rather than overwritten or silently reused; one
     * begun by a run with another fingerprint (other settings, or a changed corpus) is refused either way.
     *
     * @param fingerprint what the run reads and how it judges it, as text; equal for runs whose parts may be combined
     */
    public static <T> T writeResumable(Path dir, String fingerprint, boolean resume, Work<T> work) {
        String name = TextInput.name(dir);
        refuseNonEmpty(dir, name);
        Path tmp = staging(dir);
        Path stamp = tmp.resolve(".sextant-run");
        try {
            if (Files.exists(tmp)) {
                String had = Files.exists(stamp) ? Files.readString(stamp) : "";
                if (!had.equals(fingerprint)) {
                    throw BadInputException.of(
                            TextInput.name(tmp),
                            "was begun by a run with other settings or on a corpus that has changed since: delete it "
                                    + "to start afresh");
                }
                if (!resume) {
                    throw BadInputException.of(
                            TextInput.name(tmp),
                            "holds the part of an earlier run that was stopped: resume that run, or delete the folder to "
                                    + "start afresh");
                }
            } else {
                Files.createDirectories(tmp);
                AtomicFile.writeText(stamp, w -> {
                    w.write(fingerprint);
                    return null;
                });
            }
        } catch (IOException e) {
            throw BadInputException.of(name, "cannot write: " + IoFailures.plain(e));
        }
        try {
            T result = work.write(tmp);
            Files.delete(stamp);
            moveIntoPlace(tmp, dir);
            return result;
        } catch (IOException | UncheckedIOException e) {
            IOException io = e instanceof IOException x ? x : ((UncheckedIOException) e).getCause();
            throw BadInputException.of(
                    name,
                    "cannot write: " + IoFailures.plain(io) + "; what was finished is kept in " + TextInput.name(tmp)
                            + " to resume");
        } catch (BadInputException e) {
            deleteQuietly(tmp); // the input is at fault: nothing worth resuming
            throw e;
        }
    }

    /** Puts the filled folder where the (empty or absent, as checked) target was. */
    private static void moveIntoPlace(Path tmp, Path dir) throws IOException {
        if (Files.exists(dir)) {
            Files.delete(dir); // empty, checked before the work
        }
        try {
            Files.move(tmp, dir, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, dir);
        }
    }

    private static void refuseNonEmpty(Path dir, String name) {
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
