package dev.sextant.model.serving.validation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sextant.model.io.ServingRunsCsv;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The serving simulator against the bundled published measurements; writes the full report to
 * model/target/serving-validation.md.
 */
class ServingValidationTest {

    @Test
    void reportOverTheBundledMeasurements() throws Exception {
        ServingValidation v = new ServingValidation(ServingRunsCsv.bundled());
        ServingReport report = v.evaluate(ServingValidation::simulate);
        Files.writeString(Path.of("target", "serving-validation.md"), report.markdown());
        assertThat(v.sourceGroups()).hasSizeGreaterThanOrEqualTo(8);
        assertThat(report.predictions()).hasSize(v.runs().size());
    }
}
