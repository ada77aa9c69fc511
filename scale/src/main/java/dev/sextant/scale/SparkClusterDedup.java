package dev.sextant.scale;

import dev.sextant.model.contamination.CorpusSplit;
import dev.sextant.model.data.ClusterDedup;
import dev.sextant.model.data.DedupResult;
import dev.sextant.model.data.DedupSpec;
import dev.sextant.model.data.Deduplicator;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.api.java.JavaSparkContext;

/**
 * {@link ClusterDedup} on Spark, found by the CLI through {@link java.util.ServiceLoader} in the Spark bundle: exact
 * duplicates read one task per corpus unit not read yet, each unit's state kept as its wave returns; near duplicates as
 * one distributed job ({@link SparkNearDedup}).
 */
public final class SparkClusterDedup implements ClusterDedup {

    @Override
    public void readUnits(
            String master,
            Map<String, String> conf,
            DedupSpec spec,
            List<CorpusSplit> splits,
            Deduplicator.UnitStates states,
            ProgressListener progress,
            CancellationToken cancel) {
        progress.progress(0, "starting Spark (" + master + ")");
        try (JavaSparkContext sc = SparkContexts.open(master, conf, "sextant-dedup")) {
            read(sc, spec, splits, states, progress, cancel);
        }
    }

    @Override
    public DedupResult nearDuplicates(
            String master,
            Map<String, String> conf,
            DedupSpec spec,
            List<CorpusSplit> splits,
            ProgressListener progress,
            CancellationToken cancel) {
        progress.progress(0, "starting Spark (" + master + ")");
        try (JavaSparkContext sc = SparkContexts.open(master, conf, "sextant-dedup")) {
            return SparkNearDedup.run(sc, spec, splits, progress, cancel);
        }
    }

    /** Reads the splits {@code states} lacks on {@code sc}. */
    public static void read(
            JavaSparkContext sc,
            DedupSpec spec,
            List<CorpusSplit> splits,
            Deduplicator.UnitStates states,
            ProgressListener progress,
            CancellationToken cancel) {
        Map<CorpusSplit, Integer> place = new HashMap<>();
        List<CorpusSplit> todo = new ArrayList<>();
        for (int i = 0; i < splits.size(); i++) {
            place.put(splits.get(i), i);
            if (states.load(i) == null) {
                todo.add(splits.get(i));
            }
        }
        DedupTask task = new DedupTask(spec);
        Waves.run(
                sc,
                "Sextant deduplication",
                todo,
                split -> TaskOutcome.of(split.file(), () -> task.read(split)),
                (split, state) -> states.save(place.get(split), state),
                progress,
                cancel);
    }
}
