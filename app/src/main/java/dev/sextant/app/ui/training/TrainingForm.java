package dev.sextant.app.ui.training;

import dev.sextant.app.ui.planning.ModelGpuChoices;
import dev.sextant.app.ui.shell.Inputs;
import dev.sextant.model.TokenCount;
import dev.sextant.model.architecture.ModelArchitecture;
import dev.sextant.model.hardware.GpuSpec;
import dev.sextant.model.hardware.Precision;
import dev.sextant.model.training.LayoutSearch;
import dev.sextant.model.training.MoeDispatcher;
import dev.sextant.model.training.Recompute;
import dev.sextant.model.training.SoftwareStack;
import dev.sextant.model.training.TrainingRequest;
import java.util.List;
import java.util.Locale;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.beans.value.ObservableValue;

/**
 * The Training area's form: the model on a cluster, the batch, the token budget and what the user fixed of the
 * layout, and its one translation into a {@link TrainingRequest} (through {@link TrainingRequest#builder}, whose
 * defaults the CLI shares) and back from a kept plan. Holds no results.
 */
public final class TrainingForm {

    /** A choice left to the search. */
    public static final String ANY = "any";

    private final ModelGpuChoices choices;
    private final ObjectProperty<ModelArchitecture> model;
    private final ObjectProperty<GpuSpec> gpu;
    private final StringProperty gpus = new SimpleStringProperty("64");
    private final StringProperty gpusPerNode =
            new SimpleStringProperty(String.valueOf(TrainingRequest.DEFAULT_GPUS_PER_NODE));
    private final StringProperty networkGbps = new SimpleStringProperty("");
    private final StringProperty intraNodeGBs = new SimpleStringProperty("");
    private final StringProperty seqLen = new SimpleStringProperty("8192");
    private final StringProperty globalBatch = new SimpleStringProperty("128");
    private final StringProperty tokens = new SimpleStringProperty("1e12");
    private final StringProperty tp = new SimpleStringProperty("");
    private final StringProperty pp = new SimpleStringProperty("");
    private final StringProperty cp = new SimpleStringProperty("");
    private final StringProperty ep = new SimpleStringProperty("");
    private final StringProperty microBatch = new SimpleStringProperty("");
    private final ObjectProperty<String> recompute = new SimpleObjectProperty<>(this, "recompute", ANY);
    private final ObjectProperty<String> zero = new SimpleObjectProperty<>(this, "zero", ANY);
    private final ObjectProperty<String> attention = new SimpleObjectProperty<>(this, "attention", "fused");
    /** The training software's id ({@link SoftwareStack#id()}), for its overlap rules. */
    private final ObjectProperty<String> stack = new SimpleObjectProperty<>(this, "stack", SoftwareStack.DEFAULT.id());
    /** How a mixture of experts' tokens reach their experts ({@link MoeDispatcher#id()}). */
    private final ObjectProperty<String> dispatcher =
            new SimpleObjectProperty<>(this, "dispatcher", MoeDispatcher.DEFAULT.id());

    TrainingForm(ModelGpuChoices choices) {
        this.choices = choices;
        this.model = choices.modelProperty();
        this.gpu = choices.gpuProperty();
    }

    /** Every input: what a search rests on. */
    List<ObservableValue<?>> inputs() {
        return List.of(
                model,
                gpu,
                gpus,
                gpusPerNode,
                networkGbps,
                intraNodeGBs,
                seqLen,
                globalBatch,
                tokens,
                tp,
                pp,
                cp,
                ep,
                microBatch,
                recompute,
                zero,
                attention,
                stack,
                dispatcher);
    }

    /**
     * Reads the inputs into a request: blank links are the GPU's, blank degrees and "any" choices are searched.
     *
     * @throws IllegalArgumentException (an {@code InputError} naming its input) when one is wrong
     */
    TrainingRequest request() {
        Recompute r = ANY.equals(recompute.get())
                ? null
                : Recompute.valueOf(recompute.get().toUpperCase(Locale.ROOT));
        Integer z = ANY.equals(zero.get()) ? null : Integer.valueOf(zero.get());
        LayoutSearch.Fixed fixed = new LayoutSearch.Fixed(
                Inputs.optionalInteger("training.tp", "TP", tp.get()),
                Inputs.optionalInteger("training.pp", "PP", pp.get()),
                Inputs.optionalInteger("training.cp", "CP", cp.get()),
                Inputs.optionalInteger("training.ep", "EP", ep.get()),
                null,
                Inputs.optionalInteger("training.microBatch", "Micro-batch", microBatch.get()),
                z,
                r,
                null,
                Precision.BF16,
                "fused".equals(attention.get()));
        return TrainingRequest.builder(model.get(), gpu.get())
                .cluster(
                        Inputs.integer("training.gpus", "GPUs", gpus.get()),
                        Inputs.integer("training.gpusPerNode", "GPUs per node", gpusPerNode.get()))
                .links(
                        networkGbps.get().isBlank()
                                ? null
                                : Inputs.positive("training.network", "Network Gb/s", networkGbps.get()),
                        intraNodeGBs.get().isBlank()
                                ? null
                                : Inputs.positive("training.intra", "NVLink GB/s", intraNodeGBs.get()))
                .batch(
                        Inputs.integer("training.seqLen", "Sequence length", seqLen.get()),
                        Inputs.integer("training.globalBatch", "Global batch", globalBatch.get()))
                .tokens(tokens.get().isBlank() ? 0 : TokenCount.parse("training.tokens", "Token budget", tokens.get()))
                .fixed(fixed)
                .software(SoftwareStack.of(stack.get()), MoeDispatcher.of(dispatcher.get()))
                .build();
    }

    /** Puts a kept request back in the form, what it fixed of the layout included. */
    void fill(TrainingRequest r) {
        choices.choose(r.model(), r.gpu());
        gpus.set(String.valueOf(r.gpus()));
        gpusPerNode.set(String.valueOf(r.gpusPerNode()));
        networkGbps.set(r.interNodeGbps() == r.gpu().networkGbps() ? "" : Inputs.compact(r.interNodeGbps()));
        intraNodeGBs.set(r.intraNodeGBs() == r.gpu().linkGBs() ? "" : Inputs.compact(r.intraNodeGBs()));
        seqLen.set(String.valueOf(r.seqLen()));
        globalBatch.set(String.valueOf(r.globalBatch()));
        tokens.set(r.tokens() > 0 ? Inputs.compact(r.tokens()) : "");
        LayoutSearch.Fixed f = r.fixed();
        tp.set(text(f.tp()));
        pp.set(text(f.pp()));
        cp.set(text(f.cp()));
        ep.set(text(f.ep()));
        microBatch.set(text(f.microBatch()));
        zero.set(f.zeroStage() == null ? ANY : String.valueOf(f.zeroStage()));
        recompute.set(f.recompute() == null ? ANY : f.recompute().name().toLowerCase(Locale.ROOT));
        attention.set(f.fusedAttention() == null || f.fusedAttention() ? "fused" : "unfused");
        stack.set(r.stack().id());
        dispatcher.set(r.dispatcher().id());
    }

    private static String text(Integer degree) {
        return degree == null ? "" : String.valueOf(degree);
    }

    public StringProperty gpusProperty() {
        return gpus;
    }

    public StringProperty gpusPerNodeProperty() {
        return gpusPerNode;
    }

    public StringProperty networkGbpsProperty() {
        return networkGbps;
    }

    public StringProperty intraNodeGBsProperty() {
        return intraNodeGBs;
    }

    public StringProperty seqLenProperty() {
        return seqLen;
    }

    public StringProperty globalBatchProperty() {
        return globalBatch;
    }

    public StringProperty tokensProperty() {
        return tokens;
    }

    public StringProperty tpProperty() {
        return tp;
    }

    public StringProperty ppProperty() {
        return pp;
    }

    public StringProperty cpProperty() {
        return cp;
    }

    public StringProperty epProperty() {
        return ep;
    }

    public StringProperty microBatchProperty() {
        return microBatch;
    }

    public ObjectProperty<String> recomputeProperty() {
        return recompute;
    }

    public ObjectProperty<String> zeroProperty() {
        return zero;
    }

    public ObjectProperty<String> attentionProperty() {
        return attention;
    }

    public ObjectProperty<String> stackProperty() {
        return stack;
    }

    public ObjectProperty<String> dispatcherProperty() {
        return dispatcher;
    }
}
