package dev.sextant.app.ui.evaluation;

import dev.sextant.app.Failures;
import dev.sextant.model.InputError;
import dev.sextant.model.evaluation.BenchmarkWeight;
import dev.sextant.model.evaluation.IndexEdits;
import dev.sextant.model.evaluation.ModelScore;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import javafx.beans.binding.Bindings;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.event.ActionEvent;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.cell.TextFieldTableCell;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.Window;

/**
 * The composite index editor: the benchmarks with their weights, categories and random-guess baselines, and the
 * workload mix over the categories, filled from the project's current index (or, without one, from the benchmarks
 * its model scores cover). What it returns has passed the checks an imported weight table passes.
 */
public final class IndexEditor {

    /** One editable benchmark row; the other columns of a row read from a file ride along unchanged. */
    public static final class WeightRow {
        final StringProperty benchmark = new SimpleStringProperty("");
        final StringProperty category = new SimpleStringProperty("");
        final StringProperty weight = new SimpleStringProperty("1");
        final StringProperty baseline = new SimpleStringProperty("");
        BenchmarkWeight original;

        public WeightRow(String benchmark, String category, String weight, String baseline) {
            this.benchmark.set(benchmark);
            this.category.set(category);
            this.weight.set(weight);
            this.baseline.set(baseline);
        }

        static WeightRow of(BenchmarkWeight w) {
            WeightRow r = new WeightRow(
                    w.benchmark(),
                    w.category() == null ? "" : w.category(),
                    number(w.weight()),
                    w.baseline() == null ? "" : number(w.baseline()));
            r.original = w;
            return r;
        }
    }

    /** One editable category of the workload mix. */
    public static final class MixRow {
        final StringProperty category = new SimpleStringProperty("");
        final StringProperty share = new SimpleStringProperty("");

        public MixRow(String category, String share) {
            this.category.set(category);
            this.share.set(share);
        }
    }

    /** What the editor gives back: a checked weight table and mix (null when the mix is left empty). */
    public record Edited(String name, List<BenchmarkWeight> weights, Map<String, Double> mix) {}

    private IndexEditor() {}

    /**
     * The rows to start from: the current weight table, else one row of weight 1 per benchmark the model scores cover
     * (in their order), else one empty row.
     */
    public static List<WeightRow> startingRows(List<BenchmarkWeight> current, List<ModelScore> scores) {
        List<WeightRow> rows = new ArrayList<>();
        if (current != null && !current.isEmpty()) {
            current.forEach(w -> rows.add(WeightRow.of(w)));
        } else if (scores != null && !scores.isEmpty()) {
            Set<String> benchmarks = new LinkedHashSet<>();
            scores.forEach(s -> benchmarks.add(s.benchmark()));
            benchmarks.forEach(b -> rows.add(new WeightRow(b, "", "1", "")));
        } else {
            rows.add(new WeightRow("", "", "1", ""));
        }
        return rows;
    }

    /**
     * Reads the rows as the index to keep: blank rows are skipped, a blank weight or share is refused, a baseline may be
     * a share or a fraction (1/4). Throws {@link InputError} naming the row and field.
     */
    public static Edited read(String name, List<WeightRow> rows, List<MixRow> mixRows) {
        if (name == null || name.isBlank()) {
            throw new InputError("index.name", "name the index");
        }
        List<BenchmarkWeight> weights = new ArrayList<>();
        int n = 0;
        for (WeightRow r : rows) {
            n++;
            String b = r.benchmark.get().strip();
            if (b.isEmpty() && r.category.get().isBlank() && r.baseline.get().isBlank()) {
                continue;
            }
            double w = number("index.weight", "row " + n + ": weight of '" + b + "'", r.weight.get());
            Double base = r.baseline.get().isBlank()
                    ? null
                    : fraction("row " + n + ": baseline of '" + b + "'", r.baseline.get());
            String category =
                    r.category.get().isBlank() ? null : r.category.get().strip();
            BenchmarkWeight o = r.original;
            weights.add(
                    o == null
                            ? new BenchmarkWeight(b, w, category, null, null, null, null, null, base)
                            : new BenchmarkWeight(
                                    b,
                                    w,
                                    category,
                                    o.description(),
                                    o.released(),
                                    o.refreshed(),
                                    o.heldOut(),
                                    o.source(),
                                    base));
        }
        Map<String, Double> mix = new LinkedHashMap<>();
        for (MixRow m : mixRows) {
            String c = m.category.get().strip();
            if (c.isEmpty() && m.share.get().isBlank()) {
                continue;
            }
            if (mix.containsKey(c)) {
                throw new InputError("index.category", "category '" + c + "' is in the workload mix twice");
            }
            mix.put(c, number("index.share", "share of '" + c + "'", m.share.get()));
        }
        IndexEdits.check(weights, mix);
        return new Edited(name.strip(), weights, mix.isEmpty() ? null : mix);
    }

    private static double number(String key, String what, String text) {
        try {
            double v = Double.parseDouble(text.strip());
            if (!Double.isFinite(v)) {
                throw new NumberFormatException();
            }
            return v;
        } catch (NumberFormatException e) {
            throw new InputError(key, what + ": expected a number, got '" + text + "'");
        }
    }

    private static double fraction(String what, String text) {
        String t = text.strip();
        int slash = t.indexOf('/');
        if (slash > 0) {
            return number("index.baseline", what, t.substring(0, slash))
                    / number("index.baseline", what, t.substring(slash + 1));
        }
        return number("index.baseline", what, t);
    }

    static String number(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e12
                ? Long.toString((long) v)
                : String.format(Locale.ROOT, "%.6g", v).replaceAll("\\.?0+$", "");
    }

    /** Shows the editor over {@code owner}; the checked index, or empty when cancelled. */
    public static Optional<Edited> show(
            Window owner, List<BenchmarkWeight> current, List<ModelScore> scores, Map<String, Double> mix) {
        Dialog<Edited> d = new Dialog<>();
        d.initOwner(owner);
        d.setTitle("Sextant");
        d.setHeaderText("Build the composite index: its benchmarks, their weights and categories, and your workload");
        d.setResizable(true);
        ButtonType keep = new ButtonType("Keep in project", ButtonBar.ButtonData.OK_DONE);
        d.getDialogPane().getButtonTypes().addAll(keep, ButtonType.CANCEL);

        TextField name = new TextField(current == null || current.isEmpty() ? "My index" : "Edited index");
        name.setId("index-editor-name");
        ObservableList<WeightRow> rows = FXCollections.observableArrayList(startingRows(current, scores));
        TableView<WeightRow> table = new TableView<>(rows);
        table.setId("index-editor-weights");
        table.setEditable(true);
        table.getColumns()
                .setAll(List.of(
                        column("Benchmark", 220, r -> r.benchmark),
                        column("Category", 150, r -> r.category),
                        column("Weight", 80, r -> r.weight),
                        column("Random baseline", 150, r -> r.baseline)));
        TableColumn<WeightRow, String> share = new TableColumn<>("Share");
        share.setPrefWidth(70);
        share.setMinWidth(70);
        share.setEditable(false);
        share.setCellValueFactory(
                c -> Bindings.createStringBinding(() -> share(rows, c.getValue()), c.getValue().weight));
        table.getColumns().add(share);
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        table.setPrefHeight(260);
        rows.addListener((ListChangeListener<WeightRow>) c -> table.refresh());
        rows.forEach(r -> r.weight.addListener((o, a, b) -> table.refresh()));

        Button add = new Button("Add benchmark");
        add.setOnAction(e -> {
            WeightRow r = new WeightRow("", "", "1", "");
            r.weight.addListener((o, a, b) -> table.refresh());
            rows.add(r);
            table.getSelectionModel().select(r);
            table.edit(rows.size() - 1, table.getColumns().get(0));
        });
        Button remove = new Button("Remove");
        remove.disableProperty()
                .bind(table.getSelectionModel().selectedItemProperty().isNull());
        remove.setOnAction(e -> rows.remove(table.getSelectionModel().getSelectedItem()));
        Button scored = new Button("Add the scored benchmarks");
        scored.setDisable(scores == null || scores.isEmpty());
        scored.setOnAction(e -> {
            Set<String> have = new LinkedHashSet<>();
            rows.forEach(r -> have.add(r.benchmark.get().strip()));
            new LinkedHashSet<>(scores.stream().map(ModelScore::benchmark).toList())
                    .stream().filter(b -> !have.contains(b)).forEach(b -> rows.add(new WeightRow(b, "", "1", "")));
        });
        Button equal = new Button("Equal weights");
        equal.setOnAction(e -> rows.forEach(r -> r.weight.set("1")));

        ObservableList<MixRow> mixRows = FXCollections.observableArrayList();
        if (mix != null) {
            mix.forEach((k, v) -> mixRows.add(new MixRow(k, number(v))));
        }
        TableView<MixRow> mixTable = new TableView<>(mixRows);
        mixTable.setId("index-editor-mix");
        mixTable.setEditable(true);
        mixTable.getColumns()
                .setAll(List.of(
                        mixColumn("Category", 180, m -> m.category),
                        mixColumn("Share of your traffic", 160, m -> m.share)));
        mixTable.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        mixTable.setPrefHeight(150);
        mixTable.setPlaceholder(new Label("No workload mix: the index is analysed as published."));
        Button fromCategories = new Button("Categories from the benchmarks");
        fromCategories.setOnAction(e -> {
            Set<String> have = new LinkedHashSet<>();
            mixRows.forEach(m -> have.add(m.category.get().strip()));
            rows.stream()
                    .map(r -> r.category.get().strip())
                    .filter(c -> !c.isEmpty() && have.add(c))
                    .forEach(c -> mixRows.add(new MixRow(c, "1")));
        });
        Button removeCategory = new Button("Remove");
        removeCategory
                .disableProperty()
                .bind(mixTable.getSelectionModel().selectedItemProperty().isNull());
        removeCategory.setOnAction(
                e -> mixRows.remove(mixTable.getSelectionModel().getSelectedItem()));

        Label problem = new Label();
        problem.setId("index-editor-problem");
        problem.getStyleClass().add("field-problem");
        problem.setWrapText(true);
        problem.setMinHeight(Region.USE_PREF_SIZE);
        Label help = new Label(
                "Weights are relative (they are scaled to sum to 1). A baseline (1/choices, e.g. 1/4) is used when the "
                        + "Index tab normalises scores above random guessing. Double-click a cell to edit it.");
        help.getStyleClass().add("text-muted");
        help.setWrapText(true);
        help.setMinHeight(Region.USE_PREF_SIZE);
        Label mixTitle = new Label("Your workload: share of traffic per category (any scale)");
        mixTitle.getStyleClass().add("card-title");
        HBox nameRow = new HBox(8, new Label("Name"), name);
        nameRow.setAlignment(Pos.CENTER_LEFT);
        HBox.setHgrow(name, Priority.ALWAYS);
        VBox content = new VBox(
                8,
                nameRow,
                help,
                table,
                buttons(add, remove, scored, equal),
                mixTitle,
                mixTable,
                buttons(fromCategories, removeCategory),
                problem);
        VBox.setVgrow(table, Priority.ALWAYS);
        d.getDialogPane().setContent(content);
        d.getDialogPane().setMinWidth(780);
        d.getDialogPane().setPrefWidth(820);
        d.setOnShown(e -> d.getDialogPane().getScene().getWindow().sizeToScene());
        d.getDialogPane().lookupButton(keep).addEventFilter(ActionEvent.ACTION, e -> {
            try {
                read(name.getText(), rows, mixRows);
                problem.setText("");
            } catch (IllegalArgumentException bad) {
                problem.setText(Failures.message(bad));
                e.consume();
            }
        });
        d.setResultConverter(b -> b == keep ? read(name.getText(), rows, mixRows) : null);
        return d.showAndWait();
    }

    /** Buttons at their full width, wrapping to a second line rather than cutting their labels. */
    private static FlowPane buttons(Button... b) {
        for (Button x : b) {
            x.setMinWidth(Region.USE_PREF_SIZE);
        }
        FlowPane f = new FlowPane(8, 6, b);
        return f;
    }

    private static String share(List<WeightRow> rows, WeightRow row) {
        double total = 0;
        for (WeightRow r : rows) {
            try {
                total += Math.max(0, Double.parseDouble(r.weight.get().strip()));
            } catch (NumberFormatException ignored) {
                // a weight being typed counts once it reads
            }
        }
        try {
            double w = Double.parseDouble(row.weight.get().strip());
            return total > 0 ? String.format(Locale.ROOT, "%.0f %%", 100 * w / total) : "";
        } catch (NumberFormatException e) {
            return "";
        }
    }

    private static TableColumn<WeightRow, String> column(
            String title, double width, Function<WeightRow, StringProperty> p) {
        TableColumn<WeightRow, String> c = new TableColumn<>(title);
        c.setPrefWidth(width);
        c.setMinWidth(Math.min(width, 90));
        c.setCellValueFactory(x -> p.apply(x.getValue()));
        c.setCellFactory(TextFieldTableCell.forTableColumn());
        c.setOnEditCommit(e -> p.apply(e.getRowValue()).set(e.getNewValue() == null ? "" : e.getNewValue()));
        return c;
    }

    private static TableColumn<MixRow, String> mixColumn(
            String title, double width, Function<MixRow, StringProperty> p) {
        TableColumn<MixRow, String> c = new TableColumn<>(title);
        c.setPrefWidth(width);
        c.setCellValueFactory(x -> p.apply(x.getValue()));
        c.setCellFactory(TextFieldTableCell.forTableColumn());
        c.setOnEditCommit(e -> p.apply(e.getRowValue()).set(e.getNewValue() == null ? "" : e.getNewValue()));
        return c;
    }
}
