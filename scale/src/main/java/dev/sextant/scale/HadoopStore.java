package dev.sextant.scale;

import dev.sextant.model.BadInputException;
import dev.sextant.model.contamination.CorpusUnit;
import dev.sextant.model.io.CorpusFiles;
import dev.sextant.model.io.CorpusStore;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
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
