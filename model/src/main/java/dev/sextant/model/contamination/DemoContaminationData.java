package dev.sextant.model.contamination;

import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Example contamination scan for the seeded demo project: 198 synthetic GPQA-style questions (the ids of the demo's
 * per-item scores), scanned with the real scanner against a small generated web corpus in which some are copied whole
 * and some in part. Fixed seeds: every new workspace shows the same scan.
 */
public final class DemoContaminationData {

    public static final String BENCHMARK = "GPQA Diamond";
    public static final String CORPUS_NAME = "demo-web-crawl.jsonl (demo)";
    /** Items copied whole into the demo corpus. */
    public static final int[] DIRTY = {3, 17, 29, 44, 58, 71, 90, 115, 133, 160, 177, 191};
    /** Items whose first sentence appears in the demo corpus. */
    public static final int[] PARTIAL = {8, 36, 62, 101, 148, 170};

    private static final String[] SUBJECTS = {
        "a proton",
        "an electron",
        "a benzene ring",
        "a chiral centre",
        "a black hole",
        "a photon",
        "a catalyst",
        "an enzyme",
        "a neutron star",
        "a semiconductor"
    };
    private static final String[] VERBS = {
        "is accelerated through",
        "interacts with",
        "is measured against",
        "is placed inside",
        "decays near",
        "is bound to",
        "is heated within",
        "is observed beside"
    };
    private static final String[] OBJECTS = {
        "a uniform magnetic field",
        "a solution of sodium chloride",
        "a cavity at four kelvin",
        "a lattice of silicon atoms",
        "a rotating reference frame",
        "an optical trap",
        "a plasma at high density"
    };
    private static final String[] ASKS = {
        "What is the change in its energy after %d seconds?",
        "Which quantity is conserved over the first %d steps?",
        "How many products form at %d kelvin?",
        "What is the angular momentum ratio after %d turns?"
    };

    private DemoContaminationData() {}

    public static List<BenchmarkItem> items() {
        SplittableRandom r = new SplittableRandom(1998);
        List<BenchmarkItem> out = new ArrayList<>();
        for (int i = 0; i < 198; i++) {
            String q = "Suppose " + pick(SUBJECTS, r) + " of mass " + (1 + r.nextInt(90)) + " units " + pick(VERBS, r)
                    + " "
                    + pick(OBJECTS, r) + " at " + (2 + r.nextInt(400)) + " kelvin while " + pick(SUBJECTS, r)
                    + " with charge "
                    + (1 + r.nextInt(9)) + " " + pick(VERBS, r) + " " + pick(OBJECTS, r) + ". "
                    + String.format(pick(ASKS, r), 2 + r.nextInt(60));
            out.add(new BenchmarkItem(BENCHMARK, "gpqa-" + i, q));
        }
        return out;
    }

    /** Runs the scanner over the generated corpus. */
    public static ScanResult scan(ScanSpec spec) {
        List<BenchmarkItem> items = items();
        byte[] corpus = corpus(items).getBytes(StandardCharsets.UTF_8);
        NgramIndex index = NgramIndex.build(items, spec.n(), spec.normalization());
        CorpusUnit unit = new CorpusUnit() {
            @Override
            public String file() {
                return CORPUS_NAME;
            }

            @Override
            public Format format() {
                return Format.JSONL;
            }

            @Override
            public long start() {
                return 0;
            }

            @Override
            public long end() {
                return Long.MAX_VALUE;
            }

            @Override
            public long sizeBytes() {
                return corpus.length;
            }

            @Override
            public CorpusStream open() {
                ByteArrayInputStream in = new ByteArrayInputStream(corpus);
                return new CorpusStream() {
                    long read;

                    @Override
                    public int read() {
                        int b = in.read();
                        read += b < 0 ? 0 : 1;
                        return b;
                    }

                    @Override
                    public int read(byte[] b, int off, int len) {
                        int n = in.read(b, off, len);
                        read += Math.max(0, n);
                        return n;
                    }

                    @Override
                    public long rawBytesRead() {
                        return read;
                    }
                };
            }
        };
        return CorpusScanner.scan(index, List.of(unit), spec, ProgressListener.NONE, CancellationToken.none());
    }

    public static int corpusBytes() {
        return corpus(items()).getBytes(StandardCharsets.UTF_8).length;
    }

    static String corpus(List<BenchmarkItem> items) {
        SplittableRandom r = new SplittableRandom(77);
        StringBuilder sb = new StringBuilder();
        String[] filler = {
            "Welcome to our study notes page.",
            "Physics and chemistry revision material for students.",
            "Click here to see more practice questions.",
            "These notes are shared under a permissive licence."
        };
        for (int d = 0; d < 400; d++) {
            StringBuilder text = new StringBuilder(pick(filler, r));
            for (int k : DIRTY) {
                if (d == k * 2) {
                    text.append(" Practice question: ").append(items.get(k).text());
                }
            }
            for (int k : PARTIAL) {
                if (d == k * 2 + 1) {
                    String t = items.get(k).text();
                    text.append(" Related: ").append(t, 0, t.indexOf('.') + 1).append(" (answer withheld)");
                }
            }
            text.append(' ').append(pick(filler, r));
            sb.append("{\"id\": \"page-")
                    .append(d)
                    .append("\", \"text\": \"")
                    .append(text)
                    .append("\"}\n");
        }
        return sb.toString();
    }

    private static String pick(String[] a, SplittableRandom r) {
        return a[r.nextInt(a.length)];
    }
}
