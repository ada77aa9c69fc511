package dev.sextant.scale;

import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.CancelledException;
import dev.sextant.model.job.ProgressListener;
import java.io.Serializable;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BiConsumer;
import org.apache.spark.SparkJobInfo;
import org.apache.spark.SparkStageInfo;
import org.apache.spark.api.java.JavaFutureAction;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.api.java.function.Function;

/**
 * Runs one task per input on Spark, in waves of eight tasks a core: each wave is one Spark job, and its
 * outcomes are handed to the caller (to keep them) before the next wave starts, so that a run stopped or failed part
 * way keeps every wave it finished. Progress comes from Spark's status tracker (tasks completed); Cancel cancels the
 * running job.
 */
final class Waves {

    private Waves() {}

    /**
     * @param returned told of each input's value, in input order within a wave
     * @throws dev.sextant.model.BadInputException the first input a wave failed on, after that wave's other values
     *                                                 were handed over
     */
    static <I extends Serializable, O extends Serializable> void run(
            JavaSparkContext sc,
            String label,
            List<I> inputs,
            Function<I, TaskOutcome<O>> task,
            BiConsumer<I, O> returned,
            ProgressListener progress,
            CancellationToken cancel) {
        String group = "sextant-" + UUID.randomUUID();
        sc.setJobGroup(group, label, true);
        // eight tasks a core a wave: a wave's last tasks leave cores idle and each job costs a little to start, while a
        // run stopped part way keeps every finished wave (2 a core made a local[1] scan run at 40 % of its speed)
        int wave = Math.max(16, 8 * sc.defaultParallelism());
        try {
            for (int from = 0; from < inputs.size(); from += wave) {
                cancel.throwIfCancelled(); // not a job started to be cancelled at once
                List<I> part = List.copyOf(inputs.subList(from, Math.min(inputs.size(), from + wave)));
                JavaFutureAction<List<TaskOutcome<O>>> job =
                        sc.parallelize(part, part.size()).map(task).collectAsync();
                List<TaskOutcome<O>> outcomes = null;
                while (outcomes == null) {
                    if (cancel.isCancelled()) {
                        sc.cancelJobGroup(group);
                        job.cancel(true);
                        throw new CancelledException();
                    }
                    progress.progress(
                            (from + part.size() * completed(sc, job)) / inputs.size(),
                            label + ": " + inputs.size() + " tasks on Spark");
                    try {
                        outcomes = job.get(200, TimeUnit.MILLISECONDS); // back as soon as the wave is
                    } catch (TimeoutException stillRunning) {
                        // look at Cancel and progress again
                    }
                }
                TaskOutcome<O> failed = null;
                for (int i = 0; i < part.size(); i++) {
                    TaskOutcome<O> o = outcomes.get(i);
                    if (o.failed()) {
                        failed = failed == null ? o : failed;
                    } else {
                        returned.accept(part.get(i), o.value);
                    }
                }
                if (failed != null) {
                    throw failed.problem();
                }
            }
        } catch (ExecutionException e) {
            Throwable c = e.getCause() == null ? e : e.getCause();
            // the task could not run at all (an executor lost, a class missing on the cluster): Spark's own words
            throw new IllegalStateException("the Spark job failed: " + c.getMessage(), c);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            sc.cancelJobGroup(group);
            throw new CancelledException();
        } finally {
            sc.clearJobGroup();
        }
    }

    /** The share of the job's tasks completed, from the status tracker. */
    private static double completed(JavaSparkContext sc, JavaFutureAction<?> job) {
        int total = 0;
        int completed = 0;
        for (Integer id : job.jobIds()) {
            SparkJobInfo info = sc.statusTracker().getJobInfo(id);
            if (info == null) {
                continue;
            }
            for (int stage : info.stageIds()) {
                SparkStageInfo st = sc.statusTracker().getStageInfo(stage);
                if (st != null) {
                    total += st.numTasks();
                    completed += st.numCompletedTasks();
                }
            }
        }
        return total == 0 ? 0 : (double) completed / total;
    }
}
