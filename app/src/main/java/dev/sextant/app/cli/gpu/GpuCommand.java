package dev.sextant.app.cli.gpu;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code sextant gpu}: the local GPU and calibration profiles. */
@Command(
        name = "gpu",
        mixinStandardHelpOptions = true,
        description =
                "The local GPU: what the probe finds, micro-benchmarks that calibrate the planners, kept calibration profiles.",
        subcommands = {
            GpuInfoCommand.class,
            GpuCalibrateCommand.class,
            GpuProfilesCommand.class,
            GpuImportCommand.class,
            GpuCompareCommand.class
        })
public final class GpuCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new ParameterException(
                spec.commandLine(), "missing command: info, calibrate, profiles, import or compare");
    }
}
