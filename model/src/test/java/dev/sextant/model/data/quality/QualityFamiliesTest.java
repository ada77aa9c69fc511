package dev.sextant.model.data.quality;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Each family's rules on texts whose measures are worked out by hand below, following datatrove's code (a649de79) line
 * by line; the words are spaCy's English tokens ({@link SpacyEnglishWords}).
 */
class QualityFamiliesTest {

    private static final QualitySettings DEFAULTS = QualitySettings.defaults();

    private static Removal judge(QualityFamily family, String text, QualitySettings settings) {
        return family.judge(new Text(text, SpacyEnglishWords.instance()), settings);
    }

    private static String repeat(String piece, int times) {
        return piece.repeat(times);
    }

    @Test
    void gopherQualityCountsWordsButNotSymbols() {
        // The cat sat on the mat . → six words and a full stop, a symbol
        Removal r = judge(new GopherQuality(), "The cat sat on the mat.", DEFAULTS);
        assertThat(r.rule()).isEqualTo("gopher_short_doc");
        assertThat(r.value()).isEqualTo(6);
        assertThat(r.threshold()).isEqualTo(50);
    }

    @Test
    void gopherQualityStopWordsAreDistinctAndCaseSensitive() {
        // 60 × "apple " and "The the": two stop-word tokens, one of them "The" (not "the"), so one distinct stop word
        String text = repeat("apple ", 60) + "The the";
        Removal r = judge(new GopherQuality(), text, DEFAULTS);
        assertThat(r.rule()).isEqualTo("gopher_enough_stop_words");
        assertThat(r.value()).isEqualTo(1);
        assertThat(judge(new GopherQuality(), text + " and", DEFAULTS)).isNull();
    }

    @Test
    void gopherQualityDividesTheSymbolAndLetterRatiosByEveryToken() {
        // 60 × "apple," and "the and": tokens apple , × 60 and the and = 122, of which 62 have a letter: 0.508 < 0.8
        Removal r = judge(new GopherQuality(), repeat("apple, ", 60) + "the and", DEFAULTS);
        assertThat(r.rule()).isEqualTo("gopher_below_alpha_threshold");
        assertThat(r.value()).isCloseTo(62.0 / 122, within(1e-12));
        // 62 words and 8 lone # tokens: 8 / 70 = 0.114 hashes a word, over 0.1 (the mean word length leaves # out)
        Removal hashes = judge(new GopherQuality(), repeat("apple ", 60) + "the and" + repeat(" #", 8), DEFAULTS);
        assertThat(hashes.rule()).isEqualTo("gopher_too_many_hashes");
        assertThat(hashes.value()).isCloseTo(8.0 / 70, within(1e-12));
    }

    @Test
    void gopherQualityBulletsCountBlankLinesInTheDenominator() {
        // ten "- …" lines and a line of apples: 10 / 11 = 0.909 > 0.9; with a blank line too, 10 / 12 = 0.833
        String items = repeat("- the apple and the pear\n", 10);
        Removal r = judge(new GopherQuality(), items + repeat("apple ", 20), DEFAULTS);
        assertThat(r.rule()).isEqualTo("gopher_too_many_bullets");
        assertThat(r.value()).isCloseTo(10.0 / 11, within(1e-12));
        assertThat(judge(new GopherQuality(), items + "\n" + repeat("apple ", 20), DEFAULTS))
                .isNull();
    }

    @Test
    void gopherRepetitionCountsSecondCopiesOnly() {
        // lines a, b, a, a: two repeats of four lines (0.5 > 0.3); one paragraph, so no paragraph repeats
        Removal r = judge(new GopherRepetition(), "a\nb\na\na", DEFAULTS);
        assertThat(r.rule()).isEqualTo("dup_line_frac");
        assertThat(r.value()).isEqualTo(0.5);
    }

    @Test
    void gopherRepetitionsTopTwoGramTripsOnATwoWordText() {
        // "hello world": its one 2-gram, 11 characters once, over 11 characters: 1.0 (datatrove asks no repeat)
        Removal r = judge(new GopherRepetition(), "hello world", DEFAULTS);
        assertThat(r.rule()).isEqualTo("top_2_gram");
        assertThat(r.value()).isEqualTo(1.0);
    }

    @Test
    void gopherRepetitionsDuplicatedNgramsJumpPastEachRepeat() {
        // a b c d e a b c d e (19 characters): 5-grams abcde, bcdea, cdeab, deabc, eabcd, then abcde again: 5
        // characters, and the scan jumps to the end; 5 / 19 = 0.263 > 0.15
        QualitySettings noTop = DEFAULTS.with("gopher-repetition.top_2_gram", "off")
                .with("gopher-repetition.top_3_gram", "off")
                .with("gopher-repetition.top_4_gram", "off");
        Removal r = judge(new GopherRepetition(), "a b c d e a b c d e", noTop);
        assertThat(r.rule()).isEqualTo("duplicated_5_n_grams");
        assertThat(r.value()).isCloseTo(5.0 / 19, within(1e-12));
        assertThat(GopherRepetition.repeatedNgramCharacters(List.of("ab", "c", "a", "bc"), 2))
                .as("joined with nothing: ab+c and a+bc are the same n-gram")
                .isEqualTo(3);
        assertThat(GopherRepetition.topNgramCharacters(List.of("x", "yy", "zz", "yy", "zz", "x", "yy"), 2))
                .as("'x yy' and 'yy zz' both twice: the first seen wins, 4 characters × 2")
                .isEqualTo(8);
    }

    private static final String FIVE_SENTENCES =
            "The first sentence is here. The second one follows it! Is this the third?\n"
                    + "A fourth sentence of the page[1]. And the fifth one [citation needed].";

    @Test
    void c4KeepsLinesByItsRulesAndRewritesTheText() {
        String page = "We use cookies to improve the site.\n"
                + "Short line.\n"
                + "No end punctuation here\n"
                + "Wait for it...\n"
                + "Enable JavaScript to view this page.\n"
                + FIVE_SENTENCES;
        Text text = new Text(page, SpacyEnglishWords.instance());
        assertThat(new C4Quality().judge(text, DEFAULTS)).isNull();
        assertThat(text.next().text())
                .isEqualTo("The first sentence is here. The second one follows it! Is this the third?\n"
                        + "A fourth sentence of the page. And the fifth one .");
    }

    @Test
    void c4CountsSentencesOfTheKeptLinesAgainstDatatrovesFiveOrThePapersThree() {
        String three = "The first sentence is here. The second one follows it! Is this the third?";
        Removal r = judge(new C4Quality(), three, DEFAULTS);
        assertThat(r.rule()).isEqualTo("too_few_sentences");
        assertThat(r.value()).isEqualTo(3);
        assertThat(judge(new C4Quality(), three, QualitySettings.of(QualitySettings.Preset.PAPER)))
                .isNull();
        assertThat(judge(new C4Quality(), FIVE_SENTENCES + "\nLorem ipsum dolor sit amet.", DEFAULTS)
                        .rule())
                .isEqualTo("lorem_ipsum");
        assertThat(judge(new C4Quality(), FIVE_SENTENCES + "\nUse the { brace here.", DEFAULTS)
                        .rule())
                .isEqualTo("curly_bracket");
        assertThat(judge(new C4Quality(), FIVE_SENTENCES + "\nUse the { brace here", DEFAULTS))
                .as("the brace is only seen on a line that passed the line rules")
                .isNull();
    }

    @Test
    void fineWebsLineRules() {
        String noPunct = repeat("a line that ends without any mark at all\n", 10);
        Removal r = judge(new FineWebQuality(), noPunct, DEFAULTS);
        assertThat(r.rule()).isEqualTo("line_punct_ratio");
        assertThat(r.value()).isZero();
        assertThat(judge(new FineWebQuality(), noPunct, DEFAULTS.with("fineweb.line_punct_exclude_zero", "true"))
                        .rule())
                .as("the ten lines are also the same line")
                .isEqualTo("char_dup_ratio");
        // three short lines of four: 0.75 > 0.67
        Removal shortLines = judge(
                new FineWebQuality(),
                "Short one.\nShort two.\nShort three.\nThis line is longer than thirty characters.",
                DEFAULTS);
        assertThat(shortLines.rule()).isEqualTo("short_line_ratio");
        assertThat(shortLines.value()).isEqualTo(0.75);
        // a 43-character line twice among three: 43 / (43 + 38 + 43) characters but line breaks = 0.347 > 0.01
        String line = "This line is longer than thirty characters.";
        Removal dup = judge(new FineWebQuality(), line + "\nAnother line, also longer than thirty.\n" + line, DEFAULTS);
        assertThat(dup.rule()).isEqualTo("char_dup_ratio");
        assertThat(dup.value()).isCloseTo(43.0 / (43 + 38 + 43), within(1e-12));
        // three lines of one long word and a full stop: 2 line breaks over 6 words = 0.333 > 0.3
        Removal list = judge(
                new FineWebQuality(),
                "Pneumonoultramicroscopicsilicovolcanoconiosis.\nSupercalifragilisticexpialidociously.\n"
                        + "Antidisestablishmentarianisms.",
                DEFAULTS);
        assertThat(list.rule()).isEqualTo("list_ratio");
        assertThat(list.value()).isCloseTo(2.0 / 6, within(1e-12));
    }

    @Test
    void theChainJudgesAfterC4OnTheLinesC4Kept() {
        // a menu of ten short lines and five good sentences: FineWeb alone removes it (10 of 12 lines short, 0.83);
        // after C4 only the two long lines are left, which FineWeb keeps
        String page = repeat("Home\n", 5) + "About us\nContact\nLogin\nShop\nCart\n" + FIVE_SENTENCES;
        QualityFilter chain = new QualityFilter(
                List.of(new FineWebQuality(), new C4Quality()), DEFAULTS, SpacyEnglishWords.instance());
        QualityFilter.Judgement j = chain.judge(page);
        assertThat(j.removal()).isNull();
        assertThat(j.wouldRemove()).isEmpty();
        assertThat(j.keptText()).startsWith("The first sentence");
        assertThat(judge(new FineWebQuality(), page, DEFAULTS).rule()).isEqualTo("short_line_ratio");
    }

    /**
     * The n-gram measures against datatrove's own formulation with strings (Counter.most_common over " ".join of each
     * n-gram, first seen winning ties; a set of "".join n-grams, jumping n words past a repeat), on random word lists
     * drawn from a few words so that n-grams repeat and words joined with nothing collide ("ab"+"c" = "a"+"bc").
     */
    @Test
    void theNgramMeasuresEqualTheirStringFormulation() {
        SplittableRandom r = new SplittableRandom(40);
        String[] vocab = {"a", "b", "ab", "c", "bc", "the", "é", "𝔸x"};
        for (int trial = 0; trial < 400; trial++) {
            List<String> words = new ArrayList<>();
            int m = r.nextInt(40);
            for (int k = 0; k < m; k++) {
                words.add(vocab[r.nextInt(vocab.length)]);
            }
            for (int n = 2; n <= 10; n++) {
                Map<String, Integer> counts = new LinkedHashMap<>();
                for (int k = 0; k + n <= m; k++) {
                    counts.merge(String.join(" ", words.subList(k, k + n)), 1, Integer::sum);
                }
                long top = 0;
                int best = 0;
                for (Map.Entry<String, Integer> e : counts.entrySet()) {
                    if (e.getValue() > best) {
                        best = e.getValue();
                        top = (long) e.getKey().codePointCount(0, e.getKey().length()) * e.getValue();
                    }
                }
                Set<String> unique = new HashSet<>();
                long repeated = 0;
                int k = 0;
                while (k < m - n + 1) {
                    String g = String.join("", words.subList(k, k + n));
                    if (unique.contains(g)) {
                        repeated += g.codePointCount(0, g.length());
                        k += n;
                    } else {
                        unique.add(g);
                        k++;
                    }
                }
                assertThat(GopherRepetition.topNgramCharacters(words, n))
                        .as(words + " top " + n)
                        .isEqualTo(top);
                assertThat(GopherRepetition.repeatedNgramCharacters(words, n))
                        .as(words + " repeated " + n)
                        .isEqualTo(repeated);
            }
        }
    }

    /** The stop words are counted once each, case as written ("The" is not "the"), all eight at most. */
    @Test
    void distinctStopWordsAreCountedOnce() {
        assertThat(GopherQuality.distinctStopWords(List.of("the", "The", "the", "of", "cat", "ofthe", "with")))
                .isEqualTo(3);
        assertThat(GopherQuality.distinctStopWords(
                        List.of("with", "have", "that", "and", "of", "to", "be", "the", "the", "and")))
                .isEqualTo(8);
        assertThat(GopherQuality.distinctStopWords(List.of())).isZero();
    }
}
