package dev.sextant.model.data;

import dev.sextant.model.InputError;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How long a corpus job takes on a cluster and what its driver must hold, from a cost model calibrated on this
 * workbench's own measurements ({@code benchmarks/spark-sizing.sh} and the one-core reading and clustering times in the
 * README). The corpus is cut into units (32 MiB ranges of an uncompressed file; a compressed shard is one unit, its
 * uncompressed size read); every core reads units at the per-core rate, the last wave running alone:
 * <pre>t = start-up + ⌈units / cores⌉ × unit / rate + documents × driver time a document</pre>
 * The driver term is exact deduplication's matching on the driver (every document's key), which does not spread over
 * the cluster; the driver holds every document's kept state and its decoded form at once: documents × driver bytes a
 * document. Near deduplication runs on the cluster from end to end (signatures, band buckets, pairs, connected
 * components), its rate a core measured over the whole job; its driver receives only the removed documents' records
 * (about 200 B each). A scan's driver merges per-file results and has no term.
 *
 * @param job                    scan, near or exact
 * @param mbPerSecondPerCore     uncompressed corpus read a core, MB/s (10⁶ bytes)
 * @param startupSeconds         JVM and Spark start-up, the benchmark index or the job's set-up
 * @param driverMicrosPerDocument the driver's clustering, µs a document (0 for a scan)
 * @param driverBytesPerDocument the driver's memory, bytes a document (0 for a scan)
 */
public record ClusterSizing(
        String job,
        double mbPerSecondPerCore,
        double startupSeconds,
        double driverMicrosPerDocument,
        double driverBytesPerDocument) {

    /**
     * Measured on 2026-12-02 on the development machine (one vCPU of a shared 2-vCPU VM, 537 MB synthetic web corpus):
     * a scan against 10,000 items read 183 MB/s on one local thread and 214 MB/s a core on Spark local[1] (two-size
     * fit), start-up 7.5–7.9 s; dedup read 197–207 MB/s (exact) and 102–111 MB/s (near, 112 permutations) a core; the
     * driver clustered 1.5–1.8 µs (exact) and 2.8–4.6 µs (near) a document; states 44 B (exact) and 476 B (near) a
     * document without ids, held twice while decoded.
     */
    public static final ClusterSizing SCAN = new ClusterSizing("scan", 200, 8, 0, 0);

    /**
     * The distributed near-duplicate job, measured on 2026-12-07 through {@code sextant dedup --engine spark --master
     * local[1]} on 100 MB and 300 MB of the guard's synthetic corpus (11.7 s and 19.4 s, two-size fit): 26 MB/s a core
     * and 7.8 s of start-up and per-stage set-up. Reading and signatures alone go at about 105 MB/s a core; the rest is
     * the band shuffle (one record a document and band), the joins and Spark's per-job overhead on a cold JVM.
     */
    public static final ClusterSizing NEAR = new ClusterSizing("near", 26, 8, 0, 0);

    public static final ClusterSizing EXACT = new ClusterSizing("exact", 200, 8, 1.8, 250);

    /** The unit of an uncompressed file: {@code CorpusFiles.DEFAULT_CHUNK}. */
    public static final double DEFAULT_UNIT_BYTES = 32L << 20;

    public ClusterSizing {
        InputError.require(mbPerSecondPerCore > 0, "sizing.rate", "the rate a core must be positive");
        InputError.require(
                startupSeconds >= 0 && driverMicrosPerDocument >= 0 && driverBytesPerDocument >= 0,
                "sizing",
                "costs cannot be negative");
    }

    /**
     * A size in bytes: a number with an optional unit, decimal (kB, MB, GB, TB, PB) or binary (KiB … PiB), e.g.
     * {@code 10TB}, {@code 32MiB}, {@code 5e11}.
     */
    public static double parseBytes(String field, String text) {
        String v = text == null ? "" : text.strip().replace("_", "").replace(",", "");
        Matcher m = Pattern.compile("(?i)^([0-9]*\\.?[0-9]+(?:e[0-9]+)?)\\s*([kmgtp]?)(i?)b?$")
                .matcher(v);
        InputError.require(m.matches(), field, "expected a size such as 10TB, 500GB or 32MiB, got '" + v + "'");
        int power = m.group(2).isEmpty() ? 0 : "kmgtp".indexOf(m.group(2).toLowerCase(Locale.ROOT)) + 1;
        double base = m.group(3).isEmpty() ? 1000 : 1024;
        double bytes = Double.parseDouble(m.group(1)) * Math.pow(base, power);
        InputError.require(bytes >= 1, field, "must be at least one byte, got '" + v + "'");
        return bytes;
    }

    public static ClusterSizing of(String job) {
        return switch (job) {
            case "scan" -> SCAN;
            case "near" -> NEAR;
            case "exact" -> EXACT;
            default -> throw new InputError("sizing.job", "unknown job '" + job + "'; expected scan, near or exact");
        };
    }

    /**
     * One estimate.
     *
     * @param corpusBytes uncompressed corpus size
     * @param cores       executor cores in all
     * @param seconds     start to end
     * @param documents   the documents the driver holds (dedup)
     * @param driverBytes the driver's memory for them
     */
    public record Estimate(double corpusBytes, int cores, double seconds, double documents, double driverBytes) {
        public double hours() {
            return seconds / 3600;
        }
    }

    /**
     * @param unitBytes     uncompressed bytes a unit (a task)
     * @param bytesPerDocument average uncompressed document size, for the driver's terms
     * @param storageMbPerSecondPerCore what storage delivers a core (a node's network over its cores), MB/s; the slower
     *                                  of it and the compute rate holds; infinite: storage keeps up
     */
    public Estimate estimate(
            double corpusBytes,
            int cores,
            double unitBytes,
            double bytesPerDocument,
            double storageMbPerSecondPerCore) {
        InputError.require(corpusBytes > 0, "sizing.bytes", "give the corpus size");
        InputError.require(cores >= 1, "sizing.cores", "at least one core");
        InputError.require(
                unitBytes > 0 && bytesPerDocument > 0 && storageMbPerSecondPerCore > 0,
                "sizing",
                "sizes and rates must be positive");
        double rate = Math.min(mbPerSecondPerCore, storageMbPerSecondPerCore) * 1e6;
        double units = Math.ceil(corpusBytes / unitBytes);
        double waves = Math.ceil(units / cores);
        double unit = Math.min(unitBytes, corpusBytes);
        double documents = corpusBytes / bytesPerDocument;
        double seconds = startupSeconds + waves * unit / rate + documents * driverMicrosPerDocument / 1e6;
        return new Estimate(corpusBytes, cores, seconds, documents, documents * driverBytesPerDocument);
    }
}
