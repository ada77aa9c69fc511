package dev.sextant.app.ui.shell;

import dev.sextant.model.project.Project;
import dev.sextant.workspaces.Settings;
import dev.sextant.workspaces.Workspace;
import dev.sextant.workspaces.archive.ArchiveManifest;
import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javafx.beans.InvalidationListener;
import javafx.beans.binding.Bindings;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.geometry.Rectangle2D;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.Separator;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.Tooltip;
import javafx.scene.image.ImageView;
import javafx.scene.input.KeyCombination;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.scene.text.Font;
import javafx.scene.text.Text;
import javafx.stage.DirectoryChooser;
import javafx.stage.FileChooser;
import javafx.stage.Screen;
import javafx.stage.Stage;
import javafx.stage.WindowEvent;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.feather.Feather;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The workbench window: menu, header with the workspace and project switchers, navigation between areas, the area
 * itself, and the status bar. Wiring only: state and actions live in {@link ShellModel}.
 */
public final class MainWindow {

    private static final Logger LOG = LoggerFactory.getLogger(MainWindow.class);

    private final Stage stage;
    private final ShellModel shell;
    private final List<Area> areas;
    private final Map<String, Node> builtViews = new HashMap<>();
    private final StackPane content = new StackPane();
    private final ListView<Area> navigation = new ListView<>();
    private final Menu recentMenu = new Menu("Open recent");
    private Theme theme;
    private final ChartRecolouring charts;

    public MainWindow(Stage stage, ShellModel shell, List<Area> areas) {
        this.stage = stage;
        this.shell = shell;
        this.areas = List.copyOf(areas);
        this.theme = Theme.of(shell.home().settings().theme());
        this.charts = new ChartRecolouring(theme);
        Tables.rememberWidthsIn(shell.home());
    }

    public Scene build() {
        BorderPane root = new BorderPane();
        root.getStyleClass().add("main-window");
        root.setTop(new VBox(menuBar(), header()));
        root.setLeft(sidebar());
        content.getStyleClass().add("area-content");
        root.setCenter(content);
        root.setBottom(new StatusBar(shell));

        // where it was when it last closed, if that is still on a screen; else 90% of the screen, within
        // 1100×700 .. 1600×1000: room for tables and charts side by side; a laptop's screen (1366×768) whole
        Settings.Window place = shell.home().settings().window();
        boolean placed = place != null
                && place.usable()
                && !Screen.getScreensForRectangle(place.x(), place.y(), place.width(), place.height())
                        .isEmpty();
        Rectangle2D screen = Screen.getPrimary().getVisualBounds();
        boolean small = !placed && (screen.getWidth() < 1500 || screen.getHeight() < 900);
        double width = placed
                ? place.width()
                : small
                        ? screen.getWidth()
                        : Math.max(Math.min(1600, screen.getWidth() * 0.9), Math.min(1100, screen.getWidth()));
        double height = placed
                ? place.height()
                : small
                        ? screen.getHeight()
                        : Math.max(Math.min(1000, screen.getHeight() * 0.9), Math.min(700, screen.getHeight()));
        Scene scene = new Scene(root, width, height);
        theme.apply(scene);
        stage.setScene(scene);
        if (placed) {
            stage.setX(place.x());
            stage.setY(place.y());
            stage.setMaximized(place.maximized());
        } else if (small) {
            stage.setX(screen.getMinX());
            stage.setY(screen.getMinY());
            stage.setMaximized(true);
        }
        stage.addEventHandler(WindowEvent.WINDOW_HIDING, e -> rememberPlace());
        stage.getIcons().setAll(Icons.appIcons());
        stage.setMinWidth(900);
        stage.setMinHeight(560);
        stage.titleProperty()
                .bind(Bindings.createStringBinding(
                        () -> {
                            Workspace ws = shell.workspaceProperty().get();
                            Project p = shell.currentProjectProperty().get();
                            return "Sextant" + (ws == null ? "" : " — " + ws.name())
                                    + (p == null ? "" : " — " + p.name());
                        },
                        shell.workspaceProperty(),
                        shell.currentProjectProperty()));
        shell.jobs().setFailureHandler((title, error) -> Dialogs.showError(stage, title, error));
        navigation.getSelectionModel().select(0);
        shell.areaRequestProperty().addListener((o, a, id) -> {
            if (id != null) {
                areas.stream().filter(x -> x.id().equals(id)).findFirst().ifPresent(x -> navigation
                        .getSelectionModel()
                        .select(x));
                shell.areaRequestProperty().set(null);
            }
        });
        if (Boolean.getBoolean("sextant.fxwatch")) {
            // a cheap guard for freezes, asked for by the flag: the FX thread held over 100 ms is logged with the area
            // on screen (at info, since the flag asks for it and the log's threshold is info)
            FxStallWatch watch = FxStallWatch.start(
                    50, 100, s -> LOG.info("FX thread held for {} ms in {}", s.millis(), s.during()));
            navigation
                    .getSelectionModel()
                    .selectedItemProperty()
                    .addListener((o, a, area) -> watch.during(area == null ? "" : area.id()));
            watch.during(areas.isEmpty() ? "" : areas.get(0).id());
        }
        return scene;
    }

    // ------------------------------------------------------------------------------------------------ layout

    private Node header() {
        ImageView logo = new ImageView(Icons.appIcon(32));
        logo.setFitWidth(24);
        logo.setFitHeight(24);
        Label name = new Label("Sextant");
        name.getStyleClass().add("app-title");

        MenuButton workspaceButton = new MenuButton();
        workspaceButton.setId("workspace-switcher");
        workspaceButton.setGraphic(Icons.glyph(Feather.DATABASE));
        workspaceButton.getStyleClass().add("flat");
        workspaceButton
                .textProperty()
                .bind(Bindings.createStringBinding(
                        () -> {
                            Workspace ws = shell.workspaceProperty().get();
                            return ws == null ? "Opening…" : ws.name();
                        },
                        shell.workspaceProperty()));
        workspaceButton.setOnShowing(e -> workspaceButton.getItems().setAll(workspaceMenuItems()));

        ComboBox<Project> projectBox = new ComboBox<>(shell.projects());
        projectBox.setId("project-switcher");
        projectBox.setPromptText("No project");
        ProjectCell shown = new ProjectCell();
        projectBox.setButtonCell(shown);
        projectBox.setCellFactory(l -> new ProjectCell());
        // Wide enough for the longest project name (long names were cut to "Capacity revie…"), within reason; a name
        // longer than that is still cut, and its cell's tooltip shows it whole.
        InvalidationListener fit =
                o -> projectBox.setPrefWidth(ProjectCell.widthFor(shell.projects(), shown.getFont()));
        shell.projects().addListener(fit);
        shown.fontProperty().addListener(fit);
        fit.invalidated(null);
        projectBox.valueProperty().bindBidirectional(shell.currentProjectProperty());

        Label wsLabel = new Label("Workspace");
        wsLabel.getStyleClass().add("header-label");
        Label pLabel = new Label("Project");
        pLabel.getStyleClass().add("header-label");
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);

        Button themeButton = new Button();
        themeButton.setId("theme-toggle");
        themeButton.getStyleClass().addAll("flat", "button-icon");
        themeButton.setGraphic(Icons.glyph(theme == Theme.DARK ? Feather.SUN : Feather.MOON));
        themeButton.setTooltip(new Tooltip("Switch between light and dark (Ctrl+Shift+L)"));
        themeButton.setOnAction(e -> {
            toggleTheme();
            themeButton.setGraphic(Icons.glyph(theme == Theme.DARK ? Feather.SUN : Feather.MOON));
        });

        HBox header = new HBox(
                10,
                logo,
                name,
                new Separator(Orientation.VERTICAL),
                wsLabel,
                workspaceButton,
                pLabel,
                projectBox,
                spacer,
                themeButton);
        header.getStyleClass().add("header-bar");
        header.setAlignment(Pos.CENTER_LEFT);
        return header;
    }

    private Node sidebar() {
        navigation.getItems().setAll(areas);
        navigation.setId("navigation");
        navigation.getStyleClass().add("navigation");
        navigation.setCellFactory(l -> new ListCell<>() {
            @Override
            protected void updateItem(Area area, boolean empty) {
                super.updateItem(area, empty);
                if (empty || area == null) {
                    setText(null);
                    setGraphic(null);
                } else {
                    setText(area.title());
                    setGraphic(Icons.glyph(area.icon()));
                }
            }
        });
        navigation.getSelectionModel().selectedItemProperty().addListener((obs, o, area) -> {
            if (area != null) {
                show(builtViews.computeIfAbsent(area.id(), id -> area.view().get()));
            }
        });
        Label caption = new Label("AREAS");
        caption.getStyleClass().add("sidebar-caption");
        VBox box = new VBox(6, caption, navigation);
        VBox.setVgrow(navigation, Priority.ALWAYS);
        box.getStyleClass().add("sidebar");
        box.setPrefWidth(210);
        return box;
    }

    /**
     * Puts {@code view} on screen. Areas shown before stay in the scene graph, hidden, so that coming back to one is
     * cheap (putting an area back into a scene re-applies all its CSS: 100–200 ms for the larger ones); a theme switch
     * takes the hidden ones out, so that its CSS pass touches the area on screen alone.
     */
    private void show(Node view) {
        if (view.getParent() != content) {
            content.getChildren().add(view);
        }
        Node focused = stage.getScene() == null ? null : stage.getScene().getFocusOwner();
        for (Node area : content.getChildren()) {
            boolean on = area == view;
            area.setVisible(on);
            area.setManaged(on);
            if (!on && focused != null && isInside(focused, area)) {
                navigation.requestFocus(); // keys must not go on into an area off screen
            }
        }
        charts.shown(view);
    }

    private static boolean isInside(Node node, Node ancestor) {
        for (Node n = node; n != null; n = n.getParent()) {
            if (n == ancestor) {
                return true;
            }
        }
        return false;
    }

    private MenuBar menuBar() {
        Menu file = new Menu("_File");
        file.getItems()
                .addAll(
                        item("New project…", "Shortcut+N", Feather.PLUS, this::newProject),
                        new SeparatorMenuItem(),
                        item("New workspace…", "Shortcut+Shift+N", Feather.FOLDER_PLUS, this::newWorkspace),
                        item("Open workspace…", "Shortcut+O", Feather.FOLDER, this::openWorkspace),
                        recentMenu,
                        new SeparatorMenuItem(),
                        item("Import project…", "Shortcut+I", Feather.DOWNLOAD, this::importProject),
                        item("Export project…", "Shortcut+E", Feather.UPLOAD, this::exportProject),
                        item("Import workspace…", null, null, this::importWorkspace),
                        item("Export workspace…", "Shortcut+Shift+E", null, this::exportWorkspace),
                        new SeparatorMenuItem(),
                        item("Preferences…", "Shortcut+Comma", Feather.SETTINGS, this::preferences),
                        new SeparatorMenuItem(),
                        item("Quit", "Shortcut+Q", null, stage::close));
        file.setOnShowing(e -> recentMenu.getItems().setAll(recentItems()));
        recentMenu.getItems().setAll(recentItems());

        Menu view = new Menu("_View");
        for (int i = 0; i < areas.size(); i++) {
            Area a = areas.get(i);
            view.getItems()
                    .add(item(
                            a.title(),
                            i < 9 ? "Shortcut+" + (i + 1) : i == 9 ? "Shortcut+0" : null,
                            a.icon(),
                            () -> navigation.getSelectionModel().select(a)));
        }
        view.getItems()
                .addAll(
                        new SeparatorMenuItem(),
                        item("Toggle dark theme", "Shortcut+Shift+L", Feather.MOON, this::toggleTheme));

        Menu help = new Menu("_Help");
        help.getItems()
                .addAll(
                        item("Documentation", null, Feather.BOOK_OPEN, () -> DocumentationWindow.open(stage, shell)),
                        item("Keyboard shortcuts", "F1", Feather.COMMAND, () -> ShortcutsDialog.show(stage)),
                        item(
                                "About Sextant",
                                null,
                                Feather.INFO,
                                () -> AboutDialog.show(
                                        stage,
                                        shell.workspaceProperty().get() == null
                                                ? null
                                                : shell.workspaceProperty()
                                                        .get()
                                                        .dir()
                                                        .toString())));
        MenuBar bar = new MenuBar(file, view, help);
        bar.setUseSystemMenuBar(true);
        return bar;
    }

    private static MenuItem item(String text, String accelerator, Ikon icon, Runnable action) {
        MenuItem item = new MenuItem(text);
        if (accelerator != null) {
            item.setAccelerator(KeyCombination.keyCombination(accelerator));
        }
        if (icon != null) {
            item.setGraphic(Icons.glyph(icon));
        }
        item.setOnAction(e -> action.run());
        return item;
    }

    private List<MenuItem> workspaceMenuItems() {
        List<MenuItem> items = new ArrayList<>(recentItems());
        items.add(new SeparatorMenuItem());
        items.add(item("Open workspace…", null, Feather.FOLDER, this::openWorkspace));
        items.add(item("New workspace…", null, Feather.FOLDER_PLUS, this::newWorkspace));
        items.add(item(
                "Default workspace",
                null,
                Feather.HOME,
                () -> shell.openWorkspace(shell.home().defaultWorkspaceDir(), true)));
        return items;
    }

    private List<MenuItem> recentItems() {
        List<MenuItem> items = new ArrayList<>();
        Workspace open = shell.workspaceProperty().get();
        for (Path dir : shell.home().recentWorkspaces()) {
            MenuItem mi = item(dir.getFileName() + "  —  " + dir, null, null, () -> shell.openWorkspace(dir, false));
            mi.setDisable(open != null && open.dir().equals(dir));
            items.add(mi);
        }
        if (items.isEmpty()) {
            MenuItem none = new MenuItem("No recent workspaces");
            none.setDisable(true);
            items.add(none);
        }
        return items;
    }

    // ------------------------------------------------------------------------------------------------ actions

    public void newProject() {
        ProjectDialog.ask(stage).ifPresent(a -> shell.createProject(a.name(), a.description()));
    }

    private void newWorkspace() {
        DirectoryChooser chooser = new DirectoryChooser();
        chooser.setTitle("New workspace: choose a new or empty folder");
        File dir = chooser.showDialog(stage);
        if (dir != null) {
            shell.createWorkspace(dir.toPath());
        }
    }

    private void openWorkspace() {
        DirectoryChooser chooser = new DirectoryChooser();
        chooser.setTitle("Open workspace: choose its folder");
        File dir = chooser.showDialog(stage);
        if (dir != null) {
            shell.openWorkspace(dir.toPath(), false);
        }
    }

    public void exportProject() {
        Project p = shell.currentProjectProperty().get();
        if (p == null) {
            shell.statusProperty().set("Choose a project to export first");
            return;
        }
        File f = archiveChooser("Export project " + p.name(), fileNameFor(p.name()))
                .showSaveDialog(stage);
        if (f != null) {
            shell.exportProject(p, withExtension(f.toPath()));
        }
    }

    public void importProject() {
        File f = archiveChooser("Import project", null).showOpenDialog(stage);
        if (f != null) {
            shell.importProject(f.toPath());
        }
    }

    private void exportWorkspace() {
        Workspace ws = shell.workspaceProperty().get();
        if (ws == null) {
            return;
        }
        File f = archiveChooser("Export workspace " + ws.name(), fileNameFor(ws.name()))
                .showSaveDialog(stage);
        if (f != null) {
            shell.exportWorkspace(withExtension(f.toPath()));
        }
    }

    private void importWorkspace() {
        File archive = archiveChooser("Import workspace archive", null).showOpenDialog(stage);
        if (archive == null) {
            return;
        }
        DirectoryChooser chooser = new DirectoryChooser();
        chooser.setTitle("Import workspace: choose a new or empty folder for it");
        File dir = chooser.showDialog(stage);
        if (dir != null) {
            shell.importWorkspace(archive.toPath(), dir.toPath());
        }
    }

    private void preferences() {
        Settings current = shell.home().settings();
        PreferencesDialog.ask(stage, current, shell.home().root().toString()).ifPresent(s -> {
            shell.saveSettings(s);
            if (Theme.of(s.theme()) != theme) {
                toggleTheme();
            }
            shell.statusProperty().set("Preferences saved");
        });
    }

    /** Keeps the window's place for the next start: its bounds, or when maximised the bounds it had before. */
    private void rememberPlace() {
        Settings now = shell.home().settings();
        Settings.Window was = now.window();
        Scene scene = stage.getScene();
        if (scene == null) {
            return;
        }
        Settings.Window place = stage.isMaximized() && was != null && was.usable()
                ? new Settings.Window(was.x(), was.y(), was.width(), was.height(), true)
                : new Settings.Window(
                        stage.getX(), stage.getY(), scene.getWidth(), scene.getHeight(), stage.isMaximized());
        shell.saveSettings(now.withWindow(place));
    }

    private void toggleTheme() {
        theme = theme.other();
        content.getChildren().removeIf(area -> !area.isVisible()); // see show(): the CSS pass of the switch skips them
        theme.apply(stage.getScene());
        shell.saveSettings(shell.home().settings().withTheme(theme.id()));
        // charts are drawn in the theme's colours: the area on screen is re-coloured a
        // few charts per pulse, others when shown
        charts.themeChanged(
                theme,
                content.getChildren().stream()
                        .filter(Node::isVisible)
                        .findFirst()
                        .orElse(null));
    }

    private FileChooser archiveChooser(String title, String initialName) {
        FileChooser chooser = new FileChooser();
        chooser.setTitle(title);
        chooser.getExtensionFilters()
                .add(new FileChooser.ExtensionFilter(
                        "Sextant archives", "*" + ArchiveManifest.FILE_EXTENSION, "*.zip"));
        Workspace ws = shell.workspaceProperty().get();
        if (ws != null) {
            File exports = ws.exportDir().toFile();
            if (exports.isDirectory() || exports.mkdirs()) {
                chooser.setInitialDirectory(exports);
            }
        }
        if (initialName != null) {
            chooser.setInitialFileName(initialName);
        }
        return chooser;
    }

    private static String fileNameFor(String name) {
        String safe = name.replaceAll("[^\\p{L}\\p{N}._-]+", "-")
                .replaceAll("-+", "-")
                .replaceAll("^-|-$", "");
        return (safe.isEmpty() ? "export" : safe) + ArchiveManifest.FILE_EXTENSION;
    }

    private static Path withExtension(Path p) {
        String n = p.getFileName().toString();
        return n.endsWith(".zip") ? p : p.resolveSibling(n + ArchiveManifest.FILE_EXTENSION);
    }

    /** A project in the switcher: its name, marked when it is demo data. */
    static final class ProjectCell extends ListCell<Project> {
        static final double MIN_WIDTH = 300;
        static final double MAX_WIDTH = 640;
        /** The arrow button and the cell's padding beside the text. */
        private static final double CHROME = 56;

        @Override
        protected void updateItem(Project p, boolean empty) {
            super.updateItem(p, empty);
            setText(empty || p == null ? null : label(p));
            setTooltip(
                    empty || p == null
                            ? null
                            : new Tooltip(
                                    p.description() == null || p.description().isBlank()
                                            ? label(p)
                                            : label(p) + "\n" + p.description()));
        }

        static String label(Project p) {
            return p.name() + (p.demo() ? "  (demo)" : "");
        }

        /** The switcher's width: the longest label in the cell's font, between {@link #MIN_WIDTH} and {@link #MAX_WIDTH}. */
        static double widthFor(List<Project> projects, Font font) {
            Text probe = new Text();
            probe.setFont(font);
            double widest = 0;
            for (Project p : projects) {
                probe.setText(label(p));
                widest = Math.max(widest, probe.getLayoutBounds().getWidth());
            }
            return Math.max(MIN_WIDTH, Math.min(MAX_WIDTH, Math.ceil(widest + CHROME)));
        }
    }
}
