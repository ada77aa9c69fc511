package dev.sextant.scale;

import dev.sextant.model.contamination.CorpusSplit;
import dev.sextant.model.data.quality.ClusterFilter;
import dev.sextant.model.data.quality.FilterRecipe;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import org.apache.spark.api.java.JavaSparkContext;
import scala.Tuple2;

/**
 * {@link ClusterFilter} on Spark, found by the CLI through {@link java.util.ServiceLoader} in the Spark bundle: one task
 * per unit not judged yet, in waves ({@link Waves}); each task writes its unit's kept and removed parts into the run's
 * folder and returns the unit's counts, which the driver keeps as the wave returns.
 */
public final class SparkClusterFilter implements ClusterFilter {

    @Override
    public void judgeUnits(
            String master,
            Map<String, String> conf,
            FilterRecipe recipe,
            List<CorpusSplit> splits,
            List<Integer> todo,
            String folder,
            BiConsumer<Integer, byte[]> judged,
            ProgressListener progress,
            CancellationToken cancel) {
        progress.progress(0, "starting Spark (" + master + ")");
        try (JavaSparkContext sc = SparkContexts.open(master, conf, "sextant-filter")) {
            judge(sc, recipe, splits, todo, folder, judged, progress, cancel);
        }
    }

    /** Judges the units numbered {@code todo} on {@code sc}. */
    static void judge(
            JavaSparkContext sc,
            FilterRecipe recipe,
            List<CorpusSplit> splits,
            List<Integer> todo,
            String folder,
            BiConsumer<Integer, byte[]> judged,
            ProgressListener progress,
            CancellationToken cancel) {
        FilterTask task = new FilterTask(recipe);
        int units = splits.size();
        List<Tuple2<Integer, CorpusSplit>> inputs =
                todo.stream().map(u -> new Tuple2<>(u, splits.get(u))).toList();
        Waves.run(
                sc,
                "Sextant quality filtering",
                inputs,
                unit -> TaskOutcome.of(unit._2().file(), () -> task.judge(unit._1(), units, unit._2(), folder)),
                (unit, counts) -> judged.accept(unit._1(), counts),
                progress,
                cancel);
    }
}
