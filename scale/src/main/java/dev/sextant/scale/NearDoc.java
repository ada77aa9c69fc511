package dev.sextant.scale;

import dev.sextant.model.data.Deduplicator;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One document of a distributed near-duplicate run as its executor read it. Its key orders documents as the local
 * engine numbers them: the unit's place among the corpus's units in the high 32 bits, the document's place in the unit
 * in the low.
 */
final class NearDoc implements Serializable {

    private static final long serialVersionUID = 1L;

    final long key;
    final String name;
    final String file;
    final long index;
    final int tokens;
    final String source;
    final int[] signature;

    private NearDoc(long key, String name, String file, long index, int tokens, String source, int[] signature) {
        this.key = key;
        this.name = name;
        this.file = file;
        this.index = index;
        this.tokens = tokens;
        this.source = source;
        this.signature = signature;
    }

    static long key(int unit, int place) {
        return ((long) unit << 32) | place;
    }

    static int unit(long key) {
        return (int) (key >>> 32);
    }

    static int place(long key) {
        return (int) key;
    }

    /** The documents of unit number {@code unit}, in reading order. */
    static List<NearDoc> of(int unit, Deduplicator.UnitDocs docs, int permutations) {
        List<NearDoc> out = new ArrayList<>(docs.count());
        for (int k = 0; k < docs.count(); k++) {
            out.add(new NearDoc(
                    key(unit, k),
                    docs.name(k),
                    docs.file(),
                    docs.index()[k],
                    docs.tokens()[k],
                    docs.sources()[k],
                    Arrays.copyOfRange(docs.signatures(), k * permutations, (k + 1) * permutations)));
        }
        return out;
    }
}
