package dev.sextant.model.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.sextant.model.InputError;
import org.junit.jupiter.api.Test;

/** The cluster cost model against hand calculations. */
class ClusterSizingTest {

    @Test
    void aScanOfTenTerabytesOnTwoHundredFiftySixCoresByHand() {
        // 10 TB / 32 MiB = 298,024 units (298,023.2 rounded up); ⌈298,024 / 256⌉ = 1,165 waves;
        // 1,165 × 33,554,432 B / 200 MB/s = 195.46 s; + 8 s start-up = 203.46 s
        ClusterSizing.Estimate e = ClusterSizing.SCAN.estimate(
                10e12, 256, ClusterSizing.DEFAULT_UNIT_BYTES, 3000, Double.POSITIVE_INFINITY);
        assertThat(e.seconds()).isCloseTo(8 + 1165 * 33_554_432.0 / 200e6, within(1e-6));
        assertThat(e.seconds()).isCloseTo(203.46, within(0.01));
        assertThat(e.driverBytes()).isZero();
    }

    @Test
    void slowStorageHoldsTheRateAndTheLastWaveRunsAlone() {
        // 100 units of 1 GB on 64 cores: 2 waves, each 1 GB at min(200, 50) MB/s = 20 s → 40 s + 8 s
        ClusterSizing.Estimate e = ClusterSizing.SCAN.estimate(100e9, 64, 1e9, 3000, 50);
        assertThat(e.seconds()).isCloseTo(48, within(1e-9));
        // a corpus smaller than a unit is one unit of its own size
        assertThat(ClusterSizing.SCAN.estimate(1e6, 8, 1e9, 3000, 1e9).seconds())
                .isCloseTo(8 + 1e6 / 200e6, within(1e-12));
    }

    @Test
    void nearDeduplicationRunsOnTheClusterAtItsMeasuredRate() {
        // 1 TB of 3 kB documents: 333.3 M documents; 29,803 units on 1,024 cores = 30 waves × 33,554,432 B / 26 MB/s
        // = 38.72 s, plus 8 s; no driver term (the clusters are found on the cluster)
        ClusterSizing.Estimate e = ClusterSizing.NEAR.estimate(
                1e12, 1024, ClusterSizing.DEFAULT_UNIT_BYTES, 3000, Double.POSITIVE_INFINITY);
        assertThat(e.documents()).isCloseTo(333.333e6, within(1e3));
        assertThat(e.driverBytes()).isZero();
        assertThat(e.seconds()).isCloseTo(8 + 30 * 33_554_432.0 / 26e6, within(1e-6));
        assertThat(e.seconds()).isCloseTo(46.72, within(0.01));
    }

    @Test
    void exactDeduplicationAddsTheDriversMatchingAndMemory() {
        // 1 TB of 3 kB documents: matching 333.3e6 × 1.8 µs = 600 s; memory 333.3e6 × 250 B = 83.3 GB;
        // reading 30 waves × 33,554,432 B / 200 MB/s = 5.033 s
        ClusterSizing.Estimate e = ClusterSizing.EXACT.estimate(
                1e12, 1024, ClusterSizing.DEFAULT_UNIT_BYTES, 3000, Double.POSITIVE_INFINITY);
        assertThat(e.driverBytes()).isCloseTo(83.333e9, within(1e6));
        assertThat(e.seconds()).isCloseTo(8 + 600 + 5.033, within(0.001));
    }

    @Test
    void sizesAreReadInDecimalAndBinaryUnits() {
        assertThat(ClusterSizing.parseBytes("b", "10TB")).isEqualTo(10e12);
        assertThat(ClusterSizing.parseBytes("b", "32MiB")).isEqualTo(33_554_432.0);
        assertThat(ClusterSizing.parseBytes("b", "1.5 pb")).isEqualTo(1.5e15);
        assertThat(ClusterSizing.parseBytes("b", "5e11")).isEqualTo(5e11);
        assertThatThrownBy(() -> ClusterSizing.parseBytes("--corpus-bytes", "ten TB"))
                .isInstanceOf(InputError.class)
                .hasMessageContaining("expected a size such as 10TB");
    }

    @Test
    void nonsenseIsRefusedByName() {
        assertThatThrownBy(() -> ClusterSizing.SCAN.estimate(0, 8, 1, 1, 1))
                .isInstanceOf(InputError.class)
                .hasMessageContaining("corpus size");
        assertThatThrownBy(() -> ClusterSizing.of("fuzzy"))
                .isInstanceOf(InputError.class)
                .hasMessageContaining("expected scan, near or exact");
    }
}
