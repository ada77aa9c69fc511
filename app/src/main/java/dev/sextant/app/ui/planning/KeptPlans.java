package dev.sextant.app.ui.planning;

import dev.sextant.app.ui.shell.Dialogs;
import dev.sextant.app.ui.shell.Tables;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Function;
import javafx.beans.binding.Bindings;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.SelectionMode;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * The plans kept in the project, as a planning area lists them: a table with Open and Delete (with a confirmation)
 * and, where the area compares plans, Compare for two chosen ones. A newcomer to an area with nothing shown sees the
 * first kept plan opened at once.
 */
public final class KeptPlans<T> {

    private final ObservableList<T> plans;
    private final TableView<T> table = new TableView<>();
    private final Button open = small("Open", "openSaved");
    private final Button delete = small("Delete", "deleteSaved");
    private final FlowPane header;
    private final VBox node;

    /**
     * @param tableId the table's id
     * @param widthsKey the key its dragged column widths are remembered under ({@link Tables#fit})
     * @param open what Open does with the chosen plan
     * @param delete what Delete does with each confirmed plan
     */
    public KeptPlans(
            ObservableList<T> plans,
            Function<T, String> name,
            List<TableColumn<T, ?>> columns,
            String placeholder,
            String tableId,
            String widthsKey,
            double height,
            Consumer<T> open,
            Consumer<T> delete) {
        this.plans = plans;
        table.setId(tableId);
        table.setPrefHeight(height);
        table.setItems(plans);
        table.getColumns().setAll(columns);
        table.setPlaceholder(new Label(placeholder));
        Tables.fit(table, widthsKey);
        Label title = new Label("Kept plans");
        title.getStyleClass().add("card-title");
        title.setMinWidth(Region.USE_PREF_SIZE);
        FlowPane.setMargin(title, new Insets(0, 10, 0, 0));
        // a flow: on a narrow pane (a 1366-pixel screen) the buttons wrap under the title rather than cut their names
        header = new FlowPane(6, 6, title, this.open, this.delete);
        header.setAlignment(Pos.CENTER_LEFT);
        node = new VBox(10, header, table);
        var chosen = table.getSelectionModel().getSelectedItems();
        this.open.disableProperty().bind(Bindings.size(chosen).isNotEqualTo(1));
        this.delete.disableProperty().bind(Bindings.isEmpty(chosen));
        this.open.setOnAction(e -> open.accept(chosen.get(0)));
        this.delete.setOnAction(e -> {
            List<T> doomed = new ArrayList<>(chosen);
            if (Dialogs.confirm(
                    table.getScene().getWindow(),
                    "Delete " + (doomed.size() == 1 ? "“" + name.apply(doomed.get(0)) + "”" : doomed.size() + " plans")
                            + "?",
                    "Kept plans are deleted from the project.",
                    "Delete")) {
                doomed.forEach(delete);
            }
        });
    }

    /** Several plans may be chosen, and Compare shows two of them side by side. */
    public KeptPlans<T> comparing(PlanComparison<T> comparison) {
        table.getSelectionModel().setSelectionMode(SelectionMode.MULTIPLE);
        var chosen = table.getSelectionModel().getSelectedItems();
        Button compare = small("Compare", "compareSaved");
        compare.disableProperty().bind(Bindings.size(chosen).isNotEqualTo(2));
        compare.setOnAction(e -> comparison.show(table.getScene().getWindow(), chosen.get(0), chosen.get(1)));
        header.getChildren().add(header.getChildren().indexOf(delete), compare);
        return this;
    }

    /** Whenever plans arrive while {@code nothingShown}, the first is chosen and opened with {@code open}. */
    public KeptPlans<T> openingTheFirstWhen(BooleanSupplier nothingShown, Consumer<T> open) {
        plans.addListener((ListChangeListener<T>) c -> {
            if (nothingShown.getAsBoolean() && !plans.isEmpty()) {
                table.getSelectionModel().select(0);
                open.accept(plans.get(0));
            }
        });
        return this;
    }

    public TableView<T> table() {
        return table;
    }

    public Node node() {
        return node;
    }

    private static Button small(String text, String id) {
        Button b = new Button(text);
        b.getStyleClass().add("small");
        b.setMinWidth(Region.USE_PREF_SIZE);
        b.setId(id);
        return b;
    }
}
