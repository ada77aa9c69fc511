package dev.sextant.app.cli.gpu;

import dev.sextant.app.cli.CliProgress;
import dev.sextant.app.cli.CommandContext;
import dev.sextant.app.cli.JsonOption;
import dev.sextant.app.cli.ProjectOption;
import dev.sextant.app.cli.WorkspaceOption;
import dev.sextant.app.study.CalibrationStudy;
import dev.sextant.model.calibration.CalibrationProfile;
import dev.sextant.model.calibration.DeviceInfo;
import dev.sextant.model.calibration.GemmFit;
import dev.sextant.model.calibration.GemmPoint;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.CapabilityUnavailableException;
import dev.sextant.workspaces.Workspace;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code sextant gpu calibrate}: the micro-benchmarks on the local GPU, optionally kept as a profile. */
@Command(
        name = "calibrate",
        mixinStandardHelpOptions = true,
        description = {
            "Run the micro-benchmarks on a local GPU: memory bandwidth, host transfers, launch latency, FP32 FMA peak, GEMMs",
            "(cuBLAS when it loads, else Sextant's own kernels), then fit the GEMM model. Exit 3 where no GPU is usable."
        })
public final class GpuCalibrateCommand implements Runnable {

    @Option(
            names = "--quick",
            description = "Three trials and three GEMM shapes (about ten seconds) instead of seven and eighteen.")
    boolean quick;

    @Option(
            names = "--device",
            defaultValue = "0",
            paramLabel = "N",
            description = "Device index (default: ${DEFAULT-VALUE}; see gpu info).")
    int device;

    @Option(names = "--save", paramLabel = "NAME", description = "Keep the profile in a project under NAME.")
    String save;

    @Mixin
    ProjectOption project;

    @Mixin
    WorkspaceOption workspace;

    @Mixin
    JsonOption output;

    @Spec
    CommandSpec spec;

    /** The contract's keys first: medians; the spreads and fits follow. */
    public record Result(
            DeviceInfo device,
            double memoryBandwidthGBs,
            double hostToDeviceGBs,
            double deviceToHostGBs,
            double launchLatencyMicros,
            double fp32Tflops,
            List<GemmPoint> gemm,
            double copyBandwidthGBs,
            double hostToDevicePageableGBs,
            double deviceToHostPageableGBs,
            List<GemmFit> fits,
            String gemmBackend,
            String driverVersion,
            String measuredAt,
            CalibrationProfile profile,
            String savedId) {}

    @Override
    public void run() {
        if (!CalibrationStudy.probe().available()) {
            throw new CapabilityUnavailableException(CalibrationStudy.probe().reason());
        }
        CommandContext ctx = new CommandContext(spec);
        CliProgress progress = ctx.progress();
        CalibrationProfile p = CalibrationStudy.calibrate(quick, device, progress, CancellationToken.none());
        progress.done();
        String savedId = null;
        if (save != null) {
            try (Workspace ws = ctx.openWorkspace(workspace)) {
                savedId = new CalibrationStudy(
                                ws, ctx.project(ws, project.nameOrId()).id())
                        .keep(save, p)
                        .toString();
            }
        }
        Result r = of(p, savedId);
        ctx.print(output.json(), r, out -> GpuProfilesCommand.describe(out, save == null ? "this run" : save, p));
    }

    static Result of(CalibrationProfile p, String savedId) {
        return new Result(
                p.device(),
                p.memoryBandwidthGBs().median(),
                p.hostToDeviceGBs().median(),
                p.deviceToHostGBs().median(),
                p.launchLatencyMicros().median(),
                p.fp32Tflops().median(),
                p.gemm(),
                p.copyBandwidthGBs().median(),
                p.hostToDevicePageableGBs().median(),
                p.deviceToHostPageableGBs().median(),
                p.fits(),
                p.gemmBackend(),
                p.driverVersion(),
                p.measuredAt().toString(),
                p,
                savedId);
    }
}
