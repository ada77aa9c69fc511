package dev.sextant.model.serving.validation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.sextant.model.io.ServingRunsCsv;
import dev.sextant.model.serving.ServingFit;
import dev.sextant.model.serving.ServingIntervals;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;

/**
 * The serving simulator's held-out accuracy: the {@link ServingFit} constants refitted without each source group (and
 * without each organisation), every measurement predicted by a fit that never saw its source. About 25 minutes on two
 * cores, so outside the default test run:
 * {@code SEXTANT_VALIDATION=1 mvn -o -q test -pl model -Dtest=ServingLosoTest}; the report goes to
 * model/target/serving-validation-loso.md.
 */
@EnabledIfEnvironmentVariable(named = "SEXTANT_VALIDATION", matches = "1")
class ServingLosoTest {

    @Test
    void leaveOneSourceOutAndTheDefaultFit() throws Exception {
        List<PublishedServingRun> runs = ServingRunsCsv.bundled();
        ServingFit all = ServingFitting.fit(runs);
        ServingValidation v = new ServingValidation(runs);
        ServingReport loso = v.loso(ServingFitting.fitted());
        ServingReport looo = v.looo(ServingFitting.fitted());
        ServingReport inSample = v.evaluate(ServingValidation.simulator(ServingFit.DEFAULT));
        Files.writeString(
                Path.of("target", "serving-validation-loso.md"),
                "Fit on all measurements: " + all + "\n\nIntervals: "
                        + loso.intervals() + "\n\n" + loso.markdown()
                        + "\n" + looo.markdown() + "\n" + inSample.markdown());
        // the shipped constants are this fit, rounded
        assertThat(ServingFit.DEFAULT.hopperCompute()).isCloseTo(all.hopperCompute(), within(0.02));
        assertThat(ServingFit.DEFAULT.ampereCompute()).isCloseTo(all.ampereCompute(), within(0.02));
        assertThat(ServingFit.DEFAULT.cdna3Compute()).isCloseTo(all.cdna3Compute(), within(0.02));
        assertThat(ServingFit.DEFAULT.expertSeconds()).isCloseTo(all.expertSeconds(), within(1e-6));
        assertThat(ServingFit.DEFAULT.requestSeconds()).isCloseTo(all.requestSeconds(), within(1e-3));
        assertThat(loso.predictions()).hasSize(runs.size());
        // the intervals every serving prediction carries are these held-out errors
        ServingIntervals i = loso.intervals();
        ServingIntervals shipped = ServingIntervals.DEFAULT;
        assertThat(shipped.throughput().low()).isCloseTo(i.throughput().low(), within(0.01));
        assertThat(shipped.throughput().high()).isCloseTo(i.throughput().high(), within(0.01));
        assertThat(shipped.ttft().low()).isCloseTo(i.ttft().low(), within(0.01));
        assertThat(shipped.ttft().high()).isCloseTo(i.ttft().high(), within(0.01));
        assertThat(shipped.tpot().low()).isCloseTo(i.tpot().low(), within(0.01));
        assertThat(shipped.tpot().high()).isCloseTo(i.tpot().high(), within(0.01));
    }
}
