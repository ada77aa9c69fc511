package dev.sextant.app.ui.evaluation;

import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.layout.StackPane;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.fx.ChartViewer;

/** What the Evaluation tabs share: a chart pane that says why it is empty, and fields of numbers typed as text. */
final class ChartPanes {

    private ChartPanes() {
    }

    /** The chart in the pane, or a muted line saying why there is none. */
    static void show(StackPane pane, JFreeChart chart, String emptyText) {
        if (chart == null) {
            Label l = new Label(emptyText);
            l.getStyleClass().add("text-muted");
            l.setWrapText(true); // a narrow pane wraps the reason rather than cut it
            l.setPadding(new javafx.geometry.Insets(0, 12, 0, 12));
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
    static void showAll(StackPane pane, java.util.List<JFreeChart> charts, java.util.List<Integer> rows, String emptyText) {
        if (charts.size() <= 1) {
            show(pane, charts.isEmpty() ? null : charts.get(0), emptyText);
            return;
        }
        javafx.scene.layout.VBox box = new javafx.scene.layout.VBox(6);
        for (int i = 0; i < charts.size(); i++) {
            ChartViewer v = new ChartViewer(charts.get(i));
            double h = 84 + 22.0 * rows.get(i);
            v.setMinHeight(h);
            v.setPrefHeight(h);
            box.getChildren().add(v);
        }
        javafx.scene.control.ScrollPane scroll = new javafx.scene.control.ScrollPane(box);
        scroll.setFitToWidth(true);
        scroll.setHbarPolicy(javafx.scene.control.ScrollPane.ScrollBarPolicy.NEVER);
        pane.getChildren().setAll(scroll);
    }

    /** The field shows the property and sets it while it holds a whole number; otherwise it is marked. */
    static void integerField(TextField field, javafx.beans.property.IntegerProperty property) {
        field.setText(String.valueOf(property.get()));
        field.textProperty().addListener((o, a, b) -> {
            try {
                property.set(Integer.parseInt(b.strip()));
                field.pseudoClassStateChanged(javafx.css.PseudoClass.getPseudoClass("danger"), false);
            } catch (NumberFormatException e) {
                field.pseudoClassStateChanged(javafx.css.PseudoClass.getPseudoClass("danger"), true);
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
