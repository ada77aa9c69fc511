package dev.sextant.gpu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sextant.model.calibration.GpuStatus;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.CapabilityUnavailableException;
import dev.sextant.model.job.ProgressListener;
import java.io.File;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The probe on whatever machine runs the tests: without a driver (CI) it says why, and nothing escapes. */
class GpuProbeTest {

    @Test
    void theProbeNeverThrowsAndExplainsItself() {
        GpuStatus first = GpuProbe.status();
        // the natives' second failure is a NoClassDefFoundError: must not escape either
        GpuStatus again = GpuProbe.status();
        assertThat(again).isEqualTo(first);
        assertThat(GpuProbe.probe()).isNotNull(); // probing again after the natives failed once: still no exception
        if (first.available()) {
            assertThat(first.devices()).isNotEmpty();
            assertThat(first.reason()).isNull();
        } else {
            assertThat(first.devices()).isEmpty();
            assertThat(first.cublas()).isFalse();
            assertThat(first.reason()).isNotBlank();
            if (!new File("/usr/lib/x86_64-linux-gnu/libcuda.so.1").exists()
                    && !new File("/usr/lib64/libcuda.so.1").exists()) {
                assertThat(first.reason()).startsWith("no NVIDIA driver on this machine (libcuda.so.1 not found)");
            }
            assertThatThrownBy(() -> new CudaCalibrator(true).run(0, ProgressListener.NONE, CancellationToken.none()))
                    .isInstanceOf(CapabilityUnavailableException.class)
                    .hasMessage(first.reason());
        }
    }

    @Test
    void failuresReadAsReasons() {
        assertThat(GpuProbe.loadFailure(new UnsatisfiedLinkError(
                        "Error while loading native library \"JCudaDriver-12.6.0-linux-x86_64\": "
                                + "libcuda.so.1: cannot open shared object file")))
                .contains("libcuda.so.1 not found")
                .contains("catalog defaults");
        assertThat(GpuProbe.loadFailure(
                        new NoClassDefFoundError("Could not initialize class jcuda.driver.JCudaDriver")))
                .contains("native library does not load");
        assertThat(GpuProbe.initFailure(100)).contains("finds no CUDA device");
        assertThat(GpuProbe.initFailure(34)).contains("stub");
        assertThat(GpuProbe.cString("NVIDIA H100\0\0garbage".getBytes(StandardCharsets.UTF_8)))
                .isEqualTo("NVIDIA H100");
        assertThat(CudaCalibrator.major("9.0")).isEqualTo(9);
        assertThat(CudaCalibrator.major("10.0")).isEqualTo(10);
    }

    @Test
    void theKernelsShipAsPtxForOldVirtualArchitectures() {
        String kernels = new String(CudaCalibrator.Session.ptx("kernels.ptx"), StandardCharsets.UTF_8);
        assertThat(kernels)
                .contains(".version 7.0")
                .contains(".target sm_75")
                .contains(".entry stream_copy")
                .contains(".entry fma_loop")
                .contains(".entry empty_kernel")
                .contains(".entry sgemm_tiled")
                .endsWith("\0");
        String bf16 = new String(CudaCalibrator.Session.ptx("gemm_bf16.ptx"), StandardCharsets.UTF_8);
        assertThat(bf16)
                .contains(".target sm_80")
                .contains(".entry gemm_bf16_wmma")
                .contains("wmma.mma.sync");
        assertThat(GemmShapes.FULL).hasSizeGreaterThan(15);
    }
}
