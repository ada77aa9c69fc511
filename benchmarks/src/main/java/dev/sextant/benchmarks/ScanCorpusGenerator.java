package dev.sextant.benchmarks;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;

/**
 * Writes a synthetic web-like JSONL corpus (Zipf-like words, punctuation, escaped newlines and quotes, a little
 * non-ASCII text) and a benchmark of items drawn from the same vocabulary, with some items planted in the corpus: the input of the scan throughput measurement. Seeded: the same arguments give the same files.
 *
 * <pre>java -cp benchmarks/target/benchmarks.jar dev.sextant.benchmarks.ScanCorpusGenerator DIR CORPUS_MB ITEMS</pre>
 */
public final class ScanCorpusGenerator {

    private ScanCorpusGenerator() {}

    /** 2,000 made-up words with a Zipf-like frequency, so common words dominate as in real text. */
    static String[] vocabulary() {
        SplittableRandom r = new SplittableRandom(42);
        String[] v = new String[2000];
        String letters = "etaoinshrdlcumwfgypbvkjxqz";
        for (int i = 0; i < v.length; i++) {
            int len = 2 + (int) Math.min(10, Math.abs(r.nextGaussian() * 3));
            StringBuilder sb = new StringBuilder();
            for (int k = 0; k < len; k++) {
                sb.append(letters.charAt((int) Math.min(25, Math.abs(r.nextGaussian() * 7))));
            }
            v[i] = sb.toString();
        }
        return v;
    }

    static String word(String[] v, SplittableRandom r) {
        return v[(int) Math.min(v.length - 1, Math.floor(Math.pow(r.nextDouble(), 2.5) * v.length))];
    }

    static String sentence(String[] v, SplittableRandom r, int words) {
        StringBuilder sb = new StringBuilder();
        for (int w = 0; w < words; w++) {
            if (w > 0) {
                sb.append(r.nextInt(12) == 0 ? ", " : " ");
            }
            String s = word(v, r);
            s = w == 0 ? Character.toUpperCase(s.charAt(0)) + s.substring(1) : s;
            int decoration = r.nextInt(200);
            if (decoration < 4) {
                s = "\\\"" + s + "\\\""; // a quoted word, escaped as JSON writes it
            } else if (decoration < 5) {
                s = s + "\u2019s"; // a possessive with a typographic apostrophe (3 bytes in UTF-8)
            } else if (decoration < 6) {
                s = s.substring(0, 1) + "\u00e9" + s.substring(1); // a Latin-1 letter (2 bytes)
            }
            sb.append(s);
        }
        return sb.append('.').toString();
    }

    public static void generate(Path dir, long corpusBytes, int items) throws IOException {
        Files.createDirectories(dir);
        String[] v = vocabulary();
        SplittableRandom r = new SplittableRandom(7);
        String[] bench = new String[items];
        try (BufferedWriter w = Files.newBufferedWriter(dir.resolve("bench.jsonl"), StandardCharsets.UTF_8)) {
            for (int i = 0; i < items; i++) {
                bench[i] = sentence(v, r, 12 + r.nextInt(50));
                w.write("{\"id\": \"item-" + i + "\", \"question\": \"" + bench[i] + "\"}\n");
            }
        }
        long written = 0;
        long doc = 0;
        try (BufferedWriter w = Files.newBufferedWriter(dir.resolve("corpus.jsonl"), StandardCharsets.UTF_8)) {
            while (written < corpusBytes) {
                StringBuilder text = new StringBuilder();
                int sentences = 3 + r.nextInt(30);
                for (int s = 0; s < sentences; s++) {
                    // paragraphs break with an escaped newline, as in web corpora
                    text.append(s == 0 ? "" : r.nextInt(5) == 0 ? "\\n" : " ")
                            .append(sentence(v, r, 5 + r.nextInt(25)));
                }
                if (doc % 5000 == 0 && items > 0) {
                    text.append(" ").append(bench[(int) (doc / 5000 % items)]); // a planted copy
                }
                String line = "{\"id\": \"doc-" + doc + "\", \"url\": \"https://example.org/" + doc + "\", \"text\": \""
                        + text + "\"}\n";
                w.write(line);
                written += line.getBytes(StandardCharsets.UTF_8).length;
                doc++;
            }
        }
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 3) {
            System.err.println("usage: ScanCorpusGenerator DIR CORPUS_MB ITEMS");
            System.exit(2);
        }
        generate(Path.of(args[0]), Long.parseLong(args[1]) << 20, Integer.parseInt(args[2]));
    }
}
