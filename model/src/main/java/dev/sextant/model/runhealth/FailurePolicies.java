package dev.sextant.model.runhealth;

import dev.sextant.model.training.Checkpointing;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** A failure policy and the alternatives worth putting beside it, each differing from it in one lever. */
public final class FailurePolicies {

    private FailurePolicies() {}

    /** A named scenario. */
    public record Named(String name, FailureScenario scenario) {}

    /**
     * The scenario as given, then: checkpoints written the other way (synchronous or asynchronous), each at its own
     * optimum interval when the given one is Daly's (a synchronous interval is far too long for asynchronous writes, an
     * asynchronous one far too short for synchronous); in-memory snapshots at their own Daly optimum (each blocking as
     * long as an asynchronous write does), added to the policy as given where it has none and they would come more often
     * than its checkpoints; and where spares are limited, elastic continuation or
     * waiting for repairs, whichever it does not do, and as many spares as needed, the bound either approaches. Each name
     * says its checkpoint interval.
     */
    public static List<Named> alongside(FailureScenario s) {
        List<Named> out = new ArrayList<>();
        boolean daly =
                Math.abs(s.checkpointIntervalSeconds() - daly(s, s.async())) <= 1e-6 * s.checkpointIntervalSeconds();
        out.add(new Named(
                "as given: " + mode(s.async()) + " every " + minutes(s.checkpointIntervalSeconds())
                        + (daly ? " (Daly)" : ""),
                s));
        FailureScenario other = s.withAsync(!s.async());
        if (daly) {
            other = other.withCheckpointInterval(daly(s, !s.async()));
        }
        out.add(new Named(
                mode(!s.async()) + " every " + minutes(other.checkpointIntervalSeconds()) + (daly ? " (Daly)" : ""),
                other));
        if (s.memorySnapshotSeconds() == 0 && s.failuresPerGpuDay() > 0) {
            // a snapshot to host memory costs what an asynchronous write blocks for; at its own Daly optimum. Where
            // that is no more often than the checkpoints (asynchronous ones already leave such a copy), it adds nothing
            double cost = Math.max(1, s.checkpointSeconds() * FailureScenario.ASYNC_BLOCKING_SHARE);
            double every = Checkpointing.daly(cost, 86400 / (s.gpus() * s.failuresPerGpuDay()));
            if (every < 0.9 * s.checkpointIntervalSeconds()) {
                out.add(new Named(
                        "as given + in-memory snapshots every " + minutes(every) + " (Daly)",
                        s.withMemorySnapshots(every, cost)));
            }
        }
        if (s.spareNodes() >= 0) {
            out.add(new Named(
                    (s.elastic() ? "wait for repairs" : "elastic continuation") + " with " + s.spareNodes()
                            + " spare node" + (s.spareNodes() == 1 ? "" : "s"),
                    s.withSpares(s.spareNodes(), !s.elastic())));
            out.add(new Named("as many spare nodes as needed", s.withSpares(-1, false)));
        }
        return out;
    }

    /**
     * What the spare-node policy means for the run, in a sentence: with as many spares as needed nothing waits or
     * shrinks (elastic continuation then changes nothing); with few, each failure beyond them waits for a repair or runs
     * on fewer replicas until one is back.
     */
    public static String sparesNote(FailureScenario s) {
        if (s.spareNodes() < 0) {
            return "Spare nodes: as many as needed (the closed forms' assumption): no run waits for a repair or shrinks"
                    + (s.elastic() ? ", so elastic continuation changes nothing" : "");
        }
        return "Spare nodes: " + s.spareNodes() + ", a failed node back after "
                + String.format(Locale.ROOT, "%.0f", s.repairHours())
                + " h; beyond them the run "
                + (s.elastic()
                        ? "continues on fewer data-parallel replicas (slower steps, a restart to "
                                + "shrink and another to grow back)"
                        : "waits for a repair")
                + ", so it is slower than with as many spares as needed";
    }

    private static double daly(FailureScenario s, boolean async) {
        return FailureScenario.dalyInterval(
                s.gpus(), s.failuresPerGpuDay(), s.checkpointSeconds(), async, s.idealSeconds());
    }

    private static String mode(boolean async) {
        return async ? "asynchronous checkpoints" : "synchronous checkpoints";
    }

    private static String minutes(double seconds) {
        return String.format(Locale.ROOT, "%.1f min", seconds / 60);
    }
}
