package dev.sextant.model;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class BadInputExceptionTest {

    @Test
    void messageNamesFileLineAndField() {
        BadInputException e = new BadInputException("scores.csv", 17, "score", "not a number: 'abc'");
        assertThat(e.getMessage()).isEqualTo("scores.csv:17: score: not a number: 'abc'");
        assertThat(e.line()).isEqualTo(17);
        assertThat(e.field()).contains("score");
        assertThat(e.problem()).isEqualTo("not a number: 'abc'");
    }

    @Test
    void lineAndFieldAreLeftOutWhenTheyDoNotApply() {
        assertThat(BadInputException.of("empty.jsonl", "the file is empty").getMessage())
                .isEqualTo("empty.jsonl: the file is empty");
        assertThat(new BadInputException("--top-k", 0, null, "must be positive").getMessage())
                .isEqualTo("--top-k: must be positive");
        assertThat(new BadInputException("w.csv", 3, null, "2 columns, expected 3").getMessage())
                .isEqualTo("w.csv:3: 2 columns, expected 3");
    }
}
