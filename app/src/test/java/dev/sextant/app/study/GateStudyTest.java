package dev.sextant.app.study;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sextant.model.InputError;
import dev.sextant.model.gate.CanaryPlan;
import dev.sextant.model.gate.DemoGateData;
import dev.sextant.model.gate.GateDecision;
import dev.sextant.model.gate.JudgeSettings;
import dev.sextant.model.project.Project;
import dev.sextant.workspaces.Workspace;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The gate of a project worked out once for every face, over a real workspace seeded with the demo project. */
class GateStudyTest {

    @TempDir
    Path tmp;

    @Test
    void theDemoGateDecidesFromEveryLayerAndDownWeightsTheContaminatedBenchmark() {
        try (Workspace ws = Workspace.openOrCreate(tmp.resolve("default"))) {
            Project demo = ws.projects().list().get(0);
            GateStudy study = new GateStudy(ws, demo.id());
            GateCase g = study.decide(null, null);
            assertThat(g.candidate()).isEqualTo(DemoGateData.CANDIDATE);
            assertThat(g.decision().checks())
                    .extracting(GateDecision.CheckResult::status)
                    .doesNotContain("missing");
            GateDecision.CheckResult gpqa = g.decision().checks().get(0);
            assertThat(gpqa.downWeighted()).startsWith("contaminated:");
            assertThat(g.decision().decision()).isEqualTo("canary");
            assertThat(g.decision().reasons())
                    .anyMatch(r -> r.startsWith("GPQA Diamond (public, GPQA Diamond): down-weighted"));
            // the private suite's latest rotation is November's, 20 % carried over: credible
            GateDecision.CheckResult priv = g.decision().checks().get(2);
            assertThat(priv.source()).contains("rotation 2026-11-01, 20 % of items from earlier rotations");
            assertThat(priv.downWeighted()).isNull();
            // counted from the statuses the table shows
            GateCase.Counts counts = g.counts();
            long gains = g.decision().checks().stream()
                    .filter(c -> c.status().equals("gain"))
                    .count();
            assertThat(counts.gains()).isEqualTo(gains);
            assertThat(counts.blocking() + counts.gains() + counts.inconclusive())
                    .isLessThanOrEqualTo(g.decision().checks().size());

            // without the replay, the replay check has no evidence
            ws.gate().deleteSource(demo.id(), "replay-2026-11-20.jsonl");
            assertThat(study.decide(null, null).decision().checks().get(4).status())
                    .isEqualTo("missing");
        }
    }

    @Test
    void aProjectWithoutAGateSaysWhichInputIsMissingInDomainWords() {
        try (Workspace ws = Workspace.openOrCreate(tmp.resolve("default"))) {
            Project other = ws.projects().create("Other", "");
            GateStudy study = new GateStudy(ws, other.id());
            assertThatThrownBy(() -> study.decide(null, null))
                    .isInstanceOf(InputError.class)
                    .hasMessage("the project has no gate policy yet")
                    .satisfies(e -> assertThat(((InputError) e).field()).isEqualTo("gate.policy"));
            GateStudy.Overview o = study.overview();
            assertThat(o.policy()).isNull();
            assertThat(o.gate()).isNull();
            assertThat(o.canaryInputs()).isNull();
            assertThat(o.models()).isEmpty();
            // a policy without models is an empty state with a reason, not a failure
            study.savePolicy(DemoGateData.policy(), null, "  ");
            assertThat(study.overview().problem()).contains("candidate and the incumbent");
            study.savePolicy(DemoGateData.policy(), "m", "m");
            assertThat(study.overview().problem()).contains("same model");
        }
    }

    @Test
    void theCanaryPlanComesFromTheKeptInputsForTheIncumbentElseFromTheReplayAndTheServingPlan() {
        try (Workspace ws = Workspace.openOrCreate(tmp.resolve("default"))) {
            Project demo = ws.projects().list().get(0);
            GateStudy study = new GateStudy(ws, demo.id());
            GateStudy.CanaryInputs defaults = study.canaryInputs(DemoGateData.INCUMBENT);
            assertThat(defaults.kept()).isFalse();
            // the demo project has a serving plan with a day of traffic: its busiest hour is the canary's rate
            double peak = ws.servingPlans().list(demo.id()).stream()
                    .filter(p -> p.study().day() != null)
                    .findFirst()
                    .orElseThrow()
                    .study()
                    .day()
                    .windows()
                    .stream()
                    .mapToDouble(w -> w.rate())
                    .max()
                    .orElseThrow();
            assertThat(defaults.spec().ratePerSecond()).isEqualTo(peak);
            assertThat(defaults.rateSource()).startsWith("busiest hour of the serving plan");
            GateStudy.Rollout byDefault = study.rollout(null, null);
            assertThat(byDefault.canary()).isEqualTo(CanaryPlan.of(defaults.spec()));

            CanaryPlan.Spec mine = new CanaryPlan.Spec(
                    7, List.of(2.0, 20.0), 15, 0.05, 0.8, 0.01, 0.01, null, null, null, null, 50, null, null, null);
            CanaryPlan planned = study.planCanary(DemoGateData.INCUMBENT, mine);
            GateStudy.Rollout kept = study.rollout(null, null);
            assertThat(kept.canaryInputs().kept()).isTrue();
            assertThat(kept.canary()).isEqualTo(planned);
            assertThat(kept.canary().spec()).isEqualTo(mine);
            // inputs kept for one incumbent are not another's baselines
            assertThat(study.canaryInputs(DemoGateData.CANDIDATE))
                    .satisfiesAnyOf(i -> assertThat(i).isNull(), i -> assertThat(i.kept())
                            .isFalse());
            // what a screen shows is what the report gets, including no plan at all
            assertThat(study.rollout(null, null, null).canary()).isNull();
        }
    }

    @Test
    void theCanaryPlanOfTheCommandLineIsTheProjectsWithTheGivenInputsOverIt() {
        try (Workspace ws = Workspace.openOrCreate(tmp.resolve("default"))) {
            Project demo = ws.projects().list().get(0);
            GateStudy study = new GateStudy(ws, demo.id());
            GateStudy.CanaryOverrides none = new GateStudy.CanaryOverrides(
                    null, null, null, null, null, null, null, null, null, null, null, null, null, null, null);
            GateStudy.CanaryMerge same = study.canaryPlan(null, none, false);
            CanaryPlan.Spec defaults =
                    study.canaryInputs(DemoGateData.INCUMBENT).spec();
            assertThat(same.incumbent()).isEqualTo(DemoGateData.INCUMBENT);
            assertThat(same.spec()).isEqualTo(defaults);
            assertThat(same.kept()).isFalse();
            assertThat(same.inputsFrom())
                    .startsWith("defaults: thresholds from the incumbent's traffic replay, rate from the busiest hour");

            // a rate and one part of the latency threshold replace the project's; the rest stays the project's
            GateStudy.CanaryOverrides some = new GateStudy.CanaryOverrides(
                    7.0, null, null, null, null, null, null, null, null, null, 0.2, null, null, null, null);
            GateStudy.CanaryMerge given = study.canaryPlan(null, some, false);
            assertThat(given.spec().ratePerSecond()).isEqualTo(7.0);
            assertThat(given.spec().latencyIncrease()).isEqualTo(0.2);
            assertThat(given.spec().latencyP99Ms()).isEqualTo(defaults.latencyP99Ms());
            assertThat(given.spec().errorRate()).isEqualTo(defaults.errorRate());
            assertThat(given.spec().percents()).isEqualTo(defaults.percents());
            assertThat(given.plan()).isEqualTo(CanaryPlan.of(given.spec()));
            assertThat(given.inputsFrom()).isEqualTo("as given (not kept; add --keep)");
            assertThat(ws.gate().canary(demo.id())).isEmpty();

            GateStudy.CanaryMerge kept = study.canaryPlan(null, some, true);
            assertThat(kept.kept()).isTrue();
            assertThat(kept.inputsFrom()).isEqualTo("as given, now kept for this project");
            assertThat(study.canaryInputs(DemoGateData.INCUMBENT).spec()).isEqualTo(given.spec());
            assertThat(study.canaryPlan(null, none, false).inputsFrom()).isEqualTo("kept for this project");

            // no project inputs (another incumbent without a replay) and no rate: says what to give
            assertThatThrownBy(() -> study.canaryPlan("nobody", none, false))
                    .isInstanceOf(InputError.class)
                    .hasMessageContaining("request rate");
        }
    }

    @Test
    void theJudgesSettingsAreTheProjectsOnceKept() {
        try (Workspace ws = Workspace.openOrCreate(tmp.resolve("default"))) {
            Project demo = ws.projects().list().get(0);
            GateStudy study = new GateStudy(ws, demo.id());
            assertThat(study.judge()).isEmpty();
            assertThat(study.overview().judge()).isNull();
            var settings = JudgeSettings.guessed(List.of("error_rate", "latency_ms"));
            study.keepJudge(settings);
            assertThat(study.judge()).contains(settings);
            assertThat(study.overview().judge()).isEqualTo(settings);
            assertThat(new GateStudy(ws, ws.projects().create("Other", "").id())
                            .overview()
                            .judge())
                    .isNull();
        }
    }
}
