package dev.sextant.model.data;

import java.util.List;

/**
 * What a deduplication run found, as it is kept in a project: the counts, the breakdown by source and the largest
 * clusters, without the per-document lists (those are in the run's {@code removed.jsonl} when it wrote one).
 *
 * @param out the output folder written, or null
 */
public record DedupSummary(
        DedupSpec spec,
        List<String> corpus,
        long documents,
        long duplicates,
        double duplicateShare,
        long clusters,
        long tokens,
        double tokensRemovedShare,
        long bytes,
        double bytesPerSecond,
        LshBands bands,
        List<DedupResult.SourceCount> bySource,
        List<DedupResult.Cluster> largest,
        List<DedupResult.SizeCount> clusterSizes,
        String out) {

    public DedupSummary {
        bySource = bySource == null ? List.of() : List.copyOf(bySource);
        largest = largest == null ? List.of() : List.copyOf(largest);
        clusterSizes = clusterSizes == null ? List.of() : List.copyOf(clusterSizes); // runs kept before sizes were kept
    }

    public static DedupSummary of(DedupSpec spec, List<String> corpus, DedupResult r, String out) {
        return new DedupSummary(
                spec,
                List.copyOf(corpus),
                r.documents(),
                r.duplicates(),
                r.duplicateShare(),
                r.clusters(),
                r.tokens(),
                r.tokensRemovedShare(),
                r.bytes(),
                r.bytesPerSecond(),
                r.bands(),
                r.bySource(),
                r.largest(),
                r.clusterSizes(),
                out);
    }
}
