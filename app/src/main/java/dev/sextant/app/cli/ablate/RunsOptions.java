package dev.sextant.app.cli.ablate;

import dev.sextant.app.cli.CliProgress;
import dev.sextant.app.cli.CommandContext;
import dev.sextant.app.study.AblationStudy;
import dev.sextant.model.BadInputException;
import dev.sextant.model.ablation.ScalingLawFit;
import dev.sextant.model.io.AblationRunsFile;
import dev.sextant.model.io.ScalingFitFile;
import dev.sextant.model.job.CancellationToken;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** How the ablation commands fit a scaling law: the runs (see {@link RunsSource}), runs left out, the law's form, the bootstrap. */
public final class RunsOptions {

    @Mixin
    RunsSource source;

    @Option(
            names = "--exclude-highest",
            defaultValue = "0",
            paramLabel = "K",
            description = "Leave out the K runs of highest loss (the replication leaves out 5 of Chinchilla's 245).")
    int excludeHighest;

    @Option(
            names = "--form",
            defaultValue = "auto",
            paramLabel = "auto|chinchilla|tied",
            description =
                    "The law: chinchilla, E + A/N^α + B/D^β; tied, E + A/N^α + B/D^α (Gadre et al. 2024; steadier on over-trained runs); "
                            + "auto, the one that predicts the runs' own largest sizes better when fitted without them (default: ${DEFAULT-VALUE}).")
    String form;

    @Option(
            names = "--bootstrap",
            defaultValue = "1000",
            paramLabel = "R",
            description = "Bootstrap resamples (default: ${DEFAULT-VALUE}).")
    int bootstrap;

    @Option(
            names = "--seed",
            defaultValue = "1",
            paramLabel = "S",
            description = "Seed of the resampling (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(
            names = "--fit",
            paramLabel = "FIT.json",
            description = "A law saved by ablate fit --save-fit, instead of fitting the runs again.")
    Path fitFile;

    /** A law to ask: fitted now from the runs, or read from a saved fit; and what the user should know of it. */
    record Law(ScalingLawFit fit, List<String> notes) {}

    Law law(CommandContext ctx) {
        if (fitFile != null) {
            if (source.inputs != null || source.project != null || source.set != null) {
                throw BadInputException.of(
                        "--fit", "give a saved fit (--fit) or the runs (--input, --project), not both");
            }
            var f = ScalingFitFile.read(fitFile);
            return new Law(
                    f,
                    List.of(String.format(
                            Locale.ROOT,
                            "the law saved in %s (form %s, %d runs, %d resamples)",
                            fitFile.getFileName(),
                            f.form().id(),
                            f.points(),
                            f.resamples().size())));
        }
        AblationRunsFile.Read read = read(ctx);
        AblationStudy.Fitted f = fit(read, ctx.progress());
        return new Law(f.fit(), notes(read, f));
    }

    /** The runs read from the inputs or the project (a problem names file, line, field and run). */
    AblationRunsFile.Read read(CommandContext ctx) {
        return source.read(ctx);
    }

    /** The runs read and fitted. */
    AblationStudy.Fitted fit(AblationRunsFile.Read read, CliProgress progress) {
        AblationStudy.Fitted f = AblationStudy.fit(
                read.runs(), form, excludeHighest, bootstrap, seed, progress, CancellationToken.none());
        progress.done();
        return f;
    }

    /** What the user should know of a fit: the reading's notes, runs folded into their best, the form chosen and why. */
    static List<String> notes(AblationRunsFile.Read read, AblationStudy.Fitted f) {
        List<String> notes = new ArrayList<>(read.notes());
        if (f.sweepNote() != null) {
            notes.add(f.sweepNote());
        }
        if (f.formNote() != null) {
            notes.add(f.formNote());
        }
        return notes;
    }
}
