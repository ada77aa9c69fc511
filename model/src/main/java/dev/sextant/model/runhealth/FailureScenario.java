package dev.sextant.model.runhealth;

import dev.sextant.model.InputError;
import dev.sextant.model.training.Checkpointing;

/**
 * A training run and how it copes with hardware failures.
 *
 * @param gpus                      GPUs the run trains on
 * @param gpusPerNode               GPUs a node holds: a failure takes its node out
 * @param stepSeconds               seconds a step on all the GPUs
 * @param steps                     steps to train
 * @param failuresPerGpuDay         failure rate of one GPU a day (default: Llama 3's fleet, {@link #LLAMA3_FAILURES_PER_GPU_DAY})
 * @param checkpointIntervalSeconds training time between persistent checkpoints
 * @param checkpointSeconds         time to write one persistent checkpoint
 * @param async                     whether persistent checkpoints are written in the background: only a snapshot to host
 *                                  memory ({@link #ASYNC_BLOCKING_SHARE} of the write) blocks training, and the checkpoint
 *                                  counts only once its write has finished
 * @param restartSeconds            detecting a failure and restarting the job (a failure during a restart restarts it again)
 * @param spareNodes                spare nodes standing by (−1: as many as needed, the usual assumption of the closed forms)
 * @param repairHours               hours until a failed node is back (as a spare, or in the job)
 * @param elastic                   when no spare is left, continue with fewer data-parallel replicas instead of waiting
 *                                  for repairs; returning nodes rejoin at the next checkpoint, paying a restart
 * @param gpusPerReplica            GPUs of one data-parallel replica (TP × PP × CP × EP), for elastic continuation
 * @param memorySnapshotSeconds     tiered checkpointing: training time between in-memory snapshots (0: none); a snapshot
 *                                  survives a failure of one node (replicated to a peer, as Gemini does: Wang et al.,
 *                                  SOSP 2023) and is lost when several nodes fail together
 * @param memorySnapshotCost        time one in-memory snapshot blocks training
 * @param correlatedShare           share of failures that take out {@code correlatedNodes} nodes at once (a switch,
 *                                  a rack's power)
 * @param correlatedNodes           nodes such a failure takes out
 * @param elasticStepSeconds        seconds a step with fewer data-parallel replicas, as the training planner gives them
 *                                  (elastic continuation); null: the global batch spread over fewer replicas,
 *                                  stepSeconds × replicas / remaining
 */
public record FailureScenario(
        int gpus,
        int gpusPerNode,
        double stepSeconds,
        long steps,
        double failuresPerGpuDay,
        double checkpointIntervalSeconds,
        double checkpointSeconds,
        boolean async,
        double restartSeconds,
        int spareNodes,
        double repairHours,
        boolean elastic,
        int gpusPerReplica,
        double memorySnapshotSeconds,
        double memorySnapshotCost,
        double correlatedShare,
        int correlatedNodes,
        ElasticStepSeconds elasticStepSeconds) {

    /**
     * Step times of the run on fewer replicas: {@code seconds[i]} with {@code fromReplicas + i} replicas; below
     * {@code fromReplicas} the lowest is scaled by replicas (the global batch spread further).
     */
    public record ElasticStepSeconds(int fromReplicas, double[] seconds) {
        public ElasticStepSeconds {
            InputError.require(
                    fromReplicas >= 1 && seconds.length >= 1,
                    "failures.elasticStepSeconds",
                    "give at least one step time");
            for (double x : seconds) {
                InputError.require(
                        x > 0 && Double.isFinite(x), "failures.elasticStepSeconds", "step times must be positive");
            }
            seconds = seconds.clone();
        }

        double at(int replicas) {
            int i = replicas - fromReplicas;
            if (i >= seconds.length) {
                return seconds[seconds.length - 1];
            }
            return i >= 0 ? seconds[i] : seconds[0] * fromReplicas / replicas;
        }
    }

    /** Llama 3 (Dubey et al. 2024, arXiv 2407.21783, §3.3.4): 419 unexpected interruptions in 54 days on 16,384 H100 GPUs. */
    /** Simulated runs when none are asked for: the command line's and the Run health area's default alike. */
    public static final int DEFAULT_RUNS = 1000;

    public static final double LLAMA3_FAILURES_PER_GPU_DAY = 419.0 / (54 * 16384);
    /** Share of a checkpoint's write that blocks training when it is asynchronous (the snapshot to host memory). */
    public static final double ASYNC_BLOCKING_SHARE = Checkpointing.ASYNC_BLOCKING_SHARE;

    public FailureScenario {
        InputError.require(gpus >= 1, "failures.gpus", "GPUs must be at least 1");
        InputError.require(
                gpusPerNode >= 1 && gpus % gpusPerNode == 0,
                "failures.gpusPerNode",
                "GPUs per node (" + gpusPerNode + ") must divide the GPUs (" + gpus + ")");
        InputError.require(
                stepSeconds > 0 && Double.isFinite(stepSeconds),
                "failures.stepSeconds",
                "the step time must be positive");
        InputError.require(steps >= 1, "failures.steps", "steps must be at least 1");
        InputError.require(
                failuresPerGpuDay >= 0 && Double.isFinite(failuresPerGpuDay),
                "failures.rate",
                "the failure rate must not be negative");
        InputError.require(
                checkpointIntervalSeconds > 0,
                "failures.checkpointInterval",
                "the checkpoint interval must be positive");
        InputError.require(
                checkpointSeconds >= 0, "failures.checkpointSeconds", "the checkpoint time must not be negative");
        InputError.require(restartSeconds >= 0, "failures.restartSeconds", "the restart time must not be negative");
        InputError.require(spareNodes >= -1, "failures.spareNodes", "spare nodes must not be negative");
        InputError.require(repairHours > 0, "failures.repairHours", "the repair time must be positive");
        InputError.require(
                gpusPerReplica >= 1 && gpus % gpusPerReplica == 0,
                "failures.gpusPerReplica",
                "GPUs per replica (" + gpusPerReplica + ") must divide the GPUs (" + gpus + ")");
        InputError.require(
                memorySnapshotSeconds >= 0 && memorySnapshotCost >= 0,
                "failures.memorySnapshot",
                "snapshot times must not be negative");
        InputError.require(
                correlatedShare >= 0 && correlatedShare <= 1,
                "failures.correlatedShare",
                "the correlated share must be 0 to 1");
        InputError.require(
                correlatedNodes >= 1 && correlatedNodes <= gpus / gpusPerNode,
                "failures.correlatedNodes",
                "nodes a correlated failure takes out must be 1 to the " + gpus / gpusPerNode + " nodes");
    }

    /**
     * Training seconds between persistent checkpoints when none is given: Daly's optimum for the job's mean time between
     * failures and the blocking part of a write (a tenth of it when asynchronous); the whole run when nothing fails.
     */
    public static double dalyInterval(
            int gpus, double failuresPerGpuDay, double checkpointSeconds, boolean async, double idealSeconds) {
        if (!(failuresPerGpuDay > 0)) {
            return idealSeconds;
        }
        double blocking = async ? checkpointSeconds * ASYNC_BLOCKING_SHARE : checkpointSeconds;
        return Checkpointing.daly(Math.max(blocking, 1e-3), 86400 / (gpus * failuresPerGpuDay));
    }

    /** The simplest policy: synchronous checkpoints, unlimited spares, no tiers, no correlation. */
    public static FailureScenario of(
            int gpus,
            int gpusPerNode,
            double stepSeconds,
            long steps,
            double failuresPerGpuDay,
            double checkpointIntervalSeconds,
            double checkpointSeconds,
            double restartSeconds) {
        return new FailureScenario(
                gpus,
                gpusPerNode,
                stepSeconds,
                steps,
                failuresPerGpuDay,
                checkpointIntervalSeconds,
                checkpointSeconds,
                false,
                restartSeconds,
                -1,
                24,
                false,
                gpusPerNode,
                0,
                0,
                0,
                1,
                null);
    }

    public int nodes() {
        return gpus / gpusPerNode;
    }

    public int replicas() {
        return gpus / gpusPerReplica;
    }

    /** Expected failures a day at full size: GPUs × the per-GPU rate. */
    public double failuresPerDay() {
        return gpus * failuresPerGpuDay;
    }

    /** Steps × step time: the run without failures or checkpoints. */
    public double idealSeconds() {
        return steps * stepSeconds;
    }

    /** Seconds a step with {@code replicas} data-parallel replicas running. */
    public double stepSecondsWith(int replicas) {
        if (replicas >= replicas()) {
            return stepSeconds;
        }
        return elasticStepSeconds != null ? elasticStepSeconds.at(replicas) : stepSeconds * replicas() / replicas;
    }

    public FailureScenario withAsync(boolean a) {
        return new FailureScenario(
                gpus,
                gpusPerNode,
                stepSeconds,
                steps,
                failuresPerGpuDay,
                checkpointIntervalSeconds,
                checkpointSeconds,
                a,
                restartSeconds,
                spareNodes,
                repairHours,
                elastic,
                gpusPerReplica,
                memorySnapshotSeconds,
                memorySnapshotCost,
                correlatedShare,
                correlatedNodes,
                elasticStepSeconds);
    }

    public FailureScenario withCheckpointInterval(double seconds) {
        return new FailureScenario(
                gpus,
                gpusPerNode,
                stepSeconds,
                steps,
                failuresPerGpuDay,
                seconds,
                checkpointSeconds,
                async,
                restartSeconds,
                spareNodes,
                repairHours,
                elastic,
                gpusPerReplica,
                memorySnapshotSeconds,
                memorySnapshotCost,
                correlatedShare,
                correlatedNodes,
                elasticStepSeconds);
    }

    public FailureScenario withSpares(int spares, boolean elasticContinuation) {
        return new FailureScenario(
                gpus,
                gpusPerNode,
                stepSeconds,
                steps,
                failuresPerGpuDay,
                checkpointIntervalSeconds,
                checkpointSeconds,
                async,
                restartSeconds,
                spares,
                repairHours,
                elasticContinuation,
                gpusPerReplica,
                memorySnapshotSeconds,
                memorySnapshotCost,
                correlatedShare,
                correlatedNodes,
                elasticStepSeconds);
    }

    public FailureScenario withMemorySnapshots(double everySeconds, double cost) {
        return new FailureScenario(
                gpus,
                gpusPerNode,
                stepSeconds,
                steps,
                failuresPerGpuDay,
                checkpointIntervalSeconds,
                checkpointSeconds,
                async,
                restartSeconds,
                spareNodes,
                repairHours,
                elastic,
                gpusPerReplica,
                everySeconds,
                cost,
                correlatedShare,
                correlatedNodes,
                elasticStepSeconds);
    }
}
