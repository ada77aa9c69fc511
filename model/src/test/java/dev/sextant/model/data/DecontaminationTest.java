package dev.sextant.model.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.github.luben.zstd.ZstdInputStream;
import dev.sextant.model.BadInputException;
import dev.sextant.model.contamination.BenchmarkItem;
import dev.sextant.model.contamination.CorpusScanner;
import dev.sextant.model.contamination.NgramIndex;
import dev.sextant.model.contamination.NgramMatcher;
import dev.sextant.model.contamination.Normalization;
import dev.sextant.model.contamination.ScanResult;
import dev.sextant.model.contamination.ScanSpec;
import dev.sextant.model.io.CorpusFiles;
import dev.sextant.model.io.DecontaminatedCorpus;
import dev.sextant.model.io.Json;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.CancelledException;
import dev.sextant.model.job.ProgressListener;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DecontaminationTest {

    @TempDir
    Path tmp;

    static String words(SplittableRandom r, int n, String prefix) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) {
            sb.append(i == 0 ? "" : " ").append(prefix).append(r.nextInt(50_000));
        }
        return sb.toString();
    }

    static List<String> lines(Path zst) throws Exception {
        try (InputStream in = new ZstdInputStream(Files.newInputStream(zst))) {
            String s = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            return s.isEmpty() ? List.of() : List.of(s.split("\n"));
        }
    }

    static List<String> kept(Path out) throws Exception {
        List<String> all = new ArrayList<>();
        try (Stream<Path> s = Files.list(out.resolve("kept"))) {
            for (Path p : s.sorted().toList()) {
                all.addAll(lines(p));
            }
        }
        return all;
    }

    static ScanResult rescan(List<BenchmarkItem> items, Path corpus) {
        ScanSpec spec = new ScanSpec(13, 0.8, Normalization.defaults(), "text", "id", 2, 20);
        return CorpusScanner.scan(
                NgramIndex.build(items, 13, Normalization.defaults()),
                CorpusFiles.units(List.of(corpus), CorpusFiles.DEFAULT_CHUNK),
                spec,
                ProgressListener.NONE,
                CancellationToken.none());
    }

    static DecontaminatedCorpus.Spec spec(Decontaminator.Mode mode, String mask) {
        return new DecontaminatedCorpus.Spec(mode, mask, Normalization.defaults(), "text", "id", 2);
    }

    @Test
    void dropLeavesOutExactlyTheDocumentsHoldingAnItemsNgramAndARescanFindsNothing() throws Exception {
        SplittableRandom r = new SplittableRandom(7);
        List<BenchmarkItem> items = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            items.add(new BenchmarkItem("quiz", "q" + i, words(r, 30, "b")));
        }
        StringBuilder corpus = new StringBuilder();
        int planted = 0;
        for (int d = 0; d < 400; d++) {
            String text = words(r, 80, "c");
            if (d % 10 == 3) {
                // 13 to 20 consecutive words of an item, punctuation and case changed, in the middle of the document
                String[] w = items.get(d % 20).text().split(" ");
                int from = r.nextInt(10);
                int len = 13 + r.nextInt(8);
                String piece = String.join(" ", Arrays.copyOfRange(w, from, from + len))
                                .toUpperCase() + ".";
                text = text.substring(0, 200) + " " + piece + " " + text.substring(200);
                planted++;
            } else if (d % 10 == 7) {
                // twelve words only: below the n-gram, not contamination
                String[] w = items.get(d % 20).text().split(" ");
                text = text + " " + String.join(" ", Arrays.copyOfRange(w, 0, 12));
            }
            corpus.append(Json.write(Map.of("id", "d" + d, "text", text))).append('\n');
        }
        corpus.append("not json at all\n");
        Path in = Files.writeString(tmp.resolve("corpus.jsonl"), corpus.toString());
        NgramIndex index = NgramIndex.build(items, 13, Normalization.defaults());
        Path out = tmp.resolve("clean");

        DecontaminationResult res = DecontaminatedCorpus.write(
                out,
                CorpusFiles.units(List.of(in), CorpusFiles.DEFAULT_CHUNK),
                index,
                spec(Decontaminator.Mode.DROP, "[MASKED]"),
                ProgressListener.NONE,
                CancellationToken.none());

        assertThat(res.documents()).isEqualTo(400);
        assertThat(res.dropped()).isEqualTo(planted).isEqualTo(40);
        assertThat(res.masked()).isZero();
        assertThat(res.passedThrough()).isEqualTo(1);
        List<String> kept = kept(out);
        assertThat(kept).hasSize(400 - 40 + 1).contains("not json at all");
        assertThat(kept).noneMatch(l -> l.contains("\"d13\"") || l.contains("\"d3\""));
        List<String> removed = Files.readAllLines(out.resolve("removed.jsonl"));
        assertThat(removed).hasSize(40);
        JsonNode first = Json.mapper().readTree(removed.get(0));
        assertThat(first.get("id").asText()).isEqualTo("d3");
        assertThat(first.get("line").asLong()).isEqualTo(4);
        assertThat(first.get("action").asText()).isEqualTo("dropped");
        assertThat(first.get("items").get(0).get("item").asText()).isEqualTo("q3");
        assertThat(first.get("items").get(0).get("ngrams").asInt()).isGreaterThanOrEqualTo(1);
        assertThat(first.get("items").get(0).get("spans").get(0).asText())
                .doesNotEndWith(".")
                .isUpperCase();
        assertThat(rescan(items, in).items()).anyMatch(i -> i.matchedNgrams() > 0);
        assertThat(rescan(items, out.resolve("kept")).items()).allMatch(i -> i.matchedNgrams() == 0);
    }

    /**
     * TruthfulQA-like items: three of four are shorter than 13 words, so at 13-grams they cannot be found. The result
     * counts them (as the contamination scan does) and says to use a smaller n, instead of a quiet "nothing found".
     */
    @Test
    void itemsShorterThanTheNgramAreCountedAsNotCheckable() throws Exception {
        SplittableRandom r = new SplittableRandom(5);
        List<BenchmarkItem> items = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            items.add(new BenchmarkItem("tqa", "q" + i, words(r, i % 4 == 0 ? 20 : 9, "b")));
        }
        StringBuilder corpus = new StringBuilder();
        for (int d = 0; d < 8; d++) {
            corpus.append(Json.write(Map.of(
                            "id",
                            "d" + d,
                            "text",
                            words(r, 30, "c") + " " + items.get(d).text())))
                    .append('\n');
        }
        Path in = Files.writeString(tmp.resolve("corpus.jsonl"), corpus.toString());

        DecontaminationResult at13 = DecontaminatedCorpus.write(
                tmp.resolve("o13"),
                CorpusFiles.units(List.of(in), CorpusFiles.DEFAULT_CHUNK),
                NgramIndex.build(items, 13, Normalization.defaults()),
                spec(Decontaminator.Mode.DROP, "x"),
                ProgressListener.NONE,
                CancellationToken.none());
        assertThat(at13.dropped()).isEqualTo(2); // only the two 20-word items can be found
        assertThat(at13.benchmarkItems()).isEqualTo(8);
        assertThat(at13.notCheckable()).isEqualTo(6);
        assertThat(at13.notCheckableNote()).contains("6 of 8", "75 %", "shorter than 13 tokens", "smaller n");

        DecontaminationResult at8 = DecontaminatedCorpus.write(
                tmp.resolve("o8"),
                CorpusFiles.units(List.of(in), CorpusFiles.DEFAULT_CHUNK),
                NgramIndex.build(items, 8, Normalization.defaults()),
                spec(Decontaminator.Mode.DROP, "x"),
                ProgressListener.NONE,
                CancellationToken.none());
        assertThat(at8.dropped()).isEqualTo(8);
        assertThat(at8.notCheckable()).isZero();
        assertThat(at8.notCheckableNote()).isNull();
    }

    @Test
    void maskReplacesTheMatchedSpansKeepsEveryOtherFieldAndARescanFindsNothing() throws Exception {
        SplittableRandom r = new SplittableRandom(11);
        String item = words(r, 25, "b");
        List<BenchmarkItem> items = List.of(new BenchmarkItem("quiz", "q1", item));
        String before = words(r, 30, "c");
        String after = words(r, 30, "c");
        String line = "{\"id\":\"doc-1\",\"score\":1.10,\"big\":12345678901234567890,\"text\":\"" + before + " " + item
                + " " + after + "\",\"meta\":{\"lang\":\"en\"}}";
        Path in = Files.writeString(tmp.resolve("c.jsonl"), line + "\n{\"id\":\"doc-2\",\"text\":\"" + after + "\"}\n");

        DecontaminationResult res = DecontaminatedCorpus.write(
                tmp.resolve("out"),
                CorpusFiles.units(List.of(in), CorpusFiles.DEFAULT_CHUNK),
                NgramIndex.build(items, 13, Normalization.defaults()),
                spec(Decontaminator.Mode.MASK, "[MASKED]"),
                ProgressListener.NONE,
                CancellationToken.none());

        assertThat(res.masked()).isEqualTo(1);
        assertThat(res.dropped()).isZero();
        assertThat(res.maskedBytes()).isEqualTo(item.getBytes(StandardCharsets.UTF_8).length);
        List<String> kept = kept(tmp.resolve("out"));
        assertThat(kept.get(0))
                .isEqualTo("{\"id\":\"doc-1\",\"score\":1.10,\"big\":12345678901234567890,\"text\":\"" + before
                        + " [MASKED] " + after + "\",\"meta\":{\"lang\":\"en\"}}");
        assertThat(kept.get(1)).isEqualTo("{\"id\":\"doc-2\",\"text\":\"" + after + "\"}");
        JsonNode removed = Json.mapper()
                .readTree(Files.readAllLines(tmp.resolve("out/removed.jsonl")).get(0));
        assertThat(removed.get("action").asText()).isEqualTo("masked");
        assertThat(removed.get("items").get(0).get("spans").get(0).asText()).isEqualTo(item);
        assertThat(removed.get("items").get(0).get("ngrams").asInt()).isEqualTo(25 - 13 + 1);
        assertThat(rescan(items, tmp.resolve("out/kept")).items()).allMatch(i -> i.matchedNgrams() == 0);
    }

    @Test
    void maskingGoesOnUntilNoNgramIsLeftWhenJoiningTheSidesOfASpanMakesANewOne() {
        // item A's 13 words with item B (another 13-gram) in its middle: masking B with nothing joins A back together
        String a = "alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike";
        String b = "one two three four five six seven eight nine ten eleven twelve thirteen";
        String[] aw = a.split(" ");
        String text = String.join(" ", Arrays.copyOfRange(aw, 0, 6)) + " " + b + " "
                + String.join(" ", Arrays.copyOfRange(aw, 6, 13));
        NgramIndex index = NgramIndex.build(
                List.of(new BenchmarkItem("x", "A", a), new BenchmarkItem("x", "B", b)), 13, Normalization.defaults());
        Decontaminator d =
                new Decontaminator(new NgramMatcher(index, Normalization.defaults()), Decontaminator.Mode.MASK, "");
        byte[] t = text.getBytes(StandardCharsets.UTF_8);

        Decontaminator.Outcome o = d.apply(t, t.length, null);

        assertThat(o.action()).isEqualTo(Decontaminator.Action.MASKED);
        assertThat(o.hits()).extracting(Decontaminator.Hit::item).containsExactly(1, 0);
        assertThat(new NgramMatcher(index, Normalization.defaults()).find(o.text(), o.text().length))
                .isEmpty();
    }

    @Test
    void aChatIsMaskedMessageByMessageAndASpanAcrossTwoMessagesIsSplitAtTheBreak() throws Exception {
        String item = "the quick brown fox jumps over the lazy dog while the farmer sleeps soundly in his chair";
        String[] w = item.split(" ");
        String user = "please finish this: " + String.join(" ", Arrays.copyOfRange(w, 0, 8));
        String assistant = String.join(" ", Arrays.copyOfRange(w, 8, w.length)) + " — that is the end";
        String line = "{\"messages\":[{\"role\":\"user\",\"content\":\"" + user
                + "\"},{\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"" + assistant + "\"}]}]}";
        Path in = Files.writeString(tmp.resolve("chat.jsonl"), line + "\n");
        List<BenchmarkItem> items = List.of(new BenchmarkItem("quiz", "q", item));

        DecontaminationResult res = DecontaminatedCorpus.write(
                tmp.resolve("out"),
                CorpusFiles.units(List.of(in), CorpusFiles.DEFAULT_CHUNK),
                NgramIndex.build(items, 13, Normalization.defaults()),
                spec(Decontaminator.Mode.MASK, "[MASKED]"),
                ProgressListener.NONE,
                CancellationToken.none());

        assertThat(res.masked()).isEqualTo(1);
        JsonNode out = Json.mapper().readTree(kept(tmp.resolve("out")).get(0));
        assertThat(out.get("messages").get(0).get("role").asText()).isEqualTo("user");
        assertThat(out.get("messages").get(0).get("content").asText()).isEqualTo("please finish this: [MASKED]");
        assertThat(out.get("messages").get(1).get("content").get(0).get("text").asText())
                .isEqualTo("[MASKED] — that is the end");
        assertThat(rescan(items, tmp.resolve("out/kept")).items()).allMatch(i -> i.matchedNgrams() == 0);
    }

    @Test
    void aLineWhoseTextCannotBePutBackIsDroppedAndSaysWhy() throws Exception {
        String item = "the quick brown fox jumps over the lazy dog while the farmer sleeps soundly";
        // the text field twice: the scanner reads one of them, a rewrite could not keep the line as it was
        Path in =
                Files.writeString(tmp.resolve("dup.jsonl"), "{\"text\":\"" + item + "\",\"text\":\"" + item + "\"}\n");
        DecontaminationResult res = DecontaminatedCorpus.write(
                tmp.resolve("out"),
                CorpusFiles.units(List.of(in), CorpusFiles.DEFAULT_CHUNK),
                NgramIndex.build(List.of(new BenchmarkItem("quiz", "q", item)), 13, Normalization.defaults()),
                spec(Decontaminator.Mode.MASK, "[MASKED]"),
                ProgressListener.NONE,
                CancellationToken.none());
        assertThat(res.dropped()).isEqualTo(1);
        assertThat(Files.readString(tmp.resolve("out/removed.jsonl")))
                .contains("\"note\":\"its text could not be put back");
    }

    @Test
    void aNonEmptyOutputFolderIsRefusedAndACancelledRunLeavesNothing() throws Exception {
        Path in = Files.writeString(tmp.resolve("c.jsonl"), "{\"text\":\"hello world\"}\n");
        NgramIndex index = NgramIndex.build(
                List.of(new BenchmarkItem("q", "1", "a b c d e f g h i j k l m")), 13, Normalization.defaults());
        Path full = Files.createDirectories(tmp.resolve("full"));
        Files.writeString(full.resolve("keep.txt"), "mine");
        assertThatThrownBy(() -> DecontaminatedCorpus.write(
                        full,
                        CorpusFiles.units(List.of(in), CorpusFiles.DEFAULT_CHUNK),
                        index,
                        spec(Decontaminator.Mode.DROP, "x"),
                        ProgressListener.NONE,
                        CancellationToken.none()))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("not empty");
        assertThat(Files.readString(full.resolve("keep.txt"))).isEqualTo("mine");

        CancellationToken cancel = new CancellationToken();
        cancel.cancel();
        assertThatThrownBy(() -> DecontaminatedCorpus.write(
                        tmp.resolve("new"),
                        CorpusFiles.units(List.of(in), CorpusFiles.DEFAULT_CHUNK),
                        index,
                        spec(Decontaminator.Mode.DROP, "x"),
                        ProgressListener.NONE,
                        cancel))
                .isInstanceOf(CancelledException.class);
        try (Stream<Path> s = Files.list(tmp)) {
            assertThat(s.map(p -> p.getFileName().toString())).noneMatch(n -> n.startsWith("new"));
        }
    }
}
