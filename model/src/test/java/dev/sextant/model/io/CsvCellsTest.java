package dev.sextant.model.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** OWASP "CSV Injection": cells a spreadsheet would run as formulas are written as text; RFC 4180 quoting. */
class CsvCellsTest {

    @ParameterizedTest
    @ValueSource(
            strings = {
                "=cmd|' /C calc'!A0",
                "+SUM(1+1)",
                "-2+3",
                "@HYPERLINK(\"http://x\",\"y\")",
                "\t=1",
                "\r=1",
                "=1",
                "-",
                "+",
                "@"
            })
    void formulasAreWrittenAsText(String hostile) {
        String cell = CsvCells.cell(hostile);
        assertTrue(cell.startsWith("\"'"), () -> cell);
        // Read back as RFC 4180: the value is the original with a leading quote mark.
        assertEquals("'" + hostile, cell.substring(1, cell.length() - 1).replace("\"\"", "\""));
    }

    @ParameterizedTest
    @ValueSource(strings = {"-0.25", "+3", "-1e-3", "12", "0.5", "-.5", "1E+10"})
    void numbersStayNumbers(String number) {
        assertEquals(number, CsvCells.cell(number));
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {"a,b|\"a,b\"", "say \"hi\"|\"say \"\"hi\"\"\"", "plain|plain"})
    void quotesWhereNeeded(String in, String out) {
        assertEquals(out, CsvCells.cell(in));
    }

    @Test
    void aLeadingQuoteMarkIsQuotedSoItSurvivesTheRoundTrip() {
        assertEquals("\"'quoted\"", CsvCells.cell("'quoted"));
    }

    @Test
    void rowEndsWithCrlfAndNullsAreEmpty() throws IOException {
        StringWriter w = new StringWriter();
        CsvCells.row(w, Arrays.asList("x", null, 3, -1.5, "=2*3"));
        assertEquals("x,,3,-1.5,\"'=2*3\"\r\n", w.toString());
    }

    @Test
    void atomicFileLeavesNothingOnFailureAndKeepsTheOldFile(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("out.csv");
        Files.writeString(f, "old");
        try {
            AtomicFile.writeText(f, w -> {
                w.write("half");
                throw new IOException("disk full");
            });
        } catch (IOException expected) {
            assertEquals("disk full", expected.getMessage());
        }
        assertEquals("old", Files.readString(f));
        try (var s = Files.list(dir)) {
            assertEquals(List.of(f), s.toList());
        }
        AtomicFile.writeText(f, w -> {
            w.write("new");
            return null;
        });
        assertEquals("new", Files.readString(f));
        assertFalse(Files.exists(dir.resolve(".out.csv.part")));
    }
}
