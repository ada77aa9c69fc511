package dev.sextant.model.contamination;

import dev.sextant.model.contamination.ScanResult.ItemResult;
import dev.sextant.model.io.Json;
import java.io.IOException;
import java.io.Writer;

/** Writes a scan's contaminated items (or all) as CSV or JSON Lines, with their first corpus location. */
public final class ContaminatedItemsExport {

    private ContaminatedItemsExport() {
    }

    public static int csv(ScanResult r, boolean all, Writer w) throws IOException {
        w.write("benchmark,item_id,status,tokens,ngrams,matched_ngrams,token_fraction,longest_match,file,offset,document_id,snippet\r\n");
        int n = 0;
        for (ItemResult i : r.items()) {
            if (!all && !contaminated(i)) {
                continue;
            }
            var l = i.locations().isEmpty() ? null : i.locations().get(0);
            w.write(String.join(",", q(i.benchmark()), q(i.id()), i.status().label(), String.valueOf(i.tokens()), String.valueOf(i.ngrams()),
                    String.valueOf(i.matchedNgrams()), String.valueOf(i.tokenFraction()), String.valueOf(i.longestMatch()),
                    q(l == null ? "" : l.file()), l == null ? "" : String.valueOf(l.offset()), q(l == null || l.documentId() == null ? "" : l.documentId()),
                    q(l == null ? "" : l.snippet())) + "\r\n");
            n++;
        }
        return n;
    }

    public static int jsonl(ScanResult r, boolean all, Writer w) throws IOException {
        int n = 0;
        for (ItemResult i : r.items()) {
            if (!all && !contaminated(i)) {
                continue;
            }
            w.write(Json.write(i));
            w.write('\n');
            n++;
        }
        return n;
    }

    private static boolean contaminated(ItemResult i) {
        return i.status() == ScanResult.Status.DIRTY || i.status() == ScanResult.Status.PARTIAL;
    }

    private static String q(String s) {
        return s.contains(",") || s.contains("\"") || s.contains("\n") || s.contains("\r") ? '"' + s.replace("\"", "\"\"") + '"' : s;
    }
}
