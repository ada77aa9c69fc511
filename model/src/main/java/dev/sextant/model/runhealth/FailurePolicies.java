package dev.sextant.model.runhealth;

import java.util.ArrayList;
import java.util.List;

/** A failure policy and the alternatives worth putting beside it, each differing from it in one lever. */
public final class FailurePolicies {

    private FailurePolicies() {
    }

    /** A named scenario. */
    public record Named(String name, FailureScenario scenario) {
    }

    /**
     * The scenario as given, then: checkpoints written the other way (synchronous or asynchronous); in-memory snapshots six
     * times as often as the persistent checkpoints, where it has none; and where spares are limited, elastic continuation
     * or waiting for repairs, whichever it does not do.
     */
    public static List<Named> alongside(FailureScenario s) {
        List<Named> out = new ArrayList<>();
        out.add(new Named("as given", s));
        out.add(new Named(s.async() ? "synchronous checkpoints" : "asynchronous checkpoints", s.withAsync(!s.async())));
        if (s.memorySnapshotSeconds() == 0) {
            double cost = Math.max(1, s.checkpointSeconds() * FailureScenario.ASYNC_BLOCKING_SHARE);
            out.add(new Named("+ in-memory snapshots", s.withMemorySnapshots(s.checkpointIntervalSeconds() / 6, cost)));
        }
        if (s.spareNodes() >= 0) {
            out.add(new Named(s.elastic() ? "wait for repairs" : "elastic continuation", s.withSpares(s.spareNodes(), !s.elastic())));
        }
        return out;
    }
}
