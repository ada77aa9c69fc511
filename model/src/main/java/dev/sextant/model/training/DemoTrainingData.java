package dev.sextant.model.training;

import dev.sextant.model.architecture.ModelCatalog;
import dev.sextant.model.hardware.GpuCatalog;
import dev.sextant.model.hardware.GpuSpec;
import dev.sextant.model.hardware.Precision;
import java.util.List;

/**
 * The Training area's demo content: layouts NVIDIA published benchmarks for (dgxc-benchmarking, NeMo; see
 * docs/validation/training-measurements.md, cases D5 and D7), costed by the planner, with Llama 3's failure rate.
 */
public final class DemoTrainingData {

    /** A plan to seed: its name, what it answers, the costed plan, and the fault-tolerance inputs. */
    public record DemoPlan(String name, TrainingRequest request, TrainingPlan plan, FaultTolerance.Spec faults) {}

    private DemoTrainingData() {}

    public static List<DemoPlan> plans() {
        return List.of(
                plan(
                        "Llama 3 70B on 64 H100, NVIDIA's benchmark layout",
                        "llama-3-70b",
                        64,
                        8192,
                        128,
                        2e11,
                        new TrainingLayout(4, 4, 2, 2, 1, 5, 1, 1, Recompute.NONE, true, Precision.BF16, true)),
                plan(
                        "Llama 3 8B on 8 H100, NVIDIA's benchmark layout",
                        "llama-3-8b",
                        8,
                        8192,
                        128,
                        1e11,
                        new TrainingLayout(1, 1, 4, 2, 1, 1, 1, 1, Recompute.NONE, false, Precision.BF16, true)));
    }

    private static DemoPlan plan(
            String name, String model, int gpus, int seq, int batch, double tokens, TrainingLayout layout) {
        GpuSpec h100 = GpuCatalog.get("h100-sxm");
        TrainingRequest r = TrainingRequest.builder(ModelCatalog.get(model), h100)
                .cluster(gpus, 8)
                .batch(seq, batch)
                .tokens(tokens)
                .fixed(new LayoutSearch.Fixed(
                        layout.tp(),
                        layout.pp(),
                        layout.cp(),
                        layout.ep(),
                        layout.vpp(),
                        layout.microBatch(),
                        layout.zeroStage(),
                        layout.recompute(),
                        layout.sequenceParallel(),
                        layout.precision(),
                        layout.fusedAttention()))
                .build();
        TrainingPlan p = r.planner(ComputeEfficiency.DEFAULTS).plan(layout, tokens);
        return new DemoPlan(name, r, p, FaultTolerance.Spec.defaults());
    }
}
