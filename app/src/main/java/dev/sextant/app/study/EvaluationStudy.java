package dev.sextant.app.study;

import dev.sextant.model.InputError;
import dev.sextant.model.contamination.ScanResult;
import dev.sextant.model.evaluation.ArenaAnalysis;
import dev.sextant.model.evaluation.ArenaResult;
import dev.sextant.model.evaluation.Battle;
import dev.sextant.model.evaluation.BenchmarkWeight;
import dev.sextant.model.evaluation.CapabilityProfile;
import dev.sextant.model.evaluation.CompositeIndex;
import dev.sextant.model.evaluation.CompositeIndexResult;
import dev.sextant.model.evaluation.CompositeIndexSpec;
import dev.sextant.model.evaluation.CredibilityAssessor;
import dev.sextant.model.evaluation.EvaluationEvidence;
import dev.sextant.model.evaluation.EvidenceFile;
import dev.sextant.model.evaluation.IndexEdits;
import dev.sextant.model.evaluation.ItemScore;
import dev.sextant.model.evaluation.ModelScore;
import dev.sextant.model.evaluation.RepeatedSamples;
import dev.sextant.model.evaluation.ResultsByDate;
import dev.sextant.model.evaluation.ScoreSummarizer;
import dev.sextant.model.evaluation.ScoreSummary;
import dev.sextant.model.evaluation.ScoreSummarySpec;
import dev.sextant.model.evaluation.Scorecard;
import dev.sextant.model.io.DimensionFiles;
import dev.sextant.model.io.EvidenceFiles;
import dev.sextant.model.io.HfTokenizerFile;
import dev.sextant.model.io.IndexTablesCsv;
import dev.sextant.model.io.ItemDatesCsv;
import dev.sextant.model.io.SampleTrialFiles;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import dev.sextant.workspaces.EvidenceSource;
import dev.sextant.workspaces.Workspace;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * Evaluation evidence and its analyses, for every face: the Evaluation area and the {@code eval} commands read files,
 * import them into a project, and summarise, compare, index, rate and grade the evidence through this one object, so
 * that the same evidence and settings give the same numbers on screen and on the command line.
 *
 * <p>The analyses work on evidence from anywhere (files given to a command, or a project's imported evidence); the
 * instance methods are the project's side: its evidence, sources, imports and scans.
 */
public final class EvaluationStudy {

    /** The confidence the Evaluation area shows its intervals at: 1 − {@value}. */
    public static final double ALPHA = 0.05;

    private final Workspace ws;
    private final UUID projectId;

    public EvaluationStudy(Workspace ws, UUID projectId) {
        this.ws = ws;
        this.projectId = projectId;
    }

    /** Evaluation files as read, and what reading them chose (which metric of several, a model named after its folder). */
    public record Read(List<EvidenceFile> files, List<String> notes) {

        /** The evidence the files hold together. */
        public EvaluationEvidence evidence() {
            return EvaluationEvidence.of(files);
        }

        /** These files with the results in them dated {@code runDate}, whatever the files say (null: as read). */
        public Read runOn(LocalDate runDate) {
            return runDate == null
                    ? this
                    : new Read(
                            files.stream()
                                    .map(f -> f.holdsResults() ? f.withRunDate(runDate) : f)
                                    .toList(),
                            notes);
        }
    }

    /** The weight table, model scores and workload mix a composite index is built from. */
    public record IndexTables(List<BenchmarkWeight> weights, List<ModelScore> scores, Map<String, Double> mix) {}

    /**
     * The Evaluation area's settings for the analyses it runs together.
     *
     * @param normalization how the index puts benchmark scores on one scale (random-baseline: against the weight
     *                      table's baselines)
     */
    public record Settings(
            ScoreSummarySpec.CiMethod ci,
            int bootstrap,
            int indexSamples,
            double concentration,
            int arenaRounds,
            long seed,
            CompositeIndexSpec.Normalization normalization) {

        public Settings(
                ScoreSummarySpec.CiMethod ci,
                int bootstrap,
                int indexSamples,
                double concentration,
                int arenaRounds,
                long seed) {
            this(ci, bootstrap, indexSamples, concentration, arenaRounds, seed, CompositeIndexSpec.Normalization.RAW);
        }
    }

    /**
     * The analyses of one body of evidence, as the Evaluation area shows them; each null when the evidence lacks what
     * it needs, with why in {@code notes} when the evidence has it but the analysis refuses it.
     */
    public record Analyses(
            List<ScoreSummary> summaries,
            CompositeIndexResult index,
            ArenaResult arena,
            Scorecard scorecard,
            List<String> notes) {}

    /**
     * Reads evaluation files (or lm-evaluation-harness output folders), every one before anything is written.
     *
     * @param kind   how to read every file, or null to recognise each by its content
     * @param metric the lm-evaluation-harness metric, or null for whichever is there
     * @param model  the model of samples files without a results file, or null
     */
    public static Read read(List<Path> files, EvidenceFile.Kind kind, String metric, String model) {
        List<EvidenceFile> read = EvidenceFiles.read(files, kind, metric, model);
        return new Read(read, notes(read));
    }

    /** Each file's reading notes, prefixed with its name. */
    static List<String> notes(List<EvidenceFile> files) {
        List<String> out = new ArrayList<>();
        for (EvidenceFile f : files) {
            f.notes().forEach(n -> out.add(f.name() + ": " + n));
        }
        return out;
    }

    /** Keeps the files read in the project, in one transaction (all or none). */
    public List<EvidenceSource> importFiles(Read read, ProgressListener progress, CancellationToken cancel) {
        return ws.evaluation().importFiles(projectId, read.files(), false, progress, cancel);
    }

    /** The project's imported evidence. */
    public EvaluationEvidence evidence() {
        return ws.evaluation().load(projectId);
    }

    /** The files imported into the project. */
    public List<EvidenceSource> sources() {
        return ws.evaluation().sources(projectId);
    }

    public void deleteSource(UUID sourceId) {
        ws.evaluation().deleteSource(sourceId);
    }

    /** Dates an imported file's results (null: unknown). */
    public void setRunDate(UUID sourceId, LocalDate date) {
        ws.evaluation().setRunDate(sourceId, date);
    }

    /** A run date as typed: YYYY-MM-DD, blank for unknown (null). */
    public static LocalDate runDate(String text) {
        if (text == null || text.isBlank()) {
            return null;
        }
        try {
            return LocalDate.parse(text.strip());
        } catch (DateTimeParseException e) {
            throw new InputError("evaluation.runDate", "run date: '" + text.strip() + "' is not a date (YYYY-MM-DD)");
        }
    }

    /** The project's complete contamination scans, newest first: what the scorecard reads. */
    public List<ScanResult> scans() {
        return ws.scans().completeResults(projectId);
    }

    /**
     * Mean, standard errors and interval per model and benchmark: from per-item scores as {@code spec} says, and from
     * reported aggregates at {@code spec.alpha()}.
     */
    /** Repeated samples read and summarised: each model, benchmark and sampling configuration's stability and token use. */
    public record Samples(List<RepeatedSamples.Row> rows, List<String> notes) {}

    /**
     * Items answered several times, from per-item CSVs (a row per trial) or lm-evaluation-harness samples files (a
     * file per trial): pass@k and pass^k for each k, majority, consistency, the variance split, tokens and cost.
     */
    public static Samples samples(
            List<Path> files,
            String model,
            String metric,
            List<Integer> ks,
            RepeatedSamples.Prices prices,
            long seed,
            CancellationToken cancel) {
        return samples(files, model, metric, null, ks, prices, seed, cancel);
    }

    /** As above, counting answers' tokens from their text with {@code tokenizer} (a tokenizer.json or its model folder; null: none). */
    public static Samples samples(
            List<Path> files,
            String model,
            String metric,
            Path tokenizer,
            List<Integer> ks,
            RepeatedSamples.Prices prices,
            long seed,
            CancellationToken cancel) {
        SampleTrialFiles.Read read =
                SampleTrialFiles.read(files, model, metric, tokenizer == null ? null : HfTokenizerFile.open(tokenizer));
        return new Samples(RepeatedSamples.summarize(read.trials(), ks, prices, seed, cancel), read.notes());
    }

    /**
     * The repeated samples among evidence already read (a project's): the items scored with a sample index, as trials
     * under the sampling configuration each row discloses.
     */
    public static Samples samples(
            EvaluationEvidence e,
            List<Integer> ks,
            RepeatedSamples.Prices prices,
            long seed,
            CancellationToken cancel) {
        List<RepeatedSamples.Trial> trials = new ArrayList<>();
        for (ItemScore s : e.items()) {
            if (s.sample() != null) {
                trials.add(new RepeatedSamples.Trial(
                        s.model(),
                        s.benchmark(),
                        s.itemId(),
                        Integer.toString(s.sample()),
                        s.score(),
                        new RepeatedSamples.Sampling(s.temperature(), s.topP(), null),
                        s.seed(),
                        Double.NaN,
                        Double.NaN,
                        Double.NaN,
                        s.clusterId()));
            }
        }
        InputError.require(
                !trials.isEmpty(),
                "samples.input",
                "the evidence holds no repeated samples (every item answered"
                        + " once): give trial files — per-item CSVs with a sample column, lm-evaluation-harness samples files of several runs, τ-bench"
                        + " results");
        return new Samples(RepeatedSamples.summarize(trials, ks, prices, seed, cancel), List.of());
    }

    /**
     * A model's accuracy before and after its training cut-off on one benchmark of the evidence, by the items' dates in
     * {@code dates} (item_id,date[,benchmark]).
     */
    /**
     * @param dates  the items' dates file, or null for the dates the evidence holds (imported item_id,date files)
     * @param cutoff the model's training cut-off, or null for the one the evidence holds (an imported model,cutoff file)
     */
    public static ResultsByDate.Result byDate(
            EvaluationEvidence e, String model, String benchmark, Path dates, LocalDate cutoff, boolean skipUndated) {
        List<ItemScore> scores = e.items().stream()
                .filter(x -> x.model().equals(model) && x.benchmark().equals(benchmark))
                .toList();
        Map<String, LocalDate> dated =
                dates != null ? ItemDatesCsv.read(dates, benchmark) : e.dating().itemsOf(benchmark);
        LocalDate cut = cutoff != null ? cutoff : e.dating().cutoffs().get(model);
        InputError.require(
                !dated.isEmpty(),
                "bydate.dates",
                "the evidence dates none of " + benchmark + "'s items: give a dates file (item_id,date)");
        InputError.require(
                cut != null,
                "bydate.cutoff",
                "the evidence holds no training cut-off for " + model + ": give one (YYYY-MM-DD)");
        return ResultsByDate.of(model, benchmark, scores, dated, cut, skipUndated);
    }

    /**
     * The evidence's benchmark scores as a per-model profile over capability dimensions: each benchmark's mean and SE
     * (per-item scores summarised, reported results, the model-score table where nothing else scores it; a clustered
     * SE where items share clusters), placed by the map, the index's weight table or the defaults; the workload mix's
     * coverage; refusal boundaries from refusal sets.
     */
    public static CapabilityProfile.Result dimensions(
            EvaluationEvidence e, Path map, List<Path> refusalSets, CancellationToken cancel) {
        List<CapabilityProfile.Score> scores = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        if (!e.items().isEmpty() || !e.reported().isEmpty()) {
            for (ScoreSummary r : summaries(e, ScoreSummarySpec.defaults(), ProgressListener.NONE, cancel)) {
                scores.add(new CapabilityProfile.Score(
                        r.model(), r.benchmark(), r.mean(), r.seClustered() != null ? r.seClustered() : r.se()));
                seen.add(r.model() + '\u0000' + r.benchmark());
            }
        }
        if (e.scores() != null) {
            for (ModelScore m : e.scores()) {
                if (seen.add(m.model() + '\u0000' + m.benchmark())) {
                    scores.add(new CapabilityProfile.Score(m.model(), m.benchmark(), m.score(), m.se()));
                }
            }
        }
        List<CapabilityProfile.RefusalItem> refusals = new ArrayList<>();
        for (Path f : refusalSets) {
            refusals.addAll(DimensionFiles.refusals(f));
        }
        return CapabilityProfile.of(
                scores, map == null ? Map.of() : DimensionFiles.map(map), e.weights(), e.mix(), refusals);
    }

    public static List<ScoreSummary> summaries(
            EvaluationEvidence e, ScoreSummarySpec spec, ProgressListener progress, CancellationToken cancel) {
        List<ScoreSummary> rows = new ArrayList<>();
        if (!e.items().isEmpty()) {
            rows.addAll(ScoreSummarizer.summarize(e.items(), spec, progress, cancel));
        }
        rows.addAll(ScoreSummarizer.fromReported(e.reported(), spec.alpha()));
        return rows;
    }

    /** Model A against model B on the items of the benchmark both were scored on. */
    public static ScoreSummarizer.PairedResult compare(
            EvaluationEvidence e, String a, String b, String benchmark, double alpha) {
        return ScoreSummarizer.compare(e.items(), a, b, benchmark, alpha);
    }

    /**
     * As above, each item's trials first folded into one score by {@code fold} (pass^k: the chance all k trials of it
     * succeed; pass@k; their mean), so that the comparison is of reliability, not of one draw.
     */
    public static ScoreSummarizer.PairedResult compare(
            EvaluationEvidence e, String a, String b, String benchmark, double alpha, RepeatedSamples.Fold fold) {
        if (fold == null) {
            return compare(e, a, b, benchmark, alpha);
        }
        Map<String, Map<String, List<Double>>> trials = new LinkedHashMap<>();
        for (ItemScore s : e.items()) {
            if (s.benchmark().equals(benchmark)
                    && (s.model().equals(a) || s.model().equals(b))) {
                trials.computeIfAbsent(s.model(), k -> new LinkedHashMap<>())
                        .computeIfAbsent(s.itemId(), k -> new ArrayList<>())
                        .add(s.score());
            }
        }
        List<ItemScore> folded = new ArrayList<>();
        trials.forEach((model, items) -> items.forEach((item, scores) -> folded.add(new ItemScore(
                model,
                benchmark,
                item,
                fold.of(item, scores.stream().mapToDouble(Double::doubleValue).toArray()),
                null,
                null,
                null,
                null,
                null))));
        return ScoreSummarizer.compare(folded, a, b, benchmark, alpha);
    }

    /**
     * The index tables: each file given, else the one of {@code stored}: a project's imported evidence,
     * needed when a weight table or scores file is not given (null otherwise).
     *
     * @param weights a weight table CSV, or null
     * @param scores  a model scores CSV, or null
     * @param mix     a workload mix CSV, or null
     */
    public static IndexTables indexTables(Path weights, Path scores, Path mix, EvaluationEvidence stored) {
        return new IndexTables(
                weights != null ? IndexTablesCsv.readWeights(weights) : stored.weights(),
                scores != null ? IndexTablesCsv.readScores(scores) : stored.scores(),
                mix != null ? IndexTablesCsv.readMix(mix) : stored == null ? null : stored.mix());
    }

    /**
     * Keeps an index built or edited by hand as the project's current weight table and, when given, workload mix:
     * checked as an imported file is (names, non-negative weights, baselines in [0, 1), a positive total), in one
     * transaction. The sources are named {@code name}; earlier tables stay, listed under Sources.
     *
     * @param mix category → share, or null to keep the project's mix
     */
    public List<EvidenceSource> keepIndex(
            String name,
            List<BenchmarkWeight> weights,
            Map<String, Double> mix,
            ProgressListener progress,
            CancellationToken cancel) {
        IndexEdits.check(weights, mix);
        List<EvidenceFile> files = new ArrayList<>();
        files.add(EvidenceFile.of(EvidenceFile.Kind.WEIGHTS, name + " (weights)", "edited in Sextant", weights, null));
        if (mix != null && !mix.isEmpty()) {
            files.add(EvidenceFile.of(EvidenceFile.Kind.MIX, name + " (mix)", "edited in Sextant", List.of(), mix));
        }
        return ws.evaluation().importFiles(projectId, files, false, progress, cancel);
    }

    /** The composite index, re-weighted to the mix, with rank stability by Monte Carlo. */
    public static CompositeIndexResult index(
            CompositeIndexSpec spec, ProgressListener progress, CancellationToken cancel) {
        return CompositeIndex.analyse(spec, progress, cancel);
    }

    /**
     * Bradley-Terry ratings of the battles with bootstrap intervals.
     *
     * @param anchorModel the model whose rating is pinned at {@code anchorRating}, or null for ratings averaging 1000
     */
    public static ArenaResult arena(
            List<Battle> battles,
            int rounds,
            long seed,
            String anchorModel,
            double anchorRating,
            ProgressListener progress,
            CancellationToken cancel) {
        return ArenaAnalysis.analyse(battles, rounds, seed, anchorModel, anchorRating, progress, cancel);
    }

    /** How far to trust each benchmark and the index, from the evidence and the complete contamination scans. */
    public static Scorecard scorecard(
            EvaluationEvidence e,
            List<ScanResult> scans,
            LocalDate asOf,
            ProgressListener progress,
            CancellationToken cancel) {
        return CredibilityAssessor.assess(e, scans, asOf, progress, cancel);
    }

    /** @param staleMonths results older than this many months are marked stale */
    public static Scorecard scorecard(
            EvaluationEvidence e,
            List<ScanResult> scans,
            LocalDate asOf,
            int staleMonths,
            ProgressListener progress,
            CancellationToken cancel) {
        return CredibilityAssessor.assess(e, scans, asOf, staleMonths, progress, cancel);
    }

    /**
     * Every analysis the Evaluation area shows, as the commands compute each: summaries at {@link #ALPHA}; the
     * index (normalised as the settings say) over the evidence's weight table, scores and mix (top 3); arena ratings averaging 1000; the scorecard as of
     * today.
     */
    public static Analyses analyse(
            EvaluationEvidence e,
            List<ScanResult> scans,
            Settings s,
            ProgressListener progress,
            CancellationToken cancel) {
        List<String> notes = new ArrayList<>();
        List<ScoreSummary> rows = summaries(
                e, new ScoreSummarySpec(s.ci(), s.bootstrap(), s.seed(), ALPHA), progress.slice(0, 0.4), cancel);
        CompositeIndexResult index = null;
        if (e.weights() != null && e.scores() != null) {
            try {
                index = index(
                        new CompositeIndexSpec(
                                e.weights(),
                                e.scores(),
                                s.normalization(),
                                null,
                                e.mix(),
                                s.indexSamples(),
                                s.concentration(),
                                3,
                                s.seed()),
                        progress.slice(0.4, 0.6),
                        cancel);
            } catch (IllegalArgumentException ex) {
                notes.add("Composite index: " + ex.getMessage());
            }
        }
        ArenaResult arena = null;
        if (!e.battles().isEmpty()) {
            try {
                arena = arena(e.battles(), s.arenaRounds(), s.seed(), null, 1000, progress.slice(0.6, 0.9), cancel);
            } catch (IllegalArgumentException ex) {
                notes.add("Arena: " + ex.getMessage());
            }
        }
        Scorecard card = e.isEmpty() ? null : scorecard(e, scans, LocalDate.now(), progress.slice(0.9, 1), cancel);
        return new Analyses(rows, index, arena, card, notes);
    }
}
