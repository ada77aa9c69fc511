package dev.sextant.model.contamination;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Normalisation after the Janitor (lowercase, delete punctuation, split on whitespace), extended to Unicode. */
class TokenizerTest {

    static List<String> tokens(String s) {
        return Tokenizer.tokens(s, Normalization.defaults());
    }

    @Test
    void lowercasesDeletesPunctuationAndSplitsOnWhitespace() {
        assertThat(tokens("Natalia SOLD clips, to 48 of her friends!")).containsExactly("natalia", "sold", "clips", "to", "48", "of", "her", "friends");
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
        assertThat(tokens("no\u00A0break\u2003em\u3000ideographic")).containsExactly("no", "break", "em", "ideographic");
        assertThat(tokens("caf\u00E9 naïve 😀emoji")).containsExactly("café", "naïve", "😀emoji");
        assertThat(tokens("zero\u200Bwidth")).as("a zero-width space is a format character: a boundary").containsExactly("zero", "width");
    }

    @Test
    void optionsKeepCaseOrPunctuation() {
        assertThat(Tokenizer.tokens("Don't STOP", new Normalization(false, true))).containsExactly("Dont", "STOP");
        assertThat(Tokenizer.tokens("Don't STOP.", new Normalization(true, false))).containsExactly("don't", "stop.");
    }

    @Test
    void malformedUtf8IsABoundaryNotAnError() {
        byte[] bytes = {'a', 'b', (byte) 0xC3, ' ', 'c', (byte) 0x80, 'd', (byte) 0xE2, (byte) 0x82};
        List<String> out = new ArrayList<>();
        new Tokenizer(Normalization.defaults()).tokenize(bytes, 0, bytes.length, 0,
                (h, b, len, off) -> out.add(new String(b, 0, len, StandardCharsets.UTF_8)));
        assertThat(out).containsExactly("ab", "c", "d");
    }

    @Test
    void equalTokensHashEquallyAndOffsetsPointAtTheSource() {
        List<long[]> seen = new ArrayList<>();
        byte[] text = "Apple apple, APPLE".getBytes(StandardCharsets.UTF_8);
        new Tokenizer(Normalization.defaults()).tokenize(text, 0, text.length, 100, (h, b, len, off) -> seen.add(new long[] {h, off}));
        assertThat(seen).hasSize(3);
        assertThat(seen.get(0)[0]).isEqualTo(seen.get(1)[0]).isEqualTo(seen.get(2)[0]);
        assertThat(seen.get(0)[0]).isEqualTo(Tokenizer.hash("apple".getBytes(StandardCharsets.UTF_8), 5));
        assertThat(seen).extracting(x -> x[1]).containsExactly(100L, 106L, 113L);
    }

    @Test
    void aTokenContinuesAcrossFeeds() {
        List<String> out = new ArrayList<>();
        Tokenizer t = new Tokenizer(Normalization.defaults());
        Tokenizer.Sink sink = (h, b, len, off) -> out.add(new String(b, 0, len, StandardCharsets.UTF_8) + "@" + off);
        byte[] a = "hello wor".getBytes(StandardCharsets.UTF_8);
        byte[] b = "ld again".getBytes(StandardCharsets.UTF_8);
        t.feed(a, 0, a.length, 0, sink);
        t.feed(b, 0, b.length, a.length, sink);
        t.flush(sink);
        assertThat(out).containsExactly("hello@0", "world@6", "again@12");
    }
}
