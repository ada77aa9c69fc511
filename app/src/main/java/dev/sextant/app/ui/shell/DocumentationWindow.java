package dev.sextant.app.ui.shell;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javafx.css.PseudoClass;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.SplitPane;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import javafx.stage.Window;

/**
 * Help ▸ Documentation: the README that ships inside the application, shown offline in a window of its own with its
 * outline beside it. The page is read and built in a job (nodes not yet in a shown scene may be built off the FX thread);
 * only showing it happens on the FX thread.
 */
public final class DocumentationWindow {

    static final String RESOURCE = "/dev/sextant/app/docs/README.md";

    private DocumentationWindow() {}

    /** The page: its outline (headings to their nodes) and its content. */
    record Page(List<Heading> outline, VBox content) {}

    record Heading(int level, String text, Node node) {}

    /** Reads the documentation in a job and opens it when built. */
    public static void open(Window owner, ShellModel shell) {
        shell.jobs().submit("Open the documentation", (progress, cancel) -> build(read()), page -> show(owner, page));
    }

    /**
     * The README and, after it, every page of {@code docs/} it links to, in the order it links them: the README is the
     * table of contents, so the window shows what the repository's reader sees, one page after another.
     */
    static String read() throws IOException {
        String readme = resource(RESOURCE);
        StringBuilder all = new StringBuilder(readme);
        Set<String> pages = new LinkedHashSet<>();
        Matcher m = PAGE_LINK.matcher(readme);
        while (m.find()) {
            pages.add(m.group(1));
        }
        for (String page : pages) {
            all.append("\n\n").append(resource(RESOURCE.substring(0, RESOURCE.lastIndexOf('/') + 1) + page));
        }
        return all.toString();
    }

    /** A link to a page of the documentation folder, e.g. {@code (docs/methods/serving.md)}. */
    private static final Pattern PAGE_LINK = Pattern.compile("\\]\\((docs/[\\w/.-]+\\.md)\\)");

    private static String resource(String name) throws IOException {
        try (InputStream in = DocumentationWindow.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IOException("the documentation is not in this build (" + name + ")");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    static Page build(String markdown) {
        VBox content = new VBox(8);
        content.setPadding(new Insets(20, 28, 28, 28));
        content.getStyleClass().add("documentation");
        List<Heading> outline = new ArrayList<>();
        for (Markdown.Block b : Markdown.parse(markdown)) {
            Node n = node(b);
            content.getChildren().add(n);
            if (b instanceof Markdown.Heading h && h.level() <= 3) {
                outline.add(new Heading(h.level(), h.text(), n));
            }
        }
        return new Page(outline, content);
    }

    private static Node node(Markdown.Block b) {
        if (b instanceof Markdown.Heading h) {
            Label l = wrapped(h.text());
            l.getStyleClass().add(h.level() == 1 ? "area-title" : h.level() == 2 ? "doc-h2" : "doc-h3");
            VBox.setMargin(l, new Insets(h.level() == 1 ? 0 : 12, 0, 0, 0));
            return l;
        }
        if (b instanceof Markdown.Paragraph p) {
            return wrapped(p.text());
        }
        if (b instanceof Markdown.ListItem i) {
            Label l = wrapped("•  " + i.text());
            VBox.setMargin(l, new Insets(0, 0, 0, 14));
            return l;
        }
        if (b instanceof Markdown.Code c) {
            Label l = new Label(c.text());
            l.getStyleClass().add("doc-code");
            l.setWrapText(true);
            l.setMinHeight(Region.USE_PREF_SIZE);
            l.setMaxWidth(Double.MAX_VALUE);
            return l;
        }
        Markdown.Table t = (Markdown.Table) b;
        GridPane grid = new GridPane();
        grid.getStyleClass().add("doc-table");
        grid.setHgap(14);
        grid.setVgap(4);
        for (int r = 0; r < t.rows().size(); r++) {
            List<String> row = t.rows().get(r);
            for (int c = 0; c < row.size(); c++) {
                Label cell = wrapped(row.get(c));
                cell.setMaxWidth(420);
                if (r == 0) {
                    cell.getStyleClass().add("field-label");
                }
                grid.add(cell, c, r);
            }
        }
        return grid;
    }

    private static Label wrapped(String text) {
        Label l = new Label(text);
        l.setWrapText(true);
        l.setMinHeight(Region.USE_PREF_SIZE);
        l.setMaxWidth(Double.MAX_VALUE);
        return l;
    }

    private static void show(Window owner, Page page) {
        ScrollPane scroll = new ScrollPane(page.content());
        scroll.setFitToWidth(true);
        ListView<Heading> outline = new ListView<>();
        outline.getItems().setAll(page.outline());
        outline.setCellFactory(v -> new ListCell<>() {
            @Override
            protected void updateItem(Heading h, boolean empty) {
                super.updateItem(h, empty);
                setText(empty || h == null ? null : h.text());
                setPadding(new Insets(3, 6, 3, 6 + (h == null ? 0 : 12 * (h.level() - 1))));
            }
        });
        outline.getSelectionModel().selectedItemProperty().addListener((o, a, h) -> {
            if (h != null) {
                double y = h.node().getBoundsInParent().getMinY();
                double total =
                        page.content().getHeight() - scroll.getViewportBounds().getHeight();
                scroll.setVvalue(total <= 0 ? 0 : Math.min(1, y / total));
            }
        });
        SplitPane split = new SplitPane(outline, scroll);
        split.setDividerPositions(0.28);
        Stage stage = new Stage();
        stage.initOwner(owner);
        stage.setTitle("Sextant documentation");
        Scene scene = new Scene(split, 1180, 820);
        if (owner != null && owner.getScene() != null) {
            scene.getStylesheets().addAll(owner.getScene().getStylesheets());
            if (owner.getScene().getRoot() != null) {
                split.getStyleClass().addAll(owner.getScene().getRoot().getStyleClass());
                split.pseudoClassStateChanged(
                        PseudoClass.getPseudoClass("dark"),
                        owner.getScene().getRoot().getPseudoClassStates().contains(PseudoClass.getPseudoClass("dark")));
            }
        }
        scene.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.ESCAPE) {
                stage.close();
            }
        });
        stage.setScene(scene);
        stage.show();
    }
}
