package dev.sextant.scale;

import dev.sextant.model.contamination.FileResult;
import dev.sextant.model.contamination.ScanResult;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One corpus file's scan result as it travels from an executor to the driver: plain serializable fields (Kryo cannot
 * serialize the model's records; Java serialization of these works with any Spark serializer setting).
 */
final class FileResultCarrier implements Serializable {

    private static final long serialVersionUID = 1L;

    final String file;
    final HashMap<Integer, long[]> matched = new HashMap<>();
    /** Per item: each location as {file, offset, document id, snippet}. */
    final HashMap<Integer, ArrayList<String[]>> locations = new HashMap<>();

    final HashMap<Integer, Long> places = new HashMap<>();
    final long[] counts; // bytes, documents, hash hits, collisions, skipped, invalid UTF-8 bytes

    FileResultCarrier(FileResult r) {
        file = r.file();
        r.matched().forEach((item, bits) -> matched.put(item, bits.toLongArray()));
        r.locations().forEach((item, list) -> {
            ArrayList<String[]> l = new ArrayList<>(list.size());
            for (ScanResult.Location x : list) {
                l.add(new String[] {x.file(), Long.toString(x.offset()), x.documentId(), x.snippet()});
            }
            locations.put(item, l);
        });
        places.putAll(r.places());
        counts = new long[] {r.bytes(), r.documents(), r.hashHits(), r.collisions(), r.skipped(), r.invalidUtf8Bytes()};
    }

    FileResult toResult() {
        Map<Integer, BitSet> m = new HashMap<>();
        matched.forEach((item, words) -> m.put(item, BitSet.valueOf(words)));
        Map<Integer, List<ScanResult.Location>> l = new HashMap<>();
        locations.forEach((item, list) -> {
            List<ScanResult.Location> out = new ArrayList<>(list.size());
            for (String[] x : list) {
                out.add(new ScanResult.Location(x[0], Long.parseLong(x[1]), x[2], x[3]));
            }
            l.put(item, out);
        });
        return FileResult.of(
                file, m, l, new HashMap<>(places), counts[0], counts[1], counts[2], counts[3], counts[4], counts[5]);
    }
}
