package dev.sextant.model.calibration;

import java.util.List;

/**
 * What the probe found: whether calibration can run here and, if not, why and what would enable it; the devices; and
 * whether cuBLAS loads (GEMMs then run through it, else through Sextant's own kernels).
 *
 * @param reason        why calibration is unavailable, with what would enable it; null when available
 * @param driverVersion e.g. "12.4" (the CUDA version the driver supports), or null
 * @param cublasReason  why cuBLAS does not load, or null
 */
public record GpuStatus(
        boolean available,
        String reason,
        List<DeviceInfo> devices,
        boolean cublas,
        String cublasReason,
        String driverVersion) {

    public GpuStatus {
        devices = List.copyOf(devices);
    }

    public static GpuStatus unavailable(String reason) {
        return new GpuStatus(false, reason, List.of(), false, "no usable GPU", null);
    }
}
