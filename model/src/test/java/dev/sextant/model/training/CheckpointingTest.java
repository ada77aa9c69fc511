package dev.sextant.model.training;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.sextant.model.InputError;
import dev.sextant.model.architecture.ModelArchitecture;
import dev.sextant.model.architecture.ModelCatalog;
import org.junit.jupiter.api.Test;

class CheckpointingTest {

    @Test
    void youngAndDalyWorkedExample() {
        // C = 120 s, M = 3 h → Young 1610 s, Daly 1531 s (Daly 2006, Eq. 37)
        assertThat(Checkpointing.young(120, 3 * 3600)).isCloseTo(1609.97, within(0.01));
        assertThat(Checkpointing.daly(120, 3 * 3600)).isCloseTo(1530.96, within(0.01));
        assertThat(Checkpointing.daly(5000, 2000))
                .as("C ≥ 2M: checkpoint every MTBF")
                .isEqualTo(2000);
    }

    @Test
    void theSeedsExampleTenFailuresADay() {
        // 1/1000 per accelerator-day on 10,000 accelerators
        Checkpointing c = Checkpointing.plan(10_000, 0.001, 120, 600, false);
        assertThat(c.failuresPerDay()).isCloseTo(10, within(1e-9));
        assertThat(c.mtbfSeconds()).isCloseTo(8640, within(1e-9));
        assertThat(c.dalyIntervalSeconds()).isCloseTo(Checkpointing.daly(120, 8640), within(1e-9));
        // by hand: Daly ≈ 1440 × 1.02855 − 120 = 1361 s; Daly's Eq. 13 wall time per useful second M e^{R/M}
        // (e^{(τ+δ)/M} − 1) / τ = 8640 × e^{0.06944} × (e^{1481.1/8640} − 1) / 1361.1 = 8640 × 1.07191 × 0.18699 /
        // 1361.1 = 1.2723: goodput 0.786 (the first-order form said 0.776)
        assertThat(c.dalyIntervalSeconds()).isCloseTo(1361.1, within(0.5));
        assertThat(c.goodput()).isCloseTo(0.7859, within(0.0005));
        Checkpointing async = Checkpointing.plan(10_000, 0.001, 120, 600, true);
        assertThat(async.goodput()).isGreaterThan(c.goodput());
        assertThat(async.dalyIntervalSeconds()).isLessThan(c.dalyIntervalSeconds());
    }

    @Test
    void badArgumentsSayWhichInput() {
        assertThatThrownBy(() -> Checkpointing.plan(0, 0.001, 1, 1, false))
                .isInstanceOf(InputError.class)
                .hasFieldOrPropertyWithValue("field", "training.gpus")
                .hasMessage("GPUs must be at least 1");
        assertThatThrownBy(() -> Checkpointing.plan(8, 0, 1, 1, false))
                .hasFieldOrPropertyWithValue("field", "training.failures")
                .hasMessage("failures per GPU-day must be positive");
    }

    @Test
    void aPlansCheckpointIsFourteenBytesPerParameterWrittenAtTheStorageRate() {
        ModelArchitecture m = ModelCatalog.get("llama-2-70b");
        FaultTolerance f = FaultTolerance.of(m, 1024, 30, new FaultTolerance.Spec(0.001, 50, 600, false));
        assertThat(f.checkpointBytes()).isEqualTo(14.0 * 68_976_648_192L);
        assertThat(f.checkpointSeconds()).isCloseTo(14.0 * 68_976_648_192L / 50e9, within(1e-9)); // ≈ 19.3 s
        assertThat(f.checkpointing().mtbfSeconds()).isCloseTo(86400 / 1.024, within(1e-6));
        assertThat(f.expectedDays())
                .isCloseTo(30 / f.checkpointing().goodput(), within(1e-12))
                .isGreaterThan(30);
        assertThat(FaultTolerance.of(m, 1024, Double.NaN, FaultTolerance.Spec.defaults())
                        .expectedDays())
                .isNaN();
    }
}
