package dev.sextant.app.ui.rollout;

import dev.sextant.app.report.Report;
import dev.sextant.app.ui.charts.Charts;
import dev.sextant.app.ui.shell.Theme;
import java.awt.image.BufferedImage;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javafx.animation.PauseTransition;
import javafx.application.Platform;
import javafx.embed.swing.SwingFXUtils;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.geometry.Rectangle2D;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.image.Image;
import javafx.scene.image.ImageView;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.Text;
import javafx.scene.text.TextAlignment;
import javafx.stage.Screen;
import javafx.stage.Stage;
import javafx.stage.Window;
import javafx.util.Duration;
import org.jfree.chart.fx.ChartViewer;

/**
 * The report presented full screen as slides designed for a projector: a title slide, then each section as one or
 * more slides that fit the screen without scrolling. Type scales with the window (body text a thirtieth of its
 * height), tables are kept whole on a slide (split by rows only past {@link #MAX_ROWS}) and, when too wide, by columns with the first
 * column repeated, so no cell is cut short; the verdict gets a slide of its own, its decision large and coloured, with
 * the counts of blocking, gain and inconclusive checks. → / Page Down / Space for the next slide, ← / Page Up for the
 * previous, Esc to leave.
 */
public final class Presentation {

    /** Table rows on one slide at most: more and the type gets too small for the back of a room. */
    static final int MAX_ROWS = 14;

    private Presentation() {}

    /** One slide, exactly the window's size; {@code section} is the report section it shows, -1 for the title slide. */
    public record Slide(int section, Region node) {}

    public static Stage show(Window owner, Report report, boolean dark) {
        Stage stage = new Stage();
        stage.initOwner(owner);
        stage.setTitle(report.title());
        Rectangle2D screen = Screen.getScreensForRectangle(
                        owner.getX(), owner.getY(), Math.max(1, owner.getWidth()), Math.max(1, owner.getHeight()))
                .stream()
                .findFirst()
                .orElse(Screen.getPrimary())
                .getBounds();
        StackPane holder = new StackPane();
        holder.getStyleClass().add("presentation");
        Scene scene = new Scene(holder, screen.getWidth(), screen.getHeight());
        scene.getStylesheets().setAll(owner.getScene().getStylesheets());
        if (!scene.getStylesheets().contains(Theme.appStylesheet())) {
            scene.getStylesheets().add(Theme.appStylesheet());
        }
        List<Slide> deck = new ArrayList<>();
        int[] at = {0};
        int[] generation = {0};
        Runnable showSlide = () -> holder.getChildren().setAll(deck.get(at[0]).node());
        Runnable rebuild = () -> {
            // keep the place: the same section after a resize
            int section = deck.isEmpty() ? -1 : deck.get(at[0]).section();
            int mine = ++generation[0];
            Deck builder =
                    new Deck(report, new Geometry(scene.getWidth(), scene.getHeight()), dark, scene.getStylesheets());
            deck.clear();
            deck.addAll(builder.title());
            builder.number(deck, false);
            at[0] = 0;
            showSlide.run();
            // one section per turn of the FX thread, so that the window answers while a long report is laid out
            int[] next = {0};
            Runnable[] step = new Runnable[1];
            step[0] = () -> {
                if (generation[0] != mine) {
                    return; // a resize started another build
                }
                int start = deck.size();
                List<Slide> built = builder.section(next[0]++);
                deck.addAll(built);
                boolean complete = next[0] >= report.sections().size();
                builder.number(deck, complete);
                if (at[0] == 0
                        && section >= 0
                        && !built.isEmpty()
                        && built.get(0).section() == section) {
                    at[0] = start; // back where the viewer was before the resize
                    showSlide.run();
                }
                if (!complete) {
                    Platform.runLater(step[0]);
                }
            };
            if (!report.sections().isEmpty()) {
                Platform.runLater(step[0]);
            }
        };
        rebuild.run();
        PauseTransition settle = new PauseTransition(Duration.millis(150));
        settle.setOnFinished(e -> rebuild.run());
        scene.widthProperty().addListener((o, a, b) -> settle.playFromStart());
        scene.heightProperty().addListener((o, a, b) -> settle.playFromStart());
        scene.addEventFilter(KeyEvent.KEY_PRESSED, e -> {
            KeyCode k = e.getCode();
            if (k == KeyCode.RIGHT
                    || k == KeyCode.PAGE_DOWN
                    || k == KeyCode.SPACE
                    || k == KeyCode.LEFT
                    || k == KeyCode.PAGE_UP
                    || k == KeyCode.ESCAPE) {
                e.consume();
            }
            if ((k == KeyCode.RIGHT || k == KeyCode.PAGE_DOWN || k == KeyCode.SPACE) && at[0] + 1 < deck.size()) {
                at[0]++;
                showSlide.run();
            } else if ((k == KeyCode.LEFT || k == KeyCode.PAGE_UP) && at[0] > 0) {
                at[0]--;
                showSlide.run();
            } else if (k == KeyCode.ESCAPE) {
                stage.close();
            }
        });
        stage.setScene(scene);
        stage.setFullScreenExitHint("");
        stage.setFullScreen(true);
        stage.show();
        return stage;
    }

    /**
     * The slides of {@code report} for a window of {@code width} × {@code height} pixels. Each is laid out under
     * {@code stylesheets} (and the theme in force) while it is built, so that what is measured is what is shown.
     */
    public static List<Slide> slides(
            Report report, double width, double height, boolean dark, List<String> stylesheets) {
        Deck deck = new Deck(report, new Geometry(width, height), dark, stylesheets);
        return deck.build();
    }

    /** Sizes that follow the window: body type a thirtieth of the height, narrower windows by their width. */
    record Geometry(double width, double height) {

        double base() {
            return Math.max(12, Math.min(height / 30, width / 50));
        }

        double padX() {
            return width * 0.045;
        }

        double padY() {
            return height * 0.05;
        }

        double contentWidth() {
            return width - 2 * padX();
        }

        double gap() {
            return base() * 0.7;
        }
    }

    /** What a slide is made of; consecutive items of one list and rows of one table are drawn together. */
    private sealed interface Piece {}

    private record TextPiece(Report.Paragraph paragraph) implements Piece {}

    /** Items {@code from} (inclusive) to {@code to} of a list: a list is kept on one slide when it fits one. */
    private record ListPiece(Report.Bullets list, int from, int to) implements Piece {}

    /** Rows {@code from} (inclusive) to {@code to} of a table, in the given columns, drawn with the header. */
    private record RowsPiece(Report.Table table, int[] columns, double[] widths, int from, int to) implements Piece {}

    /** A footnote: how to read the slide, in small type under its body. */
    private record NotePiece(Report.Note note) implements Piece {}

    private record ChartPiece(Report.Chart chart) implements Piece {}

    /** Builds the slides of one report at one size. */
    private static final class Deck {
        final Report report;
        final Geometry g;
        final boolean dark;
        final List<String> stylesheets;
        final String family = Font.getDefault().getFamily();
        /** Charts drawn at the normal size, by block: packing measures a slide many times. */
        final Map<Report.Chart, Image> charts = new IdentityHashMap<>();

        Deck(Report report, Geometry g, boolean dark, List<String> stylesheets) {
            this.report = report;
            this.g = g;
            this.dark = dark;
            this.stylesheets = stylesheets;
        }

        List<Slide> build() {
            List<Slide> slides = new ArrayList<>(title());
            for (int s = 0; s < report.sections().size(); s++) {
                slides.addAll(section(s));
            }
            number(slides, true);
            return slides;
        }

        List<Slide> title() {
            return List.of(new Slide(-1, titleSlide()));
        }

        /** The slides of one section: its verdict's slide, then its pieces packed into slides. */
        List<Slide> section(int s) {
            List<Slide> slides = new ArrayList<>();
            Report.Section section = report.sections().get(s);
            List<Piece> pieces = new ArrayList<>();
            for (Report.Block b : section.blocks()) {
                if (b instanceof Report.Verdict v) {
                    slides.add(new Slide(s, verdictSlide(v)));
                } else {
                    pieces.addAll(pieces(b));
                }
            }
            if (pieces.isEmpty() && section.blocks().stream().anyMatch(b -> b instanceof Report.Verdict)) {
                return slides; // the verdict's slide is the section
            }
            for (Region slide : sectionSlides(section, pieces)) {
                slides.add(new Slide(s, slide));
            }
            return slides;
        }

        /** Page numbers; while the deck is still being built the total is not known yet. */
        void number(List<Slide> slides, boolean complete) {
            for (int i = 0; i < slides.size(); i++) {
                setFooter(
                        slides.get(i).node(),
                        (i + 1) + " / " + (complete ? String.valueOf(slides.size()) : "…")
                                + (i == 0 ? "   → next · ← back · Esc leaves" : ""));
            }
        }

        // ---- splitting sections into pieces and pieces into slides

        List<Piece> pieces(Report.Block b) {
            List<Piece> out = new ArrayList<>();
            if (b instanceof Report.Paragraph p) {
                out.add(new TextPiece(p));
            } else if (b instanceof Report.Bullets l) {
                if (!l.items().isEmpty()) {
                    out.add(new ListPiece(l, 0, l.items().size()));
                }
            } else if (b instanceof Report.Table t) {
                double[] widths = naturalWidths(t, 1);
                for (int[] columns : columnGroups(widths)) {
                    int n = t.rows().size();
                    int chunks = Math.max(1, (n + MAX_ROWS - 1) / MAX_ROWS);
                    int per = Math.max(1, (n + chunks - 1) / chunks); // balanced: 20 rows are 7 + 7 + 6, not 8 + 8 + 4
                    for (int from = 0; from < Math.max(n, 1); from += per) {
                        out.add(new RowsPiece(t, columns, widths, from, Math.min(n, from + per)));
                    }
                }
            } else if (b instanceof Report.Chart c) {
                out.add(new ChartPiece(c));
            } else if (b instanceof Report.Note n) {
                out.add(new NotePiece(n));
            }
            return out;
        }

        /**
         * The section's slides. A section of text alone is drawn as large as it can be without needing more slides
         * than at the normal size (three bullets should not sit small on an empty page); every slide of a section has
         * the same type size.
         */
        List<Region> sectionSlides(Report.Section section, List<Piece> all) {
            // footnotes take no slide of their own: each goes under the first slide with
            // room for it (the documents keep every one)
            List<Piece> notes = all.stream().filter(p -> p instanceof NotePiece).toList();
            List<Piece> pieces =
                    all.stream().filter(p -> !(p instanceof NotePiece)).toList();
            List<Region> slides = bodySlides(section, pieces);
            List<List<Piece>> groups = lastGroups;
            for (Piece note : notes) {
                for (int i = 0; i < groups.size(); i++) {
                    List<Piece> with = new ArrayList<>(groups.get(i));
                    with.add(note);
                    Region slide = contentSlide(section, with, lastZoom, i, groups.size());
                    if (fitsOn(slide)) {
                        groups.set(i, with);
                        slides.set(i, slide);
                        break;
                    }
                }
            }
            return slides;
        }

        /** The groups and type size {@link #bodySlides} chose, for the notes to be added to. */
        private List<List<Piece>> lastGroups = new ArrayList<>();

        private double lastZoom = 1;

        List<Region> bodySlides(Report.Section section, List<Piece> pieces) {
            List<List<Piece>> groups = pack(section, pieces, 1);
            double zoom = 1;
            // beside a table or a chart, larger text would look like a different deck
            boolean textOnly = pieces.stream()
                    .allMatch(p -> p instanceof TextPiece || p instanceof ListPiece || p instanceof NotePiece);
            for (double z : textOnly ? new double[] {1.6, 1.4, 1.25, 1.12} : new double[0]) {
                List<List<Piece>> larger = pack(section, pieces, z);
                if (larger.size() <= groups.size()) {
                    groups = larger;
                    zoom = z;
                    break;
                }
            }
            List<Region> slides = new ArrayList<>();
            for (int i = 0; i < groups.size(); i++) {
                Region slide = contentSlide(section, groups.get(i), zoom, i, groups.size());
                // the rules after a chart: a slide of text alone in a mixed section is drawn larger too, a little
                boolean textSlide = groups.get(i).stream()
                        .allMatch(p -> p instanceof TextPiece || p instanceof ListPiece || p instanceof NotePiece);
                if (!textOnly && textSlide && !groups.get(i).isEmpty()) {
                    for (double z : new double[] {1.4, 1.25, 1.12}) {
                        Region larger = contentSlide(section, groups.get(i), z, i, groups.size());
                        if (fitsOn(larger)) {
                            slide = larger;
                            break;
                        }
                    }
                }
                // a single piece too tall for a slide of its own: smaller type rather than a cut
                for (double z = zoom - 0.1; z >= 0.5 && !fitsOn(slide); z -= 0.1) {
                    slide = contentSlide(section, groups.get(i), z, i, groups.size());
                }
                slides.add(slide);
            }
            lastGroups = new ArrayList<>(groups);
            lastZoom = zoom;
            return slides;
        }

        /**
         * Greedy: as many pieces on a slide as fit. A table chunk or list that does not fit where it would go moves
         * whole to the next slide when it fits there, else as many of its rows or items as fit stay.
         */
        List<List<Piece>> pack(Report.Section section, List<Piece> pieces, double zoom) {
            List<List<Piece>> groups = new ArrayList<>();
            Deque<Piece> todo = new ArrayDeque<>(pieces);
            List<Piece> current = new ArrayList<>();
            while (!todo.isEmpty()) {
                Piece next = todo.pollFirst();
                if (fits(section, current, next, zoom)) {
                    current.add(next);
                    continue;
                }
                if (next instanceof RowsPiece) {
                    // a table (or a chunk of a long one) is kept whole: on a slide of its own, its type made smaller
                    // if it must, never its rows spread over two slides
                    if (!current.isEmpty()) {
                        groups.add(current);
                        current = new ArrayList<>();
                    }
                    if (fits(section, List.of(), next, zoom)) {
                        current.add(next);
                    } else {
                        groups.add(List.of(next));
                    }
                    continue;
                }
                int size = size(next);
                if (!current.isEmpty() && (size <= 1 || fits(section, List.of(), next, zoom))) {
                    groups.add(current);
                    current = new ArrayList<>();
                    todo.addFirst(next);
                    continue;
                }
                // the most rows or items that fit: fewer always fit if more do, so a binary search
                int k = 0;
                for (int lo = 1, hi = size - 1; lo <= hi; ) {
                    int mid = (lo + hi) / 2;
                    if (fits(section, current, part(next, 0, mid), zoom)) {
                        k = mid;
                        lo = mid + 1;
                    } else {
                        hi = mid - 1;
                    }
                }
                if (k >= 1) {
                    current.add(part(next, 0, k));
                    todo.addFirst(part(next, k, size));
                } else if (!current.isEmpty()) {
                    groups.add(current);
                    current = new ArrayList<>();
                    todo.addFirst(next);
                } else {
                    groups.add(List.of(next)); // one row or item taller than a slide: sectionSlides() shrinks its type
                }
            }
            if (!current.isEmpty()) {
                groups.add(current);
            }
            if (groups.isEmpty()) {
                groups.add(List.of());
            }
            return groups;
        }

        static int size(Piece p) {
            if (p instanceof RowsPiece r) {
                return r.to() - r.from();
            }
            return p instanceof ListPiece l ? l.to() - l.from() : 1;
        }

        /** Rows or items {@code from} to {@code to}, counted from the piece's first. */
        static Piece part(Piece p, int from, int to) {
            if (p instanceof RowsPiece r) {
                return new RowsPiece(r.table(), r.columns(), r.widths(), r.from() + from, r.from() + to);
            }
            ListPiece l = (ListPiece) p;
            return new ListPiece(l.list(), l.from() + from, l.from() + to);
        }

        boolean fits(Report.Section section, List<Piece> current, Piece next, double zoom) {
            List<Piece> all = new ArrayList<>(current);
            all.add(next);
            return fitsOn(contentSlide(section, all, zoom, 0, 2));
        }

        /** Whether the slide's parts, at their preferred heights for the content width, fit its height: nothing to scroll. */
        boolean fitsOn(Region slide) {
            layOut(slide);
            VBox frame = (VBox) slide;
            double used = frame.getSpacing() * (frame.getChildren().size() - 1)
                    + frame.getPadding().getTop()
                    + frame.getPadding().getBottom();
            for (Node child : frame.getChildren()) {
                used += child.prefHeight(g.contentWidth());
            }
            return used <= g.height() + 0.5;
        }

        // ---- the slides

        /** Title, content and footer in a column; the content grows, so the footer sits at the bottom. */
        VBox frame(Node header, Node content) {
            Label footerText = label(report.title() + " · " + report.subtitle(), g.base() * 0.55, "slide-muted");
            footerText.setWrapText(false);
            footerText.setMinWidth(0);
            HBox.setHgrow(footerText, Priority.ALWAYS);
            footerText.setMaxWidth(Double.MAX_VALUE);
            Label page = label("", g.base() * 0.55, "slide-muted");
            page.setMinWidth(Region.USE_PREF_SIZE);
            page.setId("slide-page");
            HBox footer = new HBox(g.base(), footerText, page);
            footer.setAlignment(Pos.CENTER_LEFT);
            footer.getStyleClass().add("slide-footer");
            VBox frame = new VBox(g.gap());
            if (header != null) {
                frame.getChildren().add(header);
            }
            frame.getChildren().addAll(content, footer);
            VBox.setVgrow(content, Priority.ALWAYS);
            frame.setPadding(new Insets(g.padY(), g.padX(), g.padY() * 0.6, g.padX()));
            frame.getStyleClass().add("slide");
            frame.setPrefSize(g.width(), g.height());
            frame.setMinSize(g.width(), g.height());
            frame.setMaxSize(g.width(), g.height());
            return frame;
        }

        void setFooter(Region slide, String text) {
            Node page = slide.lookup("#slide-page");
            if (page instanceof Label l) {
                l.setText(text);
            }
        }

        Region titleSlide() {
            VBox content = new VBox(g.base() * 0.9);
            content.setAlignment(Pos.CENTER_LEFT);
            Region bar = new Region();
            bar.getStyleClass().add("slide-accent-bar");
            bar.setMinSize(g.base() * 4, g.base() * 0.3);
            bar.setMaxSize(g.base() * 4, g.base() * 0.3);
            Label title = label(report.title(), g.base() * 2.4, "slide-title");
            content.getChildren().addAll(bar, title);
            if (report.facts().isEmpty()) {
                content.getChildren().add(label(report.subtitle(), g.base() * 1.1, "slide-muted"));
            } else {
                GridPane facts = new GridPane();
                facts.setHgap(g.base() * 1.2);
                facts.setVgap(g.base() * 0.45);
                for (int i = 0; i < report.facts().size(); i++) {
                    Report.Fact f = report.facts().get(i);
                    Label k = label(f.label(), g.base() * 0.95, "slide-muted");
                    k.setMinWidth(Region.USE_PREF_SIZE);
                    Label v = label(f.value(), g.base() * 1.15, "slide-fact");
                    facts.addRow(i, k, v);
                }
                facts.setId("slide-facts");
                content.getChildren().add(facts);
            }
            return frame(null, content);
        }

        Region verdictSlide(Report.Verdict v) {
            String kind =
                    switch (v.decision()) {
                        case "full" -> "full";
                        case "reject" -> "reject";
                        default -> "canary";
                    };
            Label caption = label("Decision", g.base() * 1.0, "slide-muted");
            caption.setMaxWidth(Region.USE_PREF_SIZE);
            Label decision = label(v.headline(), g.height() / 8, "slide-decision");
            decision.getStyleClass().add("slide-decision-" + kind);
            decision.setWrapText(false);
            decision.setMinWidth(Region.USE_PREF_SIZE);
            decision.setMaxWidth(Region.USE_PREF_SIZE);
            decision.setPadding(new Insets(g.base() * 0.3, g.base() * 1.4, g.base() * 0.3, g.base() * 1.4));
            decision.setId("slide-decision");
            HBox counts = new HBox(
                    g.base() * 1.2,
                    count(v.blocking(), v.blocking() == 1 ? "blocking check" : "blocking checks", "blocking"),
                    count(v.gains(), v.gains() == 1 ? "gain" : "gains", "gains"),
                    count(v.inconclusive(), "inconclusive", "inconclusive"));
            counts.setAlignment(Pos.CENTER);
            Label summary = label(v.summary(), g.base() * 1.1, "slide-text");
            summary.setMaxWidth(g.contentWidth() * 0.85);
            summary.setAlignment(Pos.CENTER);
            summary.setTextAlignment(TextAlignment.CENTER);
            VBox content = new VBox(g.base() * 1.0, caption, decision, counts, summary);
            content.setAlignment(Pos.CENTER);
            content.setId("slide-verdict");
            return frame(null, content);
        }

        VBox count(int n, String what, String kind) {
            Label number = label(String.valueOf(n), g.height() / 11, "slide-count-number");
            number.setWrapText(false);
            Label label = label(what, g.base() * 0.9, "slide-muted");
            label.setWrapText(false);
            VBox box = new VBox(0, number, label);
            box.setAlignment(Pos.CENTER);
            box.getStyleClass().addAll("slide-count", "slide-count-" + kind + (n == 0 ? "-none" : ""));
            box.setPadding(new Insets(g.base() * 0.4, g.base() * 1.2, g.base() * 0.6, g.base() * 1.2));
            box.setMinWidth(g.base() * 8);
            box.setId("slide-count-" + kind);
            return box;
        }

        Region contentSlide(Report.Section section, List<Piece> pieces, double zoom, int part, int parts) {
            // one message a slide: the section's sentence is the headline, the section's name a small line above it
            boolean message = !section.message().isEmpty();
            Label title = label(
                    message ? section.message() : section.title(), g.base() * (message ? 1.45 : 1.7), "slide-title");
            HBox.setHgrow(title, Priority.SOMETIMES);
            title.setMaxWidth(message ? g.contentWidth() * 0.9 : Region.USE_PREF_SIZE);
            HBox line = new HBox(g.base() * 0.8, title);
            line.setAlignment(Pos.BASELINE_LEFT);
            if (parts > 1) {
                Label more = label((part + 1) + " of " + parts, g.base() * 0.9, "slide-muted");
                more.setMinWidth(Region.USE_PREF_SIZE);
                line.getChildren().add(more);
            }
            Region header = line;
            if (message) {
                Label kicker = label(section.title(), g.base() * 0.8, "slide-muted");
                kicker.setId("slide-kicker");
                header = new VBox(g.base() * 0.2, kicker, line);
            }
            VBox content = new VBox(g.gap() * zoom);
            for (int i = 0; i < pieces.size(); i++) {
                Piece p = pieces.get(i);
                if (p instanceof TextPiece t) {
                    Label l = label(
                            t.paragraph().text(),
                            g.base() * zoom * (t.paragraph().emphasis() ? 1.5 : 1),
                            "slide-text");
                    if (t.paragraph().emphasis()) {
                        l.getStyleClass().add("slide-emphasis");
                    }
                    content.getChildren().add(l);
                } else if (p instanceof ListPiece l) {
                    VBox list = new VBox(g.base() * 0.35 * zoom);
                    for (int j = l.from(); j < l.to(); j++) {
                        list.getChildren().add(bullet(l.list().items().get(j), zoom));
                    }
                    content.getChildren().add(list);
                } else if (p instanceof RowsPiece r) {
                    content.getChildren().add(table(r, Math.min(1, zoom)));
                } else if (p instanceof ChartPiece c) {
                    content.getChildren().add(chart(c.chart(), Math.min(1, zoom)));
                } else if (p instanceof NotePiece n) {
                    content.getChildren().add(label(n.note().text(), g.base() * 0.7, "slide-muted"));
                }
            }
            return frame(header, content);
        }

        Node bullet(String text, double zoom) {
            double size = g.base() * zoom;
            Label dot = label("•", size, "slide-bullet");
            dot.setMinWidth(size * 1.1);
            dot.setWrapText(false);
            Label body = label(text, size, "slide-text");
            HBox.setHgrow(body, Priority.ALWAYS);
            HBox row = new HBox(0, dot, body);
            row.setAlignment(Pos.TOP_LEFT);
            return row;
        }

        // ---- tables: natural column widths, groups of columns that fit, wrapped cells where a column must be capped

        double tableSize(double zoom) {
            return g.base() * 0.85 * zoom;
        }

        double cellPadX(double zoom) {
            return tableSize(zoom) * 0.55; // as the cells' padding in row()
        }

        double[] naturalWidths(Report.Table t, double zoom) {
            double size = tableSize(zoom);
            Font plain = Font.font(family, FontWeight.NORMAL, size);
            Font bold = Font.font(family, FontWeight.BOLD, size);
            double cap = g.contentWidth() * 0.42;
            double[] w = new double[t.header().size()];
            for (int c = 0; c < w.length; c++) {
                double widest = textWidth(t.header().get(c), bold);
                for (List<String> row : t.rows()) {
                    widest = Math.max(widest, textWidth(c < row.size() ? row.get(c) : "", plain));
                }
                w[c] = Math.min(cap, Math.ceil(widest + 2 * cellPadX(zoom) + size * 0.3));
            }
            return w;
        }

        /** Column groups that fit the slide's width; the first column, the row's name, starts every group. */
        List<int[]> columnGroups(double[] widths) {
            List<int[]> groups = new ArrayList<>();
            double room = g.contentWidth();
            List<Integer> current = new ArrayList<>(List.of(0));
            double used = widths[0];
            for (int c = 1; c < widths.length; c++) {
                if (used + widths[c] > room && current.size() > 1) {
                    groups.add(current.stream().mapToInt(Integer::intValue).toArray());
                    current = new ArrayList<>(List.of(0));
                    used = widths[0];
                }
                current.add(c);
                used += widths[c];
            }
            groups.add(current.stream().mapToInt(Integer::intValue).toArray());
            return groups;
        }

        Node table(RowsPiece r, double zoom) {
            double size = tableSize(zoom);
            double[] w = r.widths();
            double used = Arrays.stream(r.columns()).mapToDouble(c -> w[c]).sum();
            // spare width goes to the columns in proportion, so a table spans the slide
            double stretch = Math.max(1, Math.min(1.6, g.contentWidth() / used));
            VBox table = new VBox();
            table.getStyleClass().add("slide-table");
            table.getChildren().add(row(r.table().header(), r, w, stretch, size, true, false));
            for (int i = r.from(); i < r.to(); i++) {
                table.getChildren()
                        .add(row(r.table().rows().get(i), r, w, stretch, size, false, (i - r.from()) % 2 == 1));
            }
            table.setMaxWidth(Region.USE_PREF_SIZE);
            return table;
        }

        HBox row(
                List<String> cells,
                RowsPiece r,
                double[] w,
                double stretch,
                double size,
                boolean header,
                boolean alternate) {
            HBox row = new HBox();
            row.getStyleClass().add(header ? "slide-table-header" : "slide-table-row");
            if (alternate) {
                row.getStyleClass().add("slide-table-row-alt");
            }
            for (int c : r.columns()) {
                String text = c < cells.size() ? cells.get(c) : "";
                Label cell = label(text, size, header ? "slide-table-head-cell" : "slide-table-cell");
                double width = Math.floor(w[c] * stretch);
                cell.setMinWidth(width);
                cell.setPrefWidth(width);
                cell.setMaxWidth(width);
                cell.setPadding(new Insets(size * 0.35, size * 0.55, size * 0.35, size * 0.55));
                if (!header && numeric(r.table(), c)) {
                    cell.setAlignment(Pos.TOP_RIGHT);
                    cell.setTextAlignment(TextAlignment.RIGHT);
                } else if (header && numeric(r.table(), c)) {
                    cell.setAlignment(Pos.BOTTOM_RIGHT);
                }
                row.getChildren().add(cell);
            }
            return row;
        }

        static boolean numeric(Report.Table t, int c) {
            return !t.rows().isEmpty()
                    && t.rows().stream()
                            .allMatch(row -> c < row.size()
                                    && row.get(c)
                                            .replace(",", "")
                                            .replace(" %", "")
                                            .matches("[-+−]?[0-9.]+(e-?[0-9]+)?|—"));
        }

        static double textWidth(String s, Font font) {
            Text t = new Text(s);
            t.setFont(font);
            return t.getLayoutBounds().getWidth();
        }

        // ---- charts: drawn for the slide, their type scaled with the table type

        Node chart(Report.Chart c, double zoom) {
            Image image = zoom == 1 ? charts.computeIfAbsent(c, k -> draw(k, 1)) : draw(c, zoom);
            ImageView view = new ImageView(image);
            view.getStyleClass().add("slide-chart");
            return view;
        }

        Image draw(Report.Chart c, double zoom) {
            ChartViewer viewer = new ChartViewer(c.chart());
            Charts.restyle(viewer, dark);
            double scale = tableSize(zoom) / 12; // chart type is about 12 px at scale 1
            double drawWidth = Math.min(c.width() * 1.6, g.contentWidth() / scale);
            double drawHeight = c.height();
            // never taller than most of a slide
            double maxHeight = g.height() * 0.62;
            if (drawHeight * scale > maxHeight) {
                scale = maxHeight / drawHeight;
                drawWidth = Math.min(c.width() * 1.6, g.contentWidth() / scale);
            }
            int pw = (int) Math.round(drawWidth * scale);
            int ph = (int) Math.round(drawHeight * scale);
            BufferedImage image = c.chart().createBufferedImage(pw, ph, drawWidth, drawHeight, null);
            return SwingFXUtils.toFXImage(image, null);
        }

        // ---- text

        Label label(String text, double size, String styleClass) {
            Label l = new Label(text);
            l.setWrapText(true);
            l.setStyle(String.format(Locale.ROOT, "-fx-font-size: %.1fpx;", size));
            l.getStyleClass().add(styleClass);
            l.setMinHeight(Region.USE_PREF_SIZE);
            l.setMaxWidth(Double.MAX_VALUE);
            return l;
        }

        /** CSS and layout as they will be when shown, so that measured heights are the real ones. */
        void layOut(Region slide) {
            StackPane root = new StackPane();
            Scene scene = new Scene(root, g.width(), g.height());
            scene.getStylesheets().setAll(stylesheets);
            root.getChildren().add(slide);
            root.applyCss();
            root.layout();
            root.getChildren().clear();
        }
    }
}
