package dev.sextant.gpu;

import dev.sextant.model.InputError;
import dev.sextant.model.calibration.CalibrationProfile;
import dev.sextant.model.calibration.DeviceInfo;
import dev.sextant.model.calibration.GemmPoint;
import dev.sextant.model.calibration.GpuStatus;
import dev.sextant.model.calibration.Spread;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.CapabilityUnavailableException;
import dev.sextant.model.job.ProgressListener;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import jcuda.Pointer;
import jcuda.Sizeof;
import jcuda.cudaDataType;
import jcuda.driver.CUcontext;
import jcuda.driver.CUdevice;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUevent;
import jcuda.driver.CUfunction;
import jcuda.driver.CUmodule;
import jcuda.driver.JCudaDriver;
import jcuda.jcublas.JCublas2;
import jcuda.jcublas.cublasComputeType;
import jcuda.jcublas.cublasGemmAlgo;
import jcuda.jcublas.cublasHandle;
import jcuda.jcublas.cublasOperation;

/**
 * Runs the micro-benchmarks on one device and returns its calibration profile. Every benchmark is warmed up, timed
 * with CUDA events around many repetitions on the default stream, repeated over several trials, and reported as the
 * median with its spread. Sizes follow the device's memory. Cancellation is checked between benchmarks (and between
 * GEMM shapes); whatever is allocated is freed on the way out, and nothing is returned for a cancelled run.
 *
 * <ul>
 *   <li>device memory bandwidth: a grid-stride float4 copy kernel, and cuMemcpyDtoD; bytes read plus written;</li>
 *   <li>host↔device: pinned (cuMemAllocHost) and pageable (a direct buffer) copies of 256 MiB;</li>
 *   <li>launch latency: back-to-back launches of an empty kernel;</li>
 *   <li>FP32 FMA peak: eight independent FMA chains per thread over the whole device;</li>
 *   <li>GEMMs over {@link GemmShapes}: cuBLAS (cublasGemmEx BF16 in, FP32 compute; cublasSgemm FP32) when it loads,
 *       else Sextant's kernels (a WMMA BF16 GEMM on compute capability 8.0+, a tiled FP32 GEMM).</li>
 * </ul>
 */
public final class CudaCalibrator {

    /** The JCuda release the benchmarks run through (the pom's jcuda.version). */
    static final String JCUDA = "JCuda 12.6.0";

    private final boolean quick;
    private final int trials;

    public CudaCalibrator(boolean quick) {
        this.quick = quick;
        this.trials = quick ? 3 : 7;
    }

    public CalibrationProfile run(int deviceIndex, ProgressListener progress, CancellationToken cancel) {
        GpuStatus status = GpuProbe.status();
        if (!status.available()) {
            throw new CapabilityUnavailableException(status.reason());
        }
        if (deviceIndex < 0 || deviceIndex >= status.devices().size()) {
            throw new InputError(
                    "calibration.device",
                    "device " + deviceIndex + ": this machine has "
                            + status.devices().size() + " device(s)");
        }
        DeviceInfo info = status.devices().get(deviceIndex);
        JCudaDriver.setExceptionsEnabled(true);
        CUdevice device = new CUdevice();
        JCudaDriver.cuDeviceGet(device, deviceIndex);
        // the device's primary context, which the CUDA runtime (and so cuBLAS) uses too
        CUcontext context = new CUcontext();
        JCudaDriver.cuDevicePrimaryCtxRetain(context, device);
        try {
            JCudaDriver.cuCtxSetCurrent(context);
            try (Session s = new Session(info, status.cublas())) {
                return measure(s, status, progress, cancel);
            }
        } finally {
            JCudaDriver.cuDevicePrimaryCtxRelease(device);
        }
    }

    private CalibrationProfile measure(
            Session s, GpuStatus status, ProgressListener progress, CancellationToken cancel) {
        List<int[]> shapes = quick ? GemmShapes.QUICK : GemmShapes.FULL;
        int steps = 6 + shapes.size();
        int done = 0;
        progress.progress(0, "device memory bandwidth (copy kernel)");
        Spread memory = s.streamBandwidth(trials);
        cancel.throwIfCancelled();
        progress.progress(++done / (double) steps, "device memory bandwidth (cuMemcpyDtoD)");
        Spread copy = s.copyBandwidth(trials);
        cancel.throwIfCancelled();
        progress.progress(++done / (double) steps, "host to device and back, pinned and pageable");
        Spread[] host = s.hostBandwidth(trials);
        cancel.throwIfCancelled();
        progress.progress(++done / (double) steps, "kernel launch latency");
        Spread launch = s.launchLatency(trials);
        cancel.throwIfCancelled();
        progress.progress(++done / (double) steps, "FP32 FMA peak");
        Spread fp32 = s.fmaPeak(trials);
        cancel.throwIfCancelled();
        List<GemmPoint> gemm = new ArrayList<>();
        for (int[] shape : shapes) {
            progress.progress(
                    ++done / (double) steps, String.format("GEMM %d × %d × %d", shape[0], shape[1], shape[2]));
            for (String dtype : s.gemmTypes()) {
                Double tflops = s.gemm(dtype, shape[0], shape[1], shape[2], trials);
                if (tflops != null) {
                    gemm.add(new GemmPoint(shape[0], shape[1], shape[2], dtype, tflops, null));
                }
                cancel.throwIfCancelled();
            }
        }
        progress.progress(1, "fitting");
        return CalibrationProfile.of(
                s.info,
                "CUDA " + status.driverVersion() + " (driver API)",
                JCUDA,
                Instant.now().truncatedTo(ChronoUnit.SECONDS),
                "measured" + (quick ? " (quick)" : ""),
                s.cublas != null ? "cuBLAS" : "own kernels (PTX)",
                memory,
                copy,
                host[0],
                host[1],
                host[2],
                host[3],
                launch,
                fp32,
                gemm);
    }

    /** The device resources of one run, freed when it ends. */
    static final class Session implements AutoCloseable {
        final DeviceInfo info;
        final CUmodule kernels = new CUmodule();
        CUmodule bf16Module;
        cublasHandle cublas;
        final CUevent start = new CUevent();
        final CUevent stop = new CUevent();
        final List<CUdeviceptr> allocations = new ArrayList<>();

        Session(DeviceInfo info, boolean useCublas) {
            this.info = info;
            JCudaDriver.cuModuleLoadData(kernels, ptx("kernels.ptx"));
            if (major(info.computeCapability()) >= 8) {
                try {
                    CUmodule m = new CUmodule();
                    JCudaDriver.cuModuleLoadData(m, ptx("gemm_bf16.ptx"));
                    bf16Module = m;
                } catch (jcuda.CudaException e) {
                    bf16Module = null; // the driver cannot JIT it: BF16 GEMMs only through cuBLAS
                }
            }
            if (useCublas) {
                try {
                    cublasHandle h = new cublasHandle();
                    JCublas2.setExceptionsEnabled(true);
                    JCublas2.cublasCreate(h);
                    cublas = h;
                } catch (RuntimeException e) {
                    cublas = null; // cuBLAS loads but does not start here: GEMMs on the project's kernels
                }
            }
            JCudaDriver.cuEventCreate(start, 0);
            JCudaDriver.cuEventCreate(stop, 0);
        }

        static byte[] ptx(String name) {
            try (InputStream in = CudaCalibrator.class.getResourceAsStream("/dev/sextant/gpu/" + name)) {
                if (in == null) {
                    throw new IllegalStateException(name + " is missing from the build (gpu/scripts/build-ptx.sh)");
                }
                byte[] text = in.readAllBytes();
                byte[] terminated = Arrays.copyOf(text, text.length + 1); // the driver reads a C string
                return terminated;
            } catch (IOException e) {
                throw new IllegalStateException("cannot read " + name, e);
            }
        }

        CUdeviceptr alloc(long bytes) {
            CUdeviceptr p = new CUdeviceptr();
            JCudaDriver.cuMemAlloc(p, bytes);
            allocations.add(p);
            return p;
        }

        void free(CUdeviceptr p) {
            if (allocations.remove(p)) {
                JCudaDriver.cuMemFree(p);
            }
        }

        CUfunction function(CUmodule module, String name) {
            CUfunction f = new CUfunction();
            JCudaDriver.cuModuleGetFunction(f, module, name);
            return f;
        }

        /** Seconds per repetition of {@code work}, timed with events around {@code reps} repetitions after one warm-up. */
        double time(Runnable work, int reps) {
            work.run();
            JCudaDriver.cuCtxSynchronize();
            JCudaDriver.cuEventRecord(start, null);
            for (int i = 0; i < reps; i++) {
                work.run();
            }
            JCudaDriver.cuEventRecord(stop, null);
            JCudaDriver.cuEventSynchronize(stop);
            float[] ms = new float[1];
            JCudaDriver.cuEventElapsedTime(ms, start, stop);
            return ms[0] / 1000.0 / reps;
        }

        /** Rates (work / seconds) over the trials. */
        Spread rate(Runnable work, int reps, double workPerRep, int trials) {
            double[] r = new double[trials];
            for (int t = 0; t < trials; t++) {
                r[t] = workPerRep / time(work, reps);
            }
            return Spread.of(r);
        }

        long bufferBytes() {
            return Math.min(1L << 30, Math.max(64L << 20, info.memoryBytes() / 16)) & ~255L;
        }

        Spread streamBandwidth(int trials) {
            long bytes = bufferBytes();
            CUdeviceptr in = alloc(bytes);
            CUdeviceptr out = alloc(bytes);
            JCudaDriver.cuMemsetD32(in, 0x3F800000, bytes / 4);
            long n = bytes / 16;
            CUfunction f = function(kernels, "stream_copy");
            Pointer params = Pointer.to(Pointer.to(in), Pointer.to(out), Pointer.to(new long[] {n}));
            int blocks = info.smCount() * 8;
            Spread s = rate(
                    () -> JCudaDriver.cuLaunchKernel(f, blocks, 1, 1, 256, 1, 1, 0, null, params, null),
                    20,
                    2.0 * bytes / 1e9,
                    trials);
            free(in);
            free(out);
            return s;
        }

        Spread copyBandwidth(int trials) {
            long bytes = bufferBytes();
            CUdeviceptr a = alloc(bytes);
            CUdeviceptr b = alloc(bytes);
            Spread s = rate(() -> JCudaDriver.cuMemcpyDtoDAsync(b, a, bytes, null), 20, 2.0 * bytes / 1e9, trials);
            free(a);
            free(b);
            return s;
        }

        /** Pinned host to device, pageable host to device, pinned device to host, pageable device to host, GB/s. */
        Spread[] hostBandwidth(int trials) {
            long bytes = 256L << 20;
            CUdeviceptr d = alloc(bytes);
            Pointer pinned = new Pointer();
            JCudaDriver.cuMemAllocHost(pinned, bytes);
            try {
                ByteBuffer pageable = ByteBuffer.allocateDirect((int) bytes);
                Pointer pageablePtr = Pointer.to(pageable);
                double gb = bytes / 1e9;
                Spread h2d = rate(() -> JCudaDriver.cuMemcpyHtoDAsync(d, pinned, bytes, null), 5, gb, trials);
                Spread h2dPageable = rate(() -> JCudaDriver.cuMemcpyHtoD(d, pageablePtr, bytes), 5, gb, trials);
                Spread d2h = rate(() -> JCudaDriver.cuMemcpyDtoHAsync(pinned, d, bytes, null), 5, gb, trials);
                Spread d2hPageable = rate(() -> JCudaDriver.cuMemcpyDtoH(pageablePtr, d, bytes), 5, gb, trials);
                return new Spread[] {h2d, h2dPageable, d2h, d2hPageable};
            } finally {
                JCudaDriver.cuMemFreeHost(pinned);
                free(d);
            }
        }

        Spread launchLatency(int trials) {
            CUfunction f = function(kernels, "empty_kernel");
            double[] us = new double[trials];
            for (int t = 0; t < trials; t++) {
                us[t] = 1e6 * time(() -> JCudaDriver.cuLaunchKernel(f, 1, 1, 1, 32, 1, 1, 0, null, null, null), 2000);
            }
            return Spread.of(us);
        }

        Spread fmaPeak(int trials) {
            int blocks = info.smCount() * 16;
            int threads = 256;
            int iters = 1 << 14;
            CUdeviceptr out = alloc((long) blocks * threads * Sizeof.FLOAT);
            CUfunction f = function(kernels, "fma_loop");
            Pointer params = Pointer.to(Pointer.to(out), Pointer.to(new int[] {iters}), Pointer.to(new float[] {1}));
            double tflop = 16.0 * iters * blocks * threads / 1e12;
            Spread s = rate(
                    () -> JCudaDriver.cuLaunchKernel(f, blocks, 1, 1, threads, 1, 1, 0, null, params, null),
                    5,
                    tflop,
                    trials);
            free(out);
            return s;
        }

        List<String> gemmTypes() {
            return cublas != null || bf16Module != null ? List.of("bf16", "fp32") : List.of("fp32");
        }

        /** TFLOP/s of one shape, or null when it does not fit in a quarter of the device's memory. */
        Double gemm(String dtype, int m, int n, int k, int trials) {
            int element = dtype.equals("fp32") ? 4 : 2;
            long a = (long) m * k * element;
            long b = (long) k * n * element;
            long c = (long) m * n * 4;
            if (a + b + c > info.memoryBytes() / 4) {
                return null;
            }
            // own kernels need multiples of their tiles
            boolean own = cublas == null;
            int tile = dtype.equals("fp32") ? 32 : 16;
            if (own && (m % tile != 0 || n % tile != 0 || k % tile != 0)) {
                return null;
            }
            CUdeviceptr pa = alloc(a);
            CUdeviceptr pb = alloc(b);
            CUdeviceptr pc = alloc(c);
            try {
                if (element == 2) {
                    JCudaDriver.cuMemsetD16(pa, (short) 0x3C00, a / 2); // bf16 1.0 is 0x3F80; any finite value will do
                    JCudaDriver.cuMemsetD16(pb, (short) 0x3C00, b / 2);
                } else {
                    JCudaDriver.cuMemsetD32(pa, 0x3F800000, a / 4);
                    JCudaDriver.cuMemsetD32(pb, 0x3F800000, b / 4);
                }
                Runnable work = own ? ownGemm(dtype, m, n, k, pa, pb, pc) : cublasGemm(dtype, m, n, k, pa, pb, pc);
                double flops = 2.0 * m * n * k;
                // about 0.2–1 s of work a trial on a large GPU
                int reps = (int) Math.max(3, Math.min(200, 2e11 / flops));
                return rate(work, reps, flops / 1e12, trials).median();
            } finally {
                free(pa);
                free(pb);
                free(pc);
            }
        }

        Runnable cublasGemm(String dtype, int m, int n, int k, CUdeviceptr pa, CUdeviceptr pb, CUdeviceptr pc) {
            Pointer alpha = Pointer.to(new float[] {1});
            Pointer beta = Pointer.to(new float[] {0});
            if (dtype.equals("fp32")) {
                return () -> JCublas2.cublasSgemm(
                        cublas,
                        cublasOperation.CUBLAS_OP_N,
                        cublasOperation.CUBLAS_OP_N,
                        m,
                        n,
                        k,
                        alpha,
                        pa,
                        m,
                        pb,
                        k,
                        beta,
                        pc,
                        m);
            }
            // column-major C (m × n) = A (m × k) · B (k × n); BF16 in and out, FP32 compute
            return () -> JCublas2.cublasGemmEx(
                    cublas,
                    cublasOperation.CUBLAS_OP_N,
                    cublasOperation.CUBLAS_OP_N,
                    m,
                    n,
                    k,
                    alpha,
                    pa,
                    cudaDataType.CUDA_R_16BF,
                    m,
                    pb,
                    cudaDataType.CUDA_R_16BF,
                    k,
                    beta,
                    pc,
                    cudaDataType.CUDA_R_16BF,
                    m,
                    cublasComputeType.CUBLAS_COMPUTE_32F,
                    cublasGemmAlgo.CUBLAS_GEMM_DEFAULT);
        }

        Runnable ownGemm(String dtype, int m, int n, int k, CUdeviceptr pa, CUdeviceptr pb, CUdeviceptr pc) {
            Pointer params = Pointer.to(
                    Pointer.to(new int[] {m}),
                    Pointer.to(new int[] {n}),
                    Pointer.to(new int[] {k}),
                    Pointer.to(pa),
                    Pointer.to(pb),
                    Pointer.to(pc));
            if (dtype.equals("fp32")) {
                CUfunction f = function(kernels, "sgemm_tiled");
                return () -> JCudaDriver.cuLaunchKernel(f, n / 32, m / 32, 1, 32, 32, 1, 0, null, params, null);
            }
            CUfunction f = function(bf16Module, "gemm_bf16_wmma");
            long warps = (long) (m / 16) * (n / 16);
            int blocks = (int) ((warps * 32 + 255) / 256);
            return () -> JCudaDriver.cuLaunchKernel(f, blocks, 1, 1, 256, 1, 1, 0, null, params, null);
        }

        @Override
        public void close() {
            for (CUdeviceptr p : new ArrayList<>(allocations)) {
                JCudaDriver.cuMemFree(p);
            }
            allocations.clear();
            if (cublas != null) {
                JCublas2.cublasDestroy(cublas);
            }
            JCudaDriver.cuEventDestroy(start);
            JCudaDriver.cuEventDestroy(stop);
            JCudaDriver.cuModuleUnload(kernels);
            if (bf16Module != null) {
                JCudaDriver.cuModuleUnload(bf16Module);
            }
        }
    }

    static int major(String computeCapability) {
        try {
            return Integer.parseInt(computeCapability.split("\\.")[0]);
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
