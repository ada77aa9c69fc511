package dev.sextant.scale;

import dev.sextant.model.contamination.CorpusSplit;
import dev.sextant.model.data.DedupSpec;
import dev.sextant.model.data.Deduplicator;
import dev.sextant.model.io.CorpusFiles;
import dev.sextant.model.job.CancellationToken;
import java.io.Serializable;
import java.util.BitSet;
import java.util.List;
import java.util.Map;

/** What an executor needs to read a corpus unit for deduplication: the run's reading settings as plain values. */
final class DedupTask implements Serializable {

    private static final long serialVersionUID = 1L;

    final String mode;
    final double threshold;
    final int ngram;
    final int permutations;
    final String textField;
    final String idField;
    final String sourceField;
    final long seed;

    DedupTask(DedupSpec spec) {
        mode = spec.mode().name();
        threshold = spec.threshold();
        ngram = spec.ngram();
        permutations = spec.permutations();
        textField = spec.textField();
        idField = spec.idField();
        sourceField = spec.sourceField();
        seed = spec.seed();
    }

    DedupSpec spec() {
        return new DedupSpec(
                DedupSpec.Mode.valueOf(mode),
                threshold,
                ngram,
                permutations,
                null,
                textField,
                idField,
                sourceField,
                DedupSpec.Keep.FIRST,
                seed);
    }

    /** One unit read as the local engine reads it, in the layout a run keeps ({@link Deduplicator#readUnit}). */
    byte[] read(CorpusSplit split) {
        return Deduplicator.readUnit(
                CorpusFiles.unit(HadoopStore.of(split.path()), split), spec(), CancellationToken.none());
    }

    /** Unit number {@code unit}'s documents with their signatures, as the local engine reads them. */
    List<NearDoc> readNear(int unit, CorpusSplit split) {
        return NearDoc.of(
                unit,
                Deduplicator.readNear(
                        CorpusFiles.unit(HadoopStore.of(split.path()), split), spec(), CancellationToken.none()),
                permutations);
    }

    /** The shingle sets of the documents at places {@code wanted} of a unit. */
    Map<Integer, long[]> shingles(CorpusSplit split, BitSet wanted) {
        return Deduplicator.shingles(
                CorpusFiles.unit(HadoopStore.of(split.path()), split), spec(), wanted, CancellationToken.none());
    }
}
