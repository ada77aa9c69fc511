package dev.sextant.app.ui.evaluation;

import static dev.sextant.app.ui.shell.Tables.number;
import static dev.sextant.app.ui.shell.Tables.text;
import static dev.sextant.app.ui.shell.Tables.width;

import dev.sextant.app.ui.shell.Dialogs;
import dev.sextant.app.ui.shell.Tables;
import dev.sextant.workspaces.EvidenceSource;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import javafx.beans.binding.Bindings;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.control.TextInputDialog;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.VBox;

/** Controller of EvidenceTab.fxml, the Evaluation area's Evidence tab: the files imported into the project. */
public final class EvidenceTab {

    private static final DateTimeFormatter WHEN =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm").withZone(ZoneId.systemDefault());

    private final EvaluationViewModel vm;

    @FXML
    private VBox dropZone;

    @FXML
    private Button removeSource;

    @FXML
    private Button runDate;

    @FXML
    private TableView<EvidenceSource> sourcesTable;

    EvidenceTab(EvaluationViewModel vm) {
        this.vm = vm;
    }

    @FXML
    private void initialize() {
        sourcesTable.setItems(vm.sources());
        sourcesTable
                .getColumns()
                .setAll(List.of(
                        width(text("File", s -> s.name() + (s.demo() ? "  (demo)" : "")), 260),
                        text(
                                "Kind",
                                s -> s.kind().name().toLowerCase(Locale.ROOT).replace('_', ' ')),
                        number("Rows", s -> (double) s.rows(), "%,.0f"),
                        text("Imported", s -> WHEN.format(s.importedAt())),
                        text("Run", s -> s.runDate() == null ? "" : s.runDate().toString()),
                        text("From", EvidenceSource::origin)));
        sourcesTable.setPlaceholder(new Label("Nothing imported yet: use Import… or drop files here."));
        sourcesTable.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        removeSource
                .disableProperty()
                .bind(sourcesTable.getSelectionModel().selectedItemProperty().isNull());
        removeSource.setOnAction(e -> {
            EvidenceSource s = sourcesTable.getSelectionModel().getSelectedItem();
            if (s != null
                    && Dialogs.confirm(
                            dropZone.getScene().getWindow(),
                            "Remove " + s.name() + "?",
                            "Its " + s.rows() + " rows are removed from this project.",
                            "Remove")) {
                vm.deleteSource(s);
            }
        });
        runDate.setTooltip(new Tooltip("When the selected file's results were produced: the scorecard marks results "
                + "older than 12 months stale"));
        runDate.disableProperty()
                .bind(Bindings.createBooleanBinding(
                        () -> {
                            EvidenceSource s = sourcesTable.getSelectionModel().getSelectedItem();
                            return s == null || !s.kind().holdsResults();
                        },
                        sourcesTable.getSelectionModel().selectedItemProperty()));
        runDate.setOnAction(e -> {
            EvidenceSource s = sourcesTable.getSelectionModel().getSelectedItem();
            if (s == null) {
                return;
            }
            TextInputDialog d =
                    new TextInputDialog(s.runDate() == null ? "" : s.runDate().toString());
            d.initOwner(dropZone.getScene().getWindow());
            d.setTitle("Sextant");
            d.setHeaderText("When were the results in " + s.name() + " produced?");
            d.setContentText("Run date (YYYY-MM-DD; blank: unknown)");
            d.showAndWait().ifPresent(text -> vm.setRunDate(s, text));
        });
        Tables.exportable(sourcesTable, "evaluation-sources.csv", vm.shell());
    }
}
