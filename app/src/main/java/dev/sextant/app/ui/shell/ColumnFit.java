package dev.sextant.app.ui.shell;

import dev.sextant.workspaces.Settings;
import dev.sextant.workspaces.WorkspaceHome;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.IntSupplier;
import javafx.animation.PauseTransition;
import javafx.application.Platform;
import javafx.beans.InvalidationListener;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.scene.Node;
import javafx.scene.control.Control;
import javafx.scene.control.IndexedCell;
import javafx.scene.control.Labeled;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableColumnBase;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.control.TreeTableColumn;
import javafx.scene.control.TreeTableView;
import javafx.scene.layout.Region;
import javafx.scene.text.Font;
import javafx.scene.text.Text;
import javafx.util.Callback;
import javafx.util.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sizes table columns to what they show (header and cells, measured in the fonts CSS gave them), gives clipped cells
 * their full text as a tooltip, wraps long text, and remembers the widths the user drags in the user's
 * {@link Settings}. Reached through {@link Tables#fit}.
 *
 * <p>Cheap by construction: at most {@link #MEASURED_ROWS} rows are measured, once per change of the items, coalesced
 * into one pass after the pulse; a column the user sized is never refitted.
 */
final class ColumnFit {

    static final double MAX_WIDTH = 420;
    static final int MEASURED_ROWS = 200;
    static final int MAX_WRAPPED_LINES = 3;
    static final double MIN_WRAP_WIDTH = 200;
    /** Column property: {@code Function<Object, String>}, the text a cell shows for its value (set by {@link Tables}). */
    static final String DISPLAY = "sextant.display";
    /** Column property: {@code Boolean.TRUE} when its text is too long for {@link #MAX_WIDTH} and wraps instead. */
    static final String WRAP = "sextant.wrap";

    private static final String USER_SIZED = "sextant.userSized";
    /** Room for the sort arrow, so sorting a column does not clip its title. */
    private static final double SORT_ARROW = 18;

    private static final double SLACK = 4;
    private static final Logger LOG = LoggerFactory.getLogger(ColumnFit.class);

    private static volatile WorkspaceHome home;

    private final Control control;
    private final String key;
    private final ObservableList<? extends TableColumnBase<?, ?>> columns;
    private final IntSupplier rows;
    private final PauseTransition save = new PauseTransition(Duration.millis(500));
    private boolean pending;
    private Map<String, Double> remembered = Map.of();

    private ColumnFit(
            Control control, String key, ObservableList<? extends TableColumnBase<?, ?>> columns, IntSupplier rows) {
        this.control = control;
        this.key = key;
        this.columns = columns;
        this.rows = rows;
        save.setOnFinished(e -> saveWidths());
    }

    /** Where dragged widths are kept from now on; without it (tests, dialogs before the shell) they last the session. */
    static void rememberIn(WorkspaceHome h) {
        home = h;
    }

    static void fit(TableView<?> table, String key) {
        if (table.getProperties().containsKey(ColumnFit.class)) {
            return;
        }
        ColumnFit f = new ColumnFit(
                table,
                key,
                table.getColumns(),
                () -> table.getItems() == null ? 0 : table.getItems().size());
        table.getProperties().put(ColumnFit.class, f);
        InvalidationListener changed = o -> f.schedule();
        table.itemsProperty().addListener((o, a, b) -> {
            if (a != null) {
                a.removeListener(changed);
            }
            if (b != null) {
                b.addListener(changed);
            }
            f.schedule();
        });
        if (table.getItems() != null) {
            table.getItems().addListener(changed);
        }
        tableResizePolicy(table, f);
        table.columnResizePolicyProperty().addListener((o, a, b) -> tableResizePolicy(table, f));
        f.start();
    }

    static void fit(TreeTableView<?> table, String key) {
        if (table.getProperties().containsKey(ColumnFit.class)) {
            return;
        }
        ColumnFit f = new ColumnFit(table, key, table.getColumns(), table::getExpandedItemCount);
        table.getProperties().put(ColumnFit.class, f);
        table.expandedItemCountProperty().addListener(o -> f.schedule());
        table.rootProperty().addListener(o -> f.schedule());
        treeResizePolicy(table, f);
        table.columnResizePolicyProperty().addListener((o, a, b) -> treeResizePolicy(table, f));
        f.start();
    }

    private void start() {
        remembered = loadWidths();
        columns.addListener((ListChangeListener<TableColumnBase<?, ?>>) c -> {
            leaves().forEach(ColumnFit::tipCells);
            schedule();
        });
        leaves().forEach(ColumnFit::tipCells);
        control.skinProperty().addListener(o -> schedule());
        control.sceneProperty().addListener(o -> schedule());
        control.widthProperty().addListener(o -> schedule());
        schedule();
    }

    // ------------------------------------------------------------------------------------------------ fitting

    private void schedule() {
        if (!pending) {
            pending = true;
            Platform.runLater(() -> {
                pending = false;
                refit();
            });
        }
    }

    /** Sizes every column not sized by the user to the widest of its header and its first rows, capped. */
    void refit() {
        if (control.getScene() == null || control.getSkin() == null) {
            return; // measured once it is shown: fonts come from CSS
        }
        Font headerFont = headerFont();
        Font cellFont = cellFont(headerFont);
        double cellPad = cellPadding();
        double headerPad = headerPadding();
        Text probe = new Text();
        int n = Math.min(rows.getAsInt(), MEASURED_ROWS);
        List<TableColumnBase<?, ?>> leaves = leaves();
        boolean wrapChanged = false;
        double total = 0;
        TableColumnBase<?, ?> widest = null;
        double widestContent = 0;
        double widestHeader = 0;
        // the text column that gives way when nothing wraps and the room is short
        TableColumnBase<?, ?> longestText = null;
        double longestCells = 0;
        double longestHeader = 0;
        for (int c = 0; c < leaves.size(); c++) {
            TableColumnBase<?, ?> col = leaves.get(c);
            String title = Objects.toString(col.getText(), "");
            Double mine = remembered.get(Settings.columnKey(key, title));
            if (col.getProperties().containsKey(USER_SIZED)) {
                total += col.getWidth();
                continue;
            }
            double header = width(probe, headerFont, title) + headerPad + SORT_ARROW;
            if (mine != null) {
                col.setPrefWidth(mine);
                total += mine;
                continue;
            }
            double cells = 0;
            @SuppressWarnings("unchecked")
            Function<Object, String> display =
                    (Function<Object, String>) col.getProperties().get(DISPLAY);
            boolean treeColumn = control instanceof TreeTableView<?> tree
                    && (tree.getTreeColumn() == null ? c == 0 : tree.getTreeColumn() == col);
            for (int i = 0; i < n; i++) {
                Object v = col.getCellData(i);
                String s = display != null ? display.apply(v) : v == null ? "" : String.valueOf(v);
                cells = Math.max(
                        cells,
                        width(probe, cellFont, s) + cellPad + (treeColumn ? indent((TreeTableView<?>) control, i) : 0));
            }
            double w = Math.ceil(Math.max(header, cells) + SLACK);
            boolean wrap = display != null && w > MAX_WIDTH;
            if (wrap != Boolean.TRUE.equals(col.getProperties().get(WRAP))) {
                col.getProperties().put(WRAP, wrap);
                wrapChanged = true;
            }
            if (display == null) {
                // a cell we do not draw (a choice box, a badge): keep the view's room
                w = Math.max(w, col.getPrefWidth());
            }
            w = Math.max(Math.min(w, MAX_WIDTH), col.getMinWidth());
            col.setPrefWidth(w);
            if (constrained() && !wrap) {
                // a policy that fits columns to the table takes from the wrapping one, not these
                col.setMinWidth(Math.min(w, MAX_WIDTH));
            }
            total += w;
            if (wrap && cells > widestContent) {
                widestContent = cells;
                widest = col;
                widestHeader = header;
            }
            if (display != null && !wrap && cells > longestCells) {
                longestCells = cells;
                longestText = col;
                longestHeader = header;
            }
        }
        // the long text column takes what is left, so it wraps less
        double room = control.getWidth() - control.snappedLeftInset() - control.snappedRightInset() - 18;
        if (widest == null
                && longestText != null
                && room > 0
                && total > room
                && longestText.getPrefWidth() - (total - room) >= Math.max(MIN_WRAP_WIDTH, longestHeader)) {
            // nothing wraps, yet the columns overflow a narrow table: its longest text column wraps to make the room,
            // when it keeps at least MIN_WRAP_WIDTH (narrower, a scroll bar serves better than a tall column)
            longestText.getProperties().put(WRAP, true);
            widest = longestText;
            widestContent = longestCells;
            widestHeader = longestHeader;
            wrapChanged = true;
        }
        if (widest != null && room > total) {
            widest.setPrefWidth(Math.min(widest.getPrefWidth() + room - total, widestContent + SLACK));
        } else if (widest != null && room > 0) { // too narrow for all: the wrapping column gives way first
            widest.setPrefWidth(
                    Math.max(Math.max(MIN_WRAP_WIDTH, widestHeader), widest.getPrefWidth() - (total - room)));
        }
        if (wrapChanged) {
            if (control instanceof TableView<?> t) {
                t.refresh();
            } else if (control instanceof TreeTableView<?> t) {
                t.refresh();
            }
        }
    }

    /** Room a tree cell gives its disclosure arrow and its level's indent. */
    private static double indent(TreeTableView<?> tree, int row) {
        int level = tree.getTreeItemLevel(tree.getTreeItem(row)) - (tree.isShowRoot() ? 0 : 1);
        return 26 + 20 * Math.max(0, level);
    }

    private boolean constrained() {
        Object policy = control instanceof TableView<?> t
                ? t.getColumnResizePolicy()
                : control instanceof TreeTableView<?> t ? t.getColumnResizePolicy() : null;
        if (policy instanceof TableUserAware p) {
            policy = p.inner();
        } else if (policy instanceof TreeUserAware p) {
            policy = p.inner();
        }
        return policy != null
                && policy != TableView.UNCONSTRAINED_RESIZE_POLICY
                && policy != TreeTableView.UNCONSTRAINED_RESIZE_POLICY;
    }

    private static double width(Text probe, Font font, String s) {
        if (s == null || s.isEmpty()) {
            return 0;
        }
        probe.setFont(font);
        probe.setText(s);
        return probe.getLayoutBounds().getWidth();
    }

    private Font headerFont() {
        Node label = control.lookup(".column-header .label");
        return label instanceof Labeled l ? l.getFont() : Font.getDefault();
    }

    private Font cellFont(Font header) {
        Labeled cell = anyCell();
        return cell != null ? cell.getFont() : Font.font(header.getFamily(), header.getSize());
    }

    private double cellPadding() {
        Labeled cell = anyCell();
        return cell != null ? cell.snappedLeftInset() + cell.snappedRightInset() : 16;
    }

    private double headerPadding() {
        Node header = control.lookup(".column-header");
        Node label = control.lookup(".column-header .label");
        double pad = 0;
        if (header instanceof Region r) {
            pad += r.snappedLeftInset() + r.snappedRightInset();
        }
        if (label instanceof Region r) {
            pad += r.snappedLeftInset() + r.snappedRightInset();
        }
        return Math.max(pad, 12);
    }

    private Labeled anyCell() {
        for (Node n : control.lookupAll(control instanceof TreeTableView<?> ? ".tree-table-cell" : ".table-cell")) {
            if (n instanceof IndexedCell<?> cell && !cell.isEmpty() && cell.isVisible()) {
                return cell;
            }
        }
        return null;
    }

    private List<TableColumnBase<?, ?>> leaves() {
        List<TableColumnBase<?, ?>> out = new ArrayList<>();
        for (TableColumnBase<?, ?> c : columns) {
            addLeaves(c, out);
        }
        return out;
    }

    private static void addLeaves(TableColumnBase<?, ?> c, List<TableColumnBase<?, ?>> out) {
        if (c.getColumns().isEmpty()) {
            out.add(c);
        } else {
            c.getColumns().forEach(sub -> addLeaves(sub, out));
        }
    }

    // ----------------------------------------------------------------------------------------- remembered widths

    private void userResized(TableColumnBase<?, ?> column) {
        if (column != null) {
            column.getProperties().put(USER_SIZED, Boolean.TRUE);
            save.playFromStart();
        }
    }

    private void saveWidths() {
        Map<String, Double> widths = new LinkedHashMap<>();
        for (TableColumnBase<?, ?> c : leaves()) {
            if (c.getProperties().containsKey(USER_SIZED)) {
                widths.put(Settings.columnKey(key, Objects.toString(c.getText(), "")), Math.rint(c.getWidth()));
            }
        }
        Map<String, Double> all = new LinkedHashMap<>(remembered);
        all.putAll(widths);
        remembered = all;
        WorkspaceHome h = home;
        if (h != null && key != null && !widths.isEmpty()) {
            try {
                h.save(h.settings().withColumnWidths(widths));
            } catch (RuntimeException e) {
                LOG.warn("cannot remember column widths: {}", e.getMessage());
            }
        }
    }

    private Map<String, Double> loadWidths() {
        WorkspaceHome h = home;
        if (h == null || key == null) {
            return Map.of();
        }
        Map<String, Double> mine = new LinkedHashMap<>();
        h.settings().columnWidths().forEach((k, v) -> {
            if (k.startsWith(key + "/")) {
                mine.put(k, v);
            }
        });
        return mine;
    }

    /** Wraps a resize policy so that a column the user drags is noted (and saved), whatever the policy does. */
    private static void tableResizePolicy(TableView<?> table, ColumnFit f) {
        Callback<TableView.ResizeFeatures, Boolean> p = table.getColumnResizePolicy();
        if (!(p instanceof UserAware)) {
            table.setColumnResizePolicy(new TableUserAware(p, f));
        }
    }

    private static void treeResizePolicy(TreeTableView<?> table, ColumnFit f) {
        Callback<TreeTableView.ResizeFeatures, Boolean> p = table.getColumnResizePolicy();
        if (!(p instanceof UserAware)) {
            table.setColumnResizePolicy(new TreeUserAware(p, f));
        }
    }

    private interface UserAware {}

    @SuppressWarnings("rawtypes")
    private record TableUserAware(Callback<TableView.ResizeFeatures, Boolean> inner, ColumnFit fit)
            implements Callback<TableView.ResizeFeatures, Boolean>, UserAware {
        @Override
        public Boolean call(TableView.ResizeFeatures f) {
            Boolean r = inner.call(f);
            fit.userResized(f.getColumn());
            return r;
        }
    }

    @SuppressWarnings("rawtypes")
    private record TreeUserAware(Callback<TreeTableView.ResizeFeatures, Boolean> inner, ColumnFit fit)
            implements Callback<TreeTableView.ResizeFeatures, Boolean>, UserAware {
        @Override
        public Boolean call(TreeTableView.ResizeFeatures f) {
            Boolean r = inner.call(f);
            fit.userResized(f.getColumn());
            return r;
        }
    }

    // ------------------------------------------------------------------------------------------------ clipped cells

    /** Every cell the column makes gets its full text as a tooltip while it is clipped. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static void tipCells(TableColumnBase<?, ?> column) {
        if (column.getProperties().containsKey(Tooltip.class)) {
            return;
        }
        column.getProperties().put(Tooltip.class, Boolean.TRUE);
        if (column instanceof TableColumn c) {
            wrapFactory(c);
            c.cellFactoryProperty().addListener(o -> wrapFactory(c));
        } else if (column instanceof TreeTableColumn c) {
            wrapTreeFactory(c);
            c.cellFactoryProperty().addListener(o -> wrapTreeFactory(c));
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static void wrapFactory(TableColumn c) {
        Callback inner = c.getCellFactory();
        if (inner != null && !(inner instanceof TippedFactory)) {
            c.setCellFactory(new TippedFactory(inner));
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static void wrapTreeFactory(TreeTableColumn c) {
        Callback inner = c.getCellFactory();
        if (inner != null && !(inner instanceof TippedFactory)) {
            c.setCellFactory(new TippedFactory(inner));
        }
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    private record TippedFactory(Callback inner) implements Callback {
        @Override
        public Object call(Object column) {
            Object cell = inner.call(column);
            if (cell instanceof Labeled l && !(cell instanceof Tables.FittedCell)) {
                tipWhenClipped(l);
            }
            return cell;
        }
    }

    /**
     * Shows the full text as a tooltip while the label's skin draws it clipped (with an ellipsis); a tooltip the cell
     * sets itself is left alone.
     */
    static void tipWhenClipped(Labeled label) {
        Tooltip tip = new Tooltip();
        tip.setWrapText(true);
        tip.setMaxWidth(640);
        InvalidationListener check = o -> {
            Text shown = shownText(label);
            String full = label.getText();
            boolean clipped = shown != null && full != null && !full.isEmpty() && !full.equals(shown.getText());
            if (clipped) {
                tip.setText(full);
                if (label.getTooltip() == null) {
                    label.setTooltip(tip);
                }
            } else if (label.getTooltip() == tip) {
                label.setTooltip(null);
            }
        };
        label.skinProperty().addListener((o, a, skin) -> {
            Text shown = shownText(label);
            if (shown != null) {
                shown.textProperty().addListener(check);
            }
        });
        label.textProperty().addListener(check);
    }

    /** The text node the label's skin draws: the full text, or the clipped one ending in an ellipsis. */
    static Text shownText(Labeled label) {
        for (Node n : label.getChildrenUnmodifiable()) {
            if (n instanceof Text t && n != label.getGraphic()) { // an icon font's glyph is a Text too
                return t;
            }
        }
        return null;
    }
}
