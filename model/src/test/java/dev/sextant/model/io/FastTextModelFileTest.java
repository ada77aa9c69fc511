package dev.sextant.model.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.sextant.model.BadInputException;
import dev.sextant.model.data.language.FastTextClassifier;
import dev.sextant.model.data.language.LanguageScores;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * fastText model files written here byte by byte in fastText 0.9's layout (version 12), with weights chosen so that the
 * predictions can be worked out by hand.
 */
class FastTextModelFileTest {

    @TempDir
    Path tmp;

    /** A little-endian writer of fastText's fields. */
    private static final class Out {
        final ByteArrayOutputStream b = new ByteArrayOutputStream();

        Out i32(int v) {
            b.writeBytes(ByteBuffer.allocate(4)
                    .order(ByteOrder.LITTLE_ENDIAN)
                    .putInt(v)
                    .array());
            return this;
        }

        Out i64(long v) {
            b.writeBytes(ByteBuffer.allocate(8)
                    .order(ByteOrder.LITTLE_ENDIAN)
                    .putLong(v)
                    .array());
            return this;
        }

        Out f64(double v) {
            return i64(Double.doubleToLongBits(v));
        }

        Out i8(int v) {
            b.write(v);
            return this;
        }

        Out floats(float... v) {
            for (float f : v) {
                i32(Float.floatToIntBits(f));
            }
            return this;
        }

        Out word(String w, long count, int type) {
            b.writeBytes(w.getBytes(StandardCharsets.UTF_8));
            b.write(0);
            i64(count);
            return i8(type);
        }
    }

    /**
     * A two-dimensional classifier: words {@code </s>}, {@code hello}, {@code world}; labels en, de; no character
     * n-grams (maxn 0) and 2 hash buckets; input rows </s> = (0, 0), hello = (3, 0), world = (0, 3); output rows
     * en = (1, 0), de = (0, 0.5) (or, with hs, the tree's two inner nodes).
     */
    private Path model(int loss, int minn, int maxn, long[] labelCounts, float[] outputRows, String... labels)
            throws Exception {
        Out o = new Out();
        o.i32(793712314).i32(12);
        o.i32(2)
                .i32(5)
                .i32(5)
                .i32(1)
                .i32(5)
                .i32(1)
                .i32(loss)
                .i32(3)
                .i32(2)
                .i32(minn)
                .i32(maxn)
                .i32(100)
                .f64(1e-4);
        String[] words = {"</s>", "hello", "world"};
        o.i32(words.length + labels.length)
                .i32(words.length)
                .i32(labels.length)
                .i64(100)
                .i64(-1);
        for (String w : words) {
            o.word(w, 10, 0);
        }
        for (int i = 0; i < labels.length; i++) {
            o.word("__label__" + labels[i], labelCounts[i], 1);
        }
        o.i8(0); // dense input
        o.i64(words.length + 2).i64(2).floats(0, 0, 3, 0, 0, 3, 0.25f, 0.25f, -0.25f, -0.25f);
        o.i8(0); // dense output
        o.i64(labels.length).i64(2).floats(outputRows);
        Path f = tmp.resolve("m" + loss + "-" + labels.length + ".bin");
        Files.write(f, o.b.toByteArray());
        return f;
    }

    @Test
    void aSoftmaxClassifierGivesTheProbabilitiesWorkedOutByHand() throws Exception {
        FastTextClassifier m =
                FastTextModelFile.read(model(3, 0, 0, new long[] {7, 3}, new float[] {1, 0, 0, 0.5f}, "en", "de"));
        assertThat(m.labels()).containsExactly("en", "de");
        // hello world </s>: hidden = ((3,0) + (0,3) + (0,0)) / 3 = (1, 1); logits en 1, de 0.5
        LanguageScores s = m.scores("hello world");
        double en = 1 / (1 + Math.exp(-0.5));
        assertThat(s.top()).isEqualTo("en");
        assertThat(s.score("en")).isCloseTo(en + 1e-5, within(1e-6));
        assertThat(s.score("de")).isCloseTo(1 - en + 1e-5, within(1e-6));
        // a line break is the end of the line; tabs and repeated spaces separate words as one space does
        assertThat(m.scores("hello\t  world\nde").score("en")).isCloseTo(en + 1e-5, within(1e-6));
        // an unknown word, without n-grams, adds nothing: </s> alone, (0, 0), both logits 0
        assertThat(m.scores("bonjour").score("de")).isCloseTo(0.5 + 1e-5, within(1e-6));
        assertThat(m.scores("").score("en")).isCloseTo(0.5 + 1e-5, within(1e-6));
    }

    /**
     * Labels counted 5, 3, 2 make fastText's Huffman tree: node 3 joins labels 2 and 1, the root (4) joins node 3 and
     * label 0. With hidden (1, 1), node 3's row (0, 0) gives sigmoid 0.5 and the root's (1, 0) sigmoid(1): en (label 0,
     * the root's right) = s(1), de = (1 − s(1)) · 0.5, fr the same, each level's probability plus 1e-5 in its log.
     */
    @Test
    void aHierarchicalSoftmaxWalksFastTextsHuffmanTree() throws Exception {
        FastTextClassifier m = FastTextModelFile.read(
                model(1, 0, 0, new long[] {5, 3, 2}, new float[] {0, 0, 1, 0, 9, 9}, "en", "de", "fr"));
        LanguageScores s = m.scores("hello world");
        double root = 1 / (1 + Math.exp(-1));
        assertThat(s.score("en")).isCloseTo(root + 1e-5, within(1e-6));
        assertThat(s.score("de")).isCloseTo((1 - root + 1e-5) * (0.5 + 1e-5), within(1e-6));
        assertThat(s.score("fr")).isCloseTo((1 - root + 1e-5) * (0.5 + 1e-5), within(1e-6));
    }

    /** FNV-1a's published test vectors (Fowler, Noll, Vo; draft-eastlake-fnv): "a" and "foobar". */
    @Test
    void wordsAreHashedWithFnv1a() throws Exception {
        assertThat(FastTextHashes.of("a")).isEqualTo(0xe40c292c);
        assertThat(FastTextHashes.of("foobar")).isEqualTo(0xbf9cf968);
    }

    /**
     * With character n-grams of 3 (maxn 3), an unknown word's rows are its bracketed trigrams' buckets: "ab" is
     * "<ab>", whose trigrams "<ab" and "ab>" fall in bucket FNV-1a mod 2, rows 3 + bucket; each bucket row is ±(0.25,
     * 0.25), so the hidden vector is their mean with </s>'s (0, 0).
     */
    @Test
    void anUnknownWordIsTheSumOfItsCharacterNgrams() throws Exception {
        FastTextClassifier m =
                FastTextModelFile.read(model(3, 3, 3, new long[] {7, 3}, new float[] {1, 0, 0, 1}, "en", "de"));
        float[] bucket = {0.25f, -0.25f};
        float h = (bucket[Integer.remainderUnsigned(FastTextHashes.of("<ab"), 2)]
                        + bucket[Integer.remainderUnsigned(FastTextHashes.of("ab>"), 2)])
                / 3;
        // logits en = h, de = h: equal
        assertThat(m.scores("ab").score("en")).isCloseTo(0.5 + 1e-5, within(1e-6));
        // and "hello" (known: its own row and its trigrams) differs from "ab"
        assertThat(h).isBetween(-0.25f, 0.25f);
        assertThat(m.scores("hello").score("en")).isGreaterThan(0.6);
    }

    @Test
    void filesThatAreNotClassifiersAreRefusedByName() throws Exception {
        Path junk = tmp.resolve("lid.bin");
        Files.writeString(junk, "not a model at all");
        assertThatThrownBy(() -> FastTextModelFile.read(junk))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("lid.bin")
                .hasMessageContaining("not a fastText model file");
        Path cut = tmp.resolve("cut.bin");
        byte[] whole = Files.readAllBytes(model(3, 0, 0, new long[] {7, 3}, new float[] {1, 0, 0, 0.5f}, "en", "de"));
        Files.write(cut, Arrays.copyOf(whole, whole.length - 5));
        assertThatThrownBy(() -> FastTextModelFile.read(cut)).hasMessageContaining("ends early");
        assertThat(List.of()).isEmpty();
    }
}
