package dev.sextant.model.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ProgressListenerTest {

    @Test
    void aSliceMapsItsRangeIntoTheParents() {
        List<Double> seen = new ArrayList<>();
        ProgressListener parent = (f, m) -> seen.add(f);
        ProgressListener second = parent.slice(0.5, 0.75);
        second.progress(0, "start");
        second.progress(0.5, "half");
        second.progress(1, "end");
        second.progress(2, "clamped");
        second.progress(Double.NaN, "unknown");
        assertThat(seen).containsExactly(0.5, 0.625, 0.75, 0.75, Double.NaN);
        assertThat(parent.slice(0.5, 0.75).slice(0, 0.5)).isNotNull();
    }

    @Test
    void slicesMustLieInsideTheUnitRange() {
        assertThatThrownBy(() -> ProgressListener.NONE.slice(0.6, 0.4)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ProgressListener.NONE.slice(-0.1, 0.4)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void cancellationUnwindsOnlyOnceRequested() {
        CancellationToken token = new CancellationToken();
        token.throwIfCancelled();
        assertThat(token.isCancelled()).isFalse();
        token.cancel();
        assertThatThrownBy(token::throwIfCancelled).isInstanceOf(CancelledException.class);
    }
}
