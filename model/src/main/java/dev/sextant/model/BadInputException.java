package dev.sextant.model;

import java.util.Objects;
import java.util.Optional;

/**
 * Input the user gave us is wrong: a file that does not parse, a field out of range, an option that makes no sense.
 * Always names where: the file (or option), the line when there is one, and the field. The one error style of the
 * project: {@code <file>:<line>: <field>: <what>}.
 */
public final class BadInputException extends RuntimeException implements InputProblem {

    private static final long serialVersionUID = 1L;

    private final String source;
    private final long line;
    private final String field;
    private final String problem;

    /**
     * @param source  the file name or the option the input came from; never null
     * @param line    1-based line (or record) number, or 0 when the problem is not tied to a line
     * @param field   the column, key or option at fault, or null when the whole line/file is at fault
     * @param problem what is wrong, in words the user can act on
     */
    public BadInputException(String source, long line, String field, String problem) {
        this(source, line, field, problem, null);
    }

    public BadInputException(String source, long line, String field, String problem, Throwable cause) {
        super(format(source, line, field, problem), cause);
        this.source = Objects.requireNonNull(source, "source");
        this.line = line;
        this.field = field;
        this.problem = Objects.requireNonNull(problem, "problem");
    }

    /** For problems that concern a whole input rather than a line of it. */
    public static BadInputException of(String source, String problem) {
        return new BadInputException(source, 0, null, problem);
    }

    private static String format(String source, long line, String field, String problem) {
        StringBuilder sb = new StringBuilder(source);
        if (line > 0) {
            sb.append(':').append(line);
        }
        sb.append(": ");
        if (field != null && !field.isBlank()) {
            sb.append(field).append(": ");
        }
        return sb.append(problem).toString();
    }

    public String source() {
        return source;
    }

    public long line() {
        return line;
    }

    public Optional<String> field() {
        return Optional.ofNullable(field);
    }

    public String problem() {
        return problem;
    }
}
