package dev.sextant.scale;

import org.apache.spark.Partitioner;

/**
 * Places a document's key ({@link NearDoc#key}) in the partition of its unit, where the task that read the unit left
 * it: data keyed so needs no shuffle to be joined with, and a join by document key moves only the other side.
 */
final class UnitPartitioner extends Partitioner {

    private static final long serialVersionUID = 1L;

    private final int units;

    UnitPartitioner(int units) {
        this.units = Math.max(1, units);
    }

    @Override
    public int numPartitions() {
        return units;
    }

    @Override
    public int getPartition(Object key) {
        return NearDoc.unit((Long) key) % units;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof UnitPartitioner p && p.units == units;
    }

    @Override
    public int hashCode() {
        return units;
    }
}
