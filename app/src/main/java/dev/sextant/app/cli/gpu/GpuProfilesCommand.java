package dev.sextant.app.cli.gpu;

import dev.sextant.app.cli.CommandContext;
import dev.sextant.app.cli.JsonOption;
import dev.sextant.app.cli.ProjectOption;
import dev.sextant.app.cli.TextTable;
import dev.sextant.app.cli.WorkspaceOption;
import dev.sextant.app.study.CalibrationStudy;
import dev.sextant.model.calibration.CalibrationProfile;
import dev.sextant.model.calibration.GemmFit;
import dev.sextant.workspaces.SavedProfile;
import dev.sextant.workspaces.Workspace;
import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code sextant gpu profiles}: the calibration profiles kept in a project. */
@Command(
        name = "profiles",
        mixinStandardHelpOptions = true,
        description = "List the calibration profiles kept in a project.")
public final class GpuProfilesCommand implements Runnable {

    @Mixin
    ProjectOption project;

    @Mixin
    WorkspaceOption workspace;

    @Mixin
    JsonOption output;

    @Spec
    CommandSpec spec;

    public record Row(
            String id,
            String name,
            boolean demo,
            String device,
            String catalogGpu,
            String measuredAt,
            String source,
            double memoryBandwidthGBs,
            Double bf16MaxTflops,
            String createdAt) {}

    public record Result(List<Row> profiles) {}

    @Override
    public void run() {
        CommandContext ctx = new CommandContext(spec);
        try (Workspace ws = ctx.openWorkspace(workspace)) {
            List<SavedProfile> saved =
                    new CalibrationStudy(ws, ctx.project(ws, project.nameOrId()).id()).profiles();
            List<Row> rows = saved.stream()
                    .map(s -> {
                        GemmFit bf16 = s.profile().fit("bf16");
                        return new Row(
                                s.id().toString(),
                                s.name(),
                                s.demo(),
                                s.profile().device().name(),
                                s.profile().catalogGpu(),
                                s.profile().measuredAt().toString(),
                                s.profile().source(),
                                s.profile().memoryBandwidthGBs().median(),
                                bf16 == null ? null : bf16.maxTflops(),
                                s.createdAt().toString());
                    })
                    .toList();
            ctx.print(output.json(), new Result(rows), out -> {
                TextTable t = new TextTable("PROFILE", "NAME", "DEVICE", "MEASURED", "GB/S", "BF16 TFLOP/S MAX");
                rows.forEach(r -> t.row(
                        r.id(),
                        r.name() + (r.demo() ? " (demo)" : ""),
                        r.device(),
                        r.measuredAt().substring(0, 10),
                        String.format("%.0f", r.memoryBandwidthGBs()),
                        r.bf16MaxTflops() == null ? "—" : String.format("%.0f", r.bf16MaxTflops())));
                t.print(out);
            });
        }
    }

    /** A profile for people: rates with their spreads, then the GEMM fits. */
    static void describe(PrintWriter out, String name, CalibrationProfile p) {
        out.printf(
                "%s: %s (compute %s), %s, %s, GEMMs through %s%n",
                name,
                p.device().name(),
                p.device().computeCapability(),
                p.driverVersion(),
                p.measuredAt(),
                p.gemmBackend());
        String[] labels = {
            "Device memory (copy kernel)",
            "Device memory (cuMemcpy)",
            "Host → device pinned",
            "Host → device pageable",
            "Device → host pinned",
            "Device → host pageable"
        };
        var spreads = List.of(
                p.memoryBandwidthGBs(),
                p.copyBandwidthGBs(),
                p.hostToDeviceGBs(),
                p.hostToDevicePageableGBs(),
                p.deviceToHostGBs(),
                p.deviceToHostPageableGBs());
        for (int i = 0; i < labels.length; i++) {
            out.printf(
                    "%-28s %8.1f GB/s (%.1f–%.1f)%n",
                    labels[i],
                    spreads.get(i).median(),
                    spreads.get(i).min(),
                    spreads.get(i).max());
        }
        out.printf(
                "%-28s %8.2f µs (%.2f–%.2f)%n",
                "Kernel launch",
                p.launchLatencyMicros().median(),
                p.launchLatencyMicros().min(),
                p.launchLatencyMicros().max());
        out.printf(
                "%-28s %8.1f TFLOP/s (%.1f–%.1f)%n",
                "FP32 FMA peak",
                p.fp32Tflops().median(),
                p.fp32Tflops().min(),
                p.fp32Tflops().max());
        TextTable t = new TextTable("M", "N", "K", "DTYPE", "TFLOP/S", "EFFICIENCY");
        p.gemm()
                .forEach(g -> t.row(
                        g.m(),
                        g.n(),
                        g.k(),
                        g.dtype(),
                        String.format("%.1f", g.tflops()),
                        g.efficiency() == null ? "—" : String.format("%.1f%%", 100 * g.efficiency())));
        t.print(out);
        for (GemmFit f : p.fits()) {
            out.printf(
                    "%s GEMM model: t = F / %.0f TFLOP/s + B / %.0f GB/s + %.1f µs (rms error %.1f%% over %d shapes)%n",
                    f.dtype(), f.maxTflops(), f.bandwidthGBs(), f.latencyMicros(), 100 * f.rmsLogError(), f.points());
        }
    }
}
