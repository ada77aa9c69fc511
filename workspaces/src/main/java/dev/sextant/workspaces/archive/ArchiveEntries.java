package dev.sextant.workspaces.archive;

import dev.sextant.model.BadInputException;
import dev.sextant.workspaces.Workspace;
import java.util.regex.Pattern;

/**
 * Names of the entries in a Sextant archive, and the checks that keep an archive from writing outside the folder it
 * is imported into ("zip slip"): every entry is checked before anything is extracted.
 */
final class ArchiveEntries {

    static final String MANIFEST = "manifest.json";
    static final String TABLES = "tables/";
    static final String FILES = "files/";
    private static final Pattern TABLE_ENTRY = Pattern.compile("tables/([A-Z][A-Z0-9_]{0,127})\\.jsonl");

    private ArchiveEntries() {}

    static String tableEntry(String table) {
        return TABLES + table + ".jsonl";
    }

    /**
     * Whether a file of the workspace folder (a path relative to it, with {@code /}) travels in a workspace archive: not
     * the database and its companions, not logs or exports, not hidden files. An import refuses a {@code files/} entry
     * that would not have travelled — it could only be there to overwrite the new workspace's database.
     */
    static boolean travels(String relative) {
        String first = relative.contains("/") ? relative.substring(0, relative.indexOf('/')) : relative;
        String name = relative.substring(relative.lastIndexOf('/') + 1);
        return !(first.equals("logs")
                || first.equals("exports")
                || name.startsWith(Workspace.DATABASE_NAME + ".")
                || name.startsWith(".")
                || first.startsWith(".")
                || name.endsWith(".bak")
                || name.endsWith(".part"));
    }

    /** The table an entry holds, or null when the entry is not a table entry. */
    static String tableOf(String entry) {
        var m = TABLE_ENTRY.matcher(entry);
        return m.matches() ? m.group(1) : null;
    }

    /**
     * Checks an entry name and returns it when it is a safe relative path.
     *
     * @throws BadInputException when the name is absolute, climbs with {@code ..}, uses backslashes or a drive
     *                           letter, or holds control characters
     */
    static String requireSafe(String archive, String entry) {
        String problem = null;
        if (entry.isEmpty()) {
            problem = "empty entry name";
        } else if (entry.startsWith("/") || entry.startsWith("\\") || (entry.length() > 1 && entry.charAt(1) == ':')) {
            problem = "absolute path escapes the target folder";
        } else if (entry.indexOf('\\') >= 0) {
            problem = "backslash in entry name";
        } else if (entry.chars().anyMatch(ch -> ch < 0x20)) {
            problem = "control character in entry name";
        } else {
            String body = entry.endsWith("/") ? entry.substring(0, entry.length() - 1) : entry;
            for (String segment : body.split("/", -1)) {
                if (segment.equals("..")) {
                    problem = "path escapes the target folder";
                    break;
                }
                if (segment.isEmpty() || segment.equals(".")) {
                    problem = "malformed path";
                    break;
                }
            }
        }
        if (problem != null) {
            throw new BadInputException(archive, 0, "entry '" + printable(entry) + "'", problem);
        }
        return entry;
    }

    private static String printable(String s) {
        StringBuilder sb = new StringBuilder();
        s.codePoints().forEach(cp -> {
            if (cp < 0x20) {
                sb.append(String.format("\\u%04x", cp));
            } else {
                sb.appendCodePoint(cp);
            }
        });
        return sb.toString();
    }
}
