package dev.sextant.model.serving;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class RoundQueueTest {

    private static ScheduledSequence seq(int i) {
        return new ScheduledSequence(i, new BatchingSimulator.Request(0, 10, 10));
    }

    @Test
    void givesWhatIsDueInRoundOrderAndSkipsStaleEntries() {
        RoundQueue q = new RoundQueue();
        SplittableRandom r = new SplittableRandom(3);
        List<ScheduledSequence> all = new ArrayList<>();
        long[] due = new long[500];
        for (int i = 0; i < 500; i++) {
            ScheduledSequence s = seq(i);
            all.add(s);
            due[i] = r.nextInt(100);
            q.add(due[i], s);
        }
        // every third one re-keyed: its first entry goes stale, the new one counts
        for (int i = 0; i < 500; i += 3) {
            all.get(i).stamp++;
            due[i] = 100 + r.nextInt(50);
            q.add(due[i], all.get(i));
        }
        long last = -1;
        int seen = 0;
        for (long round = 0; round < 200; round++) {
            for (ScheduledSequence s = q.pollDue(round); s != null; s = q.pollDue(round)) {
                assertThat(due[s.index]).isLessThanOrEqualTo(round).isGreaterThanOrEqualTo(last);
                last = due[s.index];
                seen++;
            }
        }
        assertThat(seen).isEqualTo(500); // each once, at its current round
        assertThat(q.pollDue(Long.MAX_VALUE)).isNull();
    }
}
