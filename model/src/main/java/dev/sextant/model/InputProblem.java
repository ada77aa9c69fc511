package dev.sextant.model;

/**
 * The one family of errors about what the user gave: a value the domain cannot accept ({@link InputError}, named by
 * its field key) or a file or option that does not read ({@link BadInputException}, named by file, line and field).
 * Every face shows them as bad input in the user's words (exit status 2 on the command line); any other exception is an
 * internal failure, logged with its stack trace.
 */
public sealed interface InputProblem permits InputError, BadInputException {

    /** What is wrong, in words the user can act on. */
    String getMessage();
}
