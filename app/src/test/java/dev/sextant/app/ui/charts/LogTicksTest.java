package dev.sextant.app.ui.charts;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

/** Log-axis ticks against lists made by hand: 1-2-5 per decade, thinned as the axis runs out of room, SI-labelled. */
class LogTicksTest {

    private static List<Double> values(List<LogTicks.Tick> ticks, boolean major) {
        return ticks.stream()
                .filter(t -> t.major() == major)
                .map(LogTicks.Tick::value)
                .toList();
    }

    @Test
    void threeToFourHundredIsTickedAtOneTwoFive() {
        List<LogTicks.Tick> ticks = LogTicks.of(3, 400, 10);
        assertThat(values(ticks, true)).containsExactly(5.0, 10.0, 20.0, 50.0, 100.0, 200.0);
        assertThat(ticks.stream().filter(LogTicks.Tick::major).map(LogTicks.Tick::label))
                .containsExactly("5", "10", "20", "50", "100", "200");
        // the other integers of each decade, unlabelled
        assertThat(values(ticks, false))
                .containsExactly(3.0, 4.0, 6.0, 7.0, 8.0, 9.0, 30.0, 40.0, 60.0, 70.0, 80.0, 90.0, 300.0, 400.0);
        assertThat(ticks).extracting(LogTicks.Tick::value).isSorted();
    }

    @Test
    void latenciesBelowOneArePlainDecimals() {
        assertThat(LogTicks.labels(0.01, 10, 10))
                .containsExactly("0.01", "0.02", "0.05", "0.1", "0.2", "0.5", "1", "2", "5", "10");
    }

    @Test
    void aShortAxisThinsToOneLabelPerDecade() {
        assertThat(LogTicks.labels(0.01, 10, 5)).containsExactly("0.01", "0.1", "1", "10");
        assertThat(values(LogTicks.of(0.01, 10, 5), false)).hasSize(3 * 8); // 2…9 in each of three decades
    }

    @Test
    void wideRangesLabelEveryOtherOrEveryThirdDecade() {
        assertThat(LogTicks.labels(1, 1e9, 6)).containsExactly("1", "100", "10k", "1M", "100M");
        assertThat(LogTicks.labels(1, 1e12, 5)).containsExactly("1", "1k", "1M", "1G", "1T");
        assertThat(LogTicks.labels(1, 1e12, 4)).containsExactly("1", "1M", "1T");
    }

    @Test
    void thousandsTakeSiSuffixes() {
        assertThat(LogTicks.labels(1000, 20000, 10)).containsExactly("1k", "2k", "5k", "10k", "20k");
        assertThat(LogTicks.labels(0.5, 2e4, 20))
                .containsExactly(
                        "0.5", "1", "2", "5", "10", "20", "50", "100", "200", "500", "1k", "2k", "5k", "10k", "20k");
    }

    @Test
    void aRangeWithinOneStepIsLabelledAtEveryInteger() {
        assertThat(LogTicks.labels(0.035, 0.075, 10)).containsExactly("0.04", "0.05", "0.06", "0.07");
        assertThat(LogTicks.labels(3, 4.5, 10)).containsExactly("3", "4");
        // within a decade, two 1-2-5 labels are too few to read a value off (a TPOT axis over 0.03–0.12 s)
        assertThat(LogTicks.labels(0.04, 0.12, 10))
                .containsExactly("0.04", "0.05", "0.06", "0.07", "0.08", "0.09", "0.1");
        assertThat(LogTicks.labels(0.04, 0.12, 4))
                .as("where they do not fit, 1-2-5")
                .containsExactly("0.05", "0.1");
    }

    @Test
    void labels() {
        assertThat(LogTicks.label(1)).isEqualTo("1");
        assertThat(LogTicks.label(1500)).isEqualTo("1.5k");
        assertThat(LogTicks.label(2e6)).isEqualTo("2M");
        assertThat(LogTicks.label(5e9)).isEqualTo("5G");
        assertThat(LogTicks.label(0.3)).isEqualTo("0.3");
        assertThat(LogTicks.label(0.0005)).isEqualTo("0.0005");
        assertThat(LogTicks.label(5e-5)).isEqualTo("5e-5");
        assertThat(LogTicks.label(0)).isEqualTo("0");
    }

    @Test
    void minorTicksAreDecadesOnlyBeyondADozenDecades() {
        assertThat(values(LogTicks.of(1, 1e15, 4), false))
                .allSatisfy(v -> assertThat(Math.log10(v)).isCloseTo(Math.rint(Math.log10(v)), Offset.offset(1e-9)));
    }

    @Test
    void noTicksForARangeALogScaleCannotShow() {
        assertThat(LogTicks.of(0, 10, 10)).isEmpty();
        assertThat(LogTicks.of(10, 1, 10)).isEmpty();
        assertThat(LogTicks.of(1, Double.POSITIVE_INFINITY, 10)).isEmpty();
    }
}
