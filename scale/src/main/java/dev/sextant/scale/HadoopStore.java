package dev.sextant.scale;

import dev.sextant.model.BadInputException;
import dev.sextant.model.contamination.CorpusUnit;
import dev.sextant.model.io.CorpusFiles;
import dev.sextant.model.io.CorpusStore;
import java.io.File;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;

/**
 * Corpus files behind a URI ({@code hdfs://}, {@code s3a://}, {@code abfs://} … whatever connectors the cluster's
 * Hadoop has), read through Hadoop's FileSystem with the cluster's configuration ({@code core-site.xml} on the class
 * path). Listing leaves out names starting with a dot or an underscore (Hadoop's {@code _SUCCESS} markers).
 */
final class HadoopStore implements CorpusStore {

    private static HadoopStore instance;

    private final Configuration conf = new Configuration();

    private HadoopStore() {}

    /** The store that reads {@code path}: Hadoop's for a URI, this machine's (and shared mounts') otherwise. */
    static CorpusStore of(String path) {
        if (!CorpusStore.isUri(path)) {
            return CorpusStore.LOCAL;
        }
        synchronized (HadoopStore.class) {
            if (instance == null) {
                instance = new HadoopStore();
            }
            return instance;
        }
    }

    /** The units of corpus paths, each through its own store, in the order given. */
    static List<CorpusUnit> units(List<String> paths, long chunkBytes) {
        if (paths.stream().noneMatch(CorpusStore::isUri)) {
            return CorpusFiles.units(CorpusStore.LOCAL, paths, chunkBytes);
        }
        List<CorpusUnit> out = new ArrayList<>();
        for (String p : paths) {
            out.addAll(CorpusFiles.units(of(p), List.of(p), chunkBytes));
        }
        return out;
    }

    /** A folder's URI for writing: a local path made absolute, a URI as given. */
    static String outputUri(String dir) {
        return CorpusStore.isUri(dir)
                ? dir
                : new File(dir).getAbsoluteFile().toURI().toString();
    }

    /** Refuses a folder that exists and is not empty (nothing the user has is overwritten). */
    static void checkNewFolder(String dir) {
        Path target = new Path(outputUri(dir));
        try {
            FileSystem fs = target.getFileSystem(new Configuration());
            if (fs.exists(target) && (!fs.getFileStatus(target).isDirectory() || fs.listStatus(target).length > 0)) {
                throw BadInputException.of(dir, "exists and is not an empty folder: name a new one");
            }
        } catch (IOException e) {
            throw BadInputException.of(dir, "cannot write through Hadoop's file system: " + e.getMessage());
        }
    }

    /** A hidden folder beside {@code dir} for writing it whole or not at all. */
    static String partialFolder(String dir, String tag) {
        Path target = new Path(outputUri(dir));
        return new Path(target.getParent(), "." + target.getName() + ".partial-" + tag).toString();
    }

    /**
     * Writes a file under a folder (both URIs or absolute file URIs), creating its parents; without the local file
     * system's {@code .crc} side files.
     */
    static void write(String folder, String relative, IoWork work) {
        Path file = new Path(folder + "/" + relative);
        try (FileSystem fs = FileSystem.newInstance(file.toUri(), new Configuration())) {
            fs.setWriteChecksum(false);
            try (OutputStream o = fs.create(file, true)) {
                work.write(o);
            }
        } catch (IOException e) {
            throw BadInputException.of(file.toString(), "cannot write: " + e.getMessage());
        }
    }

    /** What fills a file. */
    @FunctionalInterface
    interface IoWork {
        void write(OutputStream out) throws IOException;
    }

    /** Moves a finished hidden folder into place (the target checked new or empty before). */
    static void publish(String partial, String dir) {
        Path from = new Path(partial);
        Path target = new Path(outputUri(dir));
        try {
            FileSystem fs = target.getFileSystem(new Configuration());
            fs.mkdirs(target.getParent());
            if (fs.exists(target)) {
                fs.delete(target, false); // the empty folder checked before the run
            }
            if (!fs.rename(from, target)) {
                throw BadInputException.of(dir, "could not move the written output into place");
            }
        } catch (IOException e) {
            throw BadInputException.of(dir, "cannot write through Hadoop's file system: " + e.getMessage());
        }
    }

    /** Deletes a folder if it is there, quietly (a failed or cancelled job's partial output). */
    static void deleteQuietly(String folder) {
        Path p = new Path(folder);
        try {
            p.getFileSystem(new Configuration()).delete(p, true);
        } catch (IOException e) {
            // the hidden folder stays; the next run writes its own
        }
    }

    @Override
    public List<Entry> files(String path) {
        Path p = new Path(path);
        try {
            FileSystem fs = p.getFileSystem(conf);
            FileStatus st = fs.getFileStatus(p);
            if (st.isFile()) {
                return List.of(new Entry(path, st.getLen(), st.getModificationTime()));
            }
            List<Entry> out = new ArrayList<>();
            RemoteIterator<LocatedFileStatus> it = fs.listFiles(p, true);
            while (it.hasNext()) {
                LocatedFileStatus f = it.next();
                if (!hidden(f.getPath(), p)) {
                    out.add(new Entry(f.getPath().toString(), f.getLen(), f.getModificationTime()));
                }
            }
            out.sort(Comparator.comparing(Entry::name));
            return out;
        } catch (FileNotFoundException e) {
            throw BadInputException.of(path, "no such file or folder");
        } catch (IOException | RuntimeException e) {
            throw BadInputException.of(path, "cannot read through Hadoop's file system: " + e.getMessage());
        }
    }

    /** Whether a file under {@code root} has a hidden part in its path below the root. */
    private static boolean hidden(Path file, Path root) {
        int depth = root.depth();
        for (Path q = file; q != null && q.depth() > depth; q = q.getParent()) {
            if (q.getName().startsWith(".") || q.getName().startsWith("_")) {
                return true;
            }
        }
        return false;
    }

    @Override
    public InputStream open(String file, long position) throws IOException {
        Path p = new Path(file);
        FSDataInputStream in = p.getFileSystem(conf).open(p, 1 << 16);
        if (position > 0) {
            in.seek(position);
        }
        return in;
    }

    @Override
    public String absolute(String file) {
        return file;
    }
}
