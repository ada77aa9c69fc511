package dev.sextant.model.io;

import dev.sextant.model.contamination.ContaminatedItemsExport;
import dev.sextant.model.contamination.ScanResult;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;

/** A scan's contaminated items written to the file the user chose: its name says the format, the file is whole or absent. */
public final class ContaminatedItemsFile {

    private ContaminatedItemsFile() {}

    /**
     * Writes the items (all of them with {@code all}) as JSON Lines when the name ends in {@code .jsonl}, else as CSV.
     *
     * @return the number of items written
     */
    public static int write(ScanResult r, boolean all, Path file) throws IOException {
        boolean jsonl = file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".jsonl");
        return AtomicFile.writeText(
                file, w -> jsonl ? ContaminatedItemsExport.jsonl(r, all, w) : ContaminatedItemsExport.csv(r, all, w));
    }
}
