package dev.sextant.model.io;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.sextant.model.BadInputException;
import dev.sextant.model.contamination.BenchmarkItem;
import dev.sextant.model.contamination.CorpusFingerprint;
import dev.sextant.model.contamination.ScanResult;
import dev.sextant.model.contamination.ScanSpec;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The result file of a scan run on a cluster with {@code spark-submit}: the items and summary in the shape
 * {@code sextant scan --json} prints, with what a workspace needs to keep the scan as if it had run here — the
 * settings, the benchmark items looked for and the corpus files read (sizes and modification times). Written whole
 * (beside, then moved into place), read back by {@code sextant scan import}.
 */
public final class ClusterScanFile {

    /** The file's contents, the command line's keys first. */
    public record Contents(
            List<ScanResult.ItemResult> items,
            ScanResult.Summary summary,
            ScanSpec spec,
            List<BenchmarkItem> benchmarkItems,
            CorpusFingerprint corpus) {}

    private ClusterScanFile() {}

    public static void write(Path file, Contents contents) {
        Json.writeFile(file, contents);
    }

    /**
     * @throws BadInputException naming the file and the part that is missing or malformed (a file from
     *                           {@code sextant scan --json} lacks the settings, items and corpus a kept scan needs)
     */
    public static Contents read(Path file) {
        String name = TextInput.name(file);
        Contents c;
        try (InputStream in = Files.newInputStream(file)) {
            c = Json.mapper().readValue(in, Contents.class); // streamed: a large scan's locations need no tree
        } catch (JsonProcessingException e) {
            throw Json.badInput(name, 0, e);
        } catch (IOException e) {
            throw BadInputException.of(name, "cannot read: " + IoFailures.plain(e));
        }
        String[] keys = {"items", "summary", "spec", "benchmarkItems", "corpus"};
        Object[] values = {c.items(), c.summary(), c.spec(), c.benchmarkItems(), c.corpus()};
        for (int i = 0; i < keys.length; i++) {
            if (values[i] == null) {
                throw new BadInputException(
                        name,
                        0,
                        keys[i],
                        "missing: not a result of the cluster application's scan "
                                + "(the file a scan by spark-submit of sextant-scale-cluster.jar writes)");
            }
        }
        if (c.items().size() != c.benchmarkItems().size()) {
            throw new BadInputException(
                    name,
                    0,
                    "items",
                    c.items().size() + " results for " + c.benchmarkItems().size() + " benchmark items");
        }
        return c;
    }
}
