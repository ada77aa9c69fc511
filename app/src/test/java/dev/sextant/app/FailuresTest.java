package dev.sextant.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sextant.model.BadInputException;
import dev.sextant.model.InputError;
import dev.sextant.model.InputProblem;
import dev.sextant.model.job.CancelledException;
import org.junit.jupiter.api.Test;

/** What each kind of failure means to the user: the input-error family is bad input; a broken precondition is ours. */
class FailuresTest {

    @Test
    void theInputErrorFamilyIsBadInputInTheThrowersWords() {
        InputError value = new InputError("serving.tp", "TP (3) must divide the 32 attention heads");
        BadInputException file = new BadInputException("scores.csv", 4, "score", "expected a number");
        assertThat(value).isInstanceOf(InputProblem.class);
        assertThat(file).isInstanceOf(InputProblem.class);
        assertThat(Failures.kind(value)).isEqualTo(Failures.Kind.BAD_INPUT);
        assertThat(Failures.kind(file)).isEqualTo(Failures.Kind.BAD_INPUT);
        assertThat(Failures.message(value)).isEqualTo("TP (3) must divide the 32 attention heads");
        assertThat(Failures.message(file)).isEqualTo("scores.csv:4: score: expected a number");
        assertThat(Failures.kind(new CancelledException())).isEqualTo(Failures.Kind.CANCELLED);
    }

    /** A bare IllegalArgumentException is a precondition Sextant broke: an internal failure (exit 1), not the user's input. */
    @Test
    void aBareIllegalArgumentIsAnInternalFailure() {
        IllegalArgumentException bug = new IllegalArgumentException("interval low 2 above high 1");
        assertThat(Failures.kind(bug)).isEqualTo(Failures.Kind.INTERNAL);
        assertThat(Failures.kind(bug).exitCode).isEqualTo(1);
        assertThat(Failures.message(bug))
                .startsWith("internal failure: something went wrong inside Sextant, not in your input")
                .doesNotContain("interval low");
        assertThat(Failures.kind(new NumberFormatException("For input string: \"x\"")))
                .isEqualTo(Failures.Kind.INTERNAL);
    }
}
