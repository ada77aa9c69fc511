package dev.sextant.app.ui.shell;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Just enough of CommonMark to show the README inside the workbench: ATX headings, paragraphs, bullet and numbered
 * lists, fenced code blocks and pipe tables; inline emphasis, code spans and links are shown as plain text (a link as
 * its text). Anything else reads as a paragraph, so nothing in the file is lost.
 */
public final class Markdown {

    /** A block of the document. */
    public sealed interface Block {}

    public record Heading(int level, String text) implements Block {}

    public record Paragraph(String text) implements Block {}

    public record ListItem(String text) implements Block {}

    public record Code(String text) implements Block {}

    public record Table(List<List<String>> rows) implements Block {}

    private static final Pattern HEADING = Pattern.compile("^(#{1,6})\\s+(.*?)\\s*#*\\s*$");
    private static final Pattern ITEM = Pattern.compile("^\\s*(?:[-*+]|\\d+[.)])\\s+(.*)$");
    private static final Pattern TABLE_RULE = Pattern.compile("^\\s*\\|?\\s*:?-+:?\\s*(\\|\\s*:?-+:?\\s*)*\\|?\\s*$");

    private Markdown() {}

    public static List<Block> parse(String text) {
        List<Block> out = new ArrayList<>();
        String[] lines = text.replace("\r\n", "\n").split("\n", -1);
        StringBuilder para = new StringBuilder();
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            if (line.strip().startsWith("```")) {
                flush(para, out);
                StringBuilder code = new StringBuilder();
                for (i++; i < lines.length && !lines[i].strip().startsWith("```"); i++) {
                    code.append(code.length() == 0 ? "" : "\n").append(lines[i]);
                }
                out.add(new Code(code.toString()));
                continue;
            }
            var h = HEADING.matcher(line);
            if (h.matches()) {
                flush(para, out);
                out.add(new Heading(h.group(1).length(), inline(h.group(2))));
                continue;
            }
            if (line.strip().startsWith("|")) {
                flush(para, out);
                List<List<String>> rows = new ArrayList<>();
                for (; i < lines.length && lines[i].strip().startsWith("|"); i++) {
                    if (!TABLE_RULE.matcher(lines[i]).matches()) {
                        rows.add(cells(lines[i]));
                    }
                }
                i--;
                out.add(new Table(rows));
                continue;
            }
            var item = ITEM.matcher(line);
            if (item.matches()) {
                flush(para, out);
                StringBuilder text1 = new StringBuilder(item.group(1).strip());
                // continuation lines of the item are indented
                while (i + 1 < lines.length
                        && !lines[i + 1].isBlank()
                        && lines[i + 1].startsWith("  ")
                        && !ITEM.matcher(lines[i + 1]).matches()) {
                    text1.append(' ').append(lines[++i].strip());
                }
                out.add(new ListItem(inline(text1.toString())));
                continue;
            }
            if (line.isBlank()) {
                flush(para, out);
            } else {
                para.append(para.length() == 0 ? "" : " ").append(line.strip());
            }
        }
        flush(para, out);
        return out;
    }

    private static void flush(StringBuilder para, List<Block> out) {
        if (para.length() > 0) {
            out.add(new Paragraph(inline(para.toString())));
            para.setLength(0);
        }
    }

    private static List<String> cells(String row) {
        String r = row.strip();
        if (r.startsWith("|")) {
            r = r.substring(1);
        }
        if (r.endsWith("|")) {
            r = r.substring(0, r.length() - 1);
        }
        List<String> out = new ArrayList<>();
        for (String c : r.split("(?<!\\\\)\\|", -1)) {
            out.add(inline(c.strip().replace("\\|", "|")));
        }
        return out;
    }

    /** Inline markup as plain text: links keep their text, emphasis and code marks go. */
    static String inline(String s) {
        return s.replaceAll("!?\\[([^\\]]*)\\]\\([^)]*\\)", "$1")
                .replaceAll("\\*\\*([^*]+)\\*\\*", "$1")
                .replaceAll("(?<![\\w*])\\*([^*\\s][^*]*)\\*", "$1")
                .replaceAll("`([^`]*)`", "$1");
    }
}
