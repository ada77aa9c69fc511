package dev.sextant.model.io;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The demo project's small corpus, made up and marked as such, so the Data area has something to show: 600 documents
 * of invented words (with English function words between them) from three sources (web 60 %, code 25 %, books 15 %),
 * with exact copies and near-duplicates (a few words changed) planted in the web share, and pages the quality rules
 * remove (navigation menus, a line repeated), and a 20-item demo benchmark of which four items are planted whole
 * in web documents. Deterministic: the same files every time.
 */
public final class DemoDataCorpus {

    public static final String CORPUS = "demo-corpus.jsonl";
    public static final String BENCHMARK = "demo-benchmark.jsonl";
    public static final String TARGET = "demo-target-mix.csv";
    public static final int DOCUMENTS = 600;
    /** The metadata field naming each document's source. */
    public static final String SOURCE_FIELD = "source";

    private DemoDataCorpus() {}

    /** Writes the corpus, the benchmark and a target mix into {@code dir}; returns the corpus, benchmark and target files. */
    public static List<Path> write(Path dir) {
        try {
            Files.createDirectories(dir);
            SplittableRandom r = new SplittableRandom(2026);
            List<String> questions = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                questions.add(sentence(r, 18 + r.nextInt(10), "q") + "?");
            }
            Path bench = dir.resolve(BENCHMARK);
            try (Writer w = Files.newBufferedWriter(bench, StandardCharsets.UTF_8)) {
                for (int i = 0; i < questions.size(); i++) {
                    Map<String, Object> m = new LinkedHashMap<>();
                    m.put("id", "demo-q" + (i + 1));
                    m.put("question", questions.get(i));
                    w.write(Json.write(m) + "\n");
                }
            }
            Path corpus = dir.resolve(CORPUS);
            List<String> web = new ArrayList<>();
            int planted = 0;
            try (Writer w = Files.newBufferedWriter(corpus, StandardCharsets.UTF_8)) {
                for (int d = 0; d < DOCUMENTS; d++) {
                    String source = d % 20 < 12 ? "web" : d % 20 < 17 ? "code" : "books";
                    String text;
                    if (source.equals("web") && web.size() > 10 && d % 9 == 0) {
                        text = web.get(r.nextInt(web.size())); // an exact copy
                    } else if (source.equals("web") && web.size() > 10 && d % 7 == 0) {
                        text = nearCopy(web.get(r.nextInt(web.size())), r); // a near-duplicate
                    } else {
                        text = paragraph(r, source);
                        if (source.equals("web") && d % 30 == 17) {
                            text = menu(text); // a page of navigation links, for the quality rules
                        } else if (source.equals("web") && d % 30 == 23) {
                            text = repeated(text); // a page of one line over and over
                        } else if (source.equals("web") && d % 40 == 5) {
                            text = text + " " + questions.get(planted++ % 4); // a benchmark item leaked whole
                        }
                    }
                    if (source.equals("web")) {
                        web.add(text);
                    }
                    Map<String, Object> m = new LinkedHashMap<>();
                    m.put("id", "demo-doc-" + (d + 1));
                    m.put(SOURCE_FIELD, source);
                    m.put("text", text);
                    w.write(Json.write(m) + "\n");
                }
            }
            Path target = dir.resolve(TARGET);
            Files.writeString(target, "source,share\nweb,0.5\ncode,0.3\nbooks,0.2\n", StandardCharsets.UTF_8);
            return List.of(corpus, bench, target);
        } catch (IOException e) {
            throw new UncheckedIOException("could not write the demo corpus to " + dir + ": " + e.getMessage(), e);
        }
    }

    private static String paragraph(SplittableRandom r, String source) {
        StringBuilder b = new StringBuilder();
        int sentences = source.equals("books") ? 12 + r.nextInt(8) : 5 + r.nextInt(6);
        for (int s = 0; s < sentences; s++) {
            b.append(s == 0 ? "" : " ")
                    .append(withFunctionWords(sentence(r, 8 + r.nextInt(12), source.substring(0, 1)), s))
                    .append('.');
        }
        return b.toString();
    }

    /** A navigation page: each sentence's first two words on a line of their own, no punctuation. */
    private static String menu(String paragraph) {
        List<String> lines = new ArrayList<>();
        for (String sentence : paragraph.split("\\. ?")) {
            String[] w = sentence.split(" ");
            lines.add(w.length > 1 ? w[0] + " " + w[1] : w[0]);
        }
        return String.join("\n", lines);
    }

    /** A page that says its first sentence eight times, a line each. */
    private static String repeated(String paragraph) {
        String first = paragraph.substring(0, paragraph.indexOf('.') + 1);
        return String.join("\n", Collections.nCopies(8, first));
    }

    /** English function words, for the quality rules' stop-word check (Gopher's eight among them). */
    private static final String[] FUNCTION_WORDS = {"the", "of", "and", "to", "that", "with", "have", "be", "in", "a"};

    /**
     * Every fifth word of a sentence made an English function word, by position alone (no draw from the random
     * stream, so the documents, copies and planted items stay where they were): the invented prose then reads to the
     * quality rules as prose, and only the short or repetitive documents are removed.
     */
    private static String withFunctionWords(String sentence, int s) {
        String[] w = sentence.split(" ");
        for (int i = 2; i < w.length; i += 5) {
            w[i] = FUNCTION_WORDS[(i + s) % FUNCTION_WORDS.length];
        }
        return String.join(" ", w);
    }

    private static String nearCopy(String text, SplittableRandom r) {
        String[] w = text.split(" ");
        for (int k = 0; k < Math.max(1, w.length / 40); k++) {
            w[r.nextInt(w.length)] = word(r, "x");
        }
        return String.join(" ", w);
    }

    private static String sentence(SplittableRandom r, int words, String flavour) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < words; i++) {
            b.append(i == 0 ? "" : " ").append(word(r, flavour));
        }
        return b.toString();
    }

    private static final String[] SYLLABLES = {
        "ka", "lo", "mi", "ren", "to", "sa", "vel", "dor", "ni", "qua", "bel", "us", "tor", "en", "ar", "is", "po",
        "lin", "ve", "zo"
    };

    private static String word(SplittableRandom r, String flavour) {
        int n = 1 + r.nextInt(3);
        StringBuilder b = new StringBuilder(flavour.equals("c") && r.nextInt(4) == 0 ? "fn_" : "");
        for (int i = 0; i < n; i++) {
            b.append(SYLLABLES[r.nextInt(SYLLABLES.length)]);
        }
        return b.toString();
    }
}
