package dev.sextant.app.ui.serving;

import dev.sextant.app.ui.charts.PlanCharts;
import dev.sextant.app.ui.shell.Forms;
import dev.sextant.model.serving.ServingAnalysis;
import dev.sextant.model.serving.ServingMemory;
import java.util.List;
import java.util.function.BooleanSupplier;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;

/**
 * The Memory tab: a replica's memory per GPU and KV cache as the engine sizes them at start-up, and the requests that fit
 * at once by context length. Follows the inputs, not the last plan.
 */
final class MemoryTab {

    private final ServingViewModel vm;
    private final BooleanSupplier dark;
    private final Label text = new Label();
    private final StackPane memoryPane = new StackPane();
    private final StackPane concurrencyPane = new StackPane();
    private final VBox node;

    MemoryTab(ServingViewModel vm, BooleanSupplier dark) {
        this.vm = vm;
        this.dark = dark;
        text.setId("serving-memory-text");
        text.setWrapText(true);
        text.setMinHeight(Region.USE_PREF_SIZE);
        text.setPadding(new Insets(8, 0, 0, 4));
        SplitPane charts = new SplitPane(memoryPane, concurrencyPane);
        charts.setDividerPositions(0.5);
        VBox.setVgrow(charts, Priority.ALWAYS);
        node = new VBox(6, text, charts);
        vm.memoryProperty().addListener((o, a, m) -> show(m));
        vm.prefixProperty().addListener((o, a, p) -> show(vm.memoryProperty().get()));
        show(vm.memoryProperty().get());
    }

    private void show(ServingMemory m) {
        if (m == null) {
            text.setText("");
            Forms.show(memoryPane, null, "The memory plan appears here.");
            Forms.show(concurrencyPane, null, "");
            return;
        }
        double gib = ServingMemory.GIB;
        var s = m.spec();
        double reserved = m.totalBytes() * (1 - s.gpuMemoryUtilization());
        text.setText(String.format(
                        "KV per token %,.0f bytes (%,.0f per GPU) · %,d blocks of %d tokens · %,d KV tokens · %.1f requests of %,d tokens "
                                + "at once",
                        m.kvBytesPerToken(),
                        m.kvBytesPerTokenPerGpu(),
                        m.kvBlocks(),
                        s.blockSize(),
                        m.kvTokens(),
                        m.maxConcurrency(),
                        s.maxModelLen())
                + prefixText()
                + (vm.weightSource().isEmpty() ? "" : " · weights " + vm.weightSource()));
        Forms.show(
                memoryPane,
                PlanCharts.stacked(
                        String.format("Memory per GPU: %.1f GiB reported", m.totalBytes() / gib),
                        "GiB",
                        "per GPU",
                        List.of(
                                "weights",
                                "activation peak",
                                "runtime overhead",
                                "KV cache",
                                "kept free (1 − utilisation)"),
                        List.of(
                                m.weightsBytesPerGpu() / gib,
                                m.activationPeakBytes() / gib,
                                m.overheadBytes() / gib,
                                Math.max(0, m.kvCacheBytesPerGpu()) / gib,
                                reserved / gib),
                        m.totalBytes() / gib,
                        "card",
                        dark.getAsBoolean()),
                "");
        Forms.show(
                concurrencyPane,
                !m.fits()
                        ? null
                        : PlanCharts.lines(
                                "Requests that fit at once, by context length",
                                "tokens per request",
                                "requests",
                                List.of("concurrency"),
                                List.of(ServingAnalysis.concurrencyByContext(m)),
                                dark.getAsBoolean()),
                "Nothing fits: " + m.doesNotFit());
    }

    private String prefixText() {
        var p = vm.prefixProperty().get();
        return p == null
                ? ""
                : String.format(
                        "%nPrefix caching: %,d tokens held once for the requests that share them → %.1f requests at once, "
                                + "%.0f%% of prefill no longer computed",
                        p.sharedTokens(), p.maxConcurrency(), 100 * p.prefillSaved());
    }

    Node node() {
        return node;
    }
}
