package dev.sextant.app.cli.gpu;

import dev.sextant.app.cli.CommandContext;
import dev.sextant.app.cli.JsonOption;
import dev.sextant.app.study.CalibrationStudy;
import dev.sextant.model.calibration.DeviceInfo;
import dev.sextant.model.calibration.GpuStatus;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code sextant gpu info}: the probe's answer; exit 0 whether or not a GPU is usable. */
@Command(
        name = "info",
        mixinStandardHelpOptions = true,
        description =
                "Whether calibration can run here: NVIDIA driver, CUDA devices, cuBLAS; and if not, why and what would enable it.")
public final class GpuInfoCommand implements Runnable {

    @Mixin
    JsonOption output;

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        GpuStatus s = CalibrationStudy.probe();
        new CommandContext(spec).print(output.json(), s, out -> {
            if (!s.available()) {
                out.println("No usable GPU: " + s.reason());
                return;
            }
            out.printf(
                    "CUDA driver API %s; cuBLAS %s%n",
                    s.driverVersion(), s.cublas() ? "loads" : "does not load: " + s.cublasReason());
            for (DeviceInfo d : s.devices()) {
                out.printf(
                        "%d  %s  compute %s, %d SMs, %.1f GiB, SM clock %d MHz, memory %d MHz × %d bits (%.0f GB/s theoretical)%n",
                        d.index(),
                        d.name(),
                        d.computeCapability(),
                        d.smCount(),
                        d.memoryBytes() / 1073741824.0,
                        d.smClockMHz(),
                        d.memoryClockMHz(),
                        d.memoryBusBits(),
                        d.theoreticalBandwidthGBs());
            }
        });
    }
}
