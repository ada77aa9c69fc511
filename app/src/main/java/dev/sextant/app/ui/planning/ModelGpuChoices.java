package dev.sextant.app.ui.planning;

import dev.sextant.app.ui.shell.Forms;
import dev.sextant.app.ui.shell.ShellModel;
import dev.sextant.model.architecture.ModelArchitecture;
import dev.sextant.model.architecture.ModelCatalog;
import dev.sextant.model.hardware.GpuCatalog;
import dev.sextant.model.hardware.GpuSpec;
import dev.sextant.model.io.GpuSpecFile;
import dev.sextant.model.io.HfModelConfig;
import dev.sextant.model.serving.WeightStorage;
import java.io.File;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Supplier;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.scene.control.ComboBox;
import javafx.scene.control.MenuItem;
import javafx.stage.FileChooser;
import javafx.stage.Window;

/**
 * The model and GPU a planning area works with: the catalogs plus what the user imported (a Hugging Face config.json,
 * a GPU JSON file), the chosen ones, and the combo boxes and import menu items that show them.
 */
public final class ModelGpuChoices {

    private final ShellModel shell;
    private final ObservableList<ModelArchitecture> models = FXCollections.observableArrayList(ModelCatalog.all());
    private final ObservableList<GpuSpec> gpus = FXCollections.observableArrayList(GpuCatalog.all());
    private final ObjectProperty<ModelArchitecture> model;
    private final ObjectProperty<GpuSpec> gpu;

    public ModelGpuChoices(ShellModel shell, String modelId, String gpuId) {
        this.shell = shell;
        this.model = new SimpleObjectProperty<>(this, "model", ModelCatalog.get(modelId));
        this.gpu = new SimpleObjectProperty<>(this, "gpu", GpuCatalog.get(gpuId));
        // a model or GPU imported in any area is offered here too
        shell.importedModels().forEach(this::ensure);
        shell.importedModels().addListener((ListChangeListener<ModelArchitecture>) c -> {
            while (c.next()) {
                c.getAddedSubList().forEach(this::ensure);
            }
        });
        shell.importedGpus().forEach(this::ensureGpu);
        shell.importedGpus().addListener((ListChangeListener<GpuSpec>) c -> {
            while (c.next()) {
                c.getAddedSubList().forEach(this::ensureGpu);
            }
        });
    }

    private void ensureGpu(GpuSpec g) {
        if (g != null && !gpus.contains(g)) {
            gpus.add(g);
        }
    }

    private record Imported(ModelArchitecture model, Optional<WeightStorage> weights, List<String> notes) {}

    /** Reads a config.json (and its quantization_config) as a job, adds the model and chooses it. */
    public void importModel(Path configJson) {
        shell.jobs()
                .submit(
                        "Import " + configJson.getFileName(),
                        (progress, cancel) -> new Imported(
                                HfModelConfig.read(configJson),
                                HfModelConfig.weights(configJson),
                                HfModelConfig.notes(configJson)),
                        r -> {
                            r.weights().ifPresent(w -> shell.checkpointWeights().put(r.model(), w));
                            shell.importedModels().add(r.model());
                            ensure(r.model());
                            model.set(r.model());
                            shell.statusProperty()
                                    .set("Imported " + r.model().name()
                                            + String.format(
                                                    Locale.ROOT,
                                                    " (%.2fB parameters)",
                                                    r.model().parameters().total() / 1e9)
                                            + (r.notes().isEmpty() ? "" : ": " + String.join("; ", r.notes())));
                        });
    }

    /** The weight storage an imported checkpoint states in its quantization_config; empty for catalog models. */
    public Optional<WeightStorage> checkpointWeights(ModelArchitecture m) {
        return Optional.ofNullable(m == null ? null : shell.checkpointWeights().get(m));
    }

    /** Reads a GPU file (the fields of {@code sextant catalog gpus --json}) as a job, adds the GPU and chooses it. */
    public void importGpu(Path json) {
        shell.jobs().submit("Import " + json.getFileName(), (progress, cancel) -> GpuSpecFile.read(json), g -> {
            shell.importedGpus().add(g);
            ensureGpu(g);
            gpu.set(g);
        });
    }

    /** Adds a model a kept plan names (an imported one, say) to the choices when it is not there. */
    public void ensure(ModelArchitecture m) {
        if (m != null && !models.contains(m)) {
            models.add(m);
        }
    }

    /** Chooses a kept plan's model and GPU, adding them to the choices when needed. */
    public void choose(ModelArchitecture m, GpuSpec g) {
        ensure(m);
        ensureGpu(g);
        model.set(m);
        gpu.set(g);
    }

    public ComboBox<ModelArchitecture> modelBox(String id) {
        ComboBox<ModelArchitecture> box = new ComboBox<>(models);
        box.valueProperty().bindBidirectional(model);
        box.setConverter(Forms.converter(m -> m == null
                ? ""
                : m.name() + String.format(" (%.1fB)", m.parameters().total() / 1e9)));
        box.setMaxWidth(Double.MAX_VALUE);
        box.setPrefWidth(120);
        box.setId(id);
        return box;
    }

    public ComboBox<GpuSpec> gpuBox(String id) {
        ComboBox<GpuSpec> box = new ComboBox<>(gpus);
        box.valueProperty().bindBidirectional(gpu);
        box.setConverter(Forms.converter(g -> g == null ? "" : g.name()));
        box.setMaxWidth(Double.MAX_VALUE);
        box.setPrefWidth(120);
        box.setId(id);
        return box;
    }

    /** The Import menu's two items: a file chooser each, then the import job. */
    public void wireImports(MenuItem importModel, MenuItem importGpu, Supplier<Window> owner) {
        importModel.setOnAction(e -> open(owner.get(), "Import a Hugging Face config.json", "config.json")
                .ifPresent(f -> importModel(f.toPath())));
        importGpu.setOnAction(
                e -> open(owner.get(), "Import a GPU type: the fields of sextant catalog gpus --json", "JSON")
                        .ifPresent(f -> importGpu(f.toPath())));
    }

    private static Optional<File> open(Window owner, String title, String kind) {
        FileChooser chooser = new FileChooser();
        chooser.setTitle(title);
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter(kind, "*.json"));
        return Optional.ofNullable(chooser.showOpenDialog(owner));
    }

    public ObservableList<ModelArchitecture> models() {
        return models;
    }

    public ObservableList<GpuSpec> gpus() {
        return gpus;
    }

    public ObjectProperty<ModelArchitecture> modelProperty() {
        return model;
    }

    public ObjectProperty<GpuSpec> gpuProperty() {
        return gpu;
    }
}
