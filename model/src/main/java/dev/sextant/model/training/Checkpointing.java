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
 *   <li>Expected loss per failure: detection + restart + half an interval of recomputed work; the time spent
 *       writing checkpoints is lost too (only the blocking snapshot when checkpointing is asynchronous).</li>
 * </ul>
 *
 * @param mtbfSeconds          mean time between failures of the whole job
 * @param youngIntervalSeconds Young's interval
 * @param dalyIntervalSeconds  Daly's interval (the one used)
 * @param goodput              useful time over wall time at Daly's interval
 * @param failuresPerDay       expected failures a day
 */
public record Checkpointing(double mtbfSeconds, double youngIntervalSeconds, double dalyIntervalSeconds, double goodput,
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
    public static Checkpointing plan(int gpus, double failuresPerGpuDay, double checkpointSeconds, double restartSeconds,
                                     boolean async) {
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
        // per interval of useful work: the blocking write, and failures at rate 1/M during the whole period each cost
        // the restart plus on average half of the period's work again
        double period = interval + blocking;
        double lossPerFailure = restartSeconds + period / 2;
        double wallPerPeriod = period / Math.max(1e-12, 1 - lossPerFailure / mtbf);
        double goodput = lossPerFailure >= mtbf ? 0 : interval / wallPerPeriod;
        return new Checkpointing(mtbf, young, interval, goodput, failuresPerDay);
    }
}
