package dev.sextant.app.ui.projects;

import dev.sextant.app.ui.shell.ShellModel;
import dev.sextant.model.project.Project;
import dev.sextant.workspaces.WorkspaceSummary;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.FormatStyle;
import java.util.Locale;
import java.util.UUID;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableMap;
import javafx.collections.transformation.FilteredList;

/**
 * The Projects area: the workspace's projects (filterable), the one being edited, and the workspace at a glance.
 * Edits go through {@link ShellModel}, which owns the workspace and runs every write as a job.
 */
public final class ProjectsViewModel {

    static final DateTimeFormatter WHEN = DateTimeFormatter.ofLocalizedDateTime(FormatStyle.MEDIUM)
            .withLocale(Locale.getDefault())
            .withZone(ZoneId.systemDefault());
    static final DateTimeFormatter SHORT =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm").withZone(ZoneId.systemDefault());

    private final ShellModel shell;
    private final StringProperty filter = new SimpleStringProperty("");
    private final FilteredList<Project> visible;
    /** When each project last changed, re-read whenever the list is shown (imports and kept plans change it). */
    private final ObservableMap<UUID, Instant> changed = FXCollections.observableHashMap();

    private final StringProperty name = new SimpleStringProperty("");
    private final StringProperty description = new SimpleStringProperty("");
    private final BooleanBinding dirty;
    private final StringBinding nameProblem;

    /** Re-reads when each project last changed; the projects themselves (and the one open) stay as they are. */
    public void refreshChanged() {
        var ws = shell.workspaceProperty().get();
        if (ws == null) {
            return;
        }
        shell.jobs().submit("Read projects", (p, c) -> ws.projects().list(), list -> {
            if (shell.workspaceProperty().get() == ws) {
                changed.clear();
                list.forEach(x -> changed.put(x.id(), x.updatedAt()));
            }
        });
    }

    /** When {@code p} last changed: as last re-read, else as loaded. */
    public Instant changed(Project p) {
        return changed.getOrDefault(p.id(), p.updatedAt());
    }

    public ObservableMap<UUID, Instant> changedTimes() {
        return changed;
    }

    public ProjectsViewModel(ShellModel shell) {
        this.shell = shell;
        this.visible = new FilteredList<>(shell.projects());
        visible.predicateProperty()
                .bind(Bindings.createObjectBinding(
                        () -> {
                            String f = filter.get() == null
                                    ? ""
                                    : filter.get().strip().toLowerCase(Locale.ROOT);
                            return f.isEmpty()
                                    ? p -> true
                                    : p -> p.name().toLowerCase(Locale.ROOT).contains(f)
                                            || p.description()
                                                    .toLowerCase(Locale.ROOT)
                                                    .contains(f);
                        },
                        filter));
        selected().addListener((obs, old, p) -> revert());
        dirty = Bindings.createBooleanBinding(
                () -> {
                    Project p = selected().get();
                    return p != null
                            && (!p.name().equals(name.get().strip())
                                    || !p.description().equals(description.get().strip()));
                },
                selected(),
                name,
                description);
        nameProblem = Bindings.createStringBinding(
                () -> {
                    if (selected().get() == null) {
                        return "";
                    }
                    try {
                        Project.validName(name.get());
                        return "";
                    } catch (IllegalArgumentException e) {
                        return e.getMessage();
                    }
                },
                selected(),
                name);
        revert();
    }

    public FilteredList<Project> visibleProjects() {
        return visible;
    }

    public ObjectProperty<Project> selected() {
        return shell.currentProjectProperty();
    }

    public StringProperty filterProperty() {
        return filter;
    }

    public StringProperty nameProperty() {
        return name;
    }

    public StringProperty descriptionProperty() {
        return description;
    }

    public BooleanBinding dirtyProperty() {
        return dirty;
    }

    /** Why the edited name cannot be saved, or empty. */
    public StringBinding nameProblemProperty() {
        return nameProblem;
    }

    public boolean canSave() {
        return dirty.get() && nameProblem.get().isEmpty();
    }

    public void save() {
        Project p = selected().get();
        if (p != null && canSave()) {
            shell.updateProject(p.id(), name.get(), description.get(), saved -> {});
        }
    }

    public void revert() {
        Project p = selected().get();
        name.set(p == null ? "" : p.name());
        description.set(p == null ? "" : p.description());
    }

    public void delete() {
        Project p = selected().get();
        if (p != null) {
            shell.deleteProject(p);
        }
    }

    /** "Created … · updated …" for the selected project. */
    public StringBinding timesText() {
        return Bindings.createStringBinding(
                () -> {
                    Project p = selected().get();
                    return p == null
                            ? ""
                            : "Created " + WHEN.format(p.createdAt()) + "  ·  updated " + WHEN.format(changed(p));
                },
                selected(),
                changed);
    }

    /** One line about the open workspace: where it is, how big, which schema. */
    public StringBinding workspaceText() {
        return Bindings.createStringBinding(
                () -> {
                    WorkspaceSummary s = shell.summaryProperty().get();
                    if (s == null) {
                        return "Opening workspace…";
                    }
                    return s.path() + "  ·  " + humanBytes(s.databaseBytes()) + "  ·  schema v" + s.schemaVersion()
                            + "  ·  H2 " + s.h2Version();
                },
                shell.summaryProperty());
    }

    public StringBinding workspaceTitle() {
        return Bindings.createStringBinding(
                () -> {
                    WorkspaceSummary s = shell.summaryProperty().get();
                    int n = shell.projects().size();
                    return s == null
                            ? "Workspace"
                            : "Workspace “" + s.name() + "” — " + n + (n == 1 ? " project" : " projects");
                },
                shell.summaryProperty(),
                shell.projects());
    }

    static String humanBytes(long bytes) {
        if (bytes < 0) {
            return "size unknown";
        }
        if (bytes < 1024 * 1024) {
            return String.format("%.0f KiB", bytes / 1024.0);
        }
        return String.format("%.1f MiB", bytes / (1024.0 * 1024));
    }
}
