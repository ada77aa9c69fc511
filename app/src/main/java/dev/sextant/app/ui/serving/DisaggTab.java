package dev.sextant.app.ui.serving;

import static dev.sextant.app.ui.shell.Tables.text;
import static dev.sextant.app.ui.shell.Tables.width;

import dev.sextant.app.ui.charts.Charts;
import dev.sextant.app.ui.planning.InputGrid;
import dev.sextant.app.ui.planning.ProblemMarks;
import dev.sextant.app.ui.shell.Forms;
import dev.sextant.app.ui.shell.Staleness;
import dev.sextant.app.ui.shell.Tables;
import dev.sextant.model.serving.Disaggregation;
import dev.sextant.model.serving.ServingIntervals;
import dev.sextant.workspaces.Settings;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.BooleanSupplier;
import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;

/**
 * The Disaggregated tab: the replica on the form (aggregated) against separate prefill and decode pools of it, rate-matched,
 * on the same workload and P99 targets; what each pool sustains, the KV transfer between them, and which serves more per GPU.
 */
final class DisaggTab {

    /** One line of the side-by-side table. */
    record Line(String what, String aggregated, String disaggregated) {}

    private final ServingViewModel vm;
    private final Label headline = new Label();
    private final TableView<Line> table = new TableView<>();
    private final StackPane chart = new StackPane();
    private final BooleanSupplier dark;
    private final VBox node;

    DisaggTab(ServingViewModel vm, ProblemMarks marks, BooleanSupplier dark) {
        this.vm = vm;
        this.dark = dark;
        InputGrid inputs = new InputGrid(marks);
        for (TextField f : List.of(
                inputs.field(
                        "Prefill TP",
                        "prefillTp",
                        vm.textInputs().get("prefillTp"),
                        "blank: searched",
                        "serving-prefillTp"),
                inputs.field(
                        "Decode TP",
                        "decodeTp",
                        vm.textInputs().get("decodeTp"),
                        "blank: searched",
                        "serving-decodeTp"),
                inputs.field(
                        "Prefill EP",
                        "prefillEp",
                        vm.textInputs().get("prefillEp"),
                        "blank: the replica's",
                        "serving-prefillEp"),
                inputs.field(
                        "Decode EP",
                        "decodeEp",
                        vm.textInputs().get("decodeEp"),
                        "blank: the replica's (TP 1 × EP: DP attention)",
                        "serving-decodeEp"),
                inputs.field(
                        "KV link GB/s per GPU",
                        "kvLinkGbs",
                        vm.textInputs().get("kvLinkGbs"),
                        "blank: NVLink or network",
                        "serving-kvLinkGbs"),
                inputs.field(
                        "Prefill token budget",
                        "prefillMaxNumBatchedTokens",
                        vm.textInputs().get("prefillMaxNumBatchedTokens"),
                        "blank: the replica's",
                        "serving-prefillMaxNumBatchedTokens"),
                inputs.field(
                        "Decode max sequences",
                        "decodeMaxNumSeqs",
                        vm.textInputs().get("decodeMaxNumSeqs"),
                        "blank: the replica's",
                        "serving-decodeMaxNumSeqs"))) {
            f.setPrefColumnCount(14);
            f.setMinWidth(Region.USE_PREF_SIZE);
        }
        Button compare = new Button("Compare with disaggregated");
        compare.setId("serving-disagg-compare");
        compare.setMinWidth(Region.USE_PREF_SIZE);
        compare.setOnAction(e -> vm.compareDisaggregated());
        compare.disableProperty().bind(vm.shell().jobs().runningProperty());
        Label how = new Label(
                "The replica on the left serves prompts and decodes together. Disaggregated, prefill instances hand each "
                        + "request's KV cache to decode instances over the link between them. Each pool is simulated at its own P99 target (prefill: "
                        + "TTFT with the transfer; decode: TPOT), then the pools are rate-matched. Blank TPs are searched over 1, 2, 4 and 8 for the "
                        + "most requests per GPU; the KV link defaults to NVLink when a unit fits one node of 8 GPUs, else each GPU's network share.");
        how.setWrapText(true);
        how.getStyleClass().add("muted");
        VBox left = new VBox(8, inputs.grid(), compare);
        HBox top = new HBox(16, left, how);
        HBox.setHgrow(how, Priority.ALWAYS);
        headline.setWrapText(true);
        headline.setMinHeight(Region.USE_PREF_SIZE);
        headline.setId("serving-disagg-headline");
        headline.getStyleClass().add("headline");
        table.setId("serving-disagg");
        table.getColumns()
                .setAll(List.of(
                        width(text("", Line::what), 260),
                        width(text("Aggregated", Line::aggregated), 300),
                        width(text("Disaggregated", Line::disaggregated), 420)));
        Label empty = new Label(
                "Compare the replica on the left with separate prefill and decode pools: Compare with disaggregated.");
        empty.setWrapText(true);
        table.setPlaceholder(empty);
        Tables.exportable(table, "serving-disaggregation.csv", vm.shell());
        Tables.fit(table, "ServingView.disaggTable");
        SplitPane results = new SplitPane(chart, table);
        results.setOrientation(Orientation.VERTICAL);
        results.setDividerPositions(0.34);
        VBox.setVgrow(results, Priority.ALWAYS);
        node = new VBox(
                10,
                top,
                Staleness.banner(
                        vm.disaggregationStaleProperty(),
                        "The inputs changed since this comparison was worked out.",
                        vm::compareDisaggregated),
                headline,
                results);
        node.setPadding(new Insets(10));
        vm.disaggregationProperty().addListener((o, a, p) -> show(p));
        show(vm.disaggregationProperty().get());
    }

    private void show(Disaggregation.Plan p) {
        if (p == null) {
            headline.setText("");
            table.getItems().clear();
            Forms.show(
                    chart,
                    null,
                    "Output tokens per second per GPU, both ways, appear after Compare with disaggregated.");
            return;
        }
        headline.setText(headline(p));
        Forms.show(
                chart,
                Charts.forest(
                        "Output tokens/s per GPU within the targets, with the 80 % interval",
                        "output tokens/s per GPU", rows(p), dark.getAsBoolean()),
                "");
        table.setItems(
                FXCollections.observableArrayList(lines(p, vm.shell().home().settings())));
    }

    /** The two ways as forest rows: output tokens per second per GPU, each with the held-out 80 % interval. */
    static List<Charts.ForestRow> rows(Disaggregation.Plan p) {
        ServingIntervals.Factors f = ServingIntervals.DEFAULT.throughput();
        Disaggregation.Aggregated a = p.aggregated();
        Disaggregation.Disaggregated d = p.disaggregated();
        List<Charts.ForestRow> out = new ArrayList<>();
        out.add(new Charts.ForestRow(
                String.format(
                        Locale.ROOT, "Aggregated: 1 × TP %d", a.replica().spec().tp()),
                a.outputTokensPerSecondPerGpu(),
                f.low() * a.outputTokensPerSecondPerGpu(),
                f.high() * a.outputTokensPerSecondPerGpu()));
        if (d.problem() == null) {
            out.add(new Charts.ForestRow(
                    String.format(
                            Locale.ROOT,
                            "Disaggregated: %dP × TP %d + %dD × TP %d",
                            d.prefillInstances(),
                            d.prefill().replica().spec().tp(),
                            d.decodeInstances(),
                            d.decode().replica().spec().tp()),
                    d.outputTokensPerSecondPerGpu(),
                    f.low() * d.outputTokensPerSecondPerGpu(),
                    f.high() * d.outputTokensPerSecondPerGpu()));
        }
        return out;
    }

    static String headline(Disaggregation.Plan p) {
        Disaggregation.Aggregated a = p.aggregated();
        Disaggregation.Disaggregated d = p.disaggregated();
        if (d.problem() != null) {
            return "Disaggregated serving cannot meet the targets: " + d.problem() + ".";
        }
        if (!(a.goodputPerGpu() > 0)) {
            return String.format(
                    Locale.ROOT,
                    "Only disaggregated serving meets the targets: %.3f requests/s per GPU.",
                    d.goodputPerGpu());
        }
        double gain = d.goodputPerGpu() / a.goodputPerGpu();
        return String.format(
                Locale.ROOT,
                "%s: disaggregated serves %.2f× the requests per GPU of the replica (%s). Each figure's 80 %% "
                        + "interval is ×%.2f–×%.2f (held-out published runs); their ratio is tighter, as both share the model's errors.",
                p.better().equals("disaggregated") ? "Disaggregate" : "Keep aggregated serving",
                gain,
                unit(d),
                ServingIntervals.DEFAULT.throughput().low(),
                ServingIntervals.DEFAULT.throughput().high());
    }

    private static String unit(Disaggregation.Disaggregated d) {
        return String.format(
                Locale.ROOT,
                "%d prefill × TP %d + %d decode × TP %d, %d GPUs",
                d.prefillInstances(),
                d.prefill().replica().spec().tp(),
                d.decodeInstances(),
                d.decode().replica().spec().tp(),
                d.gpus());
    }

    static List<Line> lines(Disaggregation.Plan p, Settings money) {
        Disaggregation.Aggregated a = p.aggregated();
        Disaggregation.Disaggregated d = p.disaggregated();
        boolean ok = d.problem() == null;
        List<Line> out = new ArrayList<>();
        out.add(new Line(
                "Instances",
                String.format(
                        "1 replica × TP %d%s",
                        a.replica().spec().tp(), ep(a.replica().spec().ep())),
                ok
                        ? String.format(
                                "%d prefill × TP %d%s + %d decode × TP %d%s",
                                d.prefillInstances(),
                                d.prefill().replica().spec().tp(),
                                ep(d.prefill().replica().spec().ep()),
                                d.decodeInstances(),
                                d.decode().replica().spec().tp(),
                                ep(d.decode().replica().spec().ep()))
                        : d.problem()));
        out.add(new Line("GPUs", Integer.toString(a.gpusPerReplica()), ok ? Integer.toString(d.gpus()) : "—"));
        out.add(new Line(
                "Requests/s per GPU",
                a.problem() != null ? a.problem() : f("%.3f", a.goodputPerGpu()),
                ok ? f("%.3f", d.goodputPerGpu()) : "—"));
        out.add(new Line(
                "Output tokens/s per GPU",
                f("%,.0f", a.outputTokensPerSecondPerGpu()),
                ok ? f("%,.0f", d.outputTokensPerSecondPerGpu()) : "—"));
        out.add(new Line(
                "Cost per million output tokens",
                money(money, a.costPerMillionOutputTokens()),
                ok ? money(money, d.costPerMillionOutputTokens()) : "—"));
        out.add(new Line(
                "One instance sustains",
                f("%.2f requests/s", a.goodputPerReplica()),
                f(
                        "prefill %.2f requests/s, decode %.2f requests/s",
                        d.prefill().goodput(), d.decode().goodput())));
        out.add(new Line(
                "P99 at that rate",
                "TTFT and TPOT within the targets",
                f(
                        "prefill TTFT with transfer %.3f s; decode wait %.3f s",
                        d.prefill().p99WaitSeconds(), d.decode().p99WaitSeconds())));
        out.add(new Line(
                "Rate-matched requests/s per GPU",
                "—",
                ok ? f("%.3f (fractional instances)", d.rateMatchedGoodputPerGpu()) : "—"));
        out.add(new Line(
                "KV transfer per request",
                "—",
                f(
                        "%.1f MiB a GPU in %.2f ms over %s",
                        d.kvBytesPerRequest() / (1 << 20),
                        d.kvTransferSecondsPerRequest() * 1e3,
                        d.link().source())));
        return out;
    }

    private static String ep(int ep) {
        return ep > 1 ? ", EP " + ep : "";
    }

    private static String f(String format, Object... v) {
        return String.format(format, v);
    }

    private static String money(Settings money, Double v) {
        return v == null ? "no price given" : money.money("%.2f", v);
    }

    Node node() {
        return node;
    }
}
