package dev.sextant.model.io;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sextant.model.data.language.LanguageScores;
import org.junit.jupiter.api.Test;

/** Apache OpenNLP's bundled detector, its languages named as fastText names them. */
class OpenNlpLanguagesTest {

    @Test
    void languagesAreNamedByTheirTwoLetterCodes() {
        OpenNlpLanguages lid = OpenNlpLanguages.instance();
        LanguageScores en = lid.scores(
                "The committee met on Tuesday to review the budget for the coming year, and the members agreed.");
        assertThat(en.top()).isEqualTo("en");
        LanguageScores de =
                lid.scores("Der Ausschuss traf sich am Dienstag, um den Haushalt für das kommende Jahr zu prüfen.");
        assertThat(de.top()).isEqualTo("de");
        assertThat(de.score("en")).isLessThan(de.score("de"));
        assertThat(OpenNlpLanguages.iso1("heb")).isEqualTo("he");
        assertThat(OpenNlpLanguages.iso1("ind")).isEqualTo("id");
        assertThat(OpenNlpLanguages.iso1("cmn")).isEqualTo("zh");
        assertThat(OpenNlpLanguages.iso1("war"))
                .as("no two-letter code: as given")
                .isEqualTo("war");
    }
}
