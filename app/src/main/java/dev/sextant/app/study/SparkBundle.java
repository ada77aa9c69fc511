package dev.sextant.app.study;

import dev.sextant.model.contamination.ClusterScan;
import dev.sextant.model.contamination.CorpusSplit;
import dev.sextant.model.data.ClusterDedup;
import dev.sextant.model.data.DedupResult;
import dev.sextant.model.data.DedupSpec;
import dev.sextant.model.data.Deduplicator;
import dev.sextant.model.data.quality.ClusterFilter;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.CapabilityUnavailableException;
import dev.sextant.model.job.ProgressListener;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * The Spark engine, loaded from the scale module's bundle folder (built by the same build as the app, kept out of the
 * app's own libraries): its jars in a class loader of their own that looks in the bundle first, so Spark gets the Hadoop,
 * logging and Scala it was built with, while Sextant's own classes (and the JDK's) come from the app — the scan's inputs
 * and result cross as the model's own types.
 */
final class SparkBundle {

    /** Where the launcher says the bundle is. */
    static final String PROPERTY = "sextant.spark.bundle";
    /** The application jar beside the bundle: Sextant's classes for executors (and for spark-submit). */
    static final String CLUSTER_JAR = "sextant-scale-cluster.jar";

    private static ClassLoader loader;
    private static ClusterScan scan;
    private static ClusterDedup dedup;
    private static ClusterFilter filter;

    private SparkBundle() {}

    /** The Spark scan engine; Spark and Hadoop load classes through the thread's context loader, set while it runs. */
    static synchronized ClusterScan scan() {
        if (scan == null) {
            ClusterScan engine = service(ClusterScan.class);
            scan = (master, conf, spec, items, corpus, done, fileDone, progress, cancel) -> inBundle(() ->
                    engine.scan(master, shipped(master, conf), spec, items, corpus, done, fileDone, progress, cancel));
        }
        return scan;
    }

    /** Deduplication on Spark. */
    static synchronized ClusterDedup dedup() {
        if (dedup == null) {
            ClusterDedup engine = service(ClusterDedup.class);
            dedup = new ClusterDedup() {
                @Override
                public void readUnits(
                        String master,
                        Map<String, String> conf,
                        DedupSpec spec,
                        List<CorpusSplit> splits,
                        Deduplicator.UnitStates states,
                        ProgressListener progress,
                        CancellationToken cancel) {
                    inBundle(() -> {
                        engine.readUnits(master, shipped(master, conf), spec, splits, states, progress, cancel);
                        return null;
                    });
                }

                @Override
                public DedupResult nearDuplicates(
                        String master,
                        Map<String, String> conf,
                        DedupSpec spec,
                        List<CorpusSplit> splits,
                        ProgressListener progress,
                        CancellationToken cancel) {
                    return inBundle(
                            () -> engine.nearDuplicates(master, shipped(master, conf), spec, splits, progress, cancel));
                }
            };
        }
        return dedup;
    }

    /** Quality filtering on Spark. */
    static synchronized ClusterFilter filter() {
        if (filter == null) {
            ClusterFilter engine = service(ClusterFilter.class);
            filter = (master, conf, recipe, splits, todo, folder, judged, progress, cancel) -> inBundle(() -> {
                engine.judgeUnits(
                        master, shipped(master, conf), recipe, splits, todo, folder, judged, progress, cancel);
                return null;
            });
        }
        return filter;
    }

    /**
     * The settings with Sextant's cluster jar added to {@code spark.jars} for a master other than local mode: executors
     * on a cluster that has Spark but not Sextant fetch the scan's classes from the driver.
     */
    static Map<String, String> shipped(String master, Map<String, String> conf) {
        if (master.startsWith("local") || conf.containsKey("spark.jars")) {
            return conf;
        }
        Path jar = Path.of(System.getProperty(PROPERTY)).getParent().resolve(CLUSTER_JAR);
        if (!Files.isRegularFile(jar)) {
            throw new CapabilityUnavailableException(
                    "the cluster jar " + jar + " is not built: build the project (mvn install) to run on a cluster");
        }
        Map<String, String> out = new LinkedHashMap<>(conf);
        out.put("spark.jars", jar.toAbsolutePath().toString());
        return out;
    }

    private static <T> T inBundle(Supplier<T> work) {
        Thread t = Thread.currentThread();
        ClassLoader before = t.getContextClassLoader();
        t.setContextClassLoader(loader);
        try {
            return work.get();
        } finally {
            t.setContextClassLoader(before);
        }
    }

    private static <T> T service(Class<T> type) {
        ClassLoader l = loader();
        return ServiceLoader.load(type, l)
                .findFirst()
                .orElseThrow(() -> new CapabilityUnavailableException("the Spark bundle in "
                        + System.getProperty(PROPERTY) + " holds no " + type.getSimpleName() + "; rebuild it"));
    }

    private static ClassLoader loader() {
        if (loader != null) {
            return loader;
        }
        String where = System.getProperty(PROPERTY);
        Path dir = where == null ? null : Path.of(where);
        if (dir == null || !Files.isDirectory(dir)) {
            throw new CapabilityUnavailableException(
                    "the Spark engine is not built here" + (dir == null ? "" : " (no " + dir + ")")
                            + ": build the project (./sextant builds it on first use, or mvn install) and run through ./sextant; on a cluster, "
                            + "submit scale/target/sextant-scale-cluster.jar with spark-submit");
        }
        List<URL> jars = new ArrayList<>();
        try (Stream<Path> s = Files.list(dir)) {
            for (Path p : s.filter(p -> p.toString().endsWith(".jar")).sorted().toList()) {
                jars.add(p.toUri().toURL());
            }
        } catch (IOException e) {
            throw new CapabilityUnavailableException(
                    "the Spark bundle in " + dir + " cannot be read: " + e.getMessage());
        }
        loader = new BundleFirst(jars.toArray(URL[]::new), SparkBundle.class.getClassLoader());
        return loader;
    }

    /** Bundle first, but Sextant's own classes, the JDK's, the shared model API and the logging API from the app. */
    private static final class BundleFirst extends URLClassLoader {

        BundleFirst(URL[] urls, ClassLoader parent) {
            super("sextant-spark", urls, parent);
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            synchronized (getClassLoadingLock(name)) {
                Class<?> c = findLoadedClass(name);
                if (c == null && !fromApp(name)) {
                    try {
                        c = findClass(name);
                    } catch (ClassNotFoundException e) {
                        c = null; // not in the bundle: the app's
                    }
                }
                if (c == null) {
                    c = getParent().loadClass(name);
                }
                if (resolve) {
                    resolveClass(c);
                }
                return c;
            }
        }

        private static boolean fromApp(String name) {
            return name.startsWith("java.")
                    || name.startsWith("javax.")
                    || name.startsWith("jdk.")
                    || name.startsWith("sun.")
                    || name.startsWith("com.sun.")
                    || name.startsWith("dev.sextant.") && !name.startsWith("dev.sextant.scale.")
                    || name.startsWith("org.slf4j."); // one logging API: Spark logs through the app's (to its log file)
        }

        @Override
        public URL getResource(String name) {
            URL u = findResource(name);
            return u != null ? u : super.getResource(name);
        }
    }
}
