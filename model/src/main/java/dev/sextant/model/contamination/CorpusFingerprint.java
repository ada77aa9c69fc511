package dev.sextant.model.contamination;

import java.util.List;

/** The corpus files a scan read, with their sizes and modification times: a resumed scan refuses a changed corpus. */
public record CorpusFingerprint(List<Entry> files) {

    public record Entry(String path, long size, long modifiedMillis) {
    }

    public CorpusFingerprint {
        files = List.copyOf(files);
    }

    /** The first difference from {@code now}, in words, or null when they agree. */
    public String differenceFrom(CorpusFingerprint now) {
        for (Entry e : files) {
            Entry o = now.files().stream().filter(x -> x.path().equals(e.path())).findFirst().orElse(null);
            if (o == null) {
                return e.path() + " is gone";
            }
            if (o.size() != e.size() || o.modifiedMillis() != e.modifiedMillis()) {
                return e.path() + " changed since the scan started";
            }
        }
        for (Entry o : now.files()) {
            if (files.stream().noneMatch(e -> e.path().equals(o.path()))) {
                return o.path() + " is new since the scan started";
            }
        }
        return null;
    }
}
