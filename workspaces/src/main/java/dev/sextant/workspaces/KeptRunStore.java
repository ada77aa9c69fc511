package dev.sextant.workspaces;

import java.util.UUID;

/**
 * Where a kind of kept run records how it stopped short of complete; each kind completes with its own findings. The
 * lifecycle that calls these is one for every kind (the app's {@code KeptRun}).
 */
public interface KeptRunStore {

    /** The run was cancelled: it keeps what it had done and resumes from there. */
    void cancelled(UUID id);

    /**
     * The run failed: on {@code file} (a corpus file it could not read; null when the failure is not tied to one) for
     * {@code reason}, in words. It keeps what it had done and resumes once the file is fixed.
     */
    void failed(UUID id, String file, String reason);
}
