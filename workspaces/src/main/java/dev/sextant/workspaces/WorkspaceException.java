package dev.sextant.workspaces;

/**
 * A workspace cannot do what was asked for a reason the user can act on (no workspace there, a name already taken,
 * a file written by another version). The message is complete and fit to show as it is.
 */
public class WorkspaceException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public WorkspaceException(String message) {
        super(message);
    }

    public WorkspaceException(String message, Throwable cause) {
        super(message, cause);
    }
}
