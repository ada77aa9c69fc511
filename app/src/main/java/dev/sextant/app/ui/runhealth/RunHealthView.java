package dev.sextant.app.ui.runhealth;

import dev.sextant.app.ui.planning.ProblemMarks;
import dev.sextant.app.ui.shell.AreaPanes;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/** The Run health area: a training run's own logs (Logs) and a whole run under hardware failures (Failures). */
public final class RunHealthView {

    private final RunHealthViewModel vm;
    private final VBox root = new VBox(10);

    public RunHealthView(RunHealthViewModel vm) {
        this.vm = vm;
        root.getStyleClass().add("area");
        root.setPadding(new Insets(20, 24, 12, 24));
        ProblemMarks marks = new ProblemMarks(vm.problemFieldProperty(), vm.problemProperty());
        Tab logs = new Tab("Logs", new LogsTab(vm, marks, this::dark).node());
        Tab failures = new Tab("Failures", new FailuresTab(vm, marks, this::dark).node());
        logs.setId("runhealth-tab-logs");
        failures.setId("runhealth-tab-failures");
        TabPane tabs = new TabPane(logs, failures);
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        VBox.setVgrow(tabs, Priority.ALWAYS);
        root.getChildren()
                .addAll(
                        AreaPanes.heading(
                                "Run health",
                                "Read a training run's own logs — where the loss spiked, went non-finite or diverged, where steps stalled — "
                                        + "what rolling back from each cost, how an automatic-rollback policy would have done; and how a whole run fares under "
                                        + "hardware failures with each checkpoint, spare and elastic policy."),
                        AreaPanes.problem(vm.problemProperty()),
                        tabs);
        root.setId("runhealth");
    }

    public Node node() {
        return root;
    }

    private boolean dark() {
        return "dark".equals(vm.shell().home().settings().theme());
    }
}
