package dev.sextant.model.data;

import dev.sextant.model.InputError;
import dev.sextant.model.contamination.Normalization;
import dev.sextant.model.contamination.Tokenizer;
import java.math.BigDecimal;
import java.util.Locale;

/**
 * How a corpus's tokens are counted: with a model's own tokenizer (exact), or as its words times a factor (an
 * estimate, stated as such wherever it is shown).
 */
public interface TokenCounting {

    /** Counts one document's tokens; one per thread. */
    interface Counter extends AutoCloseable {
        double count(byte[] utf8, int length);

        @Override
        default void close() {}
    }

    Counter newCounter();

    /** What counted them, for the report: the tokenizer file, or the estimate's factor. */
    String method();

    /** Whether the counts are a tokenizer's own (not an estimate). */
    boolean exact();

    /**
     * Words (the scanner's tokens) times {@code tokensPerWord}: the fallback without a tokenizer. For English prose
     * about 1.3 tokens a word with GPT-2-style BPE vocabularies (OpenAI's rule of thumb: 100 tokens ≈ 75 words); code
     * and other languages differ widely, which is why a tokenizer is preferred.
     */
    static TokenCounting wordsTimes(double tokensPerWord) {
        if (!(tokensPerWord > 0 && tokensPerWord < 100)) {
            throw new InputError("mix.tokensPerWord", "tokens per word must lie between 0 and 100");
        }
        return new TokenCounting() {
            @Override
            public Counter newCounter() {
                Tokenizer t = new Tokenizer(Normalization.defaults(), false, 4096);
                long[][] buf = {new long[1024]};
                int[] n = new int[1];
                return (text, length) -> {
                    buf[0] = t.tokenHashes(text, 0, length, buf[0], n);
                    return n[0] * tokensPerWord;
                };
            }

            @Override
            public String method() {
                return String.format(
                        Locale.ROOT,
                        "estimate: words × %s",
                        BigDecimal.valueOf(tokensPerWord).stripTrailingZeros().toPlainString());
            }

            @Override
            public boolean exact() {
                return false;
            }
        };
    }

    /** The fallback's default factor. */
    double DEFAULT_TOKENS_PER_WORD = 1.33;
}
