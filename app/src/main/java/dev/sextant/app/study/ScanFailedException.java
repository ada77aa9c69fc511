package dev.sextant.app.study;

import dev.sextant.workspaces.WorkspaceException;
import java.util.UUID;

/**
 * A kept scan stopped on a corpus file it could not read (truncated or corrupt compressed data, a read error). The
 * scan is recorded as FAILED with the file and the reason, keeps its completed files, and resumes once the file is
 * fixed or skipped. Thrown by {@link ScanStudy}; a {@link WorkspaceException}, so that every face reports it as a kept
 * scan's state, not an internal failure. The message is {@code <file>: <reason>}; callers add how to resume in their own terms.
 */
public final class ScanFailedException extends WorkspaceException {

    private static final long serialVersionUID = 1L;

    private final UUID scanId;
    private final String file;
    private final String reason;

    public ScanFailedException(UUID scanId, String file, String reason, Throwable cause) {
        super(file + ": " + reason, cause);
        this.scanId = scanId;
        this.file = file;
        this.reason = reason;
    }

    public UUID scanId() {
        return scanId;
    }

    public String file() {
        return file;
    }

    public String reason() {
        return reason;
    }
}
