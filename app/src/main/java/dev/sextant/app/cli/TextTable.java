package dev.sextant.app.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/** A plain-text table for the command line's human output: left-aligned columns, a header and a rule. */
public final class TextTable {

    private final List<String> headers;
    private final List<List<String>> rows = new ArrayList<>();

    public TextTable(String... headers) {
        this.headers = List.of(headers);
    }

    public TextTable row(Object... cells) {
        List<String> r = new ArrayList<>();
        for (Object c : cells) {
            r.add(c == null ? "" : c.toString());
        }
        rows.add(r);
        return this;
    }

    public void print(PrintWriter out) {
        int[] width = new int[headers.size()];
        for (int i = 0; i < width.length; i++) {
            width[i] = headers.get(i).length();
            for (List<String> r : rows) {
                width[i] = Math.max(width[i], i < r.size() ? r.get(i).length() : 0);
            }
        }
        line(out, headers, width);
        StringBuilder rule = new StringBuilder();
        for (int i = 0; i < width.length; i++) {
            rule.append(i == 0 ? "" : "  ").append("-".repeat(width[i]));
        }
        out.println(rule);
        for (List<String> r : rows) {
            line(out, r, width);
        }
    }

    private static void line(PrintWriter out, List<String> cells, int[] width) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < width.length; i++) {
            String c = i < cells.size() ? cells.get(i) : "";
            sb.append(i == 0 ? "" : "  ").append(i == width.length - 1 ? c : String.format("%-" + width[i] + "s", c));
        }
        out.println(sb.toString().stripTrailing());
    }

    /** A cell of an optional number: "—" when absent, else {@code v × scale} in {@code format}. */
    public static String cell(Double v, double scale, String format) {
        return v == null ? "—" : String.format(format, v * scale);
    }
}
