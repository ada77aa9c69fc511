package dev.sextant.model.evaluation;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Everything a project holds for the Evaluation area: per-item scores, reported results and battles from every source,
 * and the most recently imported weight table, model-score table and workload mix (null when none), with what dates
 * them.
 */
public record EvaluationEvidence(
        List<ItemScore> items,
        List<ReportedResult> reported,
        List<Battle> battles,
        List<BenchmarkWeight> weights,
        List<ModelScore> scores,
        Map<String, Double> mix,
        Dating dating) {

    /**
     * What dates the evidence: items' dates, models' training cut-offs (the latest imported per model wins), and when
     * each file's results were produced.
     */
    public record Dating(List<ItemDate> items, Map<String, LocalDate> cutoffs, List<ResultDate> results) {

        public static final Dating NONE = new Dating(List.of(), Map.of(), List.of());

        public Dating {
            items = List.copyOf(items);
            cutoffs = Collections.unmodifiableMap(new LinkedHashMap<>(cutoffs));
            results = List.copyOf(results);
        }

        public boolean isEmpty() {
            return items.isEmpty() && cutoffs.isEmpty() && results.isEmpty();
        }

        /** The dates of one benchmark's items: rows naming the benchmark, and rows naming none. */
        public Map<String, LocalDate> itemsOf(String benchmark) {
            Map<String, LocalDate> out = new LinkedHashMap<>();
            items.stream().filter(d -> d.benchmark() == null).forEach(d -> out.put(d.itemId(), d.date()));
            items.stream().filter(d -> benchmark.equals(d.benchmark())).forEach(d -> out.put(d.itemId(), d.date()));
            return out;
        }
    }

    public EvaluationEvidence(
            List<ItemScore> items,
            List<ReportedResult> reported,
            List<Battle> battles,
            List<BenchmarkWeight> weights,
            List<ModelScore> scores,
            Map<String, Double> mix) {
        this(items, reported, battles, weights, scores, mix, Dating.NONE);
    }

    public EvaluationEvidence {
        dating = dating == null ? Dating.NONE : dating;
    }

    public static EvaluationEvidence of(List<EvidenceFile> files) {
        List<ItemScore> items = new ArrayList<>();
        List<ReportedResult> reported = new ArrayList<>();
        List<Battle> battles = new ArrayList<>();
        List<BenchmarkWeight> weights = null;
        List<ModelScore> scores = null;
        Map<String, Double> mix = null;
        List<ItemDate> dates = new ArrayList<>();
        Map<String, LocalDate> cutoffs = new LinkedHashMap<>();
        List<ResultDate> runs = new ArrayList<>();
        for (EvidenceFile f : files) {
            items.addAll(f.items());
            reported.addAll(f.reported());
            battles.addAll(f.battles());
            dates.addAll(f.dates());
            f.cutoffs().forEach(c -> cutoffs.put(c.model(), c.cutoff()));
            if (f.kind() == EvidenceFile.Kind.WEIGHTS) {
                weights = f.weights();
            } else if (f.kind() == EvidenceFile.Kind.MODEL_SCORES) {
                scores = f.scores();
            } else if (f.kind() == EvidenceFile.Kind.MIX) {
                mix = f.mix();
            }
            if (f.runDate() != null) {
                benchmarksOf(f).forEach(b -> runs.add(new ResultDate(f.name(), b, f.runDate(), true)));
            }
        }
        return new EvaluationEvidence(items, reported, battles, weights, scores, mix, new Dating(dates, cutoffs, runs));
    }

    /** The benchmarks a file holds results of (battles: "arena"). */
    public static Set<String> benchmarksOf(EvidenceFile f) {
        Set<String> out = new LinkedHashSet<>();
        f.items().forEach(i -> out.add(i.benchmark()));
        f.reported().forEach(r -> out.add(r.benchmark()));
        f.scores().forEach(s -> out.add(s.benchmark()));
        if (!f.battles().isEmpty()) {
            out.add(ARENA);
        }
        return out;
    }

    /** What battles are filed under where results are listed by benchmark. */
    public static final String ARENA = "arena";

    public boolean isEmpty() {
        return items.isEmpty()
                && reported.isEmpty()
                && battles.isEmpty()
                && weights == null
                && scores == null
                && mix == null
                && dating.isEmpty();
    }
}
