package dev.sextant.model.io;

import dev.sextant.model.BadInputException;
import dev.sextant.model.data.Deduplicator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * A resumable dedup run's unit states as files in a folder ({@code NNNNNN.state}), each written whole or not at all
 * ({@link AtomicFile}); deleted when the run completes.
 */
public final class DedupStateFolder implements Deduplicator.UnitStates {

    private final Path dir;

    public DedupStateFolder(Path dir) {
        this.dir = dir;
    }

    private Path file(int unit) {
        return dir.resolve(String.format(Locale.ROOT, "%06d.state", unit));
    }

    @Override
    public byte[] load(int unit) {
        Path f = file(unit);
        try {
            return Files.exists(f) ? Files.readAllBytes(f) : null;
        } catch (IOException e) {
            return null; // unreadable: the unit is read again
        }
    }

    @Override
    public void save(int unit, byte[] state) {
        try {
            Files.createDirectories(dir);
            AtomicFile.write(file(unit), o -> {
                o.write(state);
                return null;
            });
        } catch (IOException e) {
            throw BadInputException.of(TextInput.name(dir), "cannot keep the run's progress: " + IoFailures.plain(e));
        }
    }

    /** Units kept so far. */
    public int saved() {
        if (!Files.isDirectory(dir)) {
            return 0;
        }
        try (Stream<Path> s = Files.list(dir)) {
            return (int)
                    s.filter(p -> p.getFileName().toString().endsWith(".state")).count();
        } catch (IOException e) {
            return 0;
        }
    }

    /** Deletes the states read from {@code file} (a corpus file that changed: its units are read again). */
    public void forget(String file) {
        if (!Files.isDirectory(dir)) {
            return;
        }
        try (Stream<Path> s = Files.list(dir)) {
            for (Path p :
                    s.filter(x -> x.getFileName().toString().endsWith(".state")).toList()) {
                byte[] b = Files.readAllBytes(p);
                String f = Deduplicator.stateFile(b);
                if (f == null || f.equals(file)) {
                    Files.deleteIfExists(p);
                }
            }
        } catch (IOException e) {
            throw BadInputException.of(TextInput.name(dir), "cannot read the run's progress: " + IoFailures.plain(e));
        }
    }

    /** Deletes the folder and what is in it. */
    public void delete() {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // left behind: it is only a cache of a finished run
        }
    }
}
