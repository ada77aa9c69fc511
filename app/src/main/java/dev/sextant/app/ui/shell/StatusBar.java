package dev.sextant.app.ui.shell;

import dev.sextant.model.project.Project;
import dev.sextant.workspaces.Workspace;
import javafx.beans.binding.Bindings;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.Separator;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import org.kordamp.ikonli.feather.Feather;

/**
 * The bottom line of the window: the last status message, the running job with its progress and Cancel, and which
 * workspace and project are current.
 */
public final class StatusBar extends HBox {

    public StatusBar(ShellModel shell) {
        getStyleClass().add("status-bar");
        setAlignment(Pos.CENTER_LEFT);
        setSpacing(10);

        Label message = new Label();
        message.setId("status-message");
        message.textProperty().bind(shell.statusProperty());
        shell.jobs().lastOutcomeProperty().addListener((o, a, outcome) -> shell.statusProperty()
                .set(outcome));
        message.setMinWidth(0);

        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);

        Label job = new Label();
        job.setId("status-job");
        job.textProperty()
                .bind(Bindings.createStringBinding(
                        () -> {
                            String t = shell.jobs().titleProperty().get();
                            String m = shell.jobs().messageProperty().get();
                            return m == null || m.isEmpty() ? t : t + " — " + m;
                        },
                        shell.jobs().titleProperty(),
                        shell.jobs().messageProperty()));
        ProgressBar bar = new ProgressBar();
        bar.setPrefWidth(160);
        bar.progressProperty().bind(shell.jobs().progressProperty());
        Button cancel = new Button("Cancel", Icons.glyph(Feather.X));
        cancel.setId("status-cancel");
        cancel.getStyleClass().addAll("small", "flat");
        cancel.setOnAction(e -> shell.jobs().cancel());
        // the job's text gives way first; the Cancel button, the bar and the workspace/project names never clip
        cancel.setMinWidth(Region.USE_PREF_SIZE);
        bar.setMinWidth(Region.USE_PREF_SIZE);
        job.setMinWidth(0);
        HBox.setHgrow(job, Priority.SOMETIMES);
        HBox jobBox = new HBox(8, job, bar, cancel);
        jobBox.setAlignment(Pos.CENTER_LEFT);
        jobBox.visibleProperty().bind(shell.jobs().runningProperty());
        jobBox.managedProperty().bind(jobBox.visibleProperty());

        Label workspace = new Label("", Icons.glyph(Feather.DATABASE));
        workspace.setId("status-workspace");
        workspace
                .textProperty()
                .bind(Bindings.createStringBinding(
                        () -> {
                            Workspace ws = shell.workspaceProperty().get();
                            return ws == null ? "no workspace" : ws.name();
                        },
                        shell.workspaceProperty()));
        workspace
                .tooltipProperty()
                .bind(Bindings.createObjectBinding(
                        () -> {
                            Workspace ws = shell.workspaceProperty().get();
                            return ws == null ? null : new Tooltip(ws.dir().toString());
                        },
                        shell.workspaceProperty()));
        Label project = new Label("", Icons.glyph(Feather.FOLDER));
        project.setId("status-project");
        project.textProperty()
                .bind(Bindings.createStringBinding(
                        () -> {
                            Project p = shell.currentProjectProperty().get();
                            return p == null ? "no project" : p.name();
                        },
                        shell.currentProjectProperty()));

        workspace.setMinWidth(Region.USE_PREF_SIZE);
        project.setMinWidth(Region.USE_PREF_SIZE);
        job.tooltipProperty().bind(Bindings.createObjectBinding(() -> new Tooltip(job.getText()), job.textProperty()));
        getChildren()
                .addAll(
                        message,
                        spacer,
                        jobBox,
                        new Separator(Orientation.VERTICAL),
                        workspace,
                        new Separator(Orientation.VERTICAL),
                        project);
    }
}
