package dev.sextant.model.data.quality;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sextant.model.InputError;
import dev.sextant.model.data.language.LanguageIdentifier;
import dev.sextant.model.data.language.LanguageScores;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * datatrove's {@code LanguageFilter.filter} decisions (a649de79), on scores set by hand: with languages, a document
 * stays when one of them scores above the threshold (strictly); without, when its likeliest language does.
 */
class LanguageFilterTest {

    /** Scores by the text: "de-ish" is German at 0.7 with English 0.2; anything else English at 0.65 exactly. */
    private static final LanguageIdentifier FIXED = new LanguageIdentifier() {
        @Override
        public String name() {
            return "fixed";
        }

        @Override
        public LanguageScores scores(String text) {
            assertThat(text).doesNotContain("\n"); // line breaks are spaces, as datatrove passes the text
            return text.startsWith("de")
                    ? new LanguageScores(List.of("en", "de", "fr"), new double[] {0.2, 0.7, 0.1})
                    : new LanguageScores(List.of("en", "de", "fr"), new double[] {0.65, 0.3, 0.05});
        }
    };

    private static Removal judge(String text, QualitySettings s) {
        return new LanguageFilter().judge(new Text(text, SpacyEnglishWords.instance(), Double.NaN, FIXED), s);
    }

    @Test
    void aKeptLanguageMustScoreAboveItsThreshold() {
        QualitySettings en = QualitySettings.defaults().withLanguages("en");
        Removal atThreshold = judge("an english\npage", en);
        assertThat(atThreshold.rule()).as("0.65 is not above 0.65").isEqualTo("language_score");
        assertThat(atThreshold.value()).isEqualTo(0.65);
        assertThat(atThreshold.detail()).isEqualTo("en");
        assertThat(judge("an english page", en.with("language.language_threshold", "0.6")))
                .isNull();
        Removal german = judge("de page", en);
        assertThat(german.rule()).isEqualTo("other_language");
        assertThat(german.value()).as("English's own score").isEqualTo(0.2);
        assertThat(german.detail()).isEqualTo("de");
        // either of two languages will do; a language's own threshold goes before the family's
        assertThat(judge("de page", QualitySettings.defaults().withLanguages("en,de")))
                .isNull();
        assertThat(judge("de page", QualitySettings.defaults().withLanguages("en,de=0.8")))
                .isNotNull();
        assertThat(judge("an english page", QualitySettings.defaults().withLanguages("en=0.5")))
                .isNull();
    }

    @Test
    void withoutLanguagesTheLikeliestMustScoreAboveTheThreshold() {
        assertThat(judge("de page", QualitySettings.defaults())).isNull();
        assertThat(judge("an english page", QualitySettings.defaults()).rule()).isEqualTo("language_score");
    }

    @Test
    void withTheThresholdOffTheLikeliestLanguageDecides() {
        QualitySettings off = QualitySettings.defaults()
                .with("language.language_threshold", "off")
                .withLanguages("en");
        assertThat(judge("an english page", off)).isNull();
        assertThat(judge("de page", off).rule()).isEqualTo("other_language");
    }

    @Test
    void languageCodesAreChecked() {
        assertThatThrownBy(() -> QualitySettings.defaults().withLanguages("en,english"))
                .isInstanceOf(InputError.class)
                .hasMessageContaining("'english'");
        assertThatThrownBy(() -> QualitySettings.defaults().withLanguages("en=2"))
                .isInstanceOf(InputError.class)
                .hasMessageContaining("from 0 to 1");
        assertThat(QualitySettings.defaults().withLanguages(" EN , de=0.5 ").languages())
                .containsKeys("en", "de");
        assertThat(QualitySettings.defaults().withLanguages("eng_latn,deu_Latn").languages())
                .as("GlotLID's labels: the script in title case")
                .containsOnlyKeys("eng_Latn", "deu_Latn");
    }

    @Test
    void theChainAsksTheIdentifierFirstAndNamesTheLanguage() {
        QualityFilter chain = new QualityFilter(
                List.of(QualityFamilies.language(), QualityFamilies.byName("c4", "rules")),
                QualitySettings.defaults().withLanguages("en=0.5"),
                SpacyEnglishWords.instance(),
                FIXED);
        QualityFilter.Judgement j = chain.judge("de page.");
        assertThat(j.removal().family()).isEqualTo("language");
        assertThat(j.language()).isEqualTo("de");
        assertThatThrownBy(() -> new QualityFilter(
                        List.of(QualityFamilies.language()), QualitySettings.defaults(), SpacyEnglishWords.instance()))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
