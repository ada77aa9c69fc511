package dev.sextant.workspaces.archive;

import dev.sextant.model.BadInputException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Enumeration;
import java.util.Locale;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * What an archive may inflate to, so that a small archive cannot fill the disk or the memory (a "zip bomb"). Checked
 * twice: from the sizes the zip's central directory declares, before anything is written; and while reading, against
 * the bytes that really come out, because a hostile archive can declare small sizes and inflate to more.
 *
 * <p>A limit is raised with a system property, e.g. {@code SEXTANT_JAVA_OPTS="-Dsextant.archive.maxEntryMB=16384"}:
 * {@code maxEntryMB} (one entry inflated), {@code maxTotalMB} (all entries), {@code maxRatio} (inflated ÷ compressed
 * for an entry above 1 MiB; real archives of rows compress 3–20 ×), {@code maxEntries}. The limits follow the same
 * idea as Apache POI's {@code ZipSecureFile} (minimum inflate ratio, maximum entry size).
 *
 * @param maxEntryBytes the largest an entry may inflate to
 * @param maxTotalBytes the most all entries together may inflate to
 * @param maxRatio      the highest inflated/compressed ratio an entry above {@link #RATIO_FLOOR} bytes may have
 * @param maxEntries    the most entries an archive may hold
 */
public record ArchiveLimits(long maxEntryBytes, long maxTotalBytes, double maxRatio, int maxEntries) {

    /** Below this many inflated bytes an entry's ratio is not judged (a small run of zeros compresses 1,000 ×). */
    public static final long RATIO_FLOOR = 1 << 20;

    private static final long MB = 1024L * 1024;

    public static final ArchiveLimits DEFAULT = new ArchiveLimits(4096 * MB, 16384 * MB, 100, 10_000);

    public ArchiveLimits {
        if (maxEntryBytes <= 0 || maxTotalBytes <= 0 || !(maxRatio >= 1) || maxEntries <= 0) {
            throw new IllegalArgumentException("archive limits must be positive (ratio at least 1)");
        }
    }

    /** The defaults, raised or lowered by the {@code sextant.archive.*} system properties. */
    public static ArchiveLimits fromSystemProperties() {
        return new ArchiveLimits(
                property("maxEntryMB", DEFAULT.maxEntryBytes / MB) * MB,
                property("maxTotalMB", DEFAULT.maxTotalBytes / MB) * MB,
                property("maxRatio", (long) DEFAULT.maxRatio),
                (int) property("maxEntries", DEFAULT.maxEntries));
    }

    private static long property(String name, long fallback) {
        String v = System.getProperty("sextant.archive." + name);
        if (v == null || v.isBlank()) {
            return fallback;
        }
        try {
            long n = Long.parseLong(v.strip());
            if (n > 0) {
                return n;
            }
        } catch (NumberFormatException ignored) {
            // fall through
        }
        throw new BadInputException(
                "-Dsextant.archive." + name, 0, null, "expected a positive whole number, got '" + v + "'");
    }

    /**
     * Checks the declared sizes of every entry before anything is extracted.
     *
     * @return the declared inflated size of all entries together (what the import will need on disk, at least)
     */
    long checkDeclared(String archive, ZipFile zip) {
        if (zip.size() > maxEntries) {
            throw BadInputException.of(
                    archive,
                    "holds " + zip.size() + " entries, more than the limit of " + maxEntries + raise("maxEntries"));
        }
        long total = 0;
        Enumeration<? extends ZipEntry> en = zip.entries();
        while (en.hasMoreElements()) {
            ZipEntry e = en.nextElement();
            long size = e.getSize();
            long packed = e.getCompressedSize();
            if (size < 0) {
                continue; // unknown here; the stream check below counts it
            }
            checkEntry(archive, e.getName(), size, packed);
            total += size;
            if (total > maxTotalBytes) {
                throw totalExceeded(archive, maxTotalBytes);
            }
        }
        return total;
    }

    private void checkEntry(String archive, String name, long size, long packed) {
        if (size > maxEntryBytes) {
            throw new BadInputException(
                    archive,
                    0,
                    "entry '" + name + "'",
                    "inflates to " + mb(size) + ", more than the limit of " + mb(maxEntryBytes) + " per entry"
                            + raise("maxEntryMB") + "; nothing was imported");
        }
        if (size > RATIO_FLOOR && packed >= 0 && size > maxRatio * Math.max(packed, 1)) {
            throw new BadInputException(
                    archive,
                    0,
                    "entry '" + name + "'",
                    String.format(
                            Locale.ROOT,
                            "inflates %.0f times (%s from %s), more than the limit of %.0f times%s; refused as a decompression bomb,"
                                    + " nothing was imported",
                            (double) size / Math.max(packed, 1),
                            mb(size),
                            mb(packed),
                            maxRatio,
                            raise("maxRatio")));
        }
    }

    /**
     * The entry's content, failing as soon as more comes out than the entry declared or than the limits allow. The
     * counter is shared by all entries of one import, so the total is enforced too.
     */
    InputStream bounded(String archive, ZipEntry entry, InputStream in, Counter total) {
        long declared = entry.getSize();
        long packed = entry.getCompressedSize();
        return new FilterInputStream(in) {
            private long read;

            @Override
            public int read() throws IOException {
                int b = super.read();
                if (b >= 0) {
                    count(1);
                }
                return b;
            }

            @Override
            public int read(byte[] buf, int off, int len) throws IOException {
                int n = super.read(buf, off, len);
                if (n > 0) {
                    count(n);
                }
                return n;
            }

            private void count(int n) {
                read += n;
                total.add(archive, n, ArchiveLimits.this);
                if (declared >= 0 && read > declared) {
                    throw new BadInputException(
                            archive,
                            0,
                            "entry '" + entry.getName() + "'",
                            "inflates to more than the " + declared
                                    + " bytes it declares (a damaged or hostile archive); nothing was imported");
                }
                checkEntry(archive, entry.getName(), read, packed);
            }
        };
    }

    /** Bytes inflated so far by one import. */
    static final class Counter {
        private long bytes;

        void add(String archive, long n, ArchiveLimits limits) {
            bytes += n;
            if (bytes > limits.maxTotalBytes) {
                throw totalExceeded(archive, limits.maxTotalBytes);
            }
        }
    }

    private static BadInputException totalExceeded(String archive, long limit) {
        return BadInputException.of(
                archive,
                "its entries inflate to more than the limit of " + mb(limit) + " for one archive" + raise("maxTotalMB")
                        + "; nothing was imported");
    }

    private static String raise(String property) {
        return "; raise it with SEXTANT_JAVA_OPTS=-Dsextant.archive." + property + "=…";
    }

    static String mb(long bytes) {
        return bytes < 10 * MB
                ? String.format(Locale.ROOT, "%.1f MB", bytes / (double) MB)
                : String.format(Locale.ROOT, "%,d MB", bytes / MB);
    }
}
