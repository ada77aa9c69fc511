package dev.sextant.app.ui.planning;

import dev.sextant.app.ui.gpu.ProfileChoices;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/**
 * The card a planning area starts with: its title and Import menu (a Hugging Face config.json, a GPU JSON file) over
 * the model and GPU choices, then the area's own rows ({@link #inputs()}), among them where the rates come from
 * ({@link #profile}).
 */
public final class PlanForm {

    private final String idPrefix;
    private final VBox card = new VBox(8);
    private final InputGrid inputs;
    /** Model, GPU and where the rates come from: a grid of their own, so short labels leave the names room (1366 px). */
    private final InputGrid sources;

    /** Ids: {@code <idPrefix>-model}, {@code -gpu}, {@code -profile}. */
    public PlanForm(String title, String idPrefix, ModelGpuChoices choices, ProblemMarks marks) {
        this.idPrefix = idPrefix;
        this.inputs = new InputGrid(marks);
        this.sources = new InputGrid(marks);
        Label heading = new Label(title);
        heading.getStyleClass().add("card-title");
        heading.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(heading, Priority.ALWAYS);
        MenuItem importModel = new MenuItem("Model from a Hugging Face config.json…");
        MenuItem importGpu = new MenuItem("GPU type from JSON (the fields of sextant catalog gpus --json)…");
        MenuButton importMenu = new MenuButton("Import", null, importModel, importGpu);
        importMenu.getStyleClass().add("small");
        importMenu.setId(idPrefix + "-import");
        choices.wireImports(importModel, importGpu, () -> card.getScene().getWindow());
        HBox header = new HBox(6, heading, importMenu);
        header.setAlignment(Pos.CENTER_LEFT);
        card.getStyleClass().add("card");
        card.getChildren().addAll(header, sources.grid(), inputs.grid());
        sources.row("Model", choices.modelBox(idPrefix + "-model"));
        sources.row("GPU", choices.gpuBox(idPrefix + "-gpu"));
    }

    /** The row saying where the planner's rates come from: catalog defaults or a calibration profile. */
    public void profile(ProfileChoices profiles) {
        sources.row("Rates from", profiles.comboBox(idPrefix + "-profile"));
    }

    /** A choice beside the model, GPU and rates (a software stack, say): a row of the grid with short labels. */
    public <N extends Node> N source(String label, N input) {
        return sources.row(label, input);
    }

    /** The rows under the model and GPU. */
    public InputGrid inputs() {
        return inputs;
    }

    public Node node() {
        return card;
    }
}
