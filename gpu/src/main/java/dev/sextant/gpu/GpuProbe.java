package dev.sextant.gpu;

import dev.sextant.model.calibration.DeviceInfo;
import dev.sextant.model.calibration.GpuStatus;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import jcuda.driver.CUdevice;
import jcuda.driver.CUdevice_attribute;
import jcuda.driver.CUresult;
import jcuda.driver.JCudaDriver;
import jcuda.jcublas.JCublas2;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Finds out, without ever throwing, whether this machine can calibrate: the NVIDIA driver (libcuda.so.1, through
 * JCuda's driver API), its devices, and whether cuBLAS (JCublas, libcublas.so.12) loads. JCuda's natives fail with
 * Errors (UnsatisfiedLinkError, then NoClassDefFoundError), not exceptions: they are caught once and the answer kept.
 */
public final class GpuProbe {

    private static final Logger LOG = LoggerFactory.getLogger(GpuProbe.class);
    private static volatile GpuStatus cached;

    private GpuProbe() {}

    /** The probe's answer, worked out on first use and kept for the life of the process. */
    public static GpuStatus status() {
        GpuStatus s = cached;
        if (s == null) {
            synchronized (GpuProbe.class) {
                if (cached == null) {
                    cached = probe();
                    LOG.info(
                            "GPU probe: {}",
                            cached.available()
                                    ? cached.devices().size() + " device(s), cuBLAS " + cached.cublas()
                                    : cached.reason());
                }
                s = cached;
            }
        }
        return s;
    }

    static GpuStatus probe() {
        try {
            JCudaDriver.setExceptionsEnabled(false);
            int rc = JCudaDriver.cuInit(0);
            if (rc != CUresult.CUDA_SUCCESS) {
                return GpuStatus.unavailable(initFailure(rc));
            }
            int[] version = new int[1];
            JCudaDriver.cuDriverGetVersion(version);
            String driver = version[0] / 1000 + "." + version[0] % 1000 / 10;
            int[] count = new int[1];
            rc = JCudaDriver.cuDeviceGetCount(count);
            if (rc != CUresult.CUDA_SUCCESS || count[0] == 0) {
                return GpuStatus.unavailable("the NVIDIA driver (CUDA " + driver + ") found no CUDA device"
                        + (rc != CUresult.CUDA_SUCCESS ? " (" + CUresult.stringFor(rc) + ")" : "")
                        + "; check nvidia-smi");
            }
            List<DeviceInfo> devices = new ArrayList<>();
            for (int i = 0; i < count[0]; i++) {
                devices.add(device(i));
            }
            String cublasReason = cublasFailure();
            return new GpuStatus(true, null, devices, cublasReason == null, cublasReason, driver);
        } catch (Throwable e) { // LinkageError from missing natives; anything else the natives throw
            return GpuStatus.unavailable(loadFailure(e));
        }
    }

    static DeviceInfo device(int index) {
        CUdevice d = new CUdevice();
        JCudaDriver.cuDeviceGet(d, index);
        byte[] name = new byte[256];
        JCudaDriver.cuDeviceGetName(name, name.length, d);
        long[] memory = new long[1];
        JCudaDriver.cuDeviceTotalMem(memory, d);
        return new DeviceInfo(
                index,
                cString(name),
                attribute(d, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR) + "."
                        + attribute(d, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR),
                attribute(d, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT),
                memory[0],
                attribute(d, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_CLOCK_RATE) / 1000,
                attribute(d, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE) / 1000,
                attribute(d, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH));
    }

    private static int attribute(CUdevice d, int attribute) {
        int[] v = new int[1];
        JCudaDriver.cuDeviceGetAttribute(v, attribute, d);
        return v[0];
    }

    static String cString(byte[] bytes) {
        int n = 0;
        while (n < bytes.length && bytes[n] != 0) {
            n++;
        }
        return new String(bytes, 0, n, StandardCharsets.UTF_8).strip();
    }

    /**
     * Null when JCublas's native library (linked to libcublas.so.12) loads; else why not. No handle is made here: that
     * would start the CUDA runtime and hold device memory for the life of the process.
     */
    static String cublasFailure() {
        try {
            JCublas2.setExceptionsEnabled(true); // loads the natives
            return null;
        } catch (Throwable e) {
            String m = String.valueOf(e.getMessage());
            return m.contains("libcublas")
                    ? "cuBLAS 12 (libcublas.so.12) is not installed: GEMMs run on Sextant's own kernels; install the CUDA 12 "
                            + "runtime libraries to measure cuBLAS"
                    : "cuBLAS does not load (" + e.getClass().getSimpleName() + ": " + m + ")";
        }
    }

    static String initFailure(int rc) {
        return switch (rc) {
            case CUresult
                    .CUDA_ERROR_NO_DEVICE -> "the NVIDIA driver is installed but finds no CUDA device; check nvidia-smi";
            case CUresult
                    .CUDA_ERROR_STUB_LIBRARY -> "libcuda.so.1 is the CUDA toolkit's stub, not a driver: install the NVIDIA driver";
            case CUresult.CUDA_ERROR_SYSTEM_DRIVER_MISMATCH,
                    CUresult
                            .CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE -> "the NVIDIA driver and its kernel module do not match ("
                    + CUresult.stringFor(rc) + "): reboot or reinstall the driver";
            default -> "the CUDA driver does not initialise (" + CUresult.stringFor(rc) + ")";
        };
    }

    static String loadFailure(Throwable e) {
        String m = String.valueOf(e.getMessage());
        if (m.contains("libcuda")) {
            return "no NVIDIA driver on this machine (libcuda.so.1 not found): calibration needs an NVIDIA GPU with its driver installed; "
                    + "everything else works without one, on catalog defaults";
        }
        if (e instanceof UnsatisfiedLinkError || e instanceof NoClassDefFoundError) {
            return "JCuda's native library does not load on this platform (" + m
                    + "): calibration needs Linux or Windows on x86-64 with an " + "NVIDIA driver";
        }
        return "the GPU probe failed (" + e.getClass().getSimpleName() + ": " + m + ")";
    }
}
