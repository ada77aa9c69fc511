package dev.sextant.app.ui.data;

import static dev.sextant.app.ui.shell.Tables.number;
import static dev.sextant.app.ui.shell.Tables.text;
import static dev.sextant.app.ui.shell.Tables.width;

import dev.sextant.app.study.DataStudy;
import dev.sextant.app.ui.charts.DataCharts;
import dev.sextant.app.ui.planning.InputGrid;
import dev.sextant.app.ui.planning.ProblemMarks;
import dev.sextant.app.ui.shell.AreaPanes;
import dev.sextant.app.ui.shell.ClusterChoice;
import dev.sextant.app.ui.shell.Forms;
import dev.sextant.app.ui.shell.Inputs;
import dev.sextant.app.ui.shell.Tables;
import dev.sextant.model.data.DedupResult;
import dev.sextant.model.data.DedupSummary;
import dev.sextant.model.data.LshBands;
import dev.sextant.workspaces.SavedDedupRun;
import java.util.List;
import java.util.Locale;
import java.util.function.BooleanSupplier;
import javafx.beans.binding.Bindings;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.scene.text.Text;
import javafx.scene.text.TextFlow;

/**
 * The Duplicates tab: the method's settings and the kept runs on the left; the shown run's duplicate share by source,
 * cluster sizes and the S-curve of the bands and rows on the form; its largest clusters, and one cluster's documents
 * side by side with the text they share highlighted.
 */
final class DuplicatesTab {

    private final DataViewModel vm;
    private final BooleanSupplier dark;
    private final Label headline = new Label();
    private final StackPane sharesPane = new StackPane();
    private final StackPane sizesPane = new StackPane();
    private final StackPane curvePane = new StackPane();
    private final TableView<DedupResult.Cluster> clusters = new TableView<>();
    private final TableView<DataStudy.ClusterDocument> members = new TableView<>();
    private final TextFlow keptText = new TextFlow();
    private final TextFlow otherText = new TextFlow();
    private final Label keptTitle = new Label();
    private final Label otherTitle = new Label();
    private final SplitPane node;

    DuplicatesTab(DataViewModel vm, ProblemMarks marks, BooleanSupplier dark) {
        this.vm = vm;
        this.dark = dark;
        node = new SplitPane(left(marks), right());
        node.setDividerPositions(0.27);
        vm.shownRunProperty().addListener((o, a, n) -> show(n));
        vm.previewProperty().addListener((o, a, n) -> curve());
        vm.modeProperty().addListener((o, a, n) -> curve());
        vm.thresholdProperty().addListener((o, a, n) -> curve());
        vm.clusterProperty().addListener((o, a, n) -> showCluster(n));
        show(vm.shownRunProperty().get());
        curve();
    }

    Node node() {
        return node;
    }

    private Node left(ProblemMarks marks) {
        InputGrid g = new InputGrid(marks);
        g.row("Mode", Forms.choice(vm.modeProperty(), "near", "exact"));
        g.field("Jaccard threshold", "dedup.threshold", vm.thresholdProperty(), "0.8", "data-threshold");
        g.field("Shingle words", "dedup.ngram", vm.ngramProperty(), "5", "data-ngram");
        g.field("Permutations", "dedup.permutations", vm.permutationsProperty(), "112", "data-permutations");
        g.field("Bands", "dedup.bands", vm.bandsProperty(), "auto", "data-bands");
        g.field("Rows", "dedup.rows", vm.rowsProperty(), "auto", "data-rows");
        g.row("Keep of each cluster", Forms.choice(vm.keepProperty(), "first", "longest"));
        TextField out =
                g.field("Write kept corpus to", null, vm.dedupOutProperty(), "blank: count only", "data-dedup-out");
        g.span(Forms.folderChooser(out));
        Button run = new Button("Find duplicates");
        run.setId("data-run-dedup");
        run.getStyleClass().add("accent");
        run.disableProperty().bind(vm.shell().jobs().runningProperty());
        run.setOnAction(e -> vm.runDedup());
        Label method = Forms.muted(
                "MinHash over word shingles with LSH banding; candidates verified by their estimated Jaccard "
                        + "similarity, clusters by union-find (Lee et al. 2022; FineWeb/datatrove). Exact: equal after normalisation.");
        VBox settings = AreaPanes.card(
                "Find duplicates",
                g.grid(),
                ClusterChoice.checkBox(vm.onClusterProperty(), vm.shell(), "data-on-cluster"),
                run,
                method);

        Label keptTitleLabel = new Label("Kept runs");
        keptTitleLabel.getStyleClass().add("card-title");
        TableView<SavedDedupRun> runs = new TableView<>(vm.runs());
        runs.setId("data-runs");
        runs.getColumns()
                .setAll(List.of(
                        width(text("Run", SavedDedupRun::name), 170),
                        width(text("State", DataViewModel::stateLabel), 84),
                        width(
                                number(
                                        "Duplicates",
                                        r -> r.summary() == null
                                                ? null
                                                : r.summary().duplicateShare() * 100,
                                        "%.1f %%"),
                                90)));
        runs.setPlaceholder(new Label("No dedup runs in this project yet."));
        runs.setPrefHeight(160);
        Tables.fit(runs, "DataView.runs");
        runs.getSelectionModel().selectedItemProperty().addListener((o, a, n) -> {
            if (n != null && !n.equals(vm.shownRunProperty().get())) {
                vm.shownRunProperty().set(n);
                vm.clusterProperty().set(null);
            }
        });
        Button delete = new Button("Delete");
        delete.getStyleClass().add("small");
        var sel = runs.getSelectionModel().selectedItemProperty();
        delete.disableProperty().bind(sel.isNull().or(vm.shell().jobs().runningProperty()));
        delete.setOnAction(e -> vm.deleteRun(runs.getSelectionModel().getSelectedItem()));
        Button resume = new Button("Resume");
        resume.setId("data-resume-dedup");
        resume.getStyleClass().add("small");
        resume.disableProperty()
                .bind(Bindings.createBooleanBinding(() -> !DataViewModel.canResume(sel.get()), sel)
                        .or(vm.shell().jobs().runningProperty()));
        resume.setOnAction(e -> vm.resume(sel.get()));
        HBox runButtons = new HBox(6, resume, delete);
        return AreaPanes.column(settings, keptTitleLabel, runs, runButtons);
    }

    private Node right() {
        AreaPanes.headline(headline, "data-dedup-headline");
        HBox charts = new HBox(8, sharesPane, sizesPane, curvePane);
        for (StackPane p : List.of(sharesPane, sizesPane, curvePane)) {
            HBox.setHgrow(p, Priority.ALWAYS);
            p.setPrefWidth(300);
            p.setMinHeight(200);
        }

        clusters.setId("data-clusters");
        clusters.getColumns()
                .setAll(List.of(
                        width(number("Size", c -> (double) c.size(), "%,.0f"), 56),
                        width(text("Kept document", c -> c.members().get(0).id()), 170),
                        width(number("Words", c -> (double) c.members().get(0).tokens(), "%,.0f"), 70),
                        width(
                                number(
                                        "Least similar",
                                        c -> c.members().stream()
                                                .skip(1)
                                                .mapToDouble(DedupResult.Member::similarity)
                                                .min()
                                                .orElse(1),
                                        "%.2f"),
                                100)));
        clusters.setPlaceholder(new Label("The shown run's largest clusters appear here."));
        Tables.fit(clusters, "DataView.clusters");
        clusters.getSelectionModel().selectedItemProperty().addListener((o, a, n) -> vm.openCluster(n));
        members.setId("data-members");
        members.getColumns()
                .setAll(List.of(
                        width(text("Document", d -> d.member().id()), 170),
                        width(number("Words", d -> (double) d.member().tokens(), "%,.0f"), 66),
                        width(number("Similarity", d -> d.member().similarity(), "%.2f"), 80)));
        members.setPlaceholder(new Label("Pick a cluster to read its documents."));
        Tables.fit(members, "DataView.members");
        members.getSelectionModel().selectedItemProperty().addListener((o, a, n) -> sideBySide(n));
        VBox lists = new VBox(6, clusters, members);
        VBox.setVgrow(clusters, Priority.ALWAYS);
        VBox.setVgrow(members, Priority.ALWAYS);

        keptTitle.getStyleClass().add("card-title");
        otherTitle.getStyleClass().add("card-title");
        VBox keptBox = textColumn(keptTitle, keptText);
        VBox otherBox = textColumn(otherTitle, otherText);
        HBox texts = new HBox(8, keptBox, otherBox);
        HBox.setHgrow(keptBox, Priority.ALWAYS);
        HBox.setHgrow(otherBox, Priority.ALWAYS);
        SplitPane bottom = new SplitPane(lists, texts);
        bottom.setDividerPositions(0.42);
        SplitPane split = new SplitPane(charts, bottom);
        split.setOrientation(Orientation.VERTICAL);
        split.setDividerPositions(0.42);
        VBox box = new VBox(8, headline, split);
        VBox.setVgrow(split, Priority.ALWAYS);
        box.setPadding(new Insets(0, 0, 0, 10));
        return box;
    }

    private static VBox textColumn(Label title, TextFlow flow) {
        flow.setPadding(new Insets(6));
        flow.setLineSpacing(2);
        ScrollPane s = new ScrollPane(flow);
        s.setFitToWidth(true);
        VBox.setVgrow(s, Priority.ALWAYS);
        VBox v = new VBox(4, title, s);
        v.setPrefWidth(300);
        v.setAlignment(Pos.TOP_LEFT);
        return v;
    }

    private void show(SavedDedupRun run) {
        clusters.getItems().clear();
        members.getItems().clear();
        sideBySide(null);
        if (run == null) {
            clusters.setPlaceholder(new Label("Find duplicates to list the largest clusters here."));
            headline.setText("Add the corpus above and find its duplicates; each run is kept in the project.");
            Forms.show(sharesPane, null, "Duplicate share by source: give a source field.");
            Forms.show(sizesPane, null, "Cluster sizes appear here.");
            return;
        }
        DedupSummary s = run.summary();
        clusters.setPlaceholder(
                new Label(s == null ? "This run has not completed." : "No clusters: no duplicates found."));
        if (s == null) {
            String state = DataViewModel.stateLabel(run);
            headline.setText(
                    "Dedup run “" + run.name() + "” is " + state + (run.failure() != null ? ": " + run.failure() : "")
                            + (DataViewModel.canResume(run) ? ". Resume goes on from the files it had read." : "."));
            Forms.show(sharesPane, null, "");
            Forms.show(sizesPane, null, "");
            return;
        }
        headline.setText(headline(run.name(), s));
        List<DedupResult.SourceCount> by = s.bySource();
        if (by.isEmpty()) {
            Forms.show(sharesPane, null, "Give a source field to see the duplicate share of each source.");
        } else {
            Forms.show(
                    sharesPane,
                    DataCharts.shares(
                            "Duplicate share of documents by " + s.spec().sourceField(),
                            "duplicates",
                            by.stream().map(DedupResult.SourceCount::source).toList(),
                            by.stream()
                                    .map(DedupResult.SourceCount::duplicateShare)
                                    .toList(),
                            dark.getAsBoolean()),
                    "");
        }
        if (s.clusterSizes().isEmpty()) {
            Forms.show(
                    sizesPane, null, s.clusters() == 0 ? "No clusters." : "Cluster sizes were not kept with this run.");
        } else {
            Forms.show(sizesPane, DataCharts.clusterSizes(s.clusterSizes(), dark.getAsBoolean()), "");
        }
        clusters.getItems().setAll(s.largest());
    }

    static String headline(String name, DedupSummary s) {
        StringBuilder b = new StringBuilder(String.format(
                Locale.ROOT,
                "%s: %,d of %,d documents are duplicates (%.2f %% of documents, %.2f %% " + "of words) in %,d clusters",
                name,
                s.duplicates(),
                s.documents(),
                100 * s.duplicateShare(),
                100 * s.tokensRemovedShare(),
                s.clusters()));
        if (s.bands() != null) {
            b.append(String.format(
                    Locale.ROOT,
                    "; near duplicates at Jaccard ≥ %s of word %d-grams, %d bands × %d rows",
                    Inputs.compact(s.spec().threshold()),
                    s.spec().ngram(),
                    s.bands().bands(),
                    s.bands().rows()));
        } else {
            b.append("; exact after normalisation");
        }
        b.append(String.format(
                Locale.ROOT, ". Read %,.1f MB at %,.0f MB/s.", s.bytes() / 1e6, s.bytesPerSecond() / 1e6));
        if (s.out() != null) {
            b.append(" Kept corpus in ").append(s.out()).append('.');
        }
        return b.toString();
    }

    private void curve() {
        LshBands b = vm.previewProperty().get();
        if (b == null || "exact".equals(vm.modeProperty().get())) {
            Forms.show(
                    curvePane,
                    null,
                    b == null ? "Fix the threshold, permutations, bands or rows to see the S-curve." : "");
            return;
        }
        double t;
        try {
            t = Double.parseDouble(vm.thresholdProperty().get().strip());
        } catch (NumberFormatException e) {
            return;
        }
        Forms.show(curvePane, DataCharts.sCurve(b, t, dark.getAsBoolean()), "");
    }

    private void showCluster(List<DataStudy.ClusterDocument> docs) {
        members.getItems().setAll(docs == null ? List.of() : docs);
        if (docs != null && docs.size() > 1) {
            members.getSelectionModel().select(1);
        } else {
            sideBySide(null);
        }
    }

    /** The kept document and {@code d} side by side, each with what it shares with the other highlighted. */
    private void sideBySide(DataStudy.ClusterDocument d) {
        List<DataStudy.ClusterDocument> docs = vm.clusterProperty().get();
        if (d == null || docs == null || docs.isEmpty()) {
            keptTitle.setText("Kept document");
            otherTitle.setText("Duplicate");
            keptText.getChildren().setAll(new Text(docs == null ? "Pick a cluster, then one of its documents." : ""));
            otherText.getChildren().clear();
            return;
        }
        DataStudy.ClusterDocument kept = docs.get(0);
        keptTitle.setText("Kept: " + kept.member().id());
        otherTitle.setText(
                d == kept
                        ? "The kept document itself"
                        : String.format(
                                Locale.ROOT,
                                "%s — similarity %.2f (shared text highlighted)",
                                d.member().id(),
                                d.member().similarity()));
        fill(keptText, kept.text(), d == kept ? List.of() : d.keptShared());
        fill(otherText, d.text(), d.shared());
    }

    private static void fill(TextFlow flow, String text, List<int[]> marks) {
        flow.getChildren().clear();
        int at = 0;
        for (int[] m : marks) {
            if (m[0] > at) {
                flow.getChildren().add(plain(text.substring(at, m[0])));
            }
            Text t = new Text(text.substring(m[0], m[1]));
            t.getStyleClass().add("data-shared");
            t.setStyle("-fx-fill: -color-accent-fg; -fx-font-weight: bold;");
            flow.getChildren().add(t);
            at = m[1];
        }
        if (at < text.length()) {
            flow.getChildren().add(plain(text.substring(at)));
        }
    }

    private static Text plain(String s) {
        Text t = new Text(s);
        t.setStyle("-fx-fill: -color-fg-default;");
        return t;
    }
}
