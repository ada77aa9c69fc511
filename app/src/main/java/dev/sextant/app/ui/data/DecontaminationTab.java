package dev.sextant.app.ui.data;

import static dev.sextant.app.ui.shell.Tables.number;
import static dev.sextant.app.ui.shell.Tables.text;
import static dev.sextant.app.ui.shell.Tables.width;

import dev.sextant.app.ui.planning.InputGrid;
import dev.sextant.app.ui.planning.ProblemMarks;
import dev.sextant.app.ui.shell.AreaPanes;
import dev.sextant.app.ui.shell.Forms;
import dev.sextant.app.ui.shell.Staleness;
import dev.sextant.app.ui.shell.Tables;
import dev.sextant.model.data.DecontaminationResult;
import java.util.List;
import java.util.Locale;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/** The Decontamination tab: drop or mask, the output folder; what was removed, item by item. */
final class DecontaminationTab {

    private final DataViewModel vm;
    private final Label headline = new Label();
    private final TableView<DecontaminationResult.ItemCount> items = new TableView<>();
    private final TableView<DecontaminationResult.Removal> removals = new TableView<>();
    private final SplitPane node;

    DecontaminationTab(DataViewModel vm, ProblemMarks marks) {
        this.vm = vm;
        node = new SplitPane(left(marks), right());
        node.setDividerPositions(0.27);
        vm.decontaminationProperty().addListener((o, a, n) -> show(n));
        show(vm.decontaminationProperty().get());
    }

    Node node() {
        return node;
    }

    private Node left(ProblemMarks marks) {
        InputGrid g = new InputGrid(marks);
        g.row("Documents holding n-grams", Forms.choice(vm.deconModeProperty(), "drop", "mask"));
        g.field("Mask with", null, vm.maskProperty(), "[MASKED]", "data-mask")
                .disableProperty()
                .bind(vm.deconModeProperty().isEqualTo("drop"));
        TextField out = g.field(
                "Output folder", "decontaminate.out", vm.deconOutProperty(), "a new or empty folder", "data-decon-out");
        g.span(Forms.folderChooser(out));
        Button run = new Button("Decontaminate");
        run.setId("data-run-decon");
        run.getStyleClass().add("accent");
        run.disableProperty().bind(vm.shell().jobs().runningProperty());
        run.setOnAction(e -> vm.runDecontamination());
        Label note = Forms.muted(
                "The benchmark's n-grams are found as a scan finds them (GPT-3's 13-grams after normalisation). Drop leaves "
                        + "out every document holding one; mask replaces the matched spans, matching again until none is left, so a scan of the copy "
                        + "finds nothing. OUT/removed.jsonl says which document lost what for which item.");
        return AreaPanes.column(AreaPanes.card("Write a decontaminated copy", g.grid(), run, note));
    }

    private Node right() {
        AreaPanes.headline(headline, "data-decon-headline");
        items.setId("data-decon-items");
        items.getColumns()
                .setAll(List.of(
                        width(text("Benchmark", DecontaminationResult.ItemCount::benchmark), 140),
                        width(text("Item", DecontaminationResult.ItemCount::id), 160),
                        width(number("Documents", i -> (double) i.documents(), "%,.0f"), 90),
                        width(number("N-gram occurrences", i -> (double) i.ngrams(), "%,.0f"), 140)));
        items.setPlaceholder(new Label("No benchmark item was found in the corpus."));
        Tables.exportable(items, "decontaminated-items.csv", vm.shell());
        Tables.fit(items, "DataView.deconItems");
        removals.setId("data-decon-removals");
        removals.getColumns()
                .setAll(List.of(
                        width(text("Document", r -> r.id() != null ? r.id() : shortName(r.file()) + ":" + r.at()), 150),
                        width(text("Action", DecontaminationResult.Removal::action), 80),
                        width(text("Item", r -> r.benchmark() + " / " + r.item()), 180),
                        width(text("Text found", DecontaminationResult.Removal::text), 520)));
        removals.setPlaceholder(new Label("No document lost anything."));
        Tables.exportable(removals, "decontaminated-documents.csv", vm.shell());
        Tables.fit(removals, "DataView.deconRemovals");
        Label itemsTitle = new Label("Benchmark items found");
        itemsTitle.getStyleClass().add("card-title");
        Label removalsTitle = new Label("Documents that lost something (the first 200; all in removed.jsonl)");
        removalsTitle.getStyleClass().add("card-title");
        VBox top = new VBox(4, itemsTitle, items);
        VBox bottom = new VBox(4, removalsTitle, removals);
        VBox.setVgrow(items, Priority.ALWAYS);
        VBox.setVgrow(removals, Priority.ALWAYS);
        SplitPane split = new SplitPane(top, bottom);
        split.setOrientation(Orientation.VERTICAL);
        split.setDividerPositions(0.4);
        VBox box = new VBox(
                8,
                Staleness.banner(
                        vm.decontaminationStaleProperty(),
                        "The corpus, the benchmark or the settings changed since this copy was written (writing again needs a new or empty "
                                + "folder).",
                        vm::runDecontamination),
                headline,
                split);
        VBox.setVgrow(split, Priority.ALWAYS);
        box.setPadding(new Insets(0, 0, 0, 10));
        return box;
    }

    private void show(DecontaminationResult r) {
        if (r == null) {
            headline.setText(
                    "Add the corpus and the benchmark above, choose an output folder, and write a copy without the benchmark's n-grams.");
            items.getItems().clear();
            removals.getItems().clear();
            return;
        }
        headline.setText(String.format(
                        Locale.ROOT,
                        "%,d of %,d documents held benchmark n-grams (%.3f %%): %,d dropped, %,d masked (%,d bytes). "
                                + "%s%d benchmark item%s found. Wrote %s (kept/*.jsonl.zst, removed.jsonl) at %,.0f MB/s.",
                        r.affected(),
                        r.documents(),
                        100 * r.affectedShare(),
                        r.dropped(),
                        r.masked(),
                        r.maskedBytes(),
                        r.passedThrough() > 0
                                ? String.format(
                                        Locale.ROOT, "%,d lines without a document passed through. ", r.passedThrough())
                                : "",
                        r.items().size(),
                        r.items().size() == 1 ? "" : "s",
                        r.out(),
                        r.bytesPerSecond() / 1e6)
                + (r.notCheckableNote() == null ? "" : "\n⚠ " + r.notCheckableNote() + "."));
        items.getItems().setAll(r.items());
        removals.getItems().setAll(r.examples());
    }

    private static String shortName(String file) {
        return file.substring(Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\')) + 1);
    }
}
