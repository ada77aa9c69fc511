package dev.sextant.app.ui.data;

import static dev.sextant.app.ui.shell.Tables.number;
import static dev.sextant.app.ui.shell.Tables.text;
import static dev.sextant.app.ui.shell.Tables.width;

import dev.sextant.app.ui.charts.DataCharts;
import dev.sextant.app.ui.planning.InputGrid;
import dev.sextant.app.ui.planning.ProblemMarks;
import dev.sextant.app.ui.shell.AreaPanes;
import dev.sextant.app.ui.shell.ClusterChoice;
import dev.sextant.app.ui.shell.Forms;
import dev.sextant.app.ui.shell.Staleness;
import dev.sextant.app.ui.shell.Tables;
import dev.sextant.model.data.quality.Probe;
import dev.sextant.model.data.quality.QualityFamilies;
import dev.sextant.model.data.quality.QualityResult;
import dev.sextant.workspaces.SavedQualityRun;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javafx.beans.binding.Bindings;
import javafx.beans.property.BooleanProperty;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.control.cell.TextFieldTableCell;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import org.jfree.chart.fx.ChartViewer;

/**
 * The Quality tab: the rule families and their thresholds (a preset's values, each editable), a preview on a sample of
 * the corpus, and the run that writes the filtered corpus; what each rule removed, by source and together, and removed
 * and kept documents side by side.
 */
final class QualityTab {

    private final QualityViewModel vm;
    private final Label headline = new Label();
    private final TableView<QualityResult.RuleCount> rules = new TableView<>();
    private final TableView<QualityResult.SourceCount> sources = new TableView<>();
    private final TableView<QualityResult.Overlap> overlap = new TableView<>();
    private final TableView<QualityResult.Example> removed = new TableView<>();
    private final TableView<QualityResult.Example> kept = new TableView<>();
    private final SplitPane node;

    private final StackPane histogram = new StackPane();
    private final Label histogramLine = new Label();

    QualityTab(DataViewModel data, ProblemMarks marks) {
        this.vm = data.quality();
        node = new SplitPane(left(data, marks), right(data));
        node.setDividerPositions(0.36);
        vm.resultProperty().addListener((o, a, n) -> show(n));
        show(vm.resultProperty().get());
    }

    Node node() {
        return node;
    }

    private Node left(DataViewModel data, ProblemMarks marks) {
        FlowPane families = new FlowPane(12, 4);
        for (Map.Entry<String, BooleanProperty> f : vm.families().entrySet()) {
            CheckBox box = new CheckBox(f.getKey());
            box.setId("quality-family-" + f.getKey());
            box.selectedProperty().bindBidirectional(f.getValue());
            families.getChildren().add(box);
        }
        InputGrid g = new InputGrid(marks);
        g.row("Rule families", families);
        g.row("Thresholds from", Forms.choice(vm.presetProperty(), "datatrove", "paper", "fineweb-pipeline"));
        g.field("Languages", "quality.languages", vm.languagesProperty(), "e.g. en, or en,de=0.8", "quality-languages");
        TextField model = g.field(
                "fastText model",
                "quality.languageModel",
                vm.languageModelProperty(),
                "lid.176.bin for datatrove's scores; blank: OpenNLP",
                "quality-language-model");
        g.span(Forms.fileChooser(model, "fastText model", "*.bin", "*.ftz"));
        g.field(
                "Score field",
                "quality.scoreField",
                vm.scoreFieldProperty(),
                "a number each document carries (score family)",
                "quality-score-field");
        TableView<QualityViewModel.ParamRow> params = new TableView<>(vm.params());
        params.setId("quality-params");
        params.setEditable(true);
        TableColumn<QualityViewModel.ParamRow, String> value = new TableColumn<>("Value");
        value.setCellValueFactory(r -> r.getValue().value());
        value.setCellFactory(TextFieldTableCell.forTableColumn());
        value.setEditable(true);
        TableColumn<QualityViewModel.ParamRow, String> share = new TableColumn<>("Preview");
        share.setCellValueFactory(r -> Bindings.createStringBinding(
                () -> vm.previewShare(r.getValue()), r.getValue().value(), vm.resultProperty()));
        share.setStyle("-fx-alignment: CENTER-RIGHT;");
        params.getColumns()
                .setAll(List.of(
                        width(text("Parameter", QualityViewModel.ParamRow::key), 290),
                        width(value, 80),
                        width(share, 82),
                        width(text("datatrove", r -> r.param().format(r.param().datatrove())), 112),
                        width(text("paper", r -> r.param().format(r.param().paper())), 70)));
        params.setRowFactory(t -> new TableRow<>() {
            @Override
            protected void updateItem(QualityViewModel.ParamRow row, boolean empty) {
                super.updateItem(row, empty);
                setTooltip(empty || row == null ? null : new Tooltip(row.param().meaning()));
            }
        });
        params.setPrefHeight(360);
        histogram.setId("quality-histogram");
        histogramLine.setWrapText(true);
        histogram.setMinHeight(230);
        histogram.setPrefHeight(230);
        params.getSelectionModel().selectedItemProperty().addListener((o, a, n) -> showHistogram(data, n));
        for (QualityViewModel.ParamRow row : vm.params()) {
            row.value().addListener((o, a, n) -> {
                if (params.getSelectionModel().getSelectedItem() == row) {
                    showHistogram(data, row);
                }
            });
        }
        vm.resultProperty()
                .addListener((o, a, n) ->
                        showHistogram(data, params.getSelectionModel().getSelectedItem()));
        showHistogram(data, null);
        TextField out =
                g.field("Output folder", "quality.out", vm.outProperty(), "a new or empty folder", "quality-out");
        g.span(Forms.folderChooser(out));
        Button preview = new Button(String.format(Locale.ROOT, "Preview on %,d documents", QualityViewModel.SAMPLE));
        preview.setId("quality-preview");
        preview.disableProperty().bind(data.shell().jobs().runningProperty());
        preview.setOnAction(e -> vm.preview());
        Button run = new Button("Filter and write");
        run.setId("quality-run");
        run.getStyleClass().add("accent");
        run.disableProperty().bind(data.shell().jobs().runningProperty());
        run.setOnAction(e -> vm.run());
        Button resume = new Button("Resume");
        resume.setId("quality-resume");
        resume.setTooltip(new Tooltip("Continue the stopped run into this folder: the parts it finished are kept"));
        resume.visibleProperty().bind(vm.resumableProperty());
        resume.managedProperty().bind(resume.visibleProperty());
        resume.disableProperty().bind(data.shell().jobs().runningProperty());
        resume.setOnAction(e -> vm.resume());
        Label note = Forms.muted(
                "The published rules as datatrove applies them: Gopher's repetition and quality rules, C4's "
                        + "line rules (the lines it keeps are what the next family sees and what is written) and FineWeb's, in FineWeb's "
                        + "pipeline order; words are spaCy's English tokens. A preview judges the first documents of every file here and "
                        + "writes nothing; on a cluster the output folder must be one every executor writes. OUT/removed.jsonl names each removed document's rule and what it measured.");
        note.setWrapText(true);
        return AreaPanes.column(
                AreaPanes.card(
                        "Filter by quality",
                        g.grid(),
                        params,
                        histogramLine,
                        histogram,
                        ClusterChoice.checkBox(vm.onClusterProperty(), data.shell(), "quality-on-cluster"),
                        new HBox(8, preview, run, resume),
                        note),
                keptRuns(data));
    }

    /** The project's kept runs: picking one shows what it counted; a stopped one resumes. */
    private Node keptRuns(DataViewModel data) {
        TableView<SavedQualityRun> runs = new TableView<>(vm.runs());
        runs.setId("quality-runs");
        runs.getColumns()
                .setAll(List.of(
                        width(text("Run", SavedQualityRun::name), 230),
                        width(text("State", r -> r.state().word()), 84),
                        width(
                                number(
                                        "Removed",
                                        r -> r.result() == null
                                                ? null
                                                : 100 * r.result().removedShare(),
                                        "%.1f %%"),
                                80),
                        width(text("Output", r -> r.out() == null ? "dry run" : r.out()), 200),
                        width(text("Where", SavedQualityRun::engine), 110)));
        runs.setPlaceholder(new Label("No quality runs in this project yet: Filter and write keeps one."));
        runs.setPrefHeight(150);
        Tables.fit(runs, "DataView.qualityRuns");
        runs.getSelectionModel().selectedItemProperty().addListener((o, a, n) -> {
            if (n != null && !n.equals(vm.shownRunProperty().get())) {
                vm.show(n);
            }
        });
        var sel = runs.getSelectionModel().selectedItemProperty();
        Button resume = new Button("Resume");
        resume.setId("quality-resume-run");
        resume.getStyleClass().add("small");
        resume.disableProperty()
                .bind(Bindings.createBooleanBinding(
                                () -> sel.get() == null || !sel.get().resumable(), sel)
                        .or(data.shell().jobs().runningProperty()));
        resume.setOnAction(e -> vm.resume(sel.get()));
        Button delete = new Button("Delete");
        delete.getStyleClass().add("small");
        delete.disableProperty().bind(sel.isNull().or(data.shell().jobs().runningProperty()));
        delete.setOnAction(e -> vm.delete(sel.get()));
        Label note = Forms.muted("Deleting a run keeps its output folder.");
        return AreaPanes.card("Kept runs", runs, new HBox(6, resume, delete), note);
    }

    /**
     * The selected threshold's histogram on the previewed documents, split at the value being edited into what its
     * rule keeps and removes, and how many documents it would remove on its own.
     */
    private void showHistogram(DataViewModel data, QualityViewModel.ParamRow row) {
        List<Probe.RuleValues> values = row == null ? List.of() : vm.measured(row);
        Double t = row == null ? null : vm.threshold(row);
        if (values.isEmpty()) {
            histogramLine.setText(
                    vm.resultProperty().get() == null || !vm.sampleProperty().get()
                            ? "Preview, then pick a threshold to see what its rule measured on the sample."
                            : row == null
                                    ? "Pick a threshold to see what its rule measured on the sample."
                                    : "Nothing measured for " + row.key() + " (a switch, or off in the preview).");
            histogram.getChildren().clear();
            histogram.setVisible(false);
            histogram.setManaged(false);
            return;
        }
        histogram.setVisible(true);
        histogram.setManaged(true);
        boolean active = t != null
                && QualityFamilies.byName(values.get(0).family(), "quality.rules")
                        .active(t);
        histogramLine.setText(String.format(
                Locale.ROOT,
                "%s on its own: %s",
                row.key(),
                active
                        ? String.format(
                                Locale.ROOT,
                                "removes %,d of the %,d previewed documents (%s)",
                                Probe.removedBy(values, t),
                                vm.resultProperty().get().documents(),
                                vm.previewShare(row))
                        : "off"));
        boolean dark = "dark".equals(data.shell().home().settings().theme());
        VBox charts = new VBox(4);
        for (Probe.RuleValues v : values) {
            ChartViewer viewer = new ChartViewer(DataCharts.ruleHistogram(v, t == null ? Double.NaN : t, active, dark));
            VBox.setVgrow(viewer, Priority.ALWAYS);
            charts.getChildren().add(viewer);
        }
        histogram.getChildren().setAll(charts);
    }

    private Node right(DataViewModel data) {
        AreaPanes.headline(headline, "quality-headline");
        rules.setId("quality-rules");
        rules.getColumns()
                .setAll(List.of(
                        width(text("Family", QualityResult.RuleCount::family), 135),
                        width(text("Rule", QualityResult.RuleCount::rule), 200),
                        width(number("Documents", c -> (double) c.documents(), "%,.0f"), 85),
                        width(number("Share", c -> 100 * c.share(), "%.1f %%"), 75),
                        width(number("Words", c -> (double) c.tokens(), "%,.0f"), 80)));
        rules.setPlaceholder(new Label("No document was removed."));
        Tables.exportable(rules, "quality-rules.csv", data.shell());
        sources.setId("quality-sources");
        sources.getColumns()
                .setAll(List.of(
                        width(text("Source", QualityResult.SourceCount::source), 140),
                        width(number("Documents", c -> (double) c.documents(), "%,.0f"), 90),
                        width(number("Removed", c -> (double) c.removed(), "%,.0f"), 80),
                        width(
                                number(
                                        "Words removed",
                                        c -> c.tokens() == 0 ? 0 : 100.0 * c.tokensRemoved() / c.tokens(),
                                        "%.1f %%"),
                                110)));
        sources.setPlaceholder(new Label("Counts by the source field's values (name it above)."));
        overlap.setId("quality-overlap");
        overlap.getColumns()
                .setAll(List.of(
                        width(text("Families that would each remove it", o -> String.join(" + ", o.families())), 260),
                        width(number("Documents", o -> (double) o.documents(), "%,.0f"), 90)));
        overlap.setPlaceholder(new Label("No document would be removed by two families."));
        removed.setId("quality-removed");
        removed.getColumns()
                .setAll(List.of(
                        width(text("Document", QualityResult.Example::id), 140),
                        width(text("Rule", QualityResult.Example::rule), 170),
                        width(text("Measured", e -> format(e.value()) + " vs " + format(e.threshold())), 135),
                        width(text("Text", e -> e.text().replace('\n', ' ')), 420)));
        removed.setPlaceholder(new Label("No document was removed."));
        kept.setId("quality-kept");
        kept.getColumns()
                .setAll(List.of(
                        width(text("Document", QualityResult.Example::id), 140),
                        width(text("Text passed on", e -> e.text().replace('\n', ' ')), 560)));
        kept.setPlaceholder(new Label("No document was kept."));
        for (TableView<?> t : List.of(rules, sources, overlap, removed, kept)) {
            Tables.fit(t, "DataView." + t.getId());
        }
        SplitPane counts = new SplitPane(
                titled("Removed by rule (the first that removed each)", rules),
                new VBox(8, titled("By source", sources), titled("Removed by several families", overlap)));
        SplitPane examples = new SplitPane(
                titled("Removed, with what the rule measured", removed), titled("Kept (the text passed on)", kept));
        examples.setOrientation(Orientation.VERTICAL);
        SplitPane split = new SplitPane(counts, examples);
        split.setOrientation(Orientation.VERTICAL);
        split.setDividerPositions(0.5);
        VBox box = new VBox(
                8,
                Staleness.banner(
                        vm.staleProperty(),
                        "The corpus, the families or a threshold changed since these counts.",
                        vm::preview),
                headline,
                split);
        VBox.setVgrow(split, Priority.ALWAYS);
        box.setPadding(new Insets(0, 0, 0, 10));
        return box;
    }

    private static VBox titled(String title, TableView<?> table) {
        Label l = new Label(title);
        l.getStyleClass().add("card-title");
        VBox box = new VBox(4, l, table);
        VBox.setVgrow(table, Priority.ALWAYS);
        return box;
    }

    private static String format(double v) {
        if (Double.isNaN(v)) {
            return "—";
        }
        return v == Math.rint(v) ? String.format(Locale.ROOT, "%,.0f", v) : String.format(Locale.ROOT, "%.3f", v);
    }

    private void show(QualityResult r) {
        if (r == null) {
            headline.setText(
                    "Add the corpus above, set the thresholds, and preview what the rules would remove on a sample.");
            for (TableView<?> t : List.of(rules, sources, overlap, removed, kept)) {
                t.getItems().clear();
                t.setPlaceholder(new Label("Nothing judged yet."));
            }
            return;
        }
        rules.setPlaceholder(new Label("No document was removed."));
        sources.setPlaceholder(new Label("Counts by the source field's values (name it above)."));
        overlap.setPlaceholder(new Label("No document would be removed by two families."));
        removed.setPlaceholder(new Label("No document was removed."));
        kept.setPlaceholder(new Label("No document was kept."));
        headline.setText(String.format(
                Locale.ROOT,
                "%s%,d of %,d documents removed (%.1f %%; %.1f %% of words), %,d kept. Read %,.1f MB in %.1f s.",
                vm.sampleProperty().get() ? "Preview on the first documents of each file: " : "",
                r.removed(),
                r.documents(),
                100 * r.removedShare(),
                r.tokens() == 0 ? 0 : 100.0 * r.tokensRemoved() / r.tokens(),
                r.kept(),
                r.bytes() / 1e6,
                r.seconds()));
        rules.getItems().setAll(r.byRule());
        sources.getItems().setAll(r.bySource());
        overlap.getItems().setAll(r.overlap());
        removed.getItems().setAll(r.examples());
        kept.getItems().setAll(r.keptExamples());
    }
}
