package dev.sextant.app.ui.gpu;

import dev.sextant.app.Failures;
import dev.sextant.app.study.CalibrationStudy;
import dev.sextant.app.ui.shell.ShellModel;
import dev.sextant.model.calibration.CalibrationProfile;
import dev.sextant.model.calibration.GpuStatus;
import dev.sextant.model.calibration.ProfileComparison;
import dev.sextant.workspaces.SavedProfile;
import dev.sextant.workspaces.Workspace;
import java.nio.file.Path;
import java.util.List;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The GPU area: what the probe finds (or why calibration is unavailable and what would enable it), a calibration run as
 * a cancellable job, the profile shown (rates, GEMMs, roofline, efficiency by shape), profiles kept in the project, and
 * two profiles — or a profile and the datasheet — side by side.
 */
public final class GpuViewModel {

    private static final String UNSAVED_RUN = "this run (not kept yet)";

    private final ShellModel shell;
    private final ObjectProperty<GpuStatus> status = new SimpleObjectProperty<>(this, "status");
    private final BooleanProperty quick = new SimpleBooleanProperty(true);
    private final ObjectProperty<CalibrationProfile> shown = new SimpleObjectProperty<>(this, "shown");
    private final StringProperty shownName = new SimpleStringProperty("");
    private final ObservableList<SavedProfile> saved = FXCollections.observableArrayList();
    private final ObservableList<ProfileComparison.Line> comparison = FXCollections.observableArrayList();
    private final StringProperty comparisonTitle = new SimpleStringProperty("");
    private final StringProperty problem = new SimpleStringProperty("");

    public GpuViewModel(ShellModel shell) {
        this.shell = shell;
        shell.currentProjectProperty().addListener((o, a, p) -> {
            forgetProjectProfile();
            reloadSaved();
        });
        reloadSaved();
        shell.jobs().submit("Probe the GPU", (progress, cancel) -> CalibrationStudy.probe(), status::set);
    }

    /** Runs the micro-benchmarks on device 0; the result is shown, not kept, until {@link #save}. */
    public void calibrate() {
        GpuStatus s = status.get();
        if (s == null || !s.available()) {
            return;
        }
        boolean q = quick.get();
        shell.jobs()
                .submit(
                        "Calibrate " + s.devices().get(0).name(),
                        (progress, cancel) -> CalibrationStudy.calibrate(q, 0, progress, cancel),
                        p -> {
                            shownName.set(UNSAVED_RUN);
                            shown.set(p);
                            compareWithDatasheet();
                        },
                        e -> problem.set(Failures.message(e)));
    }

    public void save(String name) {
        CalibrationProfile profile = shown.get();
        if (profile == null) {
            return;
        }
        shell.inProject(
                "Keep calibration profile",
                (ws, p, progress, cancel) -> new CalibrationStudy(ws, p.id()).keep(name, profile),
                id -> {
                    shownName.set(name);
                    shell.statusProperty().set("Kept calibration profile “" + name + "”");
                    reloadSaved();
                },
                e -> problem.set(Failures.message(e)));
    }

    public void importFile(Path file, String name) {
        shell.inProject(
                "Import " + file.getFileName(),
                (ws, p, progress, cancel) ->
                        new CalibrationStudy(ws, p.id()).importFile(file, name).profile(),
                profile -> {
                    problem.set("");
                    shownName.set(name);
                    shown.set(profile);
                    compareWithDatasheet();
                    reloadSaved();
                },
                e -> problem.set(Failures.message(e)));
    }

    public void delete(SavedProfile s) {
        Workspace ws = shell.workspaceProperty().get();
        if (ws == null) {
            return;
        }
        shell.jobs()
                .submit(
                        "Delete calibration profile",
                        (progress, cancel) -> {
                            new CalibrationStudy(ws, s.projectId()).delete(s.id());
                            return null;
                        },
                        x -> reloadSaved());
    }

    /**
     * On a project switch: a profile opened from the last project is not this one's, so it goes; a calibration just run
     * on this machine belongs to no project yet and stays, to be kept here if the user wants.
     */
    private void forgetProjectProfile() {
        problem.set("");
        if (!UNSAVED_RUN.equals(shownName.get())) {
            shown.set(null);
            shownName.set("");
            comparison.clear();
            comparisonTitle.set("");
        }
    }

    public void reloadSaved() {
        if (!shell.inProject(
                "Load calibration profiles",
                (ws, p, progress, cancel) -> new CalibrationStudy(ws, p.id()).profiles(),
                saved::setAll,
                null)) {
            saved.clear();
        }
    }

    public void open(SavedProfile s) {
        shownName.set(s.name());
        shown.set(s.profile());
        compareWithDatasheet();
    }

    /** The shown profile's rates with their spreads, against the datasheet where the catalog knows the GPU. */
    public List<ProfileComparison.Rate> rates() {
        return shown.get() == null ? List.of() : CalibrationStudy.rates(shown.get());
    }

    /** The shown profile against its GPU's datasheet. */
    public void compareWithDatasheet() {
        CalibrationProfile p = shown.get();
        comparison.clear();
        if (p == null) {
            comparisonTitle.set("");
            return;
        }
        var lines = CalibrationStudy.againstDatasheet(p);
        if (lines.isEmpty()) {
            comparisonTitle.set(p.device().name() + " is not in the catalog: no datasheet to compare with.");
            return;
        }
        comparisonTitle.set(
                "“" + shownName.get() + "” against the " + p.catalogSpec().name() + " datasheet");
        comparison.setAll(lines.get());
    }

    /** Two kept profiles side by side. */
    public void compare(SavedProfile a, SavedProfile b) {
        shownName.set(a.name());
        shown.set(a.profile());
        comparisonTitle.set("“" + a.name() + "” against “" + b.name() + "”");
        comparison.setAll(CalibrationStudy.between(a.profile(), b.profile()));
    }

    public ShellModel shell() {
        return shell;
    }

    public ObjectProperty<GpuStatus> statusProperty() {
        return status;
    }

    public BooleanProperty quickProperty() {
        return quick;
    }

    public ObjectProperty<CalibrationProfile> shownProperty() {
        return shown;
    }

    public StringProperty shownNameProperty() {
        return shownName;
    }

    public ObservableList<SavedProfile> saved() {
        return saved;
    }

    public ObservableList<ProfileComparison.Line> comparison() {
        return comparison;
    }

    public StringProperty comparisonTitleProperty() {
        return comparisonTitle;
    }

    public StringProperty problemProperty() {
        return problem;
    }
}
