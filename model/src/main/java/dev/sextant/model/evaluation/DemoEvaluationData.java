package dev.sextant.model.evaluation;

import dev.sextant.model.contamination.DemoContaminationData;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Example evaluation evidence for the seeded demo project: a small composite index over six well-known benchmark
 * kinds, five fictitious models (names end in "(demo)"), per-item scores with clusters and repeated samples, and blind
 * pairwise battles. Generated from fixed seeds, so every new workspace shows the same numbers; plausible in shape,
 * not measurements of any real model.
 */
public final class DemoEvaluationData {

    static final String[] MODELS = {
        "Atlas-70B (demo)", "Borealis-8x22B (demo)", "Cirrus-34B (demo)", "Dune-8B (demo)", "Ember-405B (demo)"
    };
    /** Latent ability per model, on a logit scale. */
    static final double[] ABILITY = {0.9, 0.7, 0.3, -0.4, 1.1};

    private DemoEvaluationData() {}

    public static List<EvidenceFile> files() {
        List<EvidenceFile> files = new ArrayList<>();
        files.add(EvidenceFile.of(EvidenceFile.Kind.WEIGHTS, "demo-index-weights.csv", "demo", weights(), null));
        files.add(EvidenceFile.of(EvidenceFile.Kind.MODEL_SCORES, "demo-index-scores.csv", "demo", scores(), null)
                .withRunDate(LocalDate.of(2025, 6, 2)));
        Map<String, Double> mix = new LinkedHashMap<>();
        mix.put("coding", 0.45);
        mix.put("instruction following", 0.25);
        mix.put("knowledge", 0.15);
        mix.put("math", 0.15);
        files.add(EvidenceFile.of(EvidenceFile.Kind.MIX, "demo-workload-mix.csv", "demo", List.of(), mix));
        files.add(EvidenceFile.of(EvidenceFile.Kind.ITEM_SCORES, "demo-item-scores.csv", "demo", items(), null)
                .withRunDate(LocalDate.of(2026, 11, 2)));
        files.add(EvidenceFile.of(EvidenceFile.Kind.ITEM_DATES, "demo-item-dates.csv", "demo", itemDates(), null));
        files.add(EvidenceFile.of(
                EvidenceFile.Kind.CUTOFFS,
                "demo-cutoffs.csv",
                "demo",
                List.of(
                        new ModelCutoff(MODELS[0], LocalDate.of(2024, 6, 30)),
                        new ModelCutoff(MODELS[1], LocalDate.of(2024, 9, 30)),
                        new ModelCutoff(MODELS[4], LocalDate.of(2024, 12, 31))),
                null));
        files.add(EvidenceFile.of(EvidenceFile.Kind.BATTLES, "demo-arena-battles.jsonl", "demo", battles(), null));
        return files;
    }

    static List<BenchmarkWeight> weights() {
        return List.of(
                new BenchmarkWeight(
                        "MMLU-Pro",
                        1,
                        "knowledge",
                        "multiple-choice knowledge, 10 options",
                        LocalDate.of(2024, 6, 3),
                        null,
                        0.0,
                        "TIGER-Lab"),
                new BenchmarkWeight(
                        "GPQA Diamond",
                        1,
                        "knowledge",
                        "graduate-level science questions",
                        LocalDate.of(2023, 11, 20),
                        null,
                        0.0,
                        "Rein et al."),
                new BenchmarkWeight(
                        "MATH-500",
                        1,
                        "math",
                        "competition mathematics subset",
                        LocalDate.of(2021, 3, 5),
                        LocalDate.of(2023, 5, 31),
                        0.0,
                        "Hendrycks et al."),
                new BenchmarkWeight(
                        "AIME 2025",
                        1,
                        "math",
                        "30 recent olympiad problems",
                        LocalDate.of(2025, 2, 15),
                        null,
                        0.0,
                        "MAA"),
                new BenchmarkWeight(
                        "LiveCodeBench",
                        1,
                        "coding",
                        "contest problems released after training cut-offs",
                        LocalDate.of(2024, 3, 12),
                        LocalDate.of(2026, 8, 1),
                        0.25,
                        "Jain et al."),
                new BenchmarkWeight(
                        "IFEval",
                        1,
                        "instruction following",
                        "verifiable formatting instructions",
                        LocalDate.of(2023, 11, 14),
                        null,
                        0.0,
                        "Zhou et al."));
    }

    /** The LiveCodeBench-like problems released one every other day from 2024-01-01, as LiveCodeBench dates its contests. */
    static List<ItemDate> itemDates() {
        List<ItemDate> out = new ArrayList<>();
        for (int i = 0; i < 240; i++) {
            out.add(new ItemDate(
                    "LiveCodeBench", "lcb-" + i, LocalDate.of(2024, 1, 1).plusDays(2L * i)));
        }
        return out;
    }

    /** Output tokens per item: a per-model verbosity (reasoning models spend several times more) times the benchmark's typical length. */
    static final double[] VERBOSITY = {1.0, 2.9, 0.7, 0.5, 3.3};

    static final double[] TYPICAL_TOKENS = {350, 1800, 2500, 9000, 4000, 600};

    static List<ModelScore> scores() {
        double[] difficulty = {0.4, 1.3, 0.2, 1.8, 0.9, -0.6};
        double[] se = {0.004, 0.034, 0.019, 0.085, 0.022, 0.017};
        List<BenchmarkWeight> w = weights();
        SplittableRandom r = new SplittableRandom(20261129);
        List<ModelScore> out = new ArrayList<>();
        for (int m = 0; m < MODELS.length; m++) {
            for (int b = 0; b < w.size(); b++) {
                double skill = ABILITY[m]
                        + (b == 4 && m == 1 ? 0.6 : 0)
                        + (b == 5 && m == 4 ? -0.5 : 0)
                        + 0.15 * r.nextGaussian();
                out.add(new ModelScore(
                        MODELS[m], w.get(b).benchmark(), round(logistic(skill - difficulty[b])), se[b], (double)
                                Math.round(VERBOSITY[m] * TYPICAL_TOKENS[b])));
            }
        }
        return out;
    }

    static List<ItemScore> items() {
        SplittableRandom r = new SplittableRandom(7);
        List<ItemScore> out = new ArrayList<>();
        // GPQA-like: 198 items, one answer each, greedy decoding disclosed
        double[] gpqaDifficulty = new double[198];
        for (int i = 0; i < gpqaDifficulty.length; i++) {
            gpqaDifficulty[i] = 1.3 + 1.2 * r.nextGaussian();
        }
        // LiveCodeBench-like: 240 problems from 60 contests (clusters), 4 samples each at temperature 0.7
        double[] codeDifficulty = new double[240];
        double[] contest = new double[60];
        for (int c = 0; c < contest.length; c++) {
            contest[c] = 0.7 * r.nextGaussian();
        }
        for (int i = 0; i < codeDifficulty.length; i++) {
            codeDifficulty[i] = 0.9 + contest[i / 4] + 0.9 * r.nextGaussian();
        }
        int[] models = {0, 1, 4};
        for (int m : models) {
            for (int i = 0; i < gpqaDifficulty.length; i++) {
                double p = logistic(ABILITY[m] - gpqaDifficulty[i]);
                boolean memorised = m == 4 && isLeaked(i); // Ember saw the leaked questions in training
                out.add(new ItemScore(
                        MODELS[m],
                        "GPQA Diamond",
                        "gpqa-" + i,
                        memorised || r.nextDouble() < p ? 1 : 0,
                        null,
                        null,
                        0.0,
                        1.0,
                        1234L));
            }
            for (int i = 0; i < codeDifficulty.length; i++) {
                double p = logistic(ABILITY[m] + (m == 1 ? 0.6 : 0) - codeDifficulty[i]);
                for (int k = 0; k < 4; k++) {
                    out.add(new ItemScore(
                            MODELS[m],
                            "LiveCodeBench",
                            "lcb-" + i,
                            r.nextDouble() < p ? 1 : 0,
                            "contest-" + (i / 4),
                            k,
                            0.7,
                            0.95,
                            (long) k));
                }
            }
        }
        return out;
    }

    static List<Battle> battles() {
        SplittableRandom r = new SplittableRandom(11);
        double[] elo = {1180, 1150, 1080, 990, 1195};
        String[] categories = {"coding", "writing", "math", "general"};
        List<Battle> out = new ArrayList<>();
        for (int n = 0; n < 4000; n++) {
            int a = r.nextInt(MODELS.length);
            int b = r.nextInt(MODELS.length - 1);
            if (b >= a) {
                b++;
            }
            double p = 1 / (1 + Math.pow(10, (elo[b] - elo[a]) / 400));
            double u = r.nextDouble();
            Battle.Winner w = u < 0.12
                    ? Battle.Winner.TIE
                    : u < 0.16
                            ? Battle.Winner.TIE_BOTHBAD
                            : r.nextDouble() < p ? Battle.Winner.MODEL_A : Battle.Winner.MODEL_B;
            out.add(new Battle(MODELS[a], MODELS[b], w, "demo-q" + n, categories[r.nextInt(categories.length)]));
        }
        return out;
    }

    private static boolean isLeaked(int item) {
        for (int k : DemoContaminationData.DIRTY) {
            if (k == item) {
                return true;
            }
        }
        return false;
    }

    private static double logistic(double x) {
        return 1 / (1 + Math.exp(-x));
    }

    private static double round(double v) {
        return Math.round(v * 1000) / 1000.0;
    }
}
