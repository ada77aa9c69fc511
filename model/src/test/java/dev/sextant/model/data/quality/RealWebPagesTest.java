package dev.sextant.model.data.quality;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Real web pages (test resource {@code web-real/quality-sample.jsonl}; see its SOURCES.md): every family's decision,
 * the text C4 keeps, FineWeb's pipeline and the word count equal datatrove's (a649de79) on each page.
 */
class RealWebPagesTest {

    @Test
    void everyDecisionIsDatatrovesOnRealPages() throws Exception {
        ObjectMapper json = new ObjectMapper();
        List<JsonNode> pages = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(
                getClass().getResourceAsStream("/web-real/quality-sample.jsonl"), StandardCharsets.UTF_8))) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                pages.add(json.readTree(line));
            }
        }
        assertThat(pages).hasSizeGreaterThan(60);
        Words words = SpacyEnglishWords.instance();
        QualitySettings defaults = QualitySettings.defaults();
        QualityFilter pipeline = new QualityFilter(
                QualityFamilies.heuristics(), QualitySettings.of(QualitySettings.Preset.FINEWEB_PIPELINE), words);
        int removedSomewhere = 0;
        for (JsonNode page : pages) {
            String id = page.get("id").asText();
            String text = page.get("text").asText();
            JsonNode expected = page.get("expected");
            assertThat(words.of(text)).as(id).hasSize(expected.get("words").asInt());
            for (QualityFamily f : QualityFamilies.heuristics()) {
                Text t = new Text(text, words);
                Removal r = f.judge(t, defaults);
                JsonNode e = expected.get(f.name());
                assertThat(r == null ? null : r.rule())
                        .as(id + " " + f.name())
                        .isEqualTo(e.isNull() ? null : e.asText());
                if (f.name().equals(C4Quality.NAME) && r == null) {
                    assertThat(t.next().text())
                            .as(id + " c4's text")
                            .isEqualTo(expected.get("c4_text").asText());
                }
                removedSomewhere += r == null ? 0 : 1;
            }
            QualityFilter.Judgement j = pipeline.judge(text);
            JsonNode e = expected.get("pipeline");
            assertThat(j.removal() == null ? null : j.removal().rule())
                    .as(id + " pipeline")
                    .isEqualTo(e.isNull() ? null : e.asText());
        }
        assertThat(removedSomewhere)
                .as("the sample holds removals, not only kept pages")
                .isGreaterThan(30);
    }

    /**
     * The measuring probe agrees with the decisions: a family with no rule that removes on sight removes a page exactly
     * when one of its rules' measured values fails its threshold, and the first rule to fail is the one it names.
     */
    @Test
    void theMeasuredValuesGiveTheFamiliesDecisions() throws Exception {
        ObjectMapper json = new ObjectMapper();
        Words words = SpacyEnglishWords.instance();
        QualitySettings defaults = QualitySettings.defaults();
        int pages = 0;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(
                getClass().getResourceAsStream("/web-real/quality-sample.jsonl"), StandardCharsets.UTF_8))) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                String text = json.readTree(line).get("text").asText();
                pages++;
                for (QualityFamily f : List.of(new GopherQuality(), new GopherRepetition())) {
                    Removal decided = f.judge(new Text(text, words), defaults);
                    Probe.Measuring m = Probe.measuring();
                    assertThat(f.judge(new Text(text, words), defaults, m)).isNull();
                    String firstFailing = null;
                    for (Probe.RuleValues v : m.values()) {
                        assertThat(v.values()).hasSize(1);
                        double threshold = defaults.get(f.name(), v.param());
                        if (firstFailing == null && v.failing(threshold) == 1) {
                            firstFailing = v.rule();
                        }
                    }
                    assertThat(firstFailing).as(f.name()).isEqualTo(decided == null ? null : decided.rule());
                }
            }
        }
        assertThat(pages).isGreaterThan(60);
    }
}
