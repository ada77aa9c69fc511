package dev.sextant.model.training.validation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sextant.model.io.TrainingRunsCsv;
import dev.sextant.model.training.ComputeEfficiency;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The shipped training planner on published runs it was never fitted to (validation/training-heldout.csv): AMD MI250X,
 * LUMI's Megatron-DeepSpeed runs of 7B to 173B GPT models on 32 to 2,048 GCDs and Frontier's torchtitan Llama 3 8B on
 * 64. Writes model/target/training-heldout.md. The bounds are today's figures, so a change that makes these worse
 * fails; they are not a target.
 */
class TrainingHeldOutTest {

    @Test
    void thePlannerOnHeldOutRuns() throws Exception {
        List<PublishedRun> runs = TrainingRunsCsv.read(Path.of(
                getClass().getResource("/validation/training-heldout.csv").toURI()));
        ValidationReport report =
                new TrainingValidation(runs).heldOut(TrainingValidation.planner(ComputeEfficiency.DEFAULTS));
        Files.writeString(Path.of("target", "training-heldout.md"), report.markdown());
        assertThat(report.predictions()).hasSize(runs.size());
        ErrorSummary all = report.overall();
        // today 21.6 % over 9, every run planned faster than it ran: LUMI's Megatron-DeepSpeed 15-31 % (the 173B
        // strong-scaling series from 128 to 2,048 GCDs keeps its shape, 67 to 40 TFLOP/s measured, 79 to 52 planned),
        // Frontier's torchtitan 22 %; no constant of the planner is fitted on AMD runs
        assertThat(all.meanAbsolute()).as(report.markdown()).isLessThan(0.25);
        assertThat(all.optimistic()).isEqualTo(runs.size());
    }
}
