package dev.sextant.model.contamination;

import dev.sextant.model.contamination.ScanResult.ItemResult;
import dev.sextant.model.io.CsvCells;
import dev.sextant.model.io.Json;
import java.io.IOException;
import java.io.Writer;
import java.util.Arrays;

/**
 * Writes a scan's contaminated items (or all) as CSV or JSON Lines, with their first corpus location. Item ids and
 * snippets come from files of unknown origin, so CSV cells go through {@link CsvCells} (formula injection).
 */
public final class ContaminatedItemsExport {

    private ContaminatedItemsExport() {}

    public static int csv(ScanResult r, boolean all, Writer w) throws IOException {
        w.write(
                "benchmark,item_id,status,tokens,ngrams,matched_ngrams,token_fraction,longest_match,file,offset,document_id,snippet\r\n");
        int n = 0;
        for (ItemResult i : r.items()) {
            if (!all && !contaminated(i)) {
                continue;
            }
            var l = i.locations().isEmpty() ? null : i.locations().get(0);
            CsvCells.row(
                    w,
                    Arrays.asList(
                            i.benchmark(),
                            i.id(),
                            i.status().label(),
                            i.tokens(),
                            i.ngrams(),
                            i.matchedNgrams(),
                            i.tokenFraction(),
                            i.longestMatch(),
                            l == null ? null : l.file(),
                            l == null ? null : l.offset(),
                            l == null ? null : l.documentId(),
                            l == null ? null : l.snippet()));
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
}
