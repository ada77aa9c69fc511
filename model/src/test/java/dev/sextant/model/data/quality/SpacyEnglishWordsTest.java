package dev.sextant.model.data.quality;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Tokens as spaCy's English tokenizer gives them, from spaCy's own tests (spacy/tests/lang/en/
 * test_prefix_suffix_infix.py, test_exceptions.py, test_punct.py, test_text.py; spaCy 3.8) and datatrove's word
 * counting on top of them.
 */
class SpacyEnglishWordsTest {

    private static List<String> words(String text) {
        return SpacyEnglishWords.instance().of(text);
    }

    @Test
    void punctuationRunsAreTokensOfTheirOwn() {
        assertThat(words("Hello, world.")).containsExactly("Hello", ",", "world", ".");
        assertThat(words("(can't?)")).hasSize(5);
        assertThat(words("(U.S.?)")).hasSize(4);
        assertThat(words("No decent--let alone well-bred--people."))
                .startsWith("No", "decent", "--", "let", "alone", "well", "-", "bred", "--", "people", ".");
    }

    @Test
    void contractionsAndAbbreviationsFollowTheSpecialCases() {
        assertThat(words("don't")).containsExactly("do", "n't");
        assertThat(words("I'm")).containsExactly("I", "'m");
        assertThat(words("U.S.")).containsExactly("U.S.");
        assertThat(words("us.")).containsExactly("us", ".");
        assertThat(words("(U.S.")).containsExactly("(", "U.S.");
    }

    @Test
    void infixesSplitHyphensCommasPeriodsAndRanges() {
        assertThat(words("best-known")).containsExactly("best", "-", "known");
        assertThat(words("Hello,world")).containsExactly("Hello", ",", "world");
        assertThat(words("Hello.World")).containsExactly("Hello", ".", "World");
        assertThat(words("best...Known")).containsExactly("best", "...", "Known");
        assertThat(words("0.1-13.5")).containsExactly("0.1", "-", "13.5");
    }

    @Test
    void urlsStayWholeAndWhitespaceIsNotAWord() {
        assertThat(words("see https://example.com/a?b=1 now"))
                .containsExactly("see", "https://example.com/a?b=1", "now");
        assertThat(words("  two\n\nlines\t here ")).containsExactly("two", "lines", "here");
    }

    @Test
    void sentencesEndAfterAFinalMarkAtTheNextWord() {
        Words w = SpacyEnglishWords.instance();
        assertThat(w.sentences("One. Two! Three?")).isEqualTo(3);
        assertThat(w.sentences("Wait... and go."))
                .as("an ellipsis token is not a final mark")
                .isEqualTo(1);
        assertThat(w.sentences("He said \"stop.\" Then left.")).isEqualTo(2);
        assertThat(w.sentences("")).isZero();
    }

    /**
     * A look-behind before one literal is tested after it instead ({@code (?<=X)L} as {@code L(?<=(?:X)L)}, the same
     * matches); other patterns are left as they are. The periods spaCy's suffix rules split after a letter or a
     * temperature still split, and those after an abbreviation's special case do not.
     */
    @Test
    void aLookBehindBeforeALiteralIsTestedWhereTheLiteralStands() {
        assertThat(LookBehindFirst.rewrite("(?<=°[FfCcKk])\\.")).isEqualTo("\\.(?<=(?:°[FfCcKk])\\.)");
        assertThat(LookBehindFirst.rewrite("(?<=[a|b])x")).isEqualTo("x(?<=(?:[a|b])x)");
        assertThat(LookBehindFirst.rewrite("(?<=[0-9])(?:km|m)")).isEqualTo("(?<=[0-9])(?:km|m)");
        assertThat(LookBehindFirst.rewrite("\\.\\.+")).isEqualTo("\\.\\.+");
        assertThat(LookBehindFirst.rewrite("(?<=[a-z]),(?=[a-z])")).isEqualTo(",(?<=(?:[a-z]),)(?=[a-z])");
        assertThat(LookBehindFirst.rewrite("(?<=[0-9])[+\\-](?=[0-9-])"))
                .isEqualTo("[+\\-](?<=(?:[0-9])[+\\-])(?=[0-9-])");
        assertThat(LookBehindFirst.rewrite("(?<=[a-z])(?:-|--)(?=[a-z])")).isEqualTo("(?<=[a-z])(?:-|--)(?=[a-z])");
        assertThat(LookBehindFirst.rewrite("(?<=[a-z]),+")).isEqualTo("(?<=[a-z]),+");
        assertThat(LookBehindFirst.rewrite("(?<=[a-z]),(?=[a-z])x")).isEqualTo("(?<=[a-z]),(?=[a-z])x");
        assertThat(words("It was 5°C. Then it rained.")).containsSubsequence("5", "°", "C", ".", "rained", ".");
        assertThat(words("Ask the U.S. and the UK.")).containsSubsequence("U.S.", "UK", ".");
        assertThat(words("(word.)")).containsExactly("(", "word", ".", ")");
        assertThat(words("(x.)")).as("a letter and its period: a special case").containsExactly("(", "x.", ")");
        assertThat(words("one,two 3+4 well-known this.That"))
                .containsExactly("one", ",", "two", "3", "+", "4", "well", "-", "known", "this", ".", "That");
    }
}
