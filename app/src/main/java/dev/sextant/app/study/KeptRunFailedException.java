package dev.sextant.app.study;

import dev.sextant.workspaces.WorkspaceException;
import java.util.UUID;

/**
 * A kept run (a scan, a deduplication run) stopped on a corpus file it could not read (truncated or corrupt compressed
 * data, a read error). The run is recorded as FAILED with the file and the reason, keeps what it had done, and resumes
 * once the file is fixed (a scan also once it is skipped). Thrown by {@link KeptRun}; a {@link WorkspaceException}, so
 * that every face reports it as a kept run's state, not an internal failure. The message is {@code <file>: <reason>};
 * callers add how to resume in their own terms.
 */
public final class KeptRunFailedException extends WorkspaceException {

    private static final long serialVersionUID = 1L;

    private final UUID runId;
    private final String file;
    private final String reason;

    public KeptRunFailedException(UUID runId, String file, String reason, Throwable cause) {
        super((file == null ? "" : file + ": ") + reason, cause);
        this.runId = runId;
        this.file = file;
        this.reason = reason;
    }

    public UUID runId() {
        return runId;
    }

    /** The corpus file it stopped on. */
    public String file() {
        return file;
    }

    public String reason() {
        return reason;
    }
}
