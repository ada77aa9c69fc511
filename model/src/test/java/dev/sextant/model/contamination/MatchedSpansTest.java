package dev.sextant.model.contamination;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sextant.model.contamination.ScanResult.ItemResult;
import dev.sextant.model.contamination.ScanResult.Span;
import dev.sextant.model.contamination.ScanResult.Status;
import dev.sextant.model.io.CorpusFiles;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every matched span of an item, in its original text, and every corpus place, capped with a count. */
class MatchedSpansTest {

    @TempDir
    Path tmp;

    static final String WHOLE =
            "Natalia sold clips to 48 of her friends in April, and then she sold half as many clips in May. "
                    + "How many clips did Natalia sell altogether in April and May?";
    static final String FIRST =
            "Weng earns twelve dollars an hour for babysitting children in the quiet town of Elm Creek every Saturday";
    static final String MIDDLE = "zebra quartz violin";
    static final String SECOND =
            "Yesterday she just did fifty minutes of babysitting and wondered how much she earned for the whole afternoon";

    ScanResult scan(Path corpus, List<BenchmarkItem> items, int locations, int threads) {
        ScanSpec spec = new ScanSpec(13, 0.8, Normalization.defaults(), "text", "id", threads, locations);
        NgramIndex index = NgramIndex.build(items, spec.n(), spec.normalization());
        return CorpusScanner.scan(
                index,
                CorpusFiles.units(List.of(corpus), CorpusFiles.DEFAULT_CHUNK),
                spec,
                ProgressListener.NONE,
                CancellationToken.none());
    }

    static String line(String id, String text) {
        return "{\"id\": \"" + id + "\", \"text\": \"" + text + "\"}\n";
    }

    static double spannedFraction(ItemResult r) {
        return (double) r.spans().stream().mapToInt(Span::tokens).sum() / r.tokens();
    }

    @Test
    void anItemFullyInTheCorpusIsOneSpanOverItsWholeText() throws Exception {
        Path corpus = Files.writeString(
                tmp.resolve("web.jsonl"),
                line("f", "lorem ipsum dolor") + line("web-1", "Homework help: " + WHOLE + " Thanks!"));
        ItemResult r = scan(corpus, List.of(new BenchmarkItem("gsm", "whole", WHOLE)), 20, 1)
                .items()
                .get(0);

        assertThat(r.status()).isEqualTo(Status.DIRTY);
        assertThat(r.tokenFraction()).isEqualTo(1.0);
        assertThat(r.spans()).containsExactly(new Span(0, r.tokens(), 0, WHOLE.length()));
        assertThat(r.longestMatch()).isEqualTo(r.tokens());
        assertThat(r.locations()).singleElement().satisfies(l -> assertThat(l.documentId())
                .isEqualTo("web-1"));
        assertThat(r.moreLocations()).isZero();
    }

    @Test
    void leadingSpaceIsOutsideTheSpanButAttachedPunctuationIsInside() throws Exception {
        String text = "  \"" + WHOLE + "\"\n";
        Path corpus = Files.writeString(tmp.resolve("web.jsonl"), line("web-1", WHOLE));
        ItemResult r = scan(corpus, List.of(new BenchmarkItem("gsm", "quoted", text)), 20, 1)
                .items()
                .get(0);

        assertThat(r.tokenFraction()).isEqualTo(1.0);
        assertThat(r.spans()).singleElement().satisfies(s -> {
            assertThat(text.substring(s.from(), s.to())).isEqualTo("\"" + WHOLE + "\"");
        });
    }

    @Test
    void twoSeparateMatchedRegionsAreTwoSpans() throws Exception {
        String item = FIRST + " " + MIDDLE + " " + SECOND;
        Path corpus = Files.writeString(
                tmp.resolve("web.jsonl"),
                line("a", "Story: " + FIRST + ". The end.") + line("b", "filler words here " + SECOND + " and more"));
        ItemResult r = scan(corpus, List.of(new BenchmarkItem("gsm", "two", item)), 20, 1)
                .items()
                .get(0);

        assertThat(r.spans()).hasSize(2);
        assertThat(item.substring(r.spans().get(0).from(), r.spans().get(0).to()))
                .isEqualTo(FIRST);
        assertThat(item.substring(r.spans().get(1).from(), r.spans().get(1).to()))
                .isEqualTo(SECOND);
        assertThat(r.tokenFraction()).isEqualTo(spannedFraction(r)).isLessThan(1.0);
        assertThat(r.longestMatch())
                .isEqualTo(Math.max(r.spans().get(0).tokens(), r.spans().get(1).tokens()));
        assertThat(r.locations()).extracting(ScanResult.Location::documentId).containsExactly("a", "b");
    }

    @Test
    void everyPlaceIsCountedAndTheFirstOnesKept() throws Exception {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 25; i++) {
            sb.append(line("filler-" + i, "lorem ipsum dolor sit amet"));
            // twice in one document: one place
            sb.append(line("copy-" + i, "Copy " + i + ": " + WHOLE + " and again " + WHOLE));
        }
        Path corpus = Files.writeString(tmp.resolve("web.jsonl"), sb.toString());
        for (int threads : new int[] {1, 3}) {
            ItemResult r = scan(corpus, List.of(new BenchmarkItem("gsm", "whole", WHOLE)), 20, threads)
                    .items()
                    .get(0);
            assertThat(r.locations()).hasSize(20);
            assertThat(r.moreLocations()).isEqualTo(5);
            assertThat(r.locations())
                    .extracting(ScanResult.Location::offset)
                    .isSorted()
                    .doesNotHaveDuplicates();
        }
    }

    @Test
    void aTextFileCountsEachPassageOnce() throws Exception {
        String filler =
                "lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore. ";
        Path corpus = Files.writeString(
                tmp.resolve("book.txt"),
                filler + WHOLE + " " + filler + filler + WHOLE + "\n" + filler + WHOLE + " " + filler);
        ItemResult r = scan(corpus, List.of(new BenchmarkItem("gsm", "whole", WHOLE)), 2, 1)
                .items()
                .get(0);
        assertThat(r.locations()).hasSize(2);
        assertThat(r.moreLocations()).isEqualTo(1);
        assertThat(r.locations().get(0).snippet()).contains("[natalia sold clips");
    }

    @Test
    void tokenExtentsAreTheTokenizersTokens() {
        String text = "  Café—naïve “quoted” text, x\u00a0y don't 😀emoji (a) - b\u200bc ends.";
        List<String> tokens = Tokenizer.tokens(text, Normalization.defaults());
        int[][] extents = MatchedSpans.tokenExtents(text, Normalization.defaults());
        assertThat(extents.length).isEqualTo(tokens.size());
        for (int k = 0; k < tokens.size(); k++) {
            String piece = text.substring(extents[k][0], extents[k][1]);
            assertThat(Tokenizer.tokens(piece, Normalization.defaults()))
                    .as(piece)
                    .containsExactly(tokens.get(k));
            assertThat(piece).doesNotContainAnyWhitespaces();
        }
        assertThat(text.substring(extents[0][0], extents[0][1])).isEqualTo("Café—naïve");
        assertThat(text.substring(extents[tokens.size() - 1][0], extents[tokens.size() - 1][1]))
                .isEqualTo("ends.");
    }
}
