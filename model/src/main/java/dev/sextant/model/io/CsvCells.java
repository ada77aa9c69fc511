package dev.sextant.model.io;

import java.io.IOException;
import java.io.Writer;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The one way the product writes a CSV cell: RFC 4180 quoting, and formula injection neutralised as the OWASP
 * "CSV Injection" page recommends. A spreadsheet runs a cell that starts with {@code =}, {@code +}, {@code -},
 * {@code @}, a tab or a carriage return as a formula ({@code =cmd|' /C calc'!A0}, {@code @HYPERLINK(…)}); such a
 * cell is written with a leading single quote, which spreadsheets show as text. Plain numbers ({@code -0.25},
 * {@code +3}, {@code -1e-3}) are left alone so that numeric columns stay numeric.
 */
public final class CsvCells {

    private static final Pattern NUMBER = Pattern.compile("[-+]?(\\d+\\.?\\d*|\\.\\d+)([eE][-+]?\\d+)?");

    private CsvCells() {}

    /** {@code s} as one CSV cell: neutralised when a spreadsheet would run it, quoted when it needs quotes. */
    public static String cell(String s) {
        if (s == null || s.isEmpty()) {
            return "";
        }
        String v = dangerous(s) ? "'" + s : s;
        boolean quote = v.indexOf(',') >= 0
                || v.indexOf('"') >= 0
                || v.indexOf('\n') >= 0
                || v.indexOf('\r') >= 0
                || v.indexOf('\t') >= 0
                || v.charAt(0) == '\'';
        return quote ? '"' + v.replace("\"", "\"\"") + '"' : v;
    }

    /** True when a spreadsheet would read {@code s} as a formula (OWASP's list of leading characters). */
    static boolean dangerous(String s) {
        char c = s.charAt(0);
        boolean lead = c == '=' || c == '+' || c == '-' || c == '@' || c == '\t' || c == '\r';
        return lead && !NUMBER.matcher(s).matches();
    }

    /** Writes one record: the cells, comma-separated, ended by CRLF (RFC 4180). Nulls are empty cells. */
    public static void row(Writer w, List<?> cells) throws IOException {
        for (int i = 0; i < cells.size(); i++) {
            if (i > 0) {
                w.write(',');
            }
            Object v = cells.get(i);
            w.write(cell(v == null ? "" : v.toString()));
        }
        w.write("\r\n");
    }
}
