package dev.sextant.app.study;

import dev.sextant.model.ablation.ChinchillaFit;
import dev.sextant.model.ablation.ScalingLawFit;
import dev.sextant.model.io.AblationRunsFile;
import dev.sextant.model.io.BadInputException;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Small-scale ablations for every face: tables of small runs read, scaling laws fitted with their bootstrap intervals,
 * through this one object.
 */
public final class AblationStudy {

    private AblationStudy() {
    }

    /** The runs of several files, one table; a run named in two files is an error naming both. */
    public static AblationRunsFile.Read read(List<Path> inputs, Map<String, String> rename) {
        List<AblationRunsFile.Run> runs = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        Map<String, String> from = new LinkedHashMap<>();
        for (Path p : inputs) {
            AblationRunsFile.Read r = AblationRunsFile.read(p, rename);
            for (AblationRunsFile.Run run : r.runs()) {
                String earlier = from.put(run.run(), r.source());
                if (earlier != null) {
                    throw new BadInputException(r.source(), run.line(), "run", "run '" + run.run() + "' is also in " + earlier);
                }
            }
            runs.addAll(r.runs());
            notes.addAll(r.notes());
        }
        return new AblationRunsFile.Read(inputs.size() == 1 ? from.values().stream().findFirst().orElse("") : inputs.size() + " files", runs,
                notes);
    }

    /** The runs fitted and bootstrapped, leaving out the {@code excludeHighest} runs of highest loss (as the replication does). */
    public static Fitted fit(List<AblationRunsFile.Run> runs, ChinchillaFit.Form form, int excludeHighest, int rounds, long seed,
                             ProgressListener progress, CancellationToken cancel) {
        dev.sextant.model.InputError.require(excludeHighest >= 0 && excludeHighest < runs.size(), "ablate.excludeHighest",
                "runs to leave out must lie in 0.." + (runs.size() - 1));
        List<AblationRunsFile.Run> byLoss = runs.stream().sorted(Comparator.comparingDouble(AblationRunsFile.Run::loss).reversed()).toList();
        List<AblationRunsFile.Run> excluded = byLoss.subList(0, excludeHighest);
        List<AblationRunsFile.Run> kept = runs.stream().filter(r -> !excluded.contains(r)).toList();
        ScalingLawFit fit = ScalingLawFit.run(kept.stream().map(r -> new ChinchillaFit.Point(r.params(), r.tokens(), r.loss())).toList(), form,
                rounds, seed, progress, cancel);
        List<ChinchillaFit.Point> points = kept.stream().map(r -> new ChinchillaFit.Point(r.params(), r.tokens(), r.loss())).toList();
        dev.sextant.model.ablation.IsoFlopProfiles.Result iso = null;
        String isoNote = null;
        try {
            iso = dev.sextant.model.ablation.IsoFlopProfiles.fit(points);
        } catch (dev.sextant.model.InputError e) {
            isoNote = "no IsoFLOP profiles (approach 2): " + e.getMessage();
        }
        return new Fitted(fit, kept, excluded, iso, isoNote);
    }

    /**
     * A fit with the runs it was made from and those left out; the IsoFLOP profiles of the kept runs where they allow
     * them (Hoffmann et al.'s approach 2), else null and why.
     */
    public record Fitted(ScalingLawFit fit, List<AblationRunsFile.Run> kept, List<AblationRunsFile.Run> excluded,
                         dev.sextant.model.ablation.IsoFlopProfiles.Result isoFlop, String isoFlopNote) {
    }
}
