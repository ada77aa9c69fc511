package dev.sextant.workspaces;

import dev.sextant.model.contamination.ScanResult;
import dev.sextant.model.evaluation.EvaluationEvidence;
import dev.sextant.model.gate.EvidenceAssembler;
import dev.sextant.model.gate.GateDecision;
import dev.sextant.model.gate.GateEvidence;
import dev.sextant.model.gate.GatePolicy;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * A project's gate worked out: its policy, the candidate and incumbent, the evidence gathered from the project (item
 * scores and battles from the Evaluation area, contamination from completed scans, imported suites and replays), and
 * the decision.
 */
public record GateCase(GatePolicy policy, String candidate, String incumbent, List<GateEvidence> evidence, GateDecision decision) {

    /**
     * @param candidate the candidate model, or null for the one the project's gate names
     * @param incumbent the incumbent, or null likewise
     */
    public static GateCase decide(Workspace ws, UUID projectId, String candidate, String incumbent) {
        SavedGatePolicy saved = ws.gate().policy(projectId).orElseThrow(() -> new WorkspaceException("the project has no gate policy yet "
                + "(sextant gate policy --set FILE.json)"));
        String c = candidate != null ? candidate : saved.candidate();
        String i = incumbent != null ? incumbent : saved.incumbent();
        if (c == null || i == null) {
            throw new WorkspaceException("name the candidate and the incumbent (--candidate, --incumbent)");
        }
        if (c.equals(i)) {
            throw new WorkspaceException("the candidate and the incumbent are the same model (" + c + ")");
        }
        EvaluationEvidence eval = ws.evaluation().load(projectId);
        List<EvidenceAssembler.Contamination> scans = new ArrayList<>();
        for (SavedScan s : ws.scans().list(projectId)) {
            if (SavedScan.COMPLETE.equals(s.state())) {
                for (ScanResult.BenchmarkSummary b : ws.scans().result(s.id()).perBenchmark()) {
                    scans.add(new EvidenceAssembler.Contamination(b.benchmark(), b.items(), b.dirty(), s.name()));
                }
            }
        }
        List<GateEvidence> evidence = EvidenceAssembler.assemble(saved.policy(), c, i, eval.items(), eval.battles(), scans,
                ws.gate().observations(projectId));
        return new GateCase(saved.policy(), c, i, evidence, GateDecision.decide(saved.policy(), evidence));
    }

    /** The models a project's evidence names: item scores, battles and imported observations, sorted. */
    public static List<String> models(Workspace ws, UUID projectId) {
        java.util.TreeSet<String> names = new java.util.TreeSet<>();
        EvaluationEvidence eval = ws.evaluation().load(projectId);
        eval.items().forEach(i -> names.add(i.model()));
        eval.battles().forEach(b -> {
            names.add(b.modelA());
            names.add(b.modelB());
        });
        ws.gate().observations(projectId).forEach(o -> names.add(o.model()));
        return new ArrayList<>(names);
    }
}
