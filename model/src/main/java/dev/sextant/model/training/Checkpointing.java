package dev.sextant.model.training;

import dev.sextant.model.InputError;

/**
 * Checkpoint intervals against failures.
 *
 * <ul>
 *   <li>Job MTBF = per-GPU MTBF / GPUs, failures independent: with a per-GPU failure rate of r per day, N GPUs fail
 *       N r times a day.</li>
 *   <li>Young (CACM 1974): T = √(2 C M) for checkpoint cost C and mean time between failures M.</li>
 *   <li>Daly (FGCS 2006, Eq. 37): T = √(2 C M) [1 + ⅓ √(C / 2M) + ⅑ (C / 2M)] − C for C &lt; 2M, else M.</li>
 *   <li>Goodput: Daly (FGCS 2006, Eq. 13), expected wall time M e^{R/M} (e^{(τ+δ)/M} − 1) T_s/τ for restart R,
 *       interval τ and blocking write δ (only the snapshot when checkpointing is asynchronous).</li>
 * </ul>
 *
 * @param mtbfSeconds          mean time between failures of the whole job
 * @param youngIntervalSeconds Young's interval
 * @param dalyIntervalSeconds  Daly's interval (the one used)
 * @param goodput              useful time over wall time at Daly's interval
 * @param failuresPerDay       expected failures a day
 */
public record Checkpointing(
        double mtbfSeconds,
        double youngIntervalSeconds,
        double dalyIntervalSeconds,
        double goodput,
        double failuresPerDay) {

    /** Share of a checkpoint's cost that blocks training when checkpointing is asynchronous (the host snapshot). */
    public static final double ASYNC_BLOCKING_SHARE = 0.1;

    public static double young(double cost, double mtbf) {
        return Math.sqrt(2 * cost * mtbf);
    }

    public static double daly(double cost, double mtbf) {
        if (cost >= 2 * mtbf) {
            return mtbf;
        }
        double r = cost / (2 * mtbf);
        return Math.sqrt(2 * cost * mtbf) * (1 + Math.sqrt(r) / 3 + r / 9) - cost;
    }

    /**
     * @param gpus                GPUs in the job
     * @param failuresPerGpuDay   failure rate of one GPU per day
     * @param checkpointSeconds   time to write one checkpoint
     * @param restartSeconds      detection plus restart time after a failure
     * @param async               whether checkpoints are written asynchronously (only a snapshot blocks)
     */
    public static Checkpointing plan(
            int gpus, double failuresPerGpuDay, double checkpointSeconds, double restartSeconds, boolean async) {
        if (gpus < 1) {
            throw new InputError("training.gpus", "GPUs must be at least 1");
        }
        if (!(failuresPerGpuDay > 0)) {
            throw new InputError("training.failures", "failures per GPU-day must be positive");
        }
        if (!(checkpointSeconds > 0)) {
            throw new InputError("training.checkpointSeconds", "the checkpoint time must be positive");
        }
        if (restartSeconds < 0) {
            throw new InputError("training.restartSeconds", "the restart time must not be negative");
        }
        double failuresPerDay = gpus * failuresPerGpuDay;
        double mtbf = 86400 / failuresPerDay;
        double blocking = async ? checkpointSeconds * ASYNC_BLOCKING_SHARE : checkpointSeconds;
        double young = young(blocking, mtbf);
        double interval = daly(blocking, mtbf);
        // Daly (2006), Eq. 13: with exponential failures (also during restarts), a run of T_s useful seconds takes
        // M e^{R/M} (e^{(τ+δ)/M} − 1) T_s / τ. The first-order form (a restart plus half a period lost per failure)
        // is pessimistic once failures are frequent: a failure cuts its period short, so less than half is lost on
        // average (at 20 failures a day, 54.7 % against the simulated 58.6 %; this gives 58.5 %).
        double goodput = interval / (mtbf * Math.exp(restartSeconds / mtbf) * Math.expm1((interval + blocking) / mtbf));
        return new Checkpointing(mtbf, young, interval, goodput, failuresPerDay);
    }
}
