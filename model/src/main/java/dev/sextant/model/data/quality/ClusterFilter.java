package dev.sextant.model.data.quality;

import dev.sextant.model.contamination.CorpusSplit;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * Quality filtering on a cluster engine (Apache Spark, from the separately built scale bundle): each unit judged on a
 * worker as the local engine judges it ({@code FilteredCorpus.judgeUnit}), the worker writing the unit's kept and
 * removed parts into the run's folder and handing back only its counts, which the driver keeps as each wave returns, so
 * that a stopped run resumes as a local one does and the result is the local engine's.
 */
public interface ClusterFilter {

    /**
     * Judges the units numbered {@code todo} (places in {@code splits}).
     *
     * @param master        where to run: {@code local[N]}, {@code spark://HOST:PORT}, {@code yarn}, {@code k8s://…}
     * @param conf          further engine settings (key → value)
     * @param recipe        the run's filter and fields as values, built again on the workers (its fastText model a
     *                      path every worker reads alike)
     * @param splits        the corpus's units, files named by absolute paths the workers can read
     * @param folder        the run's folder, which every worker writes at the same path (a shared file system), or null
     *                      for a dry run that writes nothing
     * @param judged        told of each unit's counts as its wave returns (unit number, the counts as saved)
     * @throws dev.sextant.model.BadInputException naming the file a worker could not read (the units of the waves
     *                                                 before it are handed over)
     */
    void judgeUnits(
            String master,
            Map<String, String> conf,
            FilterRecipe recipe,
            List<CorpusSplit> splits,
            List<Integer> todo,
            String folder,
            BiConsumer<Integer, byte[]> judged,
            ProgressListener progress,
            CancellationToken cancel);
}
