package dev.sextant.app;

import dev.sextant.app.logging.LogSetup;
import dev.sextant.model.BadInputException;
import dev.sextant.model.InputProblem;
import dev.sextant.model.job.CancelledException;
import dev.sextant.model.job.CapabilityUnavailableException;
import dev.sextant.model.job.ModelLimitException;
import dev.sextant.workspaces.StorageFailure;
import dev.sextant.workspaces.WorkspaceException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;

/**
 * What a failure means to the person who met it, for every face (command line, dialogs, problem lines): its kind
 * (which decides the exit status) and one line of plain words. Problems the user can act on keep the message their
 * thrower wrote; anything else is an internal failure, logged with its stack trace and shown without class or library
 * names. The line is also made safe to print: no line breaks or control characters from a hostile file, bounded length.
 */
public final class Failures {

    /** The kinds, with the exit status the command line gives each. */
    public enum Kind {
        BAD_INPUT(2),
        UNAVAILABLE(3),
        CANCELLED(130),
        INTERNAL(1);

        public final int exitCode;

        Kind(int exitCode) {
            this.exitCode = exitCode;
        }
    }

    private static final Logger LOG = LoggerFactory.getLogger(Failures.class);
    private static final int MAX_LENGTH = 600;

    private Failures() {}

    public static Kind kind(Throwable e) {
        if (e instanceof InputProblem
                || e instanceof WorkspaceException
                || e instanceof CommandLine.ParameterException) {
            return Kind.BAD_INPUT;
        }
        if (e instanceof CapabilityUnavailableException) {
            return Kind.UNAVAILABLE;
        }
        if (e instanceof CancelledException) {
            return Kind.CANCELLED;
        }
        if (StorageFailure.isDiskFull(e)) {
            return Kind.BAD_INPUT; // the user can act on it: free space and try again
        }
        return Kind.INTERNAL;
    }

    /** One line of plain words; internal failures are logged with their stack trace here. */
    public static String message(Throwable e) {
        return switch (kind(e)) {
            case BAD_INPUT, UNAVAILABLE -> oneLine(e.getMessage() != null ? userText(e) : "bad input");
            case CANCELLED -> "cancelled";
            case INTERNAL -> e instanceof ModelLimitException ? oneLine("no answer: " + e.getMessage()) : internal(e);
        };
    }

    private static String userText(Throwable e) {
        if (!(e instanceof BadInputException || e instanceof WorkspaceException) && StorageFailure.isDiskFull(e)) {
            return StorageFailure.diskFull("writing", Path.of(".")) + "; free some space and try again";
        }
        return e.getMessage();
    }

    private static String internal(Throwable e) {
        LOG.error("internal failure", e);
        Path log = LogSetup.currentFile();
        String details = log == null ? "" : " (details in " + log + ")";
        if (e instanceof OutOfMemoryError) {
            return "out of memory" + details + "; give Sextant more with SEXTANT_JAVA_OPTS=-Xmx8g (or more)";
        }
        IOException io = e instanceof UncheckedIOException u ? u.getCause() : e instanceof IOException i ? i : null;
        if (io != null) {
            return oneLine("cannot read or write a file: " + StorageFailure.plain(io) + details);
        }
        return "internal failure: something went wrong inside Sextant, not in your input" + details
                + "; please report it with the log";
    }

    /**
     * {@code s} as one printable line: line breaks and tabs become spaces, other control characters are shown as
     * {@code \\uXXXX}, and a very long line is cut (a hostile file can put anything into a message that quotes it).
     */
    public static String oneLine(String s) {
        StringBuilder sb = new StringBuilder(Math.min(s.length(), MAX_LENGTH + 16));
        boolean space = false;
        for (int i = 0; i < s.length() && sb.length() < MAX_LENGTH; i++) {
            char c = s.charAt(i);
            if (c == '\n' || c == '\r' || c == '\t') {
                if (!space && sb.length() > 0) {
                    sb.append(' ');
                }
                space = true;
                continue;
            }
            space = false;
            if (c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0) || c == '\u2028' || c == '\u2029') {
                sb.append(String.format("\\u%04x", (int) c));
            } else {
                sb.append(c);
            }
        }
        if (sb.length() >= MAX_LENGTH) {
            sb.setLength(MAX_LENGTH);
            sb.append('…');
        }
        return sb.toString().strip();
    }
}
