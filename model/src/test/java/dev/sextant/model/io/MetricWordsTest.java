package dev.sextant.model.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class MetricWordsTest {

    @Test
    void harnessKeysReadAsWordsWithTheKeyToFindInTheFile() {
        assertThat(MetricWords.of("acc,none")).isEqualTo("accuracy (acc)");
        assertThat(MetricWords.of("acc_norm")).isEqualTo("length-normalised accuracy (acc_norm)");
        assertThat(MetricWords.of("exact_match,strict-match"))
                .isEqualTo("exact match (exact_match, strict-match filter)");
        assertThat(MetricWords.of("prompt_level_strict_acc,none"))
                .isEqualTo("prompt-level strict accuracy (prompt_level_strict_acc)");
    }

    @Test
    void unknownKeysStayAsTheyAre() {
        assertThat(MetricWords.of("my_metric,none")).isEqualTo("my_metric");
        assertThat(MetricWords.of("my_metric,get-answer")).isEqualTo("my_metric (get-answer filter)");
        assertThat(MetricWords.of("perplexity,none")).isEqualTo("perplexity");
        assertThat(MetricWords.of(List.of("acc", "ppl"))).isEqualTo("accuracy (acc), ppl");
    }
}
