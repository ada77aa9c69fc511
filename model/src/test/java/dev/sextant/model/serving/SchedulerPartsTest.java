package dev.sextant.model.serving;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The simulator's parts, each on its own with values worked by hand. */
class SchedulerPartsTest {

    private static final BatchingSimulator.Scheduler PLAIN = new BatchingSimulator.Scheduler(8, 100, true, 16, 10);
    private static final BatchingSimulator.Scheduler RESERVING =
            new BatchingSimulator.Scheduler(8, 100, true, 16, 10, KvCacheLayout.uniform(16), true);

    @Test
    void thePoolGivesTakesBackAndKeepsTheReserve() {
        KvBlockPool pool = new KvBlockPool(10);
        ScheduledSequence q = new ScheduledSequence(0, new BatchingSimulator.Request(0, 40, 8));
        assertThat(pool.fits(8, 2)).isTrue();
        assertThat(pool.fits(9, 2))
                .as("two blocks kept for this step's decodes")
                .isFalse();
        pool.take(q, 3);
        assertThat(q.blocks).isEqualTo(3);
        assertThat(pool.used()).isCloseTo(0.3, within(1e-15));
        pool.release(q);
        assertThat(pool.free()).isEqualTo(10);
    }

    /** Front end of 0.5 s a request: arrivals 0, 0.1, 2 are handed over at 0.5, 1.0 and 2.5. */
    @Test
    void theFrontEndTakesRequestsInTurn() {
        List<BatchingSimulator.Request> r = List.of(
                new BatchingSimulator.Request(0, 10, 1),
                new BatchingSimulator.Request(0.1, 10, 1),
                new BatchingSimulator.Request(2, 10, 1));
        ArrivalClock clock = new ArrivalClock(r, 0, 0.5);
        Deque<ScheduledSequence> waiting = new ArrayDeque<>();
        clock.handOver(0.9, waiting);
        assertThat(waiting).hasSize(1);
        assertThat(clock.nextReady()).isEqualTo(1.0);
        clock.handOver(2.5, waiting);
        assertThat(waiting).extracting(q -> q.index).containsExactly(0, 1, 2);
        assertThat(clock.horizon()).isEqualTo(2);
    }

    /** A closed loop of 2: the third request is sent when the first finishes, at 3 s, and handed over at once. */
    @Test
    void aClosedLoopSendsTheNextRequestWhenOneFinishes() {
        List<BatchingSimulator.Request> r = List.of(
                new BatchingSimulator.Request(5, 10, 1),
                new BatchingSimulator.Request(6, 10, 1),
                new BatchingSimulator.Request(7, 10, 1));
        ArrivalClock clock = new ArrivalClock(r, 2, 0);
        Deque<ScheduledSequence> waiting = new ArrayDeque<>();
        clock.handOver(0, waiting);
        assertThat(waiting).hasSize(2);
        assertThat(clock.nextReady()).isInfinite();
        clock.finished(1, 3);
        assertThat(clock.arrival(2)).isEqualTo(3);
        assertThat(clock.nextReady()).isEqualTo(3);
        assertThat(clock.horizon()).as("a closed loop has no arrival period").isZero();
    }

    @Test
    void chunkedPrefillSharesTheBudgetWithDecodesAndWholePromptsRunAlone() {
        Admission chunked = Admission.of(PLAIN);
        assertThat(chunked.budget(100, 30)).isEqualTo(70);
        assertThat(chunked.chunk(250, 70)).isEqualTo(70);
        assertThat(chunked.fits(70, 70, false, 100)).isTrue();
        assertThat(chunked.decodesBesidePrefill()).isTrue();
        Admission whole = Admission.of(new BatchingSimulator.Scheduler(8, 100, false, 16, 10));
        assertThat(whole.budget(100, 30)).isEqualTo(100);
        assertThat(whole.chunk(250, 100)).isEqualTo(250);
        assertThat(whole.fits(250, 100, true, 100))
                .as("a prompt larger than the budget runs alone")
                .isTrue();
        assertThat(whole.fits(250, 100, false, 100))
                .as("but not beside another")
                .isFalse();
        assertThat(whole.fits(60, 40, false, 100)).isFalse();
        assertThat(whole.decodesBesidePrefill()).isFalse();
    }

    /** A fresh request of 40 prompt and 8 output tokens, its first chunk 20: vLLM takes blocks for 20, TensorRT-LLM for 48. */
    @Test
    void reservingTakesTheWholeOutputAtAdmission() {
        ScheduledSequence q = new ScheduledSequence(0, new BatchingSimulator.Request(0, 40, 8));
        assertThat(Reservation.of(PLAIN).context(q, 20, true)).isEqualTo(20);
        assertThat(Reservation.of(RESERVING).context(q, 20, true)).isEqualTo(48);
        q.prefilled = 20;
        assertThat(Reservation.of(RESERVING).context(q, 20, false))
                .as("a continued prompt holds its output already")
                .isEqualTo(40);
        assertThat(Reservation.of(PLAIN).transferredContext(q)).isEqualTo(40);
        assertThat(Reservation.of(RESERVING).transferredContext(q)).isEqualTo(48);
    }

    /**
     * Arrived at 1 s, first token at 1.5 s, finished at 3.5 s with 5 output tokens: TTFT 0.5 s, end to end 2.5 s, TPOT
     * (2.5 − 0.5) / 4 = 0.5 s. KV use 0.5 for a 2 s step from t = 0 of a 10 s arrival period: slices 0.
     */
    @Test
    void theRecordKeepsLatenciesAndKvUseOverTime() {
        RunRecord record = new RunRecord(1, 10);
        ScheduledSequence q = new ScheduledSequence(0, new BatchingSimulator.Request(1, 10, 5));
        q.firstToken = 1.5;
        record.step(0, 2, 0.5);
        record.produced(5);
        record.finished(q, 1, 3.5);
        BatchingSimulator.Outcome o = record.outcome(3.5, 3, 0);
        assertThat(o.ttft()[0]).isEqualTo(0.5);
        assertThat(o.e2e()[0]).isEqualTo(2.5);
        assertThat(o.tpot()[0]).isEqualTo(0.5);
        assertThat(o.outputTokens()).isEqualTo(5);
        assertThat(o.meanKvUtilisation()).isCloseTo(1.0 / 3.5, within(1e-15));
        assertThat(o.kvUtilisation()[0]).isEqualTo(0.5);
        assertThat(o.kvSeriesSeconds()).isCloseTo(10.0 / BatchingSimulator.KV_SERIES_POINTS, within(1e-15));
    }
}
