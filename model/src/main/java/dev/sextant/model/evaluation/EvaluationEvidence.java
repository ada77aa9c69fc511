package dev.sextant.model.evaluation;

import java.util.List;
import java.util.Map;

/**
 * Everything a project holds for the Evaluation area: per-item scores, reported results and battles from every source,
 * and the most recently imported weight table, model-score table and workload mix (null when none).
 */
public record EvaluationEvidence(List<ItemScore> items, List<ReportedResult> reported, List<Battle> battles,
                                 List<BenchmarkWeight> weights, List<ModelScore> scores, Map<String, Double> mix) {

    public static EvaluationEvidence of(List<EvidenceFile> files) {
        List<ItemScore> items = new java.util.ArrayList<>();
        List<ReportedResult> reported = new java.util.ArrayList<>();
        List<Battle> battles = new java.util.ArrayList<>();
        List<BenchmarkWeight> weights = null;
        List<ModelScore> scores = null;
        Map<String, Double> mix = null;
        for (EvidenceFile f : files) {
            items.addAll(f.items());
            reported.addAll(f.reported());
            battles.addAll(f.battles());
            if (f.kind() == EvidenceFile.Kind.WEIGHTS) {
                weights = f.weights();
            } else if (f.kind() == EvidenceFile.Kind.MODEL_SCORES) {
                scores = f.scores();
            } else if (f.kind() == EvidenceFile.Kind.MIX) {
                mix = f.mix();
            }
        }
        return new EvaluationEvidence(items, reported, battles, weights, scores, mix);
    }

    public boolean isEmpty() {
        return items.isEmpty() && reported.isEmpty() && battles.isEmpty() && weights == null && scores == null && mix == null;
    }
}
