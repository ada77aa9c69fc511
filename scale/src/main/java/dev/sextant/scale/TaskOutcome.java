package dev.sextant.scale;

import dev.sextant.model.BadInputException;
import java.io.Serializable;
import java.util.function.Supplier;

/**
 * What one Spark task returns: its value, or why it could not read its unit. A failure travels as data rather than as a
 * thrown exception, so that the driver can name the file (as the local engine does, for {@code --skip-file}) instead of
 * Spark's "Job aborted due to stage failure …", and can keep the units the same wave did read.
 */
final class TaskOutcome<T extends Serializable> implements Serializable {

    private static final long serialVersionUID = 1L;

    final T value;
    /** The failure as {source, line, field, problem}; null when the task succeeded. */
    final String[] failure;

    private TaskOutcome(T value, String[] failure) {
        this.value = value;
        this.failure = failure;
    }

    /** Runs {@code work} on the executor; an input problem or an unexpected error is returned, naming {@code file}. */
    static <T extends Serializable> TaskOutcome<T> of(String file, Supplier<T> work) {
        try {
            return new TaskOutcome<>(work.get(), null);
        } catch (BadInputException e) {
            return new TaskOutcome<>(
                    null,
                    new String[] {e.source(), Long.toString(e.line()), e.field().orElse(null), e.problem()});
        } catch (RuntimeException | OutOfMemoryError | StackOverflowError e) {
            return new TaskOutcome<>(null, new String[] {file, "0", null, "failed on the cluster: " + e});
        }
    }

    boolean failed() {
        return failure != null;
    }

    /** The failure as the local engine reports it. */
    BadInputException problem() {
        return new BadInputException(failure[0], Long.parseLong(failure[1]), failure[2], failure[3]);
    }
}
