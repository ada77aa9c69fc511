package dev.sextant.workspaces;

import dev.sextant.model.InputError;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Preferences that belong to the user rather than to a workspace, kept in {@code settings.json} under the Sextant
 * home folder.
 *
 * @param theme               {@code light} or {@code dark}
 * @param openLastWorkspace   on start, open the workspace used last instead of the default one
 * @param recentWorkspaces    absolute paths, most recent first
 * @param currency            how costs are marked on screen: a symbol ({@code $}, {@code €}) written before the amount
 *                            or a code ({@code USD}, {@code EUR}) written after it; {@code $} when none is set
 * @param columnWidths        table column widths the user set by hand, pixels, keyed by {@link #columnKey}
 * @param window              where the main window was when it last closed; null before the first close
 * @param spark               where "Run on cluster" sends corpus work: a Spark master and settings
 */
public record Settings(
        String theme,
        boolean openLastWorkspace,
        List<String> recentWorkspaces,
        String currency,
        Map<String, Double> columnWidths,
        Window window,
        Spark spark) {

    /**
     * The Spark cluster corpus scans and deduplication run on when asked to run on a cluster.
     *
     * @param master {@code local[N]}, {@code spark://HOST:PORT}, {@code yarn} or {@code k8s://…}
     * @param conf   further Spark settings (key → value), e.g. {@code spark.executor.memory}
     */
    public record Spark(String master, Map<String, String> conf) {

        public static final String DEFAULT_MASTER = "local[*]";

        public Spark {
            master = master == null || master.isBlank() ? DEFAULT_MASTER : master.strip();
            conf = conf == null ? Map.of() : Map.copyOf(conf);
        }

        /**
         * Settings as one {@code key=value} a line (blank lines and {@code #} comments skipped).
         *
         * @throws InputError naming the line that is not {@code key=value}
         */
        public static Map<String, String> parseConf(String text) {
            Map<String, String> out = new LinkedHashMap<>();
            String[] lines = text.split("\\R", -1);
            for (int i = 0; i < lines.length; i++) {
                String line = lines[i].strip();
                if (line.isEmpty() || line.startsWith("#")) {
                    continue;
                }
                int eq = line.indexOf('=');
                if (eq <= 0) {
                    throw new InputError(
                            "settings.sparkConf", "line " + (i + 1) + ": expected key=value, got '" + line + "'");
                }
                out.put(line.substring(0, eq).strip(), line.substring(eq + 1).strip());
            }
            return out;
        }

        /** The settings as {@link #parseConf} reads them, sorted by key. */
        public String confText() {
            StringBuilder b = new StringBuilder();
            new TreeMap<>(conf)
                    .forEach((k, v) -> b.append(k).append('=').append(v).append('\n'));
            return b.toString();
        }
    }

    /**
     * The main window's place: its bounds while not maximised, and whether it was maximised.
     *
     * @param x         left edge on the screen, pixels
     * @param y         top edge, pixels
     * @param width     pixels
     * @param height    pixels
     * @param maximized whether it filled the screen
     */
    public record Window(double x, double y, double width, double height, boolean maximized) {

        /** Whether these bounds are a usable size (a file edited by hand may hold anything). */
        public boolean usable() {
            return Double.isFinite(x)
                    && Double.isFinite(y)
                    && width >= 100
                    && height >= 100
                    && width < 100_000
                    && height < 100_000;
        }
    }

    public static final int MAX_RECENT = 10;
    public static final String DEFAULT_CURRENCY = "$";

    public Settings {
        theme = "dark".equals(theme) ? "dark" : "light";
        recentWorkspaces = recentWorkspaces == null ? List.of() : List.copyOf(recentWorkspaces);
        currency = currency == null || currency.isBlank() ? DEFAULT_CURRENCY : currency.strip();
        columnWidths = columnWidths == null ? Map.of() : Map.copyOf(columnWidths);
        spark = spark == null ? new Spark(null, null) : spark;
    }

    public static Settings defaults() {
        return new Settings("light", true, List.of(), DEFAULT_CURRENCY, Map.of(), null, null);
    }

    /** The key a column's remembered width is kept under: the table's id and the column's title. */
    public static String columnKey(String tableId, String columnTitle) {
        return tableId + "/" + columnTitle;
    }

    public Settings withTheme(String newTheme) {
        return new Settings(newTheme, openLastWorkspace, recentWorkspaces, currency, columnWidths, window, spark);
    }

    public Settings withOpenLastWorkspace(boolean value) {
        return new Settings(theme, value, recentWorkspaces, currency, columnWidths, window, spark);
    }

    public Settings withRecentWorkspaces(List<String> recent) {
        return new Settings(theme, openLastWorkspace, recent, currency, columnWidths, window, spark);
    }

    public Settings withCurrency(String newCurrency) {
        return new Settings(theme, openLastWorkspace, recentWorkspaces, newCurrency, columnWidths, window, spark);
    }

    public Settings withSpark(Spark newSpark) {
        return new Settings(theme, openLastWorkspace, recentWorkspaces, currency, columnWidths, window, newSpark);
    }

    /** These settings with the main window's place as it is now. */
    public Settings withWindow(Window newWindow) {
        return new Settings(theme, openLastWorkspace, recentWorkspaces, currency, columnWidths, newWindow, spark);
    }

    /** These settings with the given column widths added to (or replacing) the remembered ones. */
    public Settings withColumnWidths(Map<String, Double> widths) {
        Map<String, Double> all = new LinkedHashMap<>(columnWidths);
        all.putAll(widths);
        return new Settings(theme, openLastWorkspace, recentWorkspaces, currency, all, window, spark);
    }

    /**
     * An amount of money as the user wants it marked: {@code $1,234} for a symbol, {@code 1,234 EUR} for a
     * three-letter code. {@code format} formats the number alone, e.g. {@code %,.0f}.
     */
    public String money(String format, double amount) {
        return String.format(moneyFormat(format), amount);
    }

    /** A format for amounts of money: {@code format} with the currency mark before or after it. */
    public String moneyFormat(String format) {
        String mark = currency.replace("%", "%%");
        boolean code = currency.length() > 1 && currency.chars().allMatch(Character::isLetter);
        return code ? format + " " + mark : mark + format;
    }
}
