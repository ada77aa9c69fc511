package dev.sextant.scale;

import dev.sextant.model.contamination.BenchmarkItem;
import dev.sextant.model.contamination.CorpusScanner;
import dev.sextant.model.contamination.CorpusSplit;
import dev.sextant.model.contamination.CorpusUnit;
import dev.sextant.model.contamination.NgramIndex;
import dev.sextant.model.contamination.Normalization;
import dev.sextant.model.contamination.ScanSpec;
import dev.sextant.model.io.CorpusFiles;
import dev.sextant.model.job.CancellationToken;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/**
 * What an executor needs to scan a corpus file: the benchmark items (broadcast once) and the scan's settings, as plain
 * serializable values. The n-gram index is built once per executor JVM and per scan, then every unit of that scan on
 * the executor is scanned with the model's own scanner, unchanged.
 */
final class ScanTask implements Serializable {

    private static final long serialVersionUID = 1L;

    /** The scan this task belongs to: an executor keeps the index of the last scan it saw. */
    final String scanKey;

    final int n;
    final double dirty;
    final boolean lowercase;
    final boolean stripPunctuation;
    final String textField;
    final String idField;
    final int locationsPerItem;

    private static final Object LOCK = new Object();
    private static String cachedKey;
    private static NgramIndex cachedIndex;

    ScanTask(String scanKey, ScanSpec spec) {
        this.scanKey = scanKey;
        this.n = spec.n();
        this.dirty = spec.dirtyThreshold();
        this.lowercase = spec.normalization().lowercase();
        this.stripPunctuation = spec.normalization().stripPunctuation();
        this.textField = spec.textField();
        this.idField = spec.idField();
        this.locationsPerItem = spec.locationsPerItem();
    }

    ScanSpec spec(int threads) {
        return new ScanSpec(
                n,
                dirty,
                new Normalization(lowercase, stripPunctuation),
                textField,
                idField,
                threads,
                locationsPerItem);
    }

    /** Items as plain strings: benchmark, id, text, then the fields that made the text. */
    static ArrayList<String[]> carry(List<BenchmarkItem> items) {
        ArrayList<String[]> out = new ArrayList<>(items.size());
        for (BenchmarkItem i : items) {
            String[] row = new String[3 + i.fields().size()];
            row[0] = i.benchmark();
            row[1] = i.id();
            row[2] = i.text();
            for (int k = 0; k < i.fields().size(); k++) {
                row[3 + k] = i.fields().get(k);
            }
            out.add(row);
        }
        return out;
    }

    static List<BenchmarkItem> items(List<String[]> carried) {
        List<BenchmarkItem> out = new ArrayList<>(carried.size());
        for (String[] r : carried) {
            out.add(new BenchmarkItem(r[0], r[1], r[2], List.of(r).subList(3, r.length)));
        }
        return out;
    }

    /** The index for this scan, built on first use in this JVM. */
    NgramIndex index(List<String[]> carriedItems) {
        synchronized (LOCK) {
            if (!scanKey.equals(cachedKey)) {
                cachedIndex = NgramIndex.build(items(carriedItems), n, new Normalization(lowercase, stripPunctuation));
                cachedKey = scanKey;
            }
            return cachedIndex;
        }
    }

    /** Scans one unit of the corpus (a whole file, a byte range of a large one, a Parquet row group) on one thread. */
    FileResultCarrier scan(CorpusSplit split, List<String[]> carriedItems) {
        NgramIndex index = index(carriedItems);
        CorpusUnit unit = CorpusFiles.unit(HadoopStore.of(split.path()), split);
        return new FileResultCarrier(CorpusScanner.scanUnit(index, unit, spec(1), CancellationToken.none()));
    }
}
