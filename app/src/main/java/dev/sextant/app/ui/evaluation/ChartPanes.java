package dev.sextant.app.ui.evaluation;

import java.util.List;
import javafx.beans.property.IntegerProperty;
import javafx.css.PseudoClass;
import javafx.geometry.Insets;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextField;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.fx.ChartViewer;

/** What the Evaluation tabs share: a chart pane that says why it is empty, and fields of numbers typed as text. */
final class ChartPanes {

    private ChartPanes() {}

    /** The chart in the pane, or a muted line saying why there is none. */
    static void show(StackPane pane, JFreeChart chart, String emptyText) {
        if (chart == null) {
            Label l = new Label(emptyText);
            l.getStyleClass().add("text-muted");
            l.setWrapText(true); // a narrow pane wraps the reason rather than cut it
            l.setPadding(new Insets(0, 12, 0, 12));
            pane.getChildren().setAll(l);
        } else {
            pane.getChildren().setAll(new ChartViewer(chart));
        }
    }

    /**
     * Several charts stacked in the pane (each group's own scale, say), each as tall as its rows need (at least
     * {@code rowHeight} a row and room for its title and axis), scrolling when they do not fit; a muted line when there
     * are none.
     */
    static void showAll(StackPane pane, List<JFreeChart> charts, List<Integer> rows, String emptyText) {
        if (charts.size() <= 1) {
            show(pane, charts.isEmpty() ? null : charts.get(0), emptyText);
            return;
        }
        VBox box = new VBox(6);
        for (int i = 0; i < charts.size(); i++) {
            ChartViewer v = new ChartViewer(charts.get(i));
            double h = 84 + 22.0 * rows.get(i);
            v.setMinHeight(h);
            v.setPrefHeight(h);
            box.getChildren().add(v);
        }
        ScrollPane scroll = new ScrollPane(box);
        scroll.setFitToWidth(true);
        scroll.setHbarPolicy(ScrollPane.ScrollBarPolicy.NEVER);
        pane.getChildren().setAll(scroll);
    }

    /** The field shows the property and sets it while it holds a whole number; otherwise it is marked. */
    static void integerField(TextField field, IntegerProperty property) {
        field.setText(String.valueOf(property.get()));
        field.textProperty().addListener((o, a, b) -> {
            try {
                property.set(Integer.parseInt(b.strip()));
                field.pseudoClassStateChanged(PseudoClass.getPseudoClass("danger"), false);
            } catch (NumberFormatException e) {
                field.pseudoClassStateChanged(PseudoClass.getPseudoClass("danger"), true);
            }
        });
    }

    /** The number typed, or NaN. */
    static double parse(String s) {
        try {
            return Double.parseDouble(s.strip());
        } catch (NumberFormatException | NullPointerException e) {
            return Double.NaN;
        }
    }
}
