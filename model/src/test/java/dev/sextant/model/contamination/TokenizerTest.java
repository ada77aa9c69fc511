package dev.sextant.model.contamination;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Normalisation after the Janitor (lowercase, delete punctuation, split on whitespace), extended to Unicode. */
class TokenizerTest {

    static List<String> tokens(String s) {
        return Tokenizer.tokens(s, Normalization.defaults());
    }

    @Test
    void lowercasesDeletesPunctuationAndSplitsOnWhitespace() {
        assertThat(tokens("Natalia SOLD clips, to 48 of her friends!"))
                .containsExactly("natalia", "sold", "clips", "to", "48", "of", "her", "friends");
        // punctuation is deleted, not a separator (as string.punctuation in the Janitor): words joined by it merge
        assertThat(tokens("don't state-of-the-art end.Next")).containsExactly("dont", "stateoftheart", "endnext");
        assertThat(tokens("  tabs\tand\nnew\r\nlines   ")).containsExactly("tabs", "and", "new", "lines");
        assertThat(tokens("$100 + 15% = #hash")).containsExactly("100", "15", "hash");
        assertThat(tokens("")).isEmpty();
        assertThat(tokens("?!... ,,")).isEmpty();
    }

    @Test
    void unicodeCasePunctuationAndSpaces() {
        assertThat(tokens("ÉCOLE Straße ΣΟΦΙΑ")).containsExactly("école", "straße", "σοφια");
        assertThat(tokens("«quoted» — dash… „German“ 「日本」")).containsExactly("quoted", "dash", "german", "日本");
        assertThat(tokens("no\u00A0break\u2003em\u3000ideographic"))
                .containsExactly("no", "break", "em", "ideographic");
        assertThat(tokens("caf\u00E9 naïve 😀emoji")).containsExactly("café", "naïve", "😀emoji");
        assertThat(tokens("zero\u200Bwidth"))
                .as("a zero-width space is a format character: a boundary")
                .containsExactly("zero", "width");
    }

    @Test
    void optionsKeepCaseOrPunctuation() {
        assertThat(Tokenizer.tokens("Don't STOP", new Normalization(false, true)))
                .containsExactly("Dont", "STOP");
        assertThat(Tokenizer.tokens("Don't STOP.", new Normalization(true, false)))
                .containsExactly("don't", "stop.");
    }

    /** Tokens of a batch as "text@offset". */
    static List<String> batch(Tokenizer t) {
        List<String> out = new ArrayList<>();
        for (int k = 0; k < t.count; k++) {
            int from = t.tokenStart(k);
            out.add(new String(t.text, from, t.ends[k] - from, StandardCharsets.UTF_8) + "@" + t.starts[k]);
        }
        return out;
    }

    @Test
    void malformedUtf8IsABoundaryNotAnError() {
        byte[] bytes = {'a', 'b', (byte) 0xC3, ' ', 'c', (byte) 0x80, 'd', (byte) 0xE2, (byte) 0x82};
        assertThat(batch(Tokenizer.all(bytes, 0, bytes.length, Normalization.defaults())))
                .containsExactly("ab@0", "c@4", "d@6");
    }

    @Test
    void equalTokensHashEquallyAndOffsetsPointAtTheSource() {
        byte[] text = "Apple apple, APPLE".getBytes(StandardCharsets.UTF_8);
        Tokenizer t = new Tokenizer(Normalization.defaults(), false, 16);
        t.feed(text, 0, text.length, 100, false);
        t.finish();
        assertThat(t.count).isEqualTo(3);
        assertThat(t.hashes[0]).isEqualTo(t.hashes[1]).isEqualTo(t.hashes[2]);
        assertThat(t.hashes[0]).isEqualTo(Tokenizer.hash("apple".getBytes(StandardCharsets.UTF_8), 5));
        assertThat(t.starts).startsWith(100L, 106L, 113L);
    }

    @Test
    void aTokenContinuesAcrossFeeds() {
        Tokenizer t = new Tokenizer(Normalization.defaults(), true, 16);
        byte[] a = "hello wor".getBytes(StandardCharsets.UTF_8);
        byte[] b = "ld again".getBytes(StandardCharsets.UTF_8);
        assertThat(t.feed(a, 0, a.length, 0, true)).isEqualTo(a.length);
        assertThat(batch(t)).containsExactly("hello@0");
        t.clear();
        t.feed(b, 0, b.length, a.length, true);
        t.finish();
        assertThat(batch(t)).containsExactly("world@6", "again@12");
    }

    @Test
    void aUtf8SequenceCutByTheEndOfAFeedIsReadWithWhatFollows() {
        byte[] all = "abécd 日x".getBytes(StandardCharsets.UTF_8); // é is 2 bytes at 2–3, 日 is 3 bytes at 7–9
        Tokenizer t = new Tokenizer(Normalization.defaults(), true, 16);
        int stopped = t.feed(all, 0, 3, 0, true);
        assertThat(stopped).as("the lead byte of é waits for its continuation").isEqualTo(2);
        stopped = t.feed(all, stopped, 8, 0, true);
        assertThat(stopped).isEqualTo(7);
        t.feed(all, stopped, all.length, 0, false);
        t.finish();
        assertThat(batch(t)).containsExactly("abécd@0", "日x@7");
        // the same bytes when more does not follow: the cut-off sequence ends the token
        Tokenizer cut = Tokenizer.all(all, 0, 3, Normalization.defaults());
        assertThat(batch(cut)).containsExactly("ab@0");
    }

    @Test
    void aFullBatchStopsAfterItsLastTokenAndTheNextFeedGoesOn() {
        byte[] text = "one two three four five".getBytes(StandardCharsets.UTF_8);
        Tokenizer t = new Tokenizer(Normalization.defaults(), true, 2);
        List<String> seen = new ArrayList<>();
        int pos = 0;
        while (pos < text.length) {
            pos = t.feed(text, pos, text.length, 0, false);
            seen.addAll(batch(t));
            t.clear();
        }
        t.finish();
        seen.addAll(batch(t));
        assertThat(seen).containsExactly("one@0", "two@4", "three@8", "four@14", "five@19");
    }

    @Test
    void aTokenStartsAfterTheBoundaryBeforeIt() {
        byte[] text = "(Hello), (big) world".getBytes(StandardCharsets.UTF_8);
        assertThat(batch(Tokenizer.all(text, 0, text.length, Normalization.defaults())))
                .containsExactly("hello@0", "big@9", "world@15");
    }

    @Test
    void tokenizingAgainFromAnyTokensStartGivesTheSameTokensAndHashes() {
        // what the scanner relies on to confirm a hit: the corpus side keeps only hashes and starts
        Random random = new Random(11);
        String[] pieces = {
            "word",
            "Ünïcödé",
            "don't",
            "(x)",
            " ",
            "  ",
            "\n",
            "\t",
            "…",
            "—",
            "日本",
            "\u00a0",
            "\u200b",
            "a.b",
            "42",
            ",",
            "😀",
            "Hello,",
            "WORLD.",
            "abcdefg",
            "ABCDEFGH",
            "abcdefghijklmnopq",
            "1234567",
            "x!?",
            "\u007f",
            "\"quoted\"",
            "e.g.",
            " - ",
            "Q",
            "Quantization,",
            "INTERNATIONAL",
            "abcdefgh."
        };
        for (int round = 0; round < 1500; round++) {
            StringBuilder sb = new StringBuilder();
            for (int k = random.nextInt(30); k > 0; k--) {
                sb.append(pieces[random.nextInt(pieces.length)]);
            }
            byte[] b = sb.toString().getBytes(StandardCharsets.UTF_8);
            Tokenizer hashing = new Tokenizer(Normalization.defaults(), false, 4096);
            hashing.feed(b, 0, b.length, 0, false);
            hashing.finish();
            Tokenizer whole = Tokenizer.all(b, 0, b.length, Normalization.defaults());
            assertThat(hashing.count).isEqualTo(whole.count);
            for (int k = 0; k < hashing.count; k++) {
                assertThat(hashing.hashes[k]).isEqualTo(whole.hashes[k]);
                assertThat(hashing.starts[k]).isEqualTo(whole.starts[k]);
                Tokenizer again = Tokenizer.all(b, (int) hashing.starts[k], b.length, Normalization.defaults());
                List<String> rest = batch(whole).subList(k, whole.count).stream()
                        .map(t -> t.substring(0, t.lastIndexOf('@')))
                        .toList();
                assertThat(batch(again).stream()
                                .map(t -> t.substring(0, t.lastIndexOf('@')))
                                .toList())
                        .as("round %d from token %d", round, k)
                        .isEqualTo(rest);
                assertThat(again.hashes[0]).isEqualTo(hashing.hashes[k]);
            }
        }
    }

    @Test
    void theBlockPathCutsLongTextsFedInPiecesAsTheByteByByteReferenceDoes() {
        // the corpus side reads 64 bytes at a time between tokens; the text-keeping side goes byte by byte: long texts,
        // runs longer than a block, non-ASCII runs and punctuation-only runs, fed in random pieces into small batches
        Random random = new Random(29);
        String[] pieces = {
            "word ",
            "Word, ",
            "don't ",
            "U.S. ",
            "e.g.",
            " ",
            "\n",
            "\t\t",
            "réiisi ",
            "ri’s ",
            "日本語 ",
            "\u00a0",
            "abcdefghijklmno ",
            "ABCDEFGHIJKLMNOP ",
            "abcdefghijklmnopq. ",
            "(x) ",
            "3.14 ",
            "well-known ",
            "\"q\", ",
            "x".repeat(70) + " ",
            "=".repeat(90) + " ",
            "-".repeat(63),
            "\u007f",
            "ab\u00e9cd ",
            "😀 ",
            "a",
            "Z9 "
        };
        for (int round = 0; round < 400; round++) {
            StringBuilder sb = new StringBuilder();
            for (int k = random.nextInt(400); k > 0; k--) {
                sb.append(pieces[random.nextInt(pieces.length)]);
            }
            byte[] b = sb.toString().getBytes(StandardCharsets.UTF_8);
            Tokenizer whole = Tokenizer.all(b, 0, b.length, Normalization.defaults());
            Tokenizer hashing = new Tokenizer(Normalization.defaults(), false, 1 + random.nextInt(40));
            List<Long> hashes = new ArrayList<>();
            List<Long> starts = new ArrayList<>();
            int pos = 0;
            while (true) {
                int cut = Math.min(b.length, pos + random.nextInt(300));
                boolean last = cut == b.length;
                pos = hashing.feed(b, pos, cut, 0, !last);
                if (pos >= b.length && hashing.count < hashing.hashes.length) {
                    hashing.finish();
                }
                for (int k = 0; k < hashing.count; k++) {
                    hashes.add(hashing.hashes[k]);
                    starts.add(hashing.starts[k]);
                }
                hashing.clear();
                if (pos >= b.length && hashing.openStart() < 0) {
                    break;
                }
            }
            assertThat(hashes).as("round %d", round).hasSize(whole.count);
            for (int k = 0; k < whole.count; k++) {
                assertThat(hashes.get(k)).as("round %d token %d", round, k).isEqualTo(whole.hashes[k]);
                assertThat(starts.get(k)).as("round %d token %d", round, k).isEqualTo(whole.starts[k]);
            }
        }
    }
}
