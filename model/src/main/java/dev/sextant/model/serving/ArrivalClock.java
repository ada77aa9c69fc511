package dev.sextant.model.serving;

import java.util.Deque;
import java.util.List;

/**
 * When each request reaches the scheduler: its arrival (or, in a closed loop, when an earlier one finishes) and then the
 * front end, which takes each request in turn for {@code frontendSeconds} before handing it over.
 */
final class ArrivalClock {

    private final List<BatchingSimulator.Request> requests;
    private final int concurrency;
    private final double frontendSeconds;
    private final double[] arrival;
    private final double[] ready; // when the front end hands a request to the scheduler, in arrival order
    private double frontFree;
    private int next;

    ArrivalClock(List<BatchingSimulator.Request> requests, int concurrency, double frontendSeconds) {
        this.requests = requests;
        this.concurrency = concurrency;
        this.frontendSeconds = frontendSeconds;
        int n = requests.size();
        arrival = new double[n];
        ready = new double[n];
        for (int i = 0; i < n; i++) {
            arrival[i] = concurrency > 0
                    ? (i < concurrency ? 0 : Double.POSITIVE_INFINITY)
                    : requests.get(i).arrival();
            ready[i] = arrival[i] == Double.POSITIVE_INFINITY
                    ? arrival[i]
                    : Math.max(arrival[i], frontFree) + frontendSeconds;
            if (ready[i] != Double.POSITIVE_INFINITY) {
                frontFree = ready[i];
            }
        }
    }

    /** The period the arrivals span (0 in a closed loop, whose arrivals follow the run). */
    double horizon() {
        return requests.isEmpty()
                ? 0
                : concurrency > 0 ? 0 : requests.get(requests.size() - 1).arrival();
    }

    /** Queues every request handed over by {@code t}. */
    void handOver(double t, Deque<ScheduledSequence> waiting) {
        while (next < requests.size() && ready[next] <= t) {
            waiting.addLast(new ScheduledSequence(next, requests.get(next)));
            next++;
        }
    }

    /** When the next request is handed over. */
    double nextReady() {
        return ready[next];
    }

    double arrival(int i) {
        return arrival[i];
    }

    /** {@code done} requests have finished at {@code t}: a closed-loop client sends its next one. */
    void finished(int done, double t) {
        int n = requests.size();
        if (concurrency > 0 && done + concurrency - 1 < n) {
            int sent = done + concurrency - 1;
            arrival[sent] = t;
            ready[sent] = Math.max(t, frontFree) + frontendSeconds;
            frontFree = ready[sent];
        }
    }
}
