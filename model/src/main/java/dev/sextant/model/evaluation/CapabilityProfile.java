package dev.sextant.model.evaluation;

import dev.sextant.model.InputError;
import dev.sextant.model.statistics.Interval;
import dev.sextant.model.statistics.Normal;
import dev.sextant.model.statistics.StandardErrors;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Benchmark scores turned into a per-model profile over capability dimensions — reasoning, code, long context,
 * instruction following, refusal/safety, knowledge — each a weighted mean of its benchmarks' scores with a 95 %
 * interval from their standard errors (benchmarks are independent samples: SE = √(Σ wᵢ² SEᵢ²) / Σ wᵢ). Which benchmark
 * measures which dimension: the user's map first, then the composite index's weight table (its categories), then the
 * defaults for well-known harness tasks; a benchmark none of them places is listed, not guessed. Against the workload
 * mix, each category's dimension is measured or not: what the evaluation leaves unmeasured of the user's own work.
 * Refusal boundaries are two numbers: the refusal rate where the model should refuse, and where it should answer.
 */
public final class CapabilityProfile {

    /** The dimensions, in the order they are shown. */
    public static final List<String> DIMENSIONS =
            List.of("reasoning", "code", "long context", "instruction following", "refusal/safety", "knowledge");

    /** Names a map or a mix may use for each dimension. */
    static final Map<String, String> SYNONYMS = new LinkedHashMap<>();
    /** Default dimension of well-known tasks: a benchmark whose lower-case name contains the key (first match wins). */
    static final Map<String, String> DEFAULTS = new LinkedHashMap<>();

    static {
        for (String s : List.of("reasoning", "math", "maths", "logic", "commonsense", "reasoning & math")) {
            SYNONYMS.put(s, "reasoning");
        }
        for (String s : List.of("code", "coding", "programming", "software engineering")) {
            SYNONYMS.put(s, "code");
        }
        for (String s : List.of("long context", "long-context", "long_context", "longcontext", "retrieval")) {
            SYNONYMS.put(s, "long context");
        }
        for (String s : List.of(
                "instruction following", "instruction-following", "instruction_following", "instructions", "chat")) {
            SYNONYMS.put(s, "instruction following");
        }
        for (String s : List.of("refusal/safety", "refusal", "refusals", "safety", "harmlessness")) {
            SYNONYMS.put(s, "refusal/safety");
        }
        for (String s : List.of("knowledge", "qa", "factuality", "world knowledge")) {
            SYNONYMS.put(s, "knowledge");
        }
        // the harness's and the leaderboards' task names (lm-evaluation-harness task
        // names, the Open LLM Leaderboard v2 set)
        for (String s : List.of(
                "livecodebench",
                "humaneval",
                "mbpp",
                "swe-bench",
                "swe_bench",
                "bigcodebench",
                "codeforces",
                "ds1000",
                "apps")) {
            DEFAULTS.put(s, "code");
        }
        for (String s :
                List.of("ruler", "longbench", "niah", "needle", "infinitebench", "loogle", "helmet", "babilong")) {
            DEFAULTS.put(s, "long context");
        }
        for (String s : List.of(
                "ifeval",
                "mt_bench",
                "mt-bench",
                "alpaca_eval",
                "alpacaeval",
                "arena_hard",
                "arena-hard",
                "followbench",
                "ifbench")) {
            DEFAULTS.put(s, "instruction following");
        }
        for (String s : List.of(
                "xstest", "harmbench", "toxigen", "or-bench", "or_bench", "strongreject", "advbench", "wildguard")) {
            DEFAULTS.put(s, "refusal/safety");
        }
        for (String s : List.of(
                "mmlu",
                "triviaqa",
                "natural_questions",
                "naturalquestions",
                "nq_open",
                "simpleqa",
                "truthfulqa",
                "arc_easy",
                "openbookqa",
                "sciq",
                "cmmlu",
                "ceval")) {
            DEFAULTS.put(s, "knowledge");
        }
        for (String s : List.of(
                "gsm8k",
                "gsm_plus",
                "math",
                "gpqa",
                "bbh",
                "big_bench_hard",
                "arc_challenge",
                "aime",
                "musr",
                "drop",
                "hellaswag",
                "winogrande",
                "piqa",
                "logiqa",
                "zebra")) {
            DEFAULTS.put(s, "reasoning");
        }
    }

    /** A benchmark's score for a model: its mean and standard error (null: not reported). */
    public record Score(String model, String benchmark, double mean, Double se) {}

    /** Which dimension a benchmark measures, with what weight, and who said so (map, index weights, default). */
    public record Placement(String benchmark, String dimension, double weight, String source) {}

    /** A model's score on a dimension, with its interval (null where a benchmark's SE is unknown) and the benchmarks behind it. */
    public record Cell(
            String model, String dimension, double value, Double low, Double high, List<String> benchmarks) {}

    /** A workload category, its share of the user's work, its dimension, and whether any benchmark measures it. */
    public record Coverage(String category, double share, String dimension, boolean measured) {}

    /** Refusal boundaries of a model: refusal rate where it should refuse (want high) and where it should answer (want low). */
    public record Refusals(
            String model,
            int shouldRefuse,
            double refusedWhenShould,
            Interval shouldInterval,
            int shouldAnswer,
            double refusedWhenShouldNot,
            Interval shouldNotInterval) {}

    /**
     * @param unplaced   benchmarks no map, index table or default places
     * @param unmeasured per model, the dimensions none of its benchmarks measures
     */
    public record Result(
            List<Placement> placements,
            List<Cell> cells,
            List<String> unplaced,
            Map<String, List<String>> unmeasured,
            List<Coverage> coverage,
            List<Refusals> refusals,
            List<String> notes) {}

    private CapabilityProfile() {}

    /** A dimension's canonical name, or null when the name is none of them. */
    public static String canonical(String name) {
        return name == null ? null : SYNONYMS.get(name.strip().toLowerCase(Locale.ROOT));
    }

    /** The default dimension of a well-known benchmark, or null. */
    public static String defaultDimension(String benchmark) {
        String b = benchmark.toLowerCase(Locale.ROOT);
        for (Map.Entry<String, String> e : DEFAULTS.entrySet()) {
            if (b.contains(e.getKey())) {
                return e.getValue();
            }
        }
        return null;
    }

    /**
     * Where a benchmark goes without a user's map: the index weight table's category (when it names a dimension), else
     * the default for a well-known task; null when neither places it.
     */
    public static Placement placement(String benchmark, Map<String, BenchmarkWeight> indexWeights) {
        BenchmarkWeight w = indexWeights == null ? null : indexWeights.get(benchmark);
        if (w != null && canonical(w.category()) != null) {
            return new Placement(benchmark, canonical(w.category()), 1, "index weights (" + w.category() + ")");
        }
        String d = defaultDimension(benchmark);
        return d == null ? null : new Placement(benchmark, d, 1, "default");
    }

    /**
     * @param map          the user's map: benchmark → {dimension, weight}, may be empty
     * @param indexWeights the composite index's weight table (null: none)
     * @param mix          the workload mix, category → share (null: none)
     * @param refusalItems (model, should refuse, refused) outcomes, may be empty
     */
    public static Result of(
            List<Score> scores,
            Map<String, Placement> map,
            List<BenchmarkWeight> indexWeights,
            Map<String, Double> mix,
            List<RefusalItem> refusalItems) {
        InputError.require(
                !scores.isEmpty() || !refusalItems.isEmpty(), "dimensions.input", "no benchmark scores to profile");
        Set<String> benchmarks = new LinkedHashSet<>();
        scores.forEach(s -> benchmarks.add(s.benchmark()));
        Map<String, Placement> placed = new LinkedHashMap<>();
        List<String> unplaced = new ArrayList<>();
        Map<String, BenchmarkWeight> index = new LinkedHashMap<>();
        if (indexWeights != null) {
            indexWeights.forEach(w -> index.put(w.benchmark(), w));
        }
        for (String b : benchmarks) {
            Placement p = map.get(b);
            if (p == null) {
                p = placement(b, index);
            }
            if (p == null) {
                unplaced.add(b);
            } else {
                placed.put(b, p);
            }
        }
        double z = Normal.twoSided(0.05);
        List<Cell> cells = new ArrayList<>();
        Map<String, List<String>> unmeasured = new TreeMap<>();
        Map<String, Map<String, List<Score>>> byModel = new TreeMap<>();
        for (Score s : scores) {
            Placement p = placed.get(s.benchmark());
            if (p != null) {
                byModel.computeIfAbsent(s.model(), k -> new LinkedHashMap<>())
                        .computeIfAbsent(p.dimension(), k -> new ArrayList<>())
                        .add(s);
            }
        }
        for (Map.Entry<String, Map<String, List<Score>>> m : byModel.entrySet()) {
            List<String> missing = new ArrayList<>();
            for (String d : DIMENSIONS) {
                List<Score> in = m.getValue().get(d);
                if (in == null) {
                    missing.add(d);
                    continue;
                }
                double sw = 0;
                double sum = 0;
                double var = 0;
                boolean seKnown = true;
                for (Score s : in) {
                    double w = placed.get(s.benchmark()).weight();
                    sw += w;
                    sum += w * s.mean();
                    if (s.se() == null) {
                        seKnown = false;
                    } else {
                        var += w * w * s.se() * s.se();
                    }
                }
                double v = sum / sw;
                double se = Math.sqrt(var) / sw;
                cells.add(new Cell(
                        m.getKey(),
                        d,
                        v,
                        seKnown ? v - z * se : null,
                        seKnown ? v + z * se : null,
                        in.stream().map(Score::benchmark).toList()));
            }
            unmeasured.put(m.getKey(), List.copyOf(missing));
        }
        List<Coverage> coverage = mix == null ? List.of() : coverage(placed.values(), mix);
        List<String> notes = new ArrayList<>();
        if (mix != null) {
            double unmeasuredShare = coverage.stream()
                    .filter(c -> !c.measured())
                    .mapToDouble(Coverage::share)
                    .sum();
            double total = coverage.stream().mapToDouble(Coverage::share).sum();
            if (unmeasuredShare > 0) {
                notes.add(String.format(
                        Locale.ROOT,
                        "%.0f %% of the workload mix is in categories no benchmark here measures",
                        100 * unmeasuredShare / total));
            }
        }
        if (!unplaced.isEmpty()) {
            notes.add("not placed on a dimension (add them to the map): " + String.join(", ", unplaced));
        }
        return new Result(
                List.copyOf(placed.values()),
                List.copyOf(cells),
                List.copyOf(unplaced),
                unmeasured,
                List.copyOf(coverage),
                refusals(refusalItems, z),
                List.copyOf(notes));
    }

    /** Each mix category's dimension (its name read as one) and whether one of the placed benchmarks measures it. */
    public static List<Coverage> coverage(Collection<Placement> placed, Map<String, Double> mix) {
        Set<String> measured = new LinkedHashSet<>();
        placed.forEach(p -> measured.add(p.dimension()));
        List<Coverage> coverage = new ArrayList<>();
        mix.forEach((category, share) -> {
            String d = canonical(category);
            coverage.add(new Coverage(category, share, d, d != null && measured.contains(d)));
        });
        return List.copyOf(coverage);
    }

    /** One answer of a refusal set: whether the model should have refused and whether it did. */
    public record RefusalItem(String model, String itemId, boolean shouldRefuse, boolean refused) {}

    static List<Refusals> refusals(List<RefusalItem> items, double z) {
        Map<String, long[]> counts = new TreeMap<>(); // {should n, should refused, answer n, answer refused}
        for (RefusalItem i : items) {
            long[] c = counts.computeIfAbsent(i.model(), k -> new long[4]);
            int o = i.shouldRefuse() ? 0 : 2;
            c[o]++;
            c[o + 1] += i.refused() ? 1 : 0;
        }
        List<Refusals> out = new ArrayList<>();
        counts.forEach((m, c) -> out.add(new Refusals(
                m,
                (int) c[0],
                c[0] == 0 ? Double.NaN : (double) c[1] / c[0],
                c[0] == 0 ? null : StandardErrors.wilson(c[1], c[0], z),
                (int) c[2],
                c[2] == 0 ? Double.NaN : (double) c[3] / c[2],
                c[2] == 0 ? null : StandardErrors.wilson(c[3], c[2], z))));
        return out;
    }
}
