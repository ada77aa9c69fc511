package dev.sextant.workspaces;

import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The kept runs (scans, deduplication runs) this process is running now. A workspace is open in one process at a time
 * (its owner file and H2 lock), so a run kept RUNNING that is not here was left by a process that is gone: it reads as
 * {@link RunState#INTERRUPTED}. Whoever claims a run releases it when the run ends, however it ends.
 */
public final class ActiveRuns {

    private static final Set<UUID> ACTIVE = ConcurrentHashMap.newKeySet();

    private ActiveRuns() {}

    /** Marks the run active here before it writes; false when it already is (a second run of it must not start). */
    public static boolean claim(UUID id) {
        return ACTIVE.add(id);
    }

    /** The run has ended here (complete, cancelled, failed). */
    public static void release(UUID id) {
        ACTIVE.remove(id);
    }

    /** Whether the run is going on in this process now. */
    public static boolean active(UUID id) {
        return ACTIVE.contains(id);
    }
}
