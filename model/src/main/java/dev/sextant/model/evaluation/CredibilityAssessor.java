package dev.sextant.model.evaluation;

import dev.sextant.model.InputError;
import dev.sextant.model.contamination.ScanResult;
import dev.sextant.model.evaluation.Scorecard.Check;
import dev.sextant.model.evaluation.Scorecard.Dimension;
import dev.sextant.model.evaluation.Scorecard.Grade;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Builds the {@link Scorecard} from a project's evidence. Thresholds, each stated in its check's evidence:
 * <ul>
 *   <li>weighting fit: total variation between the index's category weights and the mix ≤ 0.10 good, ≤ 0.25 fair;
 *       a benchmark weighted more than twice (or less than half) what the mix gives its category is flagged;</li>
 *   <li>timeliness: last refresh (else release) ≤ 12 months before the assessment date good, ≤ 24 fair; a held-out
 *       share ≥ 20% good, above 0 fair, 0 poor; contamination: the newest scan of its items; results older than the
 *       stale threshold (default 12 months) flagged with their age; accuracy before and after models' training
 *       cut-offs on dated items ({@link DatingChecks});</li>
 *   <li>the index's fit also asks which capability dimensions the mix's categories need and whether a benchmark here
 *       measures them: an unmeasured share ≤ 10% good, ≤ 25% fair;</li>
 *   <li>reproducibility: a CI disclosed (per-item data or a reported SE); ≥ 1,000 items good (Miller's recommendation
 *       for a new eval), ≥ 100 fair; several samples per item good; a disclosed sampling configuration.</li>
 * </ul>
 */
public final class CredibilityAssessor {

    private CredibilityAssessor() {}

    public static Scorecard assess(
            EvaluationEvidence e, LocalDate asOf, ProgressListener progress, CancellationToken cancel) {
        return assess(e, List.of(), asOf, progress, cancel);
    }

    /**
     * @param scans complete contamination scans of the project, newest first: a benchmark's contamination check uses
     *              the newest scan that holds items of that benchmark (matched by name)
     */
    public static Scorecard assess(
            EvaluationEvidence e,
            List<ScanResult> scans,
            LocalDate asOf,
            ProgressListener progress,
            CancellationToken cancel) {
        return assess(e, scans, asOf, DEFAULT_STALE_MONTHS, progress, cancel);
    }

    /** Results older than this many months are stale unless the user says otherwise. */
    public static final int DEFAULT_STALE_MONTHS = 12;

    /** @param staleMonths results older than this many months at {@code asOf} are marked stale */
    public static Scorecard assess(
            EvaluationEvidence e,
            List<ScanResult> scans,
            LocalDate asOf,
            int staleMonths,
            ProgressListener progress,
            CancellationToken cancel) {
        InputError.require(
                staleMonths >= 1,
                "scorecard.staleMonths",
                "the stale threshold must be at least 1 month, not " + staleMonths);
        Map<String, BenchmarkWeight> weights = new LinkedHashMap<>();
        if (e.weights() != null) {
            e.weights().forEach(w -> weights.put(w.benchmark(), w));
        }
        Set<String> benchmarks = new LinkedHashSet<>(weights.keySet());
        e.items().forEach(i -> benchmarks.add(i.benchmark()));
        e.reported().forEach(r -> benchmarks.add(r.benchmark()));
        scans.forEach(sc -> sc.items().forEach(i -> benchmarks.add(i.benchmark())));

        List<Dimension> index = indexCard(e);
        Shares shares = shares(e);
        List<ScoreSummary> summaries = e.items().isEmpty()
                ? List.of()
                : ScoreSummarizer.summarize(e.items(), ScoreSummarySpec.defaults(), ProgressListener.NONE, cancel);

        List<Scorecard.BenchmarkCard> cards = new ArrayList<>();
        for (String b : benchmarks) {
            cancel.throwIfCancelled();
            BenchmarkWeight w = weights.get(b);
            List<Dimension> dims = new ArrayList<>();
            dims.add(Dimension.of(Scorecard.WEIGHTING, weightingChecks(b, w, shares, e)));
            List<Check> timely = timelinessChecks(w, asOf, contaminationCheck(b, scans));
            timely.add(DatingChecks.byDate(b, e.items(), e.dating()));
            timely.add(DatingChecks.resultAge(b, e.dating().results(), asOf, staleMonths));
            dims.add(Dimension.of(Scorecard.TIMELINESS, timely));
            dims.add(Dimension.of(Scorecard.REPRODUCIBILITY, reproducibilityChecks(b, summaries, e.reported())));
            cards.add(new Scorecard.BenchmarkCard(b, dims));
        }
        progress.progress(1, "assessed " + cards.size() + " benchmarks");
        return new Scorecard(index, cards);
    }

    private static List<Dimension> indexCard(EvaluationEvidence e) {
        List<Check> checks = new ArrayList<>();
        if (e.weights() == null) {
            checks.add(new Check("weight table", Grade.UNKNOWN, "no weight table imported"));
        } else if (e.mix() == null) {
            checks.add(new Check(
                    "fit to your workload",
                    Grade.UNKNOWN,
                    "no workload mix imported: import category,share to compare"));
        } else if (e.scores() != null) {
            CompositeIndexResult r = CompositeIndex.analyse(
                    new CompositeIndexSpec(
                            e.weights(), e.scores(), CompositeIndexSpec.Normalization.RAW, null, e.mix(), 0, 100, 1, 0),
                    ProgressListener.NONE,
                    CancellationToken.none());
            checks.add(divergenceCheck(r.divergence()));
            long moved = r.models().stream()
                    .filter(m -> m.rankChange() != null && m.rankChange() != 0)
                    .count();
            checks.add(new Check(
                    "ranking under your mix",
                    moved == 0 ? Grade.GOOD : moved * 4 <= r.models().size() ? Grade.FAIR : Grade.POOR,
                    moved + " of " + r.models().size()
                            + " models change rank when the index is re-weighted to your mix"));
        } else {
            checks.add(divergenceCheck(
                    CompositeIndex.reweight(e.weights(), e.mix()).divergence()));
        }
        checks.add(coverageCheck(e));
        return List.of(Dimension.of(Scorecard.WEIGHTING, checks));
    }

    /** Which capability dimensions the mix's categories stand for, and whether a benchmark here measures each. */
    private static Check coverageCheck(EvaluationEvidence e) {
        if (e.mix() == null) {
            return new Check("dimensions your mix needs", Grade.UNKNOWN, "no workload mix imported");
        }
        Map<String, BenchmarkWeight> index = new LinkedHashMap<>();
        if (e.weights() != null) {
            e.weights().forEach(w -> index.put(w.benchmark(), w));
        }
        Set<String> benchmarks = new LinkedHashSet<>(index.keySet());
        e.items().forEach(i -> benchmarks.add(i.benchmark()));
        e.reported().forEach(r -> benchmarks.add(r.benchmark()));
        if (e.scores() != null) {
            e.scores().forEach(s -> benchmarks.add(s.benchmark()));
        }
        List<CapabilityProfile.Placement> placed = benchmarks.stream()
                .map(b -> CapabilityProfile.placement(b, index))
                .filter(Objects::nonNull)
                .toList();
        List<CapabilityProfile.Coverage> coverage = CapabilityProfile.coverage(placed, e.mix());
        double total =
                coverage.stream().mapToDouble(CapabilityProfile.Coverage::share).sum();
        if (total <= 0) {
            return new Check("dimensions your mix needs", Grade.UNKNOWN, "the workload mix has no share");
        }
        List<String> measured = new ArrayList<>();
        List<String> unmeasured = new ArrayList<>();
        double missing = 0;
        for (CapabilityProfile.Coverage c : coverage) {
            String label = String.format(
                    Locale.ROOT,
                    "%s %.0f%%",
                    c.dimension() == null
                            ? c.category() + " (no dimension)"
                            : c.category().equals(c.dimension()) ? c.category() : c.category() + " → " + c.dimension(),
                    100 * c.share() / total);
            if (c.measured()) {
                measured.add(label);
            } else {
                unmeasured.add(label);
                missing += c.share() / total;
            }
        }
        Grade g = missing <= 0.10 ? Grade.GOOD : missing <= 0.25 ? Grade.FAIR : Grade.POOR;
        return new Check(
                "dimensions your mix needs",
                g,
                String.format(Locale.ROOT, "%.0f%% of your mix unmeasured", 100 * missing)
                        + (unmeasured.isEmpty() ? "" : ": " + String.join(", ", unmeasured))
                        + (measured.isEmpty() ? "" : "; measured: " + String.join(", ", measured))
                        + " (good ≤ 10% unmeasured, fair ≤ 25%; a category counts when it names a dimension "
                        + "some benchmark here is placed on)");
    }

    private static Check divergenceCheck(CompositeIndexResult.Divergence d) {
        Grade g = d.totalVariation() <= 0.10 ? Grade.GOOD : d.totalVariation() <= 0.25 ? Grade.FAIR : Grade.POOR;
        return new Check(
                "fit to your workload",
                g,
                String.format(
                        "total variation %.2f, Jensen-Shannon %.2f bits between the index's "
                                + "category weights and your mix (good ≤ 0.10, fair ≤ 0.25)",
                        d.totalVariation(), d.jensenShannon()));
    }

    /** Each weighted benchmark's renormalised index weight, and its weight if the index followed the mix. */
    private record Shares(Map<String, Double> index, Map<String, Double> mix) {}

    private static Shares shares(EvaluationEvidence e) {
        Map<String, Double> index = new LinkedHashMap<>();
        Map<String, Double> mix = new LinkedHashMap<>();
        if (e.weights() == null || e.mix() == null) {
            return new Shares(index, mix);
        }
        CompositeIndex.Reweighting r = CompositeIndex.reweight(e.weights(), e.mix());
        for (int b = 0; b < r.benchmarks().size(); b++) {
            index.put(r.benchmarks().get(b), r.index()[b]);
            mix.put(r.benchmarks().get(b), r.mix() == null ? 0 : r.mix()[b]);
        }
        return new Shares(index, mix);
    }

    private static List<Check> weightingChecks(String b, BenchmarkWeight w, Shares shares, EvaluationEvidence e) {
        if (w == null) {
            return List.of(new Check("in the index", Grade.UNKNOWN, "not in the weight table"));
        }
        Double index = shares.index().get(b);
        Double mix = shares.mix().get(b);
        if (index == null || mix == null) {
            return List.of(new Check(
                    "weight versus your mix",
                    Grade.UNKNOWN,
                    e.mix() == null
                            ? "no workload mix imported"
                            : "weight " + w.weight() + " (zero weight: not part of the index)"));
        }
        double ratio = mix == 0 ? Double.POSITIVE_INFINITY : index / mix;
        Grade g = ratio <= 1.5 && ratio >= 1 / 1.5 ? Grade.GOOD : ratio <= 2 && ratio >= 0.5 ? Grade.FAIR : Grade.POOR;
        String how = mix == 0
                ? "your mix gives its category nothing"
                : String.format("%.1f× what your mix would give it", ratio);
        return List.of(new Check(
                "weight versus your mix",
                g,
                String.format("index weight %.1f%%, under your mix %.1f%%: %s", 100 * index, 100 * mix, how)));
    }

    /** The contamination check from the newest scan holding this benchmark's items. */
    static Check contaminationCheck(String benchmark, List<ScanResult> scans) {
        for (var scan : scans) {
            var items = scan.items().stream()
                    .filter(i -> i.benchmark().equals(benchmark))
                    .toList();
            if (items.isEmpty()) {
                continue;
            }
            long dirty = items.stream()
                    .filter(i -> i.status() == ScanResult.Status.DIRTY)
                    .count();
            long partial = items.stream()
                    .filter(i -> i.status() == ScanResult.Status.PARTIAL)
                    .count();
            long unchecked = items.stream()
                    .filter(i -> i.status() == ScanResult.Status.NOT_CHECKABLE)
                    .count();
            long checkable = items.size() - unchecked;
            if (checkable == 0) {
                return new Check(
                        "contamination scan",
                        Grade.UNKNOWN,
                        "every item is shorter than the scan's n-gram: not checkable");
            }
            Grade g = dirty + partial == 0
                    ? Grade.GOOD
                    : dirty <= 0.01 * checkable && partial <= 0.05 * checkable ? Grade.FAIR : Grade.POOR;
            String n = scan.summary() == null ? "" : " (" + scan.summary().n() + "-grams)";
            return new Check(
                    "contamination scan",
                    g,
                    String.format(
                            "%d of %d checkable items dirty, %d partial%s; %d not checkable "
                                    + "(good: none; fair: ≤ 1%% dirty and ≤ 5%% partial)",
                            dirty, checkable, partial, n, unchecked));
        }
        return new Check("contamination scan", Grade.UNKNOWN, "not scanned against a training corpus");
    }

    private static List<Check> timelinessChecks(BenchmarkWeight w, LocalDate asOf, Check contamination) {
        List<Check> checks = new ArrayList<>();
        LocalDate fresh = w == null ? null : w.refreshed() != null ? w.refreshed() : w.released();
        if (fresh == null) {
            checks.add(new Check("age", Grade.UNKNOWN, "release and refresh dates not disclosed"));
        } else {
            long months = ChronoUnit.MONTHS.between(fresh, asOf);
            Grade g = months <= 12 ? Grade.GOOD : months <= 24 ? Grade.FAIR : Grade.POOR;
            checks.add(new Check(
                    "age",
                    g,
                    months + " months since " + (w.refreshed() != null ? "last refresh" : "release") + " (" + fresh
                            + "; good ≤ 12, fair ≤ 24): the older a public set, the likelier it is in training data"));
        }
        if (w == null || w.heldOut() == null) {
            checks.add(new Check("held-out items", Grade.UNKNOWN, "held-out share not disclosed"));
        } else {
            double h = w.heldOut();
            checks.add(new Check(
                    "held-out items",
                    h >= 0.2 ? Grade.GOOD : h > 0 ? Grade.FAIR : Grade.POOR,
                    String.format("%.0f%% of items held out from publication (good ≥ 20%%)", 100 * h)));
        }
        checks.add(contamination);
        return checks;
    }

    private static List<Check> reproducibilityChecks(
            String b, List<ScoreSummary> summaries, List<ReportedResult> reported) {
        List<Check> checks = new ArrayList<>();
        List<ScoreSummary> rows =
                summaries.stream().filter(s -> s.benchmark().equals(b)).toList();
        List<ReportedResult> rep =
                reported.stream().filter(r -> r.benchmark().equals(b)).toList();
        if (rows.isEmpty() && rep.isEmpty()) {
            checks.add(new Check("scores", Grade.UNKNOWN, "no scores imported for this benchmark"));
            return checks;
        }
        boolean ci = !rows.isEmpty() || rep.stream().allMatch(r -> r.se() != null);
        long withoutSe = rep.stream().filter(r -> r.se() == null).count();
        checks.add(new Check(
                "confidence interval",
                ci ? Grade.GOOD : Grade.POOR,
                ci
                        ? (rows.isEmpty()
                                ? "standard errors reported"
                                : "per-item scores available: intervals computed here")
                        : withoutSe + " of " + rep.size() + " reported results disclose no standard error"));
        int n = rows.isEmpty()
                ? rep.stream()
                        .map(ReportedResult::n)
                        .filter(x -> x != null)
                        .min(Integer::compare)
                        .orElse(-1)
                : rows.stream()
                        .map(ScoreSummary::n)
                        .filter(x -> x != null)
                        .mapToInt(Integer::intValue)
                        .min()
                        .orElse(-1);
        if (n < 0) {
            checks.add(new Check("items", Grade.UNKNOWN, "item count not disclosed"));
        } else {
            checks.add(
                    new Check(
                            "items",
                            n >= 1000 ? Grade.GOOD : n >= 100 ? Grade.FAIR : Grade.POOR,
                            n
                                    + " items (good ≥ 1,000, as Miller 2024 recommends; below 100, CLT intervals understate uncertainty)"));
        }
        if (!rows.isEmpty()) {
            double k = rows.stream()
                    .mapToDouble(ScoreSummary::samplesPerItem)
                    .min()
                    .orElse(1);
            checks.add(new Check(
                    "samples per item",
                    k >= 2 ? Grade.GOOD : Grade.FAIR,
                    String.format(
                            "%.1f answers per item%s",
                            k,
                            k >= 2
                                    ? ": within-item variance measured"
                                    : ": within-item variance unmeasured (resample rather than lower temperature)")));
        }
        boolean disclosed =
                rows.stream().flatMap(r -> r.samplingConfigs().stream()).noneMatch("undisclosed"::equals)
                        && rep.stream().noneMatch(r -> "undisclosed".equals(r.samplingConfig()));
        Set<String> configs = new LinkedHashSet<>();
        rows.forEach(r -> configs.addAll(r.samplingConfigs()));
        rep.forEach(r -> configs.add(r.samplingConfig()));
        checks.add(new Check(
                "sampling configuration",
                disclosed ? Grade.GOOD : Grade.POOR,
                disclosed
                        ? "disclosed: " + String.join("; ", configs)
                        : "temperature, top_p and seed not disclosed for some scores"));
        return checks;
    }
}
