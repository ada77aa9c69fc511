package dev.sextant.app.ui.data;

import dev.sextant.app.ui.planning.ProblemMarks;
import dev.sextant.app.ui.shell.AreaPanes;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/**
 * The Data area: the corpus and benchmark at the top, shared by four tabs — Duplicates (exact and near, kept as runs),
 * Quality (the published heuristic filters), Mixture (composition, target, epochs, curriculum) and Decontamination (a
 * copy without the benchmark's n-grams).
 */
public final class DataView {

    private final DataViewModel vm;
    private final VBox root = new VBox(10);

    public DataView(DataViewModel vm) {
        this.vm = vm;
        root.getStyleClass().add("area");
        root.setPadding(new Insets(20, 24, 12, 24));
        ProblemMarks marks = new ProblemMarks(vm.problemFieldProperty(), vm.problemProperty());
        Node inputs = new DataInputs(vm, marks).node();
        Tab duplicates = new Tab("Duplicates", new DuplicatesTab(vm, marks, this::dark).node());
        Tab mixture = new Tab("Mixture", new MixTab(vm, marks, this::dark).node());
        Tab decon = new Tab("Decontamination", new DecontaminationTab(vm, marks).node());
        Tab quality = new Tab("Quality", new QualityTab(vm, marks).node());
        quality.setId("data-tab-quality");
        duplicates.setId("data-tab-duplicates");
        mixture.setId("data-tab-mixture");
        decon.setId("data-tab-decontamination");
        TabPane tabs = new TabPane(duplicates, quality, mixture, decon);
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        VBox.setVgrow(tabs, Priority.ALWAYS);
        root.getChildren()
                .addAll(
                        AreaPanes.heading(
                                "Data",
                                "A training corpus as data engineering sees it: its exact and near duplicates, its quality by the published rules, "
                                        + "its composition by source in the model's own tokens and the mixture a budget makes of it, and a copy without a benchmark's "
                                        + "n-grams."),
                        AreaPanes.problem(vm.problemProperty()),
                        inputs,
                        tabs);
        root.setId("data");
    }

    public Node node() {
        return root;
    }

    private boolean dark() {
        return "dark".equals(vm.shell().home().settings().theme());
    }
}
