package dev.sextant.app.ui.shell;

import java.io.File;
import java.util.Map;
import java.util.function.Function;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.StringProperty;
import javafx.beans.value.ObservableStringValue;
import javafx.collections.FXCollections;
import javafx.css.PseudoClass;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Control;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.control.TitledPane;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.stage.DirectoryChooser;
import javafx.stage.FileChooser;
import javafx.util.StringConverter;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.fx.ChartViewer;

/** The input forms and chart panes of the planning areas: labelled rows in a grid, bound fields, chart or empty text. */
public final class Forms {

    private Forms() {}

    /** Labels at their width, fields taking the rest. */
    public static void columns(GridPane grid) {
        ColumnConstraints labels = new ColumnConstraints();
        labels.setMinWidth(Region.USE_PREF_SIZE);
        ColumnConstraints fields = new ColumnConstraints();
        fields.setHgrow(Priority.ALWAYS);
        fields.setFillWidth(true);
        grid.getColumnConstraints().setAll(labels, fields);
    }

    /** A labelled row; returns the label. */
    public static Label row(GridPane grid, int row, String label, Node field) {
        Label l = new Label(label);
        l.setMinWidth(Region.USE_PREF_SIZE);
        Glossary.explain(l); // jargon explained where it appears
        Units.explain(l);
        GridPane.setHgrow(field, Priority.ALWAYS);
        grid.addRow(row, l, field);
        return l;
    }

    /** A text field bound both ways to {@code property}. */
    public static TextField field(StringProperty property, String prompt, String id) {
        TextField f = new TextField();
        f.setPromptText(prompt);
        f.textProperty().bindBidirectional(property);
        f.setPrefColumnCount(6);
        if (id != null) {
            f.setId(id);
        }
        return f;
    }

    @SafeVarargs
    public static <T> ChoiceBox<T> choice(ObjectProperty<T> property, T... values) {
        ChoiceBox<T> c = new ChoiceBox<>(FXCollections.observableArrayList(values));
        c.valueProperty().bindBidirectional(property);
        c.setMaxWidth(Double.MAX_VALUE);
        return c;
    }

    /** Shows values as text; choosing only, never parsing. */
    public static <T> StringConverter<T> converter(Function<T, String> f) {
        return new StringConverter<>() {
            @Override
            public String toString(T t) {
                return f.apply(t);
            }

            @Override
            public T fromString(String s) {
                return null;
            }
        };
    }

    /** A small "Choose…" button that puts the folder the user picks into {@code field}. */
    public static Button folderChooser(TextField field) {
        Button choose = new Button("Choose…");
        choose.getStyleClass().add("small");
        choose.setOnAction(e -> {
            File dir = new DirectoryChooser().showDialog(field.getScene().getWindow());
            if (dir != null) {
                field.setText(dir.getAbsolutePath());
            }
        });
        return choose;
    }

    /** A small "Choose…" button that puts the file the user picks (of these patterns, e.g. {@code *.bin}) into {@code field}. */
    public static Button fileChooser(TextField field, String kind, String... patterns) {
        return fileChooser("Choose…", field, kind, patterns);
    }

    /** As the other, the button saying {@code text}. */
    public static Button fileChooser(String text, TextField field, String kind, String... patterns) {
        Button choose = new Button(text);
        choose.getStyleClass().add("small");
        choose.setOnAction(e -> {
            FileChooser chooser = new FileChooser();
            chooser.setTitle("Choose a " + kind);
            chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter(kind, patterns));
            File file = chooser.showOpenDialog(field.getScene().getWindow());
            if (file != null) {
                field.setText(file.getAbsolutePath());
            }
        });
        return choose;
    }

    public static Label muted(String text) {
        Label l = new Label(text);
        l.getStyleClass().add("text-muted");
        l.setWrapText(true);
        return l;
    }

    /** The chart in the pane (exportable from its context menu), or {@code emptyText} when there is none. */
    public static void show(StackPane pane, JFreeChart chart, String emptyText) {
        if (chart == null) {
            pane.getChildren().setAll(muted(emptyText));
        } else {
            pane.getChildren().setAll(new ChartViewer(chart));
        }
    }

    /** The area's problem line: the message, shown only while there is one. */
    public static void bindProblem(Label label, ObservableStringValue problem) {
        label.textProperty().bind(problem);
        label.visibleProperty().bind(Bindings.isNotEmpty(problem));
        label.managedProperty().bind(label.visibleProperty());
    }

    /**
     * Marks the input a problem is about (the "danger" pseudo-class, the message as its tooltip) and clears the mark
     * from the others; an input inside a collapsed titled pane has its pane opened.
     */
    public static void markProblem(Map<String, ? extends Control> fields, String key, String message) {
        PseudoClass danger = PseudoClass.getPseudoClass("danger");
        fields.forEach((k, field) -> {
            boolean bad = k.equals(key);
            field.pseudoClassStateChanged(danger, bad);
            field.setTooltip(bad ? new Tooltip(message) : null);
            for (Node n = field.getParent(); bad && n != null; n = n.getParent()) {
                if (n instanceof TitledPane pane) {
                    pane.setExpanded(true);
                }
            }
        });
    }
}
