package dev.sextant.app.ui.runhealth;

import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/** The pieces both Run health tabs are built of: the scrolling input column on the left, the headline on the right. */
final class RunHealthPanes {

    private RunHealthPanes() {
    }

    /** The left column: {@code children} stacked, scrolling when taller than the window. */
    static ScrollPane column(Node... children) {
        VBox box = new VBox(10, children);
        box.setPadding(new Insets(0, 10, 0, 0));
        ScrollPane scroll = new ScrollPane(box);
        scroll.setFitToWidth(true);
        scroll.getStyleClass().add("edge-to-edge");
        return scroll;
    }

    /** {@code label} styled as a tab's headline, wrapping, with {@code id}. */
    static Label headline(Label label, String id) {
        label.getStyleClass().add("verdict");
        label.setWrapText(true);
        label.setMinHeight(Region.USE_PREF_SIZE);
        label.setId(id);
        return label;
    }
}
