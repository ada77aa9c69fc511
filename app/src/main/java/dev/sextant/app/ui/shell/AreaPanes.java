package dev.sextant.app.ui.shell;

import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * The pieces the tabs of the Run health and Data areas are built of: the scrolling input column on the left, the headline
 * on the right, a titled card.
 */
public final class AreaPanes {

    private AreaPanes() {
    }

    /** The left column: {@code children} stacked, scrolling when taller than the window. */
    public static ScrollPane column(Node... children) {
        VBox box = new VBox(10, children);
        box.setPadding(new Insets(0, 10, 0, 0));
        ScrollPane scroll = new ScrollPane(box);
        scroll.setFitToWidth(true);
        scroll.getStyleClass().add("edge-to-edge");
        return scroll;
    }

    /** {@code label} styled as a tab's headline, wrapping, with {@code id}. */
    public static Label headline(Label label, String id) {
        label.getStyleClass().add("verdict");
        label.setWrapText(true);
        label.setMinHeight(Region.USE_PREF_SIZE);
        label.setId(id);
        return label;
    }

    /** A card: its title, then {@code children}. */
    public static VBox card(String title, Node... children) {
        Label t = new Label(title);
        t.getStyleClass().add("card-title");
        VBox card = new VBox(8, t);
        card.getChildren().addAll(children);
        card.getStyleClass().add("card");
        return card;
    }
}
