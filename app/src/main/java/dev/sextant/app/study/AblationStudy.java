package dev.sextant.app.study;

import dev.sextant.model.BadInputException;
import dev.sextant.model.InputError;
import dev.sextant.model.ablation.ChinchillaFit;
import dev.sextant.model.ablation.FormSelection;
import dev.sextant.model.ablation.HyperparameterLaws;
import dev.sextant.model.ablation.IsoFlopProfiles;
import dev.sextant.model.ablation.LossCurve;
import dev.sextant.model.ablation.LossEnvelope;
import dev.sextant.model.ablation.ScalingLawFit;
import dev.sextant.model.ablation.ScheduleComparison;
import dev.sextant.model.io.AblationRunsFile;
import dev.sextant.model.io.TextInput;
import dev.sextant.model.io.trainlog.TrainingLogFormat;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import dev.sextant.model.runhealth.TrainingLog;
import dev.sextant.workspaces.SavedAblationSet;
import dev.sextant.workspaces.Workspace;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * Small-scale ablations for every face: tables of small runs and training logs read, kept in projects, scaling laws
 * fitted with their bootstrap intervals, batch-size and learning-rate laws, through this one object.
 */
public final class AblationStudy {

    private AblationStudy() {}

    /**
     * How a training log becomes runs: its parameters (one for all logs, or one a run by name), the tokens a step where
     * the log does not count them, which token counts to read and the smoothing window.
     *
     * @param params        parameters by run name; the key "" for every log
     * @param tokensPerStep tokens a step by run name; the key "" for every log; none: the log's own counter
     */
    public record LogReading(
            Map<String, Double> params,
            Map<String, Double> tokensPerStep,
            String metric,
            List<Double> atTokens,
            int points,
            int window,
            String schedule,
            boolean cooldowns) {

        public static final LogReading NONE = new LogReading(
                Map.of(), Map.of(), "loss", List.of(), LossCurve.DEFAULT_POINTS, LossCurve.DEFAULT_WINDOW, null, false);

        Double paramsOf(String run) {
            return params.getOrDefault(run, params.get(""));
        }

        Double tokensPerStepOf(String run) {
            return tokensPerStep.getOrDefault(run, tokensPerStep.get(""));
        }
    }

    /** The runs of several files, one table; a run named in two files is an error naming both. */
    public static AblationRunsFile.Read read(List<Path> inputs, Map<String, String> rename) {
        return read(inputs, rename, LogReading.NONE, ProgressListener.NONE, CancellationToken.none());
    }

    /**
     * The runs of tables and training logs: a CSV or JSON Lines file with {@code run} and {@code params} columns is a
     * table; any other file or folder is one run's training log, read at several token counts.
     */
    public static AblationRunsFile.Read read(
            List<Path> inputs,
            Map<String, String> rename,
            LogReading logs,
            ProgressListener progress,
            CancellationToken cancel) {
        List<AblationRunsFile.Run> runs = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        Map<String, String> from = new LinkedHashMap<>();
        boolean anyLog = false;
        for (Path p : inputs) {
            cancel.throwIfCancelled();
            boolean table = AblationRunsFile.isRunsTable(p, rename);
            AblationRunsFile.Read r = table ? AblationRunsFile.read(p, rename) : fromLog(p, logs, progress, cancel);
            anyLog |= !table;
            for (AblationRunsFile.Run run : r.runs()) {
                String earlier = from.put(run.run(), r.source());
                if (earlier != null) {
                    throw new BadInputException(
                            r.source(), run.line(), "run", "run '" + run.run() + "' is also in " + earlier);
                }
            }
            runs.addAll(r.runs());
            notes.addAll(r.notes());
        }
        if (anyLog && logs.points() > 1 && logs.atTokens().isEmpty() && !logs.cooldowns()) {
            notes.add(
                    "a log read at several token counts stands for shorter runs only where its learning rate had cooled down there (a "
                            + "warmup-stable-decay cool-down); on a cosine schedule the earlier points overstate the loss a run of that length "
                            + "reaches — prefer final losses, or --points 1");
        }
        return new AblationRunsFile.Read(
                inputs.size() == 1 ? from.values().stream().findFirst().orElse("") : inputs.size() + " inputs",
                runs,
                notes);
    }

    private static AblationRunsFile.Read fromLog(
            Path p, LogReading logs, ProgressListener progress, CancellationToken cancel) {
        String source = TextInput.name(p);
        String name = runName(p);
        Double params = logs.paramsOf(name);
        if (params == null) {
            throw BadInputException.of(
                    source,
                    "a training log: give its parameters with --params N (or --params " + name + "=N), the count "
                            + "the scaling law is fitted on");
        }
        if (!(params >= 1e4) || !Double.isFinite(params)) {
            throw BadInputException.of(
                    source,
                    "--params: " + params + " parameters looks like a size in millions or billions; give the count");
        }
        TrainingLog log = RunHealthStudy.read(List.of(p), TrainingLogFormat.AUTO, progress, cancel);
        LossCurve.Read curve;
        try {
            curve = logs.cooldowns()
                    ? LossCurve.readAtCooldowns(log, logs.metric(), logs.tokensPerStepOf(name), logs.window())
                    : LossCurve.read(
                            log,
                            logs.metric(),
                            logs.tokensPerStepOf(name),
                            logs.atTokens(),
                            logs.points(),
                            logs.window());
        } catch (InputError e) {
            throw BadInputException.of(source, e.getMessage());
        }
        List<AblationRunsFile.Run> runs = new ArrayList<>();
        Double batch = logs.tokensPerStepOf(name);
        for (LossCurve.Point pt : curve.points()) {
            if (pt.tokens() < 1e-3 * params) {
                continue;
            }
            runs.add(new AblationRunsFile.Run(
                    String.format(Locale.ROOT, "%s@%s", name, shortTokens(pt.tokens())),
                    params,
                    pt.tokens(),
                    pt.loss(),
                    null,
                    null,
                    batch,
                    null,
                    logs.cooldowns() && logs.schedule() == null ? "wsd" : logs.schedule(),
                    null,
                    pt.step()));
        }
        if (runs.isEmpty()) {
            throw BadInputException.of(
                    source, "the log's token counts are all below a thousandth of a token a parameter");
        }
        LossCurve.Point last = curve.points().get(curve.points().size() - 1);
        String at = runs.size() == 1
                ? String.format(Locale.ROOT, "%.3g", last.tokens())
                : String.format(Locale.ROOT, "%.3g–%.3g", runs.get(0).tokens(), last.tokens());
        List<String> notes = new ArrayList<>();
        notes.add(String.format(
                Locale.ROOT,
                "%s: %d point%s of '%s' at %s tokens (tokens from %s), each smoothed by a least-squares line "
                        + "through the %d logged points up to it (the last: steps %,d–%,d)",
                source,
                runs.size(),
                runs.size() == 1 ? "" : "s",
                curve.metric(),
                at,
                curve.tokensFrom(),
                last.windowPoints(),
                last.windowFrom(),
                last.windowTo()));
        int dropped = curve.points().size() - runs.size();
        if (dropped > 0) {
            notes.add(String.format(
                    Locale.ROOT,
                    "%s: %d earlier point%s left out, below a thousandth of a token a parameter",
                    source,
                    dropped,
                    dropped == 1 ? "" : "s"));
        }
        return new AblationRunsFile.Read(source, runs, notes);
    }

    /** A log's run name: its file or folder name without the log extensions. */
    static String runName(Path p) {
        String n = p.getFileName() == null ? p.toString() : p.getFileName().toString();
        return n.replaceFirst("(?i)(\\.trainer_state)?(\\.(json|jsonl|csv|log|txt|out))?(\\.gz)?$", "");
    }

    private static String shortTokens(double t) {
        return t >= 1e9 ? String.format(Locale.ROOT, "%.3gB", t / 1e9) : String.format(Locale.ROOT, "%.3gM", t / 1e6);
    }

    /** Keeps a set of runs in a project (all of it, or nothing). */
    public static UUID keep(
            Workspace ws, UUID projectId, String name, AblationRunsFile.Read read, List<String> sources) {
        return ws.ablationSets().save(projectId, name, sources, read.notes(), read.runs(), false);
    }

    public static List<SavedAblationSet> kept(Workspace ws, UUID projectId) {
        return ws.ablationSets().list(projectId);
    }

    /**
     * The runs kept in a project: one set by name or id, or all of its sets together (a run named in two sets is an
     * error naming both).
     */
    public static AblationRunsFile.Read kept(Workspace ws, UUID projectId, String setNameOrId) {
        List<SavedAblationSet> sets = ws.ablationSets().list(projectId);
        if (setNameOrId != null) {
            sets = sets.stream()
                    .filter(s -> s.name().equals(setNameOrId.strip())
                            || s.id().toString().equals(setNameOrId.strip()))
                    .limit(1)
                    .toList();
            if (sets.isEmpty()) {
                throw BadInputException.of("--runs", "the project keeps no set of runs named '" + setNameOrId + "'");
            }
        }
        if (sets.isEmpty()) {
            throw BadInputException.of(
                    "--project", "the project keeps no runs; import some with sextant ablate import");
        }
        List<AblationRunsFile.Run> runs = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        Map<String, String> from = new LinkedHashMap<>();
        List<SavedAblationSet> oldestFirst = new ArrayList<>(sets);
        Collections.reverse(oldestFirst);
        for (SavedAblationSet s : oldestFirst) {
            for (AblationRunsFile.Run r : ws.ablationSets().load(s.id())) {
                String earlier = from.put(r.run(), s.name());
                if (earlier != null) {
                    throw BadInputException.of(
                            "--project",
                            "run '" + r.run() + "' is kept in both '" + earlier + "' and '" + s.name()
                                    + "'; fit one set with --runs NAME");
                }
                runs.add(r);
            }
            notes.addAll(s.notes());
        }
        return new AblationRunsFile.Read(
                sets.size() == 1 ? sets.get(0).name() : sets.size() + " kept sets", runs, notes);
    }

    /** Choose the law's form from the runs: {@link dev.sextant.model.ablation.FormSelection}. */
    public static final String AUTO = "auto";

    /**
     * As {@link #fit(List, ChinchillaFit.Form, int, int, long, ProgressListener, CancellationToken)}, the form named:
     * {@code chinchilla}, {@code tied}, or {@value #AUTO} (the form that extrapolates the runs' own largest sizes
     * better; Chinchilla's where the runs have fewer than three sizes, said in a note).
     */
    public static Fitted fit(
            List<AblationRunsFile.Run> runs,
            String form,
            int excludeHighest,
            int rounds,
            long seed,
            ProgressListener progress,
            CancellationToken cancel) {
        if (!AUTO.equalsIgnoreCase(form == null ? "" : form.strip())) {
            return fit(runs, ChinchillaFit.Form.of(form), excludeHighest, rounds, seed, progress, cancel);
        }
        List<ChinchillaFit.Point> points = kept(bestOfEachShape(runs), excludeHighest).stream()
                .map(r -> new ChinchillaFit.Point(r.params(), r.tokens(), r.loss()))
                .toList();
        String note;
        ChinchillaFit.Form chosen;
        try {
            FormSelection.Choice c = FormSelection.choose(points);
            chosen = c.form();
            note = c.why();
        } catch (InputError e) {
            chosen = ChinchillaFit.Form.CHINCHILLA;
            note = "form chinchilla, the standard one: "
                    + e.getMessage().replace("; name the form (chinchilla or tied) instead", "");
        }
        Fitted f = fit(runs, chosen, excludeHighest, rounds, seed, progress, cancel);
        return new Fitted(
                f.fit(),
                f.kept(),
                f.excluded(),
                f.isoFlop(),
                f.isoFlopNote(),
                f.envelope(),
                f.envelopeNote(),
                f.sweepNote(),
                note);
    }

    private static List<AblationRunsFile.Run> kept(List<AblationRunsFile.Run> tuned, int excludeHighest) {
        InputError.require(
                excludeHighest >= 0 && excludeHighest < tuned.size(),
                "ablate.excludeHighest",
                "runs to leave out must lie in 0.." + (tuned.size() - 1));
        List<AblationRunsFile.Run> byLoss = tuned.stream()
                .sorted(Comparator.comparingDouble(AblationRunsFile.Run::loss).reversed())
                .toList();
        List<AblationRunsFile.Run> excluded = byLoss.subList(0, excludeHighest);
        return tuned.stream().filter(r -> !excluded.contains(r)).toList();
    }

    /** The runs fitted and bootstrapped, leaving out the {@code excludeHighest} runs of highest loss (as the replication does). */
    public static Fitted fit(
            List<AblationRunsFile.Run> runs,
            ChinchillaFit.Form form,
            int excludeHighest,
            int rounds,
            long seed,
            ProgressListener progress,
            CancellationToken cancel) {
        List<AblationRunsFile.Run> tuned = bestOfEachShape(runs);
        InputError.require(
                excludeHighest >= 0 && excludeHighest < tuned.size(),
                "ablate.excludeHighest",
                "runs to leave out must lie in 0.." + (tuned.size() - 1));
        List<AblationRunsFile.Run> byLoss = tuned.stream()
                .sorted(Comparator.comparingDouble(AblationRunsFile.Run::loss).reversed())
                .toList();
        List<AblationRunsFile.Run> excluded = byLoss.subList(0, excludeHighest);
        List<AblationRunsFile.Run> kept =
                tuned.stream().filter(r -> !excluded.contains(r)).toList();
        List<ChinchillaFit.Point> points = kept.stream()
                .map(r -> new ChinchillaFit.Point(r.params(), r.tokens(), r.loss()))
                .toList();
        ScalingLawFit fit = ScalingLawFit.run(points, form, rounds, seed, progress, cancel);
        IsoFlopProfiles.Result iso = null;
        String isoNote = null;
        try {
            iso = IsoFlopProfiles.fit(points);
        } catch (InputError e) {
            isoNote = "no IsoFLOP profiles (approach 2): " + e.getMessage();
        }
        int sweep = runs.size() - tuned.size();
        String sweepNote = sweep == 0
                ? null
                : String.format(
                        Locale.ROOT,
                        "%d run%s share a size and token count with a better one (a batch-size "
                                + "learning-rate or schedule ablation): the law is fitted on the best run of each shape, as it assumes tuned runs",
                        sweep,
                        sweep == 1 ? "" : "s");
        LossEnvelope.Result envelope = null;
        String envelopeNote = null;
        try {
            envelope = LossEnvelope.fit(points);
        } catch (InputError e) {
            envelopeNote =
                    "no loss envelope (approach 1): " + e.getMessage().replace("the loss envelope (approach 1): ", "");
        }
        return new Fitted(fit, kept, excluded, iso, isoNote, envelope, envelopeNote, sweepNote, null);
    }

    /**
     * The runs with the lowest loss among those of the same parameters and tokens (within 0.1 %) that differ in batch size,
     * learning rate or schedule: a hyperparameter grid or a schedule ablation, of which the law wants the tuned run. Runs of one shape and the same
     * hyperparameters (repeats with other seeds) are all kept. In the input's order.
     */
    static List<AblationRunsFile.Run> bestOfEachShape(List<AblationRunsFile.Run> runs) {
        Map<String, List<AblationRunsFile.Run>> shapes = new LinkedHashMap<>();
        for (AblationRunsFile.Run r : runs) {
            String key = Math.round(Math.log(r.params()) * 1000) + ":" + Math.round(Math.log(r.tokens()) * 1000);
            shapes.computeIfAbsent(key, k -> new ArrayList<>()).add(r);
        }
        Set<AblationRunsFile.Run> dropped = new HashSet<>();
        for (List<AblationRunsFile.Run> g : shapes.values()) {
            long settings = g.stream()
                    .map(r -> r.batchSize() + "/" + r.learningRate() + "/"
                            + (r.schedule() == null ? "" : ScheduleComparison.key(r.schedule())))
                    .distinct()
                    .count();
            if (settings > 1) {
                AblationRunsFile.Run best = g.stream()
                        .min(Comparator.comparingDouble(AblationRunsFile.Run::loss))
                        .orElseThrow();
                g.stream().filter(r -> r != best).forEach(dropped::add);
            }
        }
        return runs.stream().filter(r -> !dropped.contains(r)).toList();
    }

    /** The grid of L-BFGS starts a fit of {@code form} runs from (log-space exponents, e, a, b), as reported with a fit. */
    public record StartGrid(int starts, double[] alpha, double[] beta, double[] e, double[] a, double[] b) {}

    public static StartGrid startGrid(ChinchillaFit.Form form) {
        return new StartGrid(
                ChinchillaFit.starts(form),
                ChinchillaFit.GRID_ALPHA.clone(),
                form == ChinchillaFit.Form.TIED ? new double[0] : ChinchillaFit.GRID_ALPHA.clone(),
                ChinchillaFit.GRID_E.clone(),
                ChinchillaFit.GRID_AB.clone(),
                ChinchillaFit.GRID_AB.clone());
    }

    /** The runs' learning-rate schedules compared at equal parameters and tokens. */
    public static ScheduleComparison.Result schedules(List<AblationRunsFile.Run> runs) {
        return ScheduleComparison.compare(runs);
    }

    /**
     * The batch-size and learning-rate laws of the runs that give both (compute: their FLOPs, else 6ND).
     *
     * @throws InputError when the grid is too sparse, saying what is missing
     */
    public static HyperparameterLaws.Result hyper(List<AblationRunsFile.Run> runs, double margin) {
        List<HyperparameterLaws.Run> grid = runs.stream()
                .filter(r -> r.batchSize() != null && r.learningRate() != null)
                .map(r -> new HyperparameterLaws.Run(
                        r.run(),
                        r.flops() != null ? r.flops() : 6 * r.params() * r.tokens(),
                        r.params(),
                        r.batchSize(),
                        r.learningRate(),
                        r.loss()))
                .toList();
        return HyperparameterLaws.fit(grid, margin);
    }

    /**
     * A fit with the runs it was made from and those left out; the IsoFLOP profiles of the kept runs where they allow
     * them (Hoffmann et al.'s approach 2), else null and why; the loss envelope likewise (approach 1); and a note when runs of a hyperparameter grid were folded
     * into their best; and, where the form was chosen from the runs, which and why.
     */
    public record Fitted(
            ScalingLawFit fit,
            List<AblationRunsFile.Run> kept,
            List<AblationRunsFile.Run> excluded,
            IsoFlopProfiles.Result isoFlop,
            String isoFlopNote,
            LossEnvelope.Result envelope,
            String envelopeNote,
            String sweepNote,
            String formNote) {}
}
