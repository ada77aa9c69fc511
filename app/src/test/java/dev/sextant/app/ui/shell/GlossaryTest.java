package dev.sextant.app.ui.shell;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The jargon the issue names is explained where it appears. */
class GlossaryTest {

    @Test
    void theTermsPeopleAskAboutAreExplained() {
        for (String term : new String[] {
            "TP",
            "PP",
            "CP",
            "EP",
            "v",
            "ZeRO stage",
            "Recompute",
            "MFU %",
            "Checkpoint every",
            "Goodput",
            "TTFT",
            "TPOT",
            "Token budget"
        }) {
            assertThat(Glossary.meaning(term)).as(term).hasValueSatisfying(m -> assertThat(m.length())
                    .isGreaterThan(30));
        }
        assertThat(Glossary.meaning("Checkpoint every").orElseThrow())
                .contains("Young")
                .contains("Daly");
        assertThat(Glossary.meaning("Goodput").orElseThrow()).contains("knee");
        assertThat(Glossary.meaning("not a term")).isEmpty();
    }
}
