package dev.sextant.model.calibration;

/**
 * A CUDA device as the probe reports it.
 *
 * @param computeCapability e.g. "9.0"
 * @param smClockMHz        maximum SM clock
 * @param memoryClockMHz    maximum memory clock
 * @param memoryBusBits     memory bus width
 */
public record DeviceInfo(
        int index,
        String name,
        String computeCapability,
        int smCount,
        long memoryBytes,
        int smClockMHz,
        int memoryClockMHz,
        int memoryBusBits) {

    /** Theoretical memory bandwidth from clock and bus: 2 (double data rate) × clock × bus bytes, GB/s. */
    public double theoreticalBandwidthGBs() {
        return 2.0 * memoryClockMHz * 1e6 * memoryBusBits / 8 / 1e9;
    }

    /** Whether the device has FP8 tensor cores (Ada 8.9, Hopper 9.0 and later). */
    public boolean hasFp8() {
        String[] p = computeCapability.split("\\.");
        try {
            int major = Integer.parseInt(p[0]);
            int minor = p.length > 1 ? Integer.parseInt(p[1]) : 0;
            return major > 8 || major == 8 && minor >= 9;
        } catch (NumberFormatException e) {
            return false;
        }
    }
}
