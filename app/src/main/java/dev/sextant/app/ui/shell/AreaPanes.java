package dev.sextant.app.ui.shell;

import javafx.beans.binding.Bindings;
import javafx.beans.value.ObservableStringValue;
import javafx.css.PseudoClass;
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

    private AreaPanes() {}

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

    private static final PseudoClass HINT = PseudoClass.getPseudoClass("hint");

    /**
     * {@code label} shows {@code verdict}, or while that is empty (nothing worked out yet) {@code hint}, muted, so that
     * an area's headline never reads like a result before anything ran.
     */
    public static void verdictOrHint(Label label, ObservableStringValue verdict, String hint) {
        label.textProperty()
                .bind(Bindings.createStringBinding(
                        () -> verdict.get() == null || verdict.get().isEmpty() ? hint : verdict.get(), verdict));
        Runnable style = () -> label.pseudoClassStateChanged(
                HINT, verdict.get() == null || verdict.get().isEmpty());
        style.run();
        verdict.addListener((o, a, b) -> style.run());
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

    /** An area's title and its subtitle (wrapping), stacked. */
    public static VBox heading(String title, String subtitle) {
        Label t = new Label(title);
        t.getStyleClass().add("area-title");
        Label sub = new Label(subtitle);
        sub.getStyleClass().add("area-subtitle");
        sub.setWrapText(true);
        sub.setMinHeight(Region.USE_PREF_SIZE);
        return new VBox(2, t, sub);
    }

    /** An area's problem line: the view model's problem, shown only while there is one. */
    public static Label problem(ObservableStringValue problem) {
        Label l = new Label();
        l.getStyleClass().add("field-problem");
        l.setWrapText(true);
        l.setMinHeight(Region.USE_PREF_SIZE);
        Forms.bindProblem(l, problem);
        return l;
    }
}
