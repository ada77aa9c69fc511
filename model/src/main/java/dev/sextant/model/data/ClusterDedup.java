package dev.sextant.model.data;

import dev.sextant.model.contamination.CorpusSplit;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import java.util.List;
import java.util.Map;

/**
 * Deduplication on a cluster engine (Apache Spark, from the separately built scale bundle). Exact duplicates: each unit
 * read on a worker by {@link Deduplicator#readUnit}, its state handed back and kept, and the driver runs
 * {@link Deduplicator#run} over those states. Near duplicates: the whole job on the cluster, clusters found as connected
 * components of the pairs {@link NearPairs} joins, so that they are the local engine's.
 */
public interface ClusterDedup {

    /**
     * Reads every split whose state {@code states} does not hold yet and saves each one's state there, under its index
     * in {@code splits}, as its wave of tasks returns.
     *
     * @param master where to run: {@code local[N]}, {@code spark://HOST:PORT}, {@code yarn}, {@code k8s://…}
     * @param conf   further engine settings (key → value)
     * @param splits the corpus's units, files named by absolute paths the workers can read
     * @throws dev.sextant.model.BadInputException naming the file a worker could not read (states of the units read
     *                                                 before it are kept)
     */
    void readUnits(
            String master,
            Map<String, String> conf,
            DedupSpec spec,
            List<CorpusSplit> splits,
            Deduplicator.UnitStates states,
            ProgressListener progress,
            CancellationToken cancel);

    /**
     * Near-duplicate detection run on the cluster from end to end: signatures, candidate pairs, the exact check of
     * close pairs and the clusters stay there; the driver receives the counts and the removed documents.
     *
     * @throws dev.sextant.model.BadInputException naming the file a worker could not read
     */
    DedupResult nearDuplicates(
            String master,
            Map<String, String> conf,
            DedupSpec spec,
            List<CorpusSplit> splits,
            ProgressListener progress,
            CancellationToken cancel);
}
