package dev.sextant.model.job;

import java.util.concurrent.CompletionException;
import java.util.concurrent.ForkJoinPool;
import java.util.function.IntConsumer;
import java.util.function.Supplier;
import java.util.stream.IntStream;

/**
 * Work spread over a number of threads in a pool of its own (parallel streams inside it use that pool, not the
 * JVM's common one), the pool shut down afterwards and the first failure rethrown as it was thrown — a cancellation stays
 * a {@link CancelledException}, a bad file a {@code BadInputException}.
 */
public final class Parallel {

    private Parallel() {}

    /** {@code work} on {@code threads} threads (0 or less: the common pool, as many as cores). */
    public static <T> T within(int threads, Supplier<T> work) {
        if (threads <= 0) {
            return work.get();
        }
        ForkJoinPool pool = new ForkJoinPool(threads);
        try {
            return pool.submit(work::get).join();
        } catch (RuntimeException e) {
            Throwable c = e instanceof CompletionException && e.getCause() != null ? e.getCause() : e;
            throw c instanceof RuntimeException r ? r : e;
        } finally {
            pool.shutdown();
        }
    }

    /** {@code work(i)} for every i in [0, n), in any order, on {@code threads} threads. */
    public static void forEach(int n, int threads, IntConsumer work) {
        within(threads, () -> {
            IntStream.range(0, n).parallel().forEach(work);
            return null;
        });
    }
}
