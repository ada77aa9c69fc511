package dev.sextant.model.io;

import dev.sextant.model.BadInputException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.stream.Stream;

/**
 * Where corpus files are read from: this machine's file system ({@link #LOCAL}, shared mounts included), or another
 * one a cluster reads (Hadoop's FileSystem for {@code hdfs://} and {@code s3a://} paths, in the scale module). Files
 * are named as the user named them; a store lists them and opens them at a byte position.
 */
public interface CorpusStore {

    /** A corpus file: its name, its size in bytes and when it last changed (milliseconds since the epoch). */
    record Entry(String name, long size, long modified) {}

    /**
     * The corpus files a path names: the file itself, or every file under a folder, sorted by name, files whose names
     * start with a dot left out.
     *
     * @throws BadInputException naming the path when it does not exist or cannot be read
     */
    List<Entry> files(String path);

    /** The file's bytes from {@code position} on. */
    InputStream open(String file, long position) throws IOException;

    /** An absolute name of the file that any machine of a cluster resolves alike (a shared mount's path, a URI). */
    String absolute(String file);

    /** Whether the Parquet reader, which needs a local file, can read this store's files. */
    default boolean local() {
        return false;
    }

    /**
     * Whether a corpus path is a URI — a scheme of two or more letters, a colon and a slash: {@code hdfs://nn/x},
     * {@code s3a://bucket/x}, and {@code file:/x} as Hadoop names a local file it listed (a drive letter is not one).
     */
    static boolean isUri(String path) {
        return path.matches("^[A-Za-z][A-Za-z0-9+.-]+:/.*"); // once a path or a task: compiling it each time is nothing
    }

    /**
     * Refuses a URI given where this machine's paths are read ({@code hdfs://nn/x} reaches here as the path
     * {@code hdfs:/nn/x}), saying where it is read instead; returns a path that is not one.
     */
    static Path refuseUri(Path p) {
        String path = p.toString();
        if (!Files.exists(p) && isUri(path)) {
            throw BadInputException.of(
                    path.replaceFirst(":/+", "://"),
                    "a URI: this machine reads local and mounted paths; "
                            + "read it on the cluster with the cluster application (spark-submit … scale/target/sextant-scale-cluster.jar scan|dedup, "
                            + "see the README)");
        }
        return p;
    }

    /** This machine's file system. */
    CorpusStore LOCAL = new CorpusStore() {
        @Override
        public List<Entry> files(String path) {
            Path p = Path.of(path);
            if (!Files.exists(p)) {
                refuseUri(p);
                throw BadInputException.of(TextInput.name(p), "no such file or folder");
            }
            List<Path> found;
            if (!Files.isDirectory(p)) {
                found = List.of(p);
            } else {
                try (Stream<Path> walk = Files.walk(p)) {
                    found = walk.filter(Files::isRegularFile)
                            .filter(f -> !f.getFileName().toString().startsWith("."))
                            .sorted()
                            .toList();
                } catch (IOException e) {
                    throw BadInputException.of(TextInput.name(p), "cannot read folder: " + IoFailures.plain(e));
                }
            }
            return found.stream()
                    .map(f -> {
                        try {
                            if (!Files.isReadable(f)) {
                                throw BadInputException.of(TextInput.name(f), "not readable");
                            }
                            return new Entry(
                                    f.toString(),
                                    Files.size(f),
                                    Files.getLastModifiedTime(f).toMillis());
                        } catch (IOException e) {
                            throw BadInputException.of(TextInput.name(f), "cannot read: " + IoFailures.plain(e));
                        }
                    })
                    .toList();
        }

        @Override
        public InputStream open(String file, long position) throws IOException {
            FileChannel channel = FileChannel.open(Path.of(file), StandardOpenOption.READ);
            channel.position(position);
            return Channels.newInputStream(channel);
        }

        @Override
        public String absolute(String file) {
            return Path.of(file).toAbsolutePath().normalize().toString();
        }

        @Override
        public boolean local() {
            return true;
        }
    };
}
