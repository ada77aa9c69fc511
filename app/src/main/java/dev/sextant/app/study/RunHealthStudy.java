package dev.sextant.app.study;

import dev.sextant.model.io.trainlog.TrainingLogFiles;
import dev.sextant.model.io.trainlog.TrainingLogFormat;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import dev.sextant.model.runhealth.AnalysisSettings;
import dev.sextant.model.runhealth.FailurePolicies;
import dev.sextant.model.runhealth.FailureScenario;
import dev.sextant.model.runhealth.FailureScenarios;
import dev.sextant.model.runhealth.FailureSimulation;
import dev.sextant.model.runhealth.FailureStudy;
import dev.sextant.model.runhealth.LogAnalysis;
import dev.sextant.model.runhealth.MetricSeries;
import dev.sextant.model.runhealth.RunComparison;
import dev.sextant.model.runhealth.TrainingLog;
import dev.sextant.workspaces.SavedFailureStudy;
import dev.sextant.workspaces.SavedTrainingLog;
import dev.sextant.workspaces.SavedTrainingPlan;
import dev.sextant.workspaces.Workspace;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * Run health for every face: the Run health area and the {@code trainlog} and {@code plan failures} commands read logs,
 * analyse them, keep them and their failure studies in a project through this one object. The static methods need no
 * project.
 */
public final class RunHealthStudy {

    private final Workspace ws;
    private final UUID projectId;

    public RunHealthStudy(Workspace ws, UUID projectId) {
        this.ws = ws;
        this.projectId = projectId;
    }

    /** A run's log files read and merged (nothing is kept). */
    public static TrainingLog read(
            List<Path> inputs, TrainingLogFormat format, ProgressListener progress, CancellationToken cancel) {
        return TrainingLogFiles.read(inputs, format, progress, cancel);
    }

    /** A log as analysed with its settings. */
    public static LogAnalysis analyze(TrainingLog log, AnalysisSettings settings, CancellationToken cancel) {
        return settings.analyze(log, cancel);
    }

    /** A log and its analysis. */
    public record Opened(SavedTrainingLog kept, TrainingLog log, LogAnalysis analysis) {}

    /** Reads a run's logs and keeps them in the project under {@code name}: the read is checked whole before anything is written. */
    public Opened importLogs(
            List<Path> inputs,
            TrainingLogFormat format,
            String name,
            AnalysisSettings settings,
            ProgressListener progress,
            CancellationToken cancel) {
        TrainingLog log = read(inputs, format, progress.slice(0, 0.8), cancel);
        LogAnalysis analysis = analyze(log, settings, cancel);
        cancel.throwIfCancelled();
        progress.progress(0.85, "keeping the log");
        UUID id = ws.trainingLogs().save(projectId, name, log, settings, false);
        SavedTrainingLog kept = ws.trainingLogs().list(projectId).stream()
                .filter(s -> s.id().equals(id))
                .findFirst()
                .orElseThrow();
        progress.progress(1, "kept " + name);
        return new Opened(kept, log, analysis);
    }

    /** Keeps a log already read, with its settings; its id. */
    public UUID keepLog(String name, TrainingLog log, AnalysisSettings settings) {
        return ws.trainingLogs().save(projectId, name, log, settings, false);
    }

    /** What a project holds for the Run health area: its logs, failure studies, and the training plans to start from. */
    public record Contents(
            List<SavedTrainingLog> logs, List<SavedFailureStudy> studies, List<SavedTrainingPlan> plans) {}

    public Contents contents() {
        return new Contents(logs(), studies(), trainingPlans());
    }

    /** An opened log analysed again with {@code settings}, which are kept with it. */
    public Opened reanalyse(Opened o, AnalysisSettings settings, CancellationToken cancel) {
        LogAnalysis a = analyze(o.log(), settings, cancel);
        updateSettings(o.kept().id(), settings);
        return new Opened(o.kept().withSettings(settings), o.log(), a);
    }

    public List<SavedTrainingLog> logs() {
        return ws.trainingLogs().list(projectId);
    }

    public Opened open(SavedTrainingLog kept, CancellationToken cancel) {
        TrainingLog log = ws.trainingLogs().load(kept.id());
        return new Opened(kept, log, analyze(log, kept.settings(), cancel));
    }

    /** A kept log's series under its name, for laying several runs over one another. */
    public record Run(String name, TrainingLog log) {}

    /** The kept logs' series as imported, in the order given; cancellable between logs. */
    public List<Run> runs(List<SavedTrainingLog> kept, CancellationToken cancel) {
        List<Run> out = new ArrayList<>();
        for (SavedTrainingLog k : kept) {
            cancel.throwIfCancelled();
            out.add(new Run(k.name(), ws.trainingLogs().load(k.id())));
        }
        return out;
    }

    /** Runs' series of one metric side by side (the first the reference), for the Overlay and {@code trainlog compare}. */
    public static List<RunComparison.Run> compare(List<String> names, List<MetricSeries> series) {
        return RunComparison.compare(names, series);
    }

    /** The metrics every run logged, in the first run's order (loss first where all have it). */
    public static List<String> sharedMetrics(List<Run> runs) {
        if (runs.isEmpty()) {
            return List.of();
        }
        return runs.get(0).log().metricNames().stream()
                .filter(m -> runs.stream().allMatch(r -> r.log().metric(m).isPresent()))
                .toList();
    }

    public void updateSettings(UUID log, AnalysisSettings settings) {
        ws.trainingLogs().updateSettings(log, settings);
    }

    public void deleteLog(UUID log) {
        ws.trainingLogs().delete(log);
    }

    /** One policy's outcome among those compared. */
    public record PolicyOutcome(String name, FailureStudy study) {}

    /** The scenario and the alternatives beside it ({@link FailurePolicies#alongside}), each over {@code runs} runs. */
    public static List<PolicyOutcome> simulate(
            FailureScenario s, int runs, long seed, ProgressListener progress, CancellationToken cancel) {
        return simulate(s, runs, seed, true, progress, cancel);
    }

    /** As above; without {@code alongside} the scenario alone. */
    public static List<PolicyOutcome> simulate(
            FailureScenario s,
            int runs,
            long seed,
            boolean alongside,
            ProgressListener progress,
            CancellationToken cancel) {
        List<FailurePolicies.Named> policies =
                alongside ? FailurePolicies.alongside(s) : List.of(new FailurePolicies.Named("as given", s));
        List<PolicyOutcome> out = new ArrayList<>();
        for (int i = 0; i < policies.size(); i++) {
            FailurePolicies.Named p = policies.get(i);
            out.add(new PolicyOutcome(
                    p.name(),
                    FailureSimulation.run(
                            p.scenario(),
                            runs,
                            seed,
                            progress.slice((double) i / policies.size(), (double) (i + 1) / policies.size()),
                            cancel)));
        }
        return out;
    }

    /** What the scenario's spare-node policy means for the run, in a sentence ({@link FailurePolicies#sparesNote}). */
    public static String sparesNote(FailureScenario s) {
        return FailurePolicies.sparesNote(s);
    }

    /** The run a kept training plan describes, with its fault-tolerance inputs and the planner's elastic step times. */
    public static FailureScenario fromPlan(SavedTrainingPlan plan) {
        return FailureScenarios.fromPlan(
                plan.request(), plan.plan(), plan.faults(), TrainingStudy.efficiency(plan.request(), null));
    }

    public List<SavedTrainingPlan> trainingPlans() {
        return ws.trainingPlans().list(projectId);
    }

    public UUID keepStudy(String name, FailureStudy study, long seed) {
        return ws.failureStudies().save(projectId, name, study, seed, false);
    }

    public List<SavedFailureStudy> studies() {
        return ws.failureStudies().list(projectId);
    }

    /** A kept study with its drawn run simulated again from its seed (run 0 of the same seed is the same run). */
    public static FailureStudy withTimeline(SavedFailureStudy kept, CancellationToken cancel) {
        FailureStudy again =
                FailureSimulation.run(kept.study().scenario(), 1, kept.seed(), ProgressListener.NONE, cancel);
        FailureStudy s = kept.study();
        return new FailureStudy(
                s.scenario(),
                s.runs(),
                s.completionHours(),
                s.failuresMean(),
                s.goodput(),
                s.gpuHoursLostMean(),
                s.lostWorkHoursMean(),
                s.restartHoursMean(),
                s.checkpointHoursMean(),
                s.waitHoursMean(),
                again.timeline(),
                s.completions());
    }

    public void deleteStudy(UUID study) {
        ws.failureStudies().delete(study);
    }
}
