package dev.sextant.app.ui.shell;

import dev.sextant.app.logging.LogSetup;
import dev.sextant.app.study.Engine;
import dev.sextant.model.architecture.ModelArchitecture;
import dev.sextant.model.hardware.GpuSpec;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import dev.sextant.model.project.Project;
import dev.sextant.model.serving.WeightStorage;
import dev.sextant.workspaces.Settings;
import dev.sextant.workspaces.Workspace;
import dev.sextant.workspaces.WorkspaceHome;
import dev.sextant.workspaces.WorkspaceSummary;
import dev.sextant.workspaces.archive.ArchiveManifest;
import dev.sextant.workspaces.archive.WorkspaceArchive;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The workbench's shared state and the actions on it: which workspace is open, its projects, the current project,
 * and the status line. Every action runs as a job on the {@link JobRunner}; state changes happen on the FX thread.
 * Areas read the current workspace and project from here and call {@link #refresh()} after they write.
 */
public final class ShellModel {

    private static final String LAST_PROJECT = "last_project";

    private final WorkspaceHome home;
    private final JobRunner jobs;
    private final ReadOnlyObjectWrapper<Workspace> workspace = new ReadOnlyObjectWrapper<>(this, "workspace");
    private final ReadOnlyObjectWrapper<WorkspaceSummary> summary = new ReadOnlyObjectWrapper<>(this, "summary");
    private final ObservableList<Project> projects = FXCollections.observableArrayList();
    private final ObjectProperty<Project> currentProject = new SimpleObjectProperty<>(this, "currentProject");
    private final StringProperty status = new SimpleStringProperty(this, "status", "");
    private final ReadOnlyObjectWrapper<Settings> settings = new ReadOnlyObjectWrapper<>(this, "settings");

    public ShellModel(WorkspaceHome home, JobRunner jobs) {
        this.home = home;
        this.jobs = jobs;
        this.settings.set(home.settings());
        currentProject.addListener((obs, old, p) -> {
            Workspace ws = workspace.get();
            if (old != null && p != null && !old.id().equals(p.id())) {
                // the last message was about the other project: say where the user is now
                status.set("Project " + p.name());
            }
            if (p != null && ws != null && (old == null || !old.id().equals(p.id()))) {
                jobs.submit(
                        "Remember project",
                        (pr, c) -> {
                            if (!ws.isClosed()) {
                                ws.setProperty(LAST_PROJECT, p.id().toString());
                            }
                            return null;
                        },
                        r -> {});
            }
        });
    }

    public WorkspaceHome home() {
        return home;
    }

    /** The preferences as last saved through {@link #saveSettings}: what shows costs and the theme follow it live. */
    public ReadOnlyObjectProperty<Settings> settingsProperty() {
        return settings.getReadOnlyProperty();
    }

    /** Where "Run on cluster" sends corpus work: the Spark master and settings of the preferences. */
    public Engine clusterEngine() {
        Settings.Spark spark = settings.get().spark();
        return Engine.spark(spark.master(), spark.conf());
    }

    /** Saves the preferences in the home's settings.json and tells every screen that shows them. */
    public void saveSettings(Settings s) {
        home.save(s);
        settings.set(s);
    }

    /** A job's body that works in the open workspace's current project. */
    @FunctionalInterface
    public interface ProjectWork<T> {
        T run(Workspace workspace, Project project, ProgressListener progress, CancellationToken cancel)
                throws Exception;
    }

    /**
     * Submits work on the current project of the open workspace, both captured now; without an open workspace or a
     * current project there is nothing to work on and nothing is submitted. The result is dropped when the user has
     * switched workspace or project by the time it arrives; failures are always reported.
     *
     * @param onFailure null hands a failure to the shell's failure handler
     * @return whether the work was submitted
     */
    public <T> boolean inProject(
            String jobTitle, ProjectWork<T> work, Consumer<T> onSuccess, Consumer<Throwable> onFailure) {
        Workspace ws = workspace.get();
        Project p = currentProject.get();
        if (ws == null || p == null) {
            return false;
        }
        jobs.submit(
                jobTitle,
                (progress, cancel) -> work.run(ws, p, progress, cancel),
                r -> {
                    if (onSuccess != null && stillCurrent(ws, p)) {
                        onSuccess.accept(r);
                    }
                },
                onFailure);
        return true;
    }

    /**
     * Whether the workspace and project a job was submitted in are still the open ones: a result that arrives after the
     * user switched is dropped, so that one project's results never show in another's.
     */
    private boolean stillCurrent(Workspace ws, Project p) {
        Project now = currentProject.get();
        return workspace.get() == ws && now != null && now.id().equals(p.id());
    }

    public JobRunner jobs() {
        return jobs;
    }

    /** Models imported from a config.json in this session: every planning area offers them, whichever imported them. */
    private final ObservableList<ModelArchitecture> importedModels = FXCollections.observableArrayList();
    /** GPU types imported from a file in this session, offered by every planning area. */
    private final ObservableList<GpuSpec> importedGpus = FXCollections.observableArrayList();
    /** Imported models' own weight storage (their quantization_config), where they state one. */
    private final Map<ModelArchitecture, WeightStorage> checkpointWeights = new ConcurrentHashMap<>();

    public ObservableList<ModelArchitecture> importedModels() {
        return importedModels;
    }

    public ObservableList<GpuSpec> importedGpus() {
        return importedGpus;
    }

    public Map<ModelArchitecture, WeightStorage> checkpointWeights() {
        return checkpointWeights;
    }

    /**
     * Opens the workspace in {@code dir} (creating and seeding it when {@code create} and there is none), and closes
     * the one open before once the new one is open. On failure the old one stays open.
     */
    public void openWorkspace(Path dir, boolean create) {
        Path target = dir.toAbsolutePath().normalize();
        Workspace old = workspace.get();
        if (old != null && old.dir().equals(target)) {
            status.set("Workspace " + old.name() + " is already open");
            return;
        }
        jobs.submit(
                "Open workspace " + target.getFileName(),
                (progress, cancel) -> {
                    progress.progress(Double.NaN, "opening " + target);
                    Workspace ws = create ? Workspace.openOrCreate(target) : Workspace.open(target);
                    try {
                        Loaded loaded = load(ws);
                        LogSetup.logToWorkspace(ws.logDir());
                        home.rememberRecent(ws.dir());
                        if (old != null) {
                            old.close();
                        }
                        return loaded;
                    } catch (RuntimeException e) {
                        ws.close();
                        throw e;
                    }
                },
                loaded -> {
                    workspace.set(loaded.workspace());
                    show(loaded);
                    status.set("Opened workspace " + loaded.workspace().name() + " ("
                            + count(loaded.summary().projects().size()) + ")");
                });
    }

    /** Creates a new, empty workspace in {@code dir} and switches to it. */
    public void createWorkspace(Path dir) {
        Path target = dir.toAbsolutePath().normalize();
        jobs.submit(
                "Create workspace " + target.getFileName(),
                (progress, cancel) -> {
                    Workspace.create(target).close();
                    return target;
                },
                created -> openWorkspace(created, false));
    }

    /** Re-reads the projects, keeping the current one selected when it still exists. */
    public void refresh() {
        refresh(null);
    }

    /** Re-reads the projects and selects {@code select} (or keeps the current one). */
    public void refresh(UUID select) {
        Workspace ws = workspace.get();
        if (ws == null) {
            return;
        }
        UUID keep = select != null
                ? select
                : Optional.ofNullable(currentProject.get()).map(Project::id).orElse(null);
        jobs.submit("Refresh", (p, c) -> load(ws), loaded -> {
            if (workspace.get() == ws) {
                show(new Loaded(ws, loaded.summary(), keep));
            }
        });
    }

    private static Loaded load(Workspace ws) {
        WorkspaceSummary s = WorkspaceSummary.of(ws);
        String last = ws.property(LAST_PROJECT);
        UUID lastId = null;
        try {
            lastId = last == null ? null : UUID.fromString(last);
        } catch (IllegalArgumentException ignored) {
            // a damaged property only loses the selection
        }
        return new Loaded(ws, s, lastId);
    }

    private void show(Loaded loaded) {
        summary.set(loaded.summary());
        projects.setAll(loaded.summary().projects());
        Project select = projects.stream()
                .filter(p -> p.id().equals(loaded.select()))
                .findFirst()
                .orElse(projects.isEmpty() ? null : projects.get(0));
        currentProject.set(select);
    }

    private record Loaded(Workspace workspace, WorkspaceSummary summary, UUID select) {}

    // ------------------------------------------------------------------------------------------------ projects

    public void createProject(String name, String description) {
        Workspace ws = requireWorkspace();
        jobs.submit("Create project", (p, c) -> ws.projects().create(name, description), created -> {
            status.set("Created project " + created.name());
            refresh(created.id());
        });
    }

    public void updateProject(UUID id, String name, String description, Consumer<Project> onSaved) {
        Workspace ws = requireWorkspace();
        jobs.submit("Save project", (p, c) -> ws.projects().update(id, name, description), saved -> {
            status.set("Saved project " + saved.name());
            if (onSaved != null) {
                onSaved.accept(saved);
            }
            refresh(saved.id());
        });
    }

    public void deleteProject(Project project) {
        Workspace ws = requireWorkspace();
        jobs.submit(
                "Delete project",
                (p, c) -> {
                    ws.projects().delete(project.id());
                    return project;
                },
                deleted -> {
                    status.set("Deleted project " + deleted.name());
                    refresh();
                });
    }

    public void exportProject(Project project, Path file) {
        Workspace ws = requireWorkspace();
        jobs.submit(
                "Export project " + project.name(),
                (p, c) -> WorkspaceArchive.exportProject(ws, project.id(), file, p, c),
                m -> status.set("Exported project " + project.name() + " (" + m.totalRows() + " rows) to " + file));
    }

    public void importProject(Path archive) {
        Workspace ws = requireWorkspace();
        jobs.submit("Import project", (p, c) -> WorkspaceArchive.importProject(ws, archive, p, c), imported -> {
            status.set("Imported project " + imported.name() + " from " + archive.getFileName());
            refresh(imported.id());
        });
    }

    // ------------------------------------------------------------------------------------------------ workspaces

    public void exportWorkspace(Path file) {
        Workspace ws = requireWorkspace();
        jobs.submit(
                "Export workspace " + ws.name(),
                (p, c) -> WorkspaceArchive.exportWorkspace(ws, file, p, c),
                m -> status.set("Exported workspace " + ws.name() + " ("
                        + count(m.tables().stream()
                                .filter(t -> t.name().equals("PROJECT"))
                                .mapToLong(ArchiveManifest.TableEntry::rows)
                                .sum())
                        + ") to " + file));
    }

    /** Imports a workspace archive into a new workspace folder and switches to it. */
    public void importWorkspace(Path archive, Path dir) {
        jobs.submit(
                "Import workspace",
                (p, c) -> WorkspaceArchive.importWorkspace(archive, dir, p, c),
                created -> openWorkspace(created, false));
    }

    /** Closes the open workspace on the caller's thread; used when the window closes. */
    public void closeWorkspace() {
        Workspace ws = workspace.get();
        if (ws != null) {
            ws.close();
        }
    }

    private Workspace requireWorkspace() {
        return Objects.requireNonNull(workspace.get(), "no workspace open");
    }

    private static String count(long projects) {
        return projects == 1 ? "1 project" : projects + " projects";
    }

    public ReadOnlyObjectProperty<Workspace> workspaceProperty() {
        return workspace.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<WorkspaceSummary> summaryProperty() {
        return summary.getReadOnlyProperty();
    }

    public ObservableList<Project> projects() {
        return projects;
    }

    public ObjectProperty<Project> currentProjectProperty() {
        return currentProject;
    }

    public StringProperty statusProperty() {
        return status;
    }

    /**
     * A token budget (and batch) another area sends to Training plans: the Training area takes it into its form when it
     * is built or, if built, at once, and clears it.
     *
     * @param batchTokens a recommended global batch in tokens, or null
     */
    public record TrainingHandoff(String from, double tokens, Double batchTokens) {}

    private final ObjectProperty<TrainingHandoff> trainingHandoff = new SimpleObjectProperty<>(this, "trainingHandoff");
    private final StringProperty areaRequest = new SimpleStringProperty(this, "areaRequest");

    public ObjectProperty<TrainingHandoff> trainingHandoffProperty() {
        return trainingHandoff;
    }

    /** The id of an area a view asks the window to show (the window shows it and clears this). */
    public StringProperty areaRequestProperty() {
        return areaRequest;
    }
}
