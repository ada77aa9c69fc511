package dev.sextant.app.cli.ablate;

import dev.sextant.app.cli.CliProgress;
import dev.sextant.app.study.AblationStudy;
import dev.sextant.model.io.AblationRunsFile;
import dev.sextant.model.job.CancellationToken;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine.Option;

/** The runs the ablation commands fit: the tables, the user's column names, runs left out, the bootstrap. */
public final class RunsOptions {

    @Option(names = "--input", required = true, arity = "1..*", paramLabel = "FILE", description = "Tables of runs (CSV or JSON Lines).")
    List<Path> inputs;
    @Option(names = "--map", split = ",", paramLabel = "OURS=THEIRS",
            description = "Read our column from theirs, e.g. params=N,tokens=D,loss=final_loss.")
    Map<String, String> map = new LinkedHashMap<>();
    @Option(names = "--exclude-highest", defaultValue = "0", paramLabel = "K",
            description = "Leave out the K runs of highest loss (the replication leaves out 5 of Chinchilla's 245).")
    int excludeHighest;
    @Option(names = "--form", defaultValue = "chinchilla", paramLabel = "chinchilla|tied",
            description = "The law: chinchilla, E + A/N^α + B/D^β; tied, E + A/N^α + B/D^α (Gadre et al. 2024; extrapolates over-trained "
                    + "runs better) (default: ${DEFAULT-VALUE}).")
    String form;
    @Option(names = "--bootstrap", defaultValue = "1000", paramLabel = "R", description = "Bootstrap resamples (default: ${DEFAULT-VALUE}).")
    int bootstrap;
    @Option(names = "--seed", defaultValue = "1", paramLabel = "S", description = "Seed of the resampling (default: ${DEFAULT-VALUE}).")
    long seed;

    /** The tables read (a problem names file, line, field and run). */
    AblationRunsFile.Read read() {
        Map<String, String> rename = new LinkedHashMap<>();
        map.forEach((ours, theirs) -> rename.put(theirs.strip().toLowerCase(Locale.ROOT), ours.strip().toLowerCase(Locale.ROOT)));
        return AblationStudy.read(inputs, rename);
    }

    /** The runs read and fitted. */
    AblationStudy.Fitted fit(AblationRunsFile.Read read, CliProgress progress) {
        AblationStudy.Fitted f = AblationStudy.fit(read.runs(), dev.sextant.model.ablation.ChinchillaFit.Form.of(form), excludeHighest, bootstrap,
                seed, progress, CancellationToken.none());
        progress.done();
        return f;
    }
}
