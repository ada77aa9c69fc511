package dev.sextant.workspaces;

import java.util.Locale;
import java.util.UUID;

/**
 * How a kept long-running result stands — a contamination scan, a deduplication run: one lifecycle for all of them.
 * It is kept RUNNING as it starts, with what it needs to go on; it ends COMPLETE, CANCELLED, or FAILED (with the
 * corpus file it stopped on, when there is one, and why). INTERRUPTED is never stored: a workspace is open in one
 * process at a time, so a RUNNING row whose run is not {@linkplain ActiveRuns active} in this process was left by a
 * process that is gone (killed, Ctrl+C, power loss). Every state but COMPLETE resumes from what was done.
 */
public enum RunState {
    RUNNING,
    INTERRUPTED,
    CANCELLED,
    FAILED,
    COMPLETE;

    /** Whether a resume can go on with a run in this state. */
    public boolean resumable() {
        return this == INTERRUPTED || this == CANCELLED || this == FAILED;
    }

    /** The state in lower case, as lists and JSON show it. */
    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The state of run {@code id} as stored in column STATE: a RUNNING row not running here reads as interrupted. */
    static RunState read(String stored, UUID id) {
        RunState s;
        try {
            s = valueOf(stored);
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new WorkspaceException("kept run " + id + " has an unknown state '" + stored + "'", e);
        }
        return s == RUNNING && !ActiveRuns.active(id) ? INTERRUPTED : s;
    }
}
