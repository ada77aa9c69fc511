package dev.sextant.app.ui.data;

import static dev.sextant.app.ui.shell.Tables.number;
import static dev.sextant.app.ui.shell.Tables.text;
import static dev.sextant.app.ui.shell.Tables.width;

import dev.sextant.app.ui.charts.Charts;
import dev.sextant.app.ui.planning.InputGrid;
import dev.sextant.app.ui.planning.ProblemMarks;
import dev.sextant.app.ui.shell.AreaPanes;
import dev.sextant.app.ui.shell.Forms;
import dev.sextant.app.ui.shell.Staleness;
import dev.sextant.app.ui.shell.Tables;
import dev.sextant.model.data.MixPlanner;
import dev.sextant.model.data.MixResult;
import dev.sextant.model.data.MixSource;
import dev.sextant.model.data.MixSpec;
import java.awt.BasicStroke;
import java.awt.Color;
import java.util.List;
import java.util.Locale;
import java.util.function.BooleanSupplier;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.TextAnchor;

/**
 * The Mixture tab: the field to split by, the tokenizer, the target and the budget on the left; the sources' table,
 * current against target shares with each source's epochs, and the curriculum's phases on the right.
 */
final class MixTab {

    private final DataViewModel vm;
    private final BooleanSupplier dark;
    private final Label headline = new Label();
    private final TableView<MixSource> sources = new TableView<>();
    private final TableView<PhaseRow> phases = new TableView<>();
    private final StackPane sharesPane = new StackPane();
    private final StackPane epochsPane = new StackPane();
    private final SplitPane node;

    /** One source's slice in one phase, as a table row. */
    record PhaseRow(int phase, String source, String range, double tokens) {}

    MixTab(DataViewModel vm, ProblemMarks marks, BooleanSupplier dark) {
        this.vm = vm;
        this.dark = dark;
        node = new SplitPane(left(marks), right());
        node.setDividerPositions(0.27);
        vm.mixProperty().addListener((o, a, n) -> show(n));
        show(vm.mixProperty().get());
    }

    Node node() {
        return node;
    }

    private Node left(ProblemMarks marks) {
        InputGrid g = new InputGrid(marks);
        g.field("Split by field", "mix.by", vm.byProperty(), "source, domain, meta.language…", "data-mix-by");
        TextField tok = g.field(
                "Tokenizer", null, vm.tokenizerProperty(), "tokenizer.json (blank: estimate)", "data-tokenizer");
        g.span(Forms.fileChooser("Choose tokenizer.json…", tok, "JSON", "*.json"));
        g.field(
                "Tokens per word",
                "mix.tokensPerWord",
                vm.tokensPerWordProperty(),
                "estimate without a tokenizer",
                "data-tokens-per-word");
        TextField target =
                g.field("Target mix", "mix.target", vm.targetProperty(), "CSV: source,share (optional)", "data-target");
        g.span(Forms.fileChooser("Choose target CSV…", target, "CSV", "*.csv"));
        g.field("Token budget", "mix.budget", vm.budgetProperty(), "e.g. 300B, 2T (with a target)", "data-budget");
        g.field("Order by field", null, vm.orderByProperty(), "difficulty, quality (optional)", "data-order-by");
        g.row("Order", Forms.choice(vm.orderProperty(), "asc", "desc"));
        g.field("Phases", "mix.phases", vm.phasesProperty(), "4", "data-phases");
        g.row("Duplicate shares", Forms.choice(vm.mixDuplicatesProperty(), "exact", "near"));
        Button run = new Button("Count and plan");
        run.setId("data-run-mix");
        run.getStyleClass().add("accent");
        run.disableProperty().bind(vm.shell().jobs().runningProperty());
        run.setOnAction(e -> vm.runMix());
        Label note = Forms.muted(
                "Epochs past ~4 are warned about: repeated tokens are then worth less than new ones (Muennighoff et al. 2023, "
                        + "effective epochs shown). With a benchmark above, each source's share of documents holding its n-grams is counted too.");
        return AreaPanes.column(AreaPanes.card("Composition and mixture", g.grid(), run, note));
    }

    private Node right() {
        AreaPanes.headline(headline, "data-mix-headline");
        sources.setId("data-mix-sources");
        sources.getColumns()
                .setAll(List.of(
                        width(text("Source", MixSource::name), 130),
                        width(number("Documents", s -> (double) s.documents(), "%,.0f"), 90),
                        width(text("Tokens", s -> human(s.tokens())), 80),
                        width(number("Share", s -> s.share() * 100, "%.1f %%"), 66),
                        width(number("Target", s -> s.targetShare() * 100, "%.1f %%"), 66),
                        width(number("Weight", MixSource::weight, "%.2f"), 66),
                        width(number("Epochs", MixSource::epochs, "%.2f"), 66),
                        width(number("Worth (epochs)", MixSource::effectiveEpochs, "%.2f"), 104),
                        width(number("Duplicates", s -> s.duplicateShare() * 100, "%.1f %%"), 90),
                        width(
                                number(
                                        "Contaminated",
                                        s -> s.contaminatedShare() == null ? null : s.contaminatedShare() * 100,
                                        "%.2f %%"),
                                100),
                        width(text("Warning", s -> s.warning() == null ? "" : s.warning()), 320)));
        sources.setPlaceholder(new Label("Count the corpus by a field to see its composition."));
        sources.setRowFactory(t -> new TableRow<>() {
            @Override
            protected void updateItem(MixSource m, boolean empty) {
                super.updateItem(m, empty);
                setTooltip(empty || m == null || m.warning() == null ? null : new Tooltip(m.warning()));
            }
        });
        Tables.exportable(sources, "mixture.csv", vm.shell());
        Tables.fit(sources, "DataView.mixSources");
        phases.setId("data-mix-phases");
        phases.getColumns()
                .setAll(List.of(
                        width(number("Phase", p -> (double) p.phase(), "%.0f"), 60),
                        width(text("Source", PhaseRow::source), 130),
                        width(text("Values", PhaseRow::range), 140),
                        width(text("Tokens", p -> human(p.tokens())), 90)));
        phases.setPlaceholder(new Label("Give an order field (difficulty, quality) for a curriculum in phases."));
        Tables.fit(phases, "DataView.mixPhases");
        HBox charts = new HBox(8, sharesPane, epochsPane);
        HBox.setHgrow(sharesPane, Priority.ALWAYS);
        HBox.setHgrow(epochsPane, Priority.ALWAYS);
        sharesPane.setPrefWidth(400);
        epochsPane.setPrefWidth(400);
        TabPane tables = new TabPane(new Tab("Sources", sources), new Tab("Curriculum", phases));
        tables.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        SplitPane split = new SplitPane(charts, tables);
        split.setOrientation(Orientation.VERTICAL);
        split.setDividerPositions(0.45);
        VBox box = new VBox(
                8,
                Staleness.banner(
                        vm.mixStaleProperty(),
                        "The corpus or the mixture's inputs changed since this mixture was worked out.",
                        vm::runMix),
                headline,
                split);
        VBox.setVgrow(split, Priority.ALWAYS);
        box.setPadding(new Insets(0, 0, 0, 10));
        return box;
    }

    private void show(MixResult r) {
        if (r == null) {
            headline.setText(
                    "Count the corpus by a field: its documents, bytes and tokens per source, and the mixture a target and a budget make.");
            sources.getItems().clear();
            phases.getItems().clear();
            Forms.show(sharesPane, null, "Current and target shares appear here.");
            Forms.show(epochsPane, null, "Epochs per source appear here.");
            return;
        }
        headline.setText(headline(r));
        sources.getItems().setAll(r.sources());
        List<String> names = r.sources().stream().map(MixSource::name).toList();
        Forms.show(
                sharesPane,
                Charts.pairedBars(
                        "Share of tokens: corpus and target",
                        "corpus",
                        "target",
                        names,
                        r.sources().stream().map(MixSource::share).toList(),
                        r.sources().stream().map(MixSource::targetShare).toList(),
                        dark.getAsBoolean()),
                "");
        List<MixSource> drawn =
                r.sources().stream().filter(s -> s.epochs() != null).toList();
        JFreeChart epochs = drawn.isEmpty()
                ? null
                : Charts.bars(
                        "Epochs per source (repeats past ~4 are worth less)",
                        "epochs",
                        drawn.stream().map(MixSource::name).toList(),
                        drawn.stream().map(MixSource::epochs).toList(),
                        dark.getAsBoolean());
        if (epochs != null) {
            ValueMarker four = new ValueMarker(
                    MixPlanner.EPOCHS_FREE,
                    new Color(0xBF8700),
                    new BasicStroke(1.2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 1f, new float[] {5f, 4f}, 0f));
            four.setLabel("4 epochs");
            four.setLabelAnchor(RectangleAnchor.TOP_RIGHT);
            four.setLabelTextAnchor(TextAnchor.BOTTOM_RIGHT);
            ((CategoryPlot) epochs.getPlot()).addRangeMarker(four);
        }
        Forms.show(epochsPane, epochs, "No source is drawn.");
        phases.getItems()
                .setAll(r.phases().stream()
                        .flatMap(p ->
                                p.sources().stream().map(s -> new PhaseRow(p.phase(), s.name(), s.range(), s.tokens())))
                        .toList());
    }

    static String headline(MixResult r) {
        long warned = r.sources().stream().filter(s -> s.warning() != null).count();
        return String.format(
                Locale.ROOT,
                "%,d documents, %,.1f MB of text, %s tokens by %s in %d sources (%s)%s%s. Duplicates: %s.",
                r.documents(),
                r.bytes() / 1e6,
                human(r.tokens()),
                r.by(),
                r.sources().size(),
                r.exactTokens() ? "the model's tokenizer" : r.tokenCounting(),
                r.budgetTokens() == null ? "" : "; budget " + human(r.budgetTokens()) + " tokens",
                warned == 0 ? "" : "; " + warned + " source" + (warned == 1 ? " needs" : "s need") + " attention",
                r.duplicates());
    }

    static String human(double tokens) {
        return MixSpec.tokensText(tokens);
    }
}
