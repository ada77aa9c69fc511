package dev.sextant.model.contamination;

import java.util.List;
import java.util.Set;

/** The corpus files a scan read, with their sizes and modification times: a resumed scan refuses a changed corpus. */
public record CorpusFingerprint(List<Entry> files) {

    public record Entry(String path, long size, long modifiedMillis) {}

    public CorpusFingerprint {
        files = List.copyOf(files);
    }

    /** The first difference from {@code now}, in words, or null when they agree. */
    public String differenceFrom(CorpusFingerprint now) {
        return differenceFrom(now, Set.of());
    }

    /**
     * The first difference from {@code now}, in words, or null when they agree, leaving out the files in
     * {@code mayDiffer} (by path): those may have changed or be gone, e.g. a file a scan failed on and that has been
     * fixed since.
     */
    public String differenceFrom(CorpusFingerprint now, Set<String> mayDiffer) {
        return differenceFrom(now, mayDiffer, "the scan");
    }

    /** As above, naming what started when this fingerprint was taken ("the scan", "the run"). */
    public String differenceFrom(CorpusFingerprint now, Set<String> mayDiffer, String what) {
        for (Entry e : files) {
            if (mayDiffer.contains(e.path())) {
                continue;
            }
            Entry o = entry(now, e.path());
            if (o == null) {
                return e.path() + " is gone";
            }
            if (o.size() != e.size() || o.modifiedMillis() != e.modifiedMillis()) {
                return e.path() + " changed since " + what + " started";
            }
        }
        for (Entry o : now.files()) {
            if (entry(this, o.path()) == null) {
                return o.path() + " is new since " + what + " started";
            }
        }
        return null;
    }

    /** This fingerprint with the entries of {@code now} for the files in {@code paths} (those not in now kept as they were). */
    public CorpusFingerprint updatedFrom(CorpusFingerprint now, Set<String> paths) {
        return new CorpusFingerprint(files.stream()
                .map(e -> {
                    Entry o = paths.contains(e.path()) ? entry(now, e.path()) : null;
                    return o == null ? e : o;
                })
                .toList());
    }

    private static Entry entry(CorpusFingerprint f, String path) {
        return f.files().stream().filter(x -> x.path().equals(path)).findFirst().orElse(null);
    }
}
