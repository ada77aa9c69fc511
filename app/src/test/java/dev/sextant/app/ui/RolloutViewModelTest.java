package dev.sextant.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sextant.app.report.Report;
import dev.sextant.app.ui.rollout.RolloutViewModel;
import dev.sextant.model.gate.CanaryJudge;
import dev.sextant.model.gate.DemoGateData;
import dev.sextant.model.gate.GatePolicy;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The Rollout area's view model over a real workspace with a synchronous job runner. */
class RolloutViewModelTest extends DemoWorkspaceTest {

    RolloutViewModel vm;

    @BeforeEach
    void open() {
        vm = new RolloutViewModel(shell);
    }

    @Test
    void theDemoGateDecidesAndPlansItsCanary() throws Exception {
        assertThat(vm.candidateProperty().get()).isEqualTo(DemoGateData.CANDIDATE);
        assertThat(vm.checks()).hasSize(DemoGateData.policy().checks().size());
        assertThat(vm.decisionProperty().get().decision()).isEqualTo("canary");
        assertThat(vm.models()).contains(DemoGateData.CANDIDATE, DemoGateData.INCUMBENT);
        // thresholds from the incumbent's replay
        assertThat(Double.parseDouble(vm.errorRateProperty().get())).isBetween(0.0, 0.02);
        assertThat(vm.canaryProperty().get().steps()).hasSize(4);
        vm.stepsProperty().set("50, 25");
        vm.planCanary();
        assertThat(vm.problemProperty().get()).contains("must increase");
        // switching the incumbent and candidate round decides again
        vm.candidateProperty().set(DemoGateData.INCUMBENT);
        vm.incumbentProperty().set(DemoGateData.CANDIDATE);
        vm.decide();
        assertThat(vm.decisionProperty().get().decision()).isIn("reject", "canary");
        // with the decision, how current its evidence is: the demo's layers dated, its demo traffic set against them
        var fresh = vm.freshnessProperty().get();
        assertThat(fresh).isNotNull();
        assertThat(fresh.layers()).extracting(l -> l.layer()).contains("private");
        assertThat(failures).isEmpty();
    }

    @Test
    void aNewProjectShowsNothingOfTheLastOneAndItsEmptyStateIsNotAFailure() {
        assertThat(vm.decisionProperty().get()).isNotNull();
        vm.replay(writeMonitoring());
        assertThat(vm.replayProperty().get()).isNotNull();
        shell.createProject("Empty", "");
        assertThat(shell.currentProjectProperty().get().name()).isEqualTo("Empty");
        assertThat(vm.decisionProperty().get()).isNull();
        assertThat(vm.canaryProperty().get()).isNull();
        assertThat(vm.replayProperty().get()).isNull();
        assertThat(vm.checks()).isEmpty();
        assertThat(vm.models()).isEmpty();
        assertThat(vm.candidateProperty().get()).isNull();
        assertThat(vm.rateProperty().get()).isEmpty();
        assertThat(vm.errorRateProperty().get()).isEmpty();
        assertThat(vm.problemProperty().get()).isEmpty();
        assertThat(vm.statusProperty().get())
                .startsWith("This project has no gate policy yet")
                .doesNotContain("sextant")
                .doesNotContain("--");
        assertThat(shell.jobs().lastOutcomeProperty().get()).doesNotContain("failed");
        assertThat(failures).isEmpty();

        // from nothing, in the GUI alone: models typed, a check added, saved and decided
        vm.candidateProperty().set("new-model");
        vm.incumbentProperty().set("old-model");
        vm.addCheck();
        vm.savePolicy();
        assertThat(vm.problemProperty().get()).isEmpty();
        assertThat(vm.decisionProperty().get().checks())
                .singleElement()
                .extracting(c -> c.status())
                .isEqualTo("missing");
        assertThat(vm.canaryProperty().get())
                .as("no replay: no thresholds to plan from")
                .isNull();
        vm.rateProperty().set("20");
        vm.stepsProperty().set("5, 50");
        vm.intervalProperty().set("10");
        vm.errorRateProperty().set("0.01");
        vm.errorIncreaseProperty().set("0.01");
        vm.planCanary();
        assertThat(vm.problemProperty().get()).isEmpty();
        assertThat(vm.canaryProperty().get().steps()).hasSize(2);
        vm.rateProperty().set("fast");
        vm.planCanary();
        assertThat(vm.problemFieldProperty().get()).isEqualTo("canary.rate");
        assertThat(failures).isEmpty();

        // back to the demo: its gate again
        shell.currentProjectProperty()
                .set(shell.projects().stream()
                        .filter(p -> !p.name().equals("Empty"))
                        .findFirst()
                        .orElseThrow());
        assertThat(vm.decisionProperty().get().decision()).isEqualTo("canary");
        assertThat(vm.canaryProperty().get()).isNotNull();
    }

    private Path writeMonitoring() {
        StringBuilder csv = new StringBuilder("step,group,metric,value\n");
        for (int i = 0; i < 40; i++) {
            csv.append("1,baseline,error_rate,").append(0.01 + 0.001 * (i % 5)).append('\n');
            csv.append("1,canary,error_rate,").append(0.01 + 0.001 * (i % 5)).append('\n');
        }
        try {
            return Files.writeString(tmp.resolve("monitoring-ok.csv"), csv);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void theJudgesSettingsAreKeptForTheProjectAndShownAgainWhenItIsReopened() {
        vm.replay(writeMonitoring());
        assertThat(vm.judgeRows())
                .singleElement()
                .satisfies(r -> assertThat(r.spec().direction()).isEqualTo(CanaryJudge.Direction.INCREASE));
        vm.judgeRows().get(0).directionProperty().set(CanaryJudge.Direction.EITHER);
        vm.judgeToleranceProperty().set("0.4");
        vm.judgePassProperty().set("90");
        vm.rejudge();
        assertThat(vm.problemProperty().get()).isEmpty();
        var demo = shell.currentProjectProperty().get();

        // another project has its own (the defaults); back to this one, its settings are there again
        shell.createProject("Other", "");
        assertThat(vm.judgeToleranceProperty().get()).isEqualTo("0.25");
        assertThat(vm.judgePassProperty().get()).isEqualTo("95");
        shell.currentProjectProperty().set(demo);
        assertThat(vm.judgeToleranceProperty().get()).isEqualTo("0.4");
        assertThat(vm.judgePassProperty().get()).isEqualTo("90");
        assertThat(vm.judgeConfidenceProperty().get()).isEqualTo("0.98");
        // the monitoring data read again starts from the kept setting of its metric, not from the guess
        assertThat(vm.judgeRows()).isEmpty();
        vm.replay(writeMonitoring());
        assertThat(vm.judgeRows())
                .singleElement()
                .satisfies(r -> assertThat(r.spec().direction()).isEqualTo(CanaryJudge.Direction.EITHER));
        assertThat(failures).isEmpty();
    }

    @Test
    void aPolicyEditIsValidatedSavedAndDecided() {
        vm.addCheck();
        assertThat(vm.checks()).hasSize(DemoGateData.policy().checks().size() + 1);
        vm.savePolicy(); // the new check duplicates the private suite's layer and metric with the same direction: fine
        assertThat(vm.problemProperty().get()).isEmpty();
        vm.confidenceProperty().set("1.5");
        vm.savePolicy();
        assertThat(vm.problemProperty().get()).contains("confidence");
        vm.confidenceProperty().set("0.9");
        vm.savePolicy();
        assertThat(vm.problemProperty().get()).isEmpty();
        assertThat(vm.decisionProperty().get()).isNotNull();
        assertThat(failures).isEmpty();
    }

    @Test
    void replayImportAndReport() throws Exception {
        StringBuilder csv = new StringBuilder("step,group,metric,value\n");
        for (int step = 1; step <= 2; step++) {
            for (int i = 0; i < 40; i++) {
                csv.append(step)
                        .append(",baseline,error_rate,")
                        .append(0.01 + 0.001 * (i % 5))
                        .append('\n');
                csv.append(step)
                        .append(",canary,error_rate,")
                        .append((step == 2 ? 0.05 : 0.01) + 0.001 * (i % 5))
                        .append('\n');
            }
        }
        vm.replay(Files.writeString(tmp.resolve("monitoring.csv"), csv));
        assertThat(vm.replayProperty().get().outcome()).isEqualTo("rolled back");
        assertThat(vm.replayProperty().get().stoppedAt()).isEqualTo("2");
        // the settings used are on screen: the error rate fails when it rises and is critical (guessed from its name)
        assertThat(vm.judgeRows()).singleElement().satisfies(r -> assertThat(r.metric())
                .isEqualTo("error_rate"));
        var row = vm.judgeRows().get(0);
        assertThat(row.spec()).isEqualTo(new CanaryJudge.MetricSpec(CanaryJudge.Direction.INCREASE, true));
        // an analyst who says only a falling error rate matters (absurd, but theirs to say) gets a replay that promotes
        row.directionProperty().set(CanaryJudge.Direction.DECREASE);
        assertThat(vm.replayStaleProperty().get()).isTrue();
        vm.rejudge();
        assertThat(vm.replayStaleProperty().get()).isFalse();
        assertThat(vm.replayProperty().get().outcome()).isNotEqualTo("rolled back");
        vm.judgeConfidenceProperty().set("1.5");
        vm.rejudge();
        assertThat(vm.problemFieldProperty().get()).isEqualTo("judge.confidence");
        vm.judgeConfidenceProperty().set("0.98");

        Path suite = Files.writeString(
                tmp.resolve("regression-math.csv"),
                "item,model,score\nm1," + DemoGateData.CANDIDATE + ",1\nm1," + DemoGateData.INCUMBENT + ",0\nm2,"
                        + DemoGateData.CANDIDATE + ",1\nm2," + DemoGateData.INCUMBENT + ",1\n");
        vm.importEvidence(suite, GatePolicy.Layer.REGRESSION, "math", null);
        assertThat(vm.problemProperty().get()).isEmpty();
        Path broken = Files.writeString(tmp.resolve("broken.csv"), "item,model\nm1,x\n");
        vm.importEvidence(broken, GatePolicy.Layer.REGRESSION, "math", null);
        assertThat(vm.problemProperty().get()).contains("broken.csv");

        AtomicReference<Report> report = new AtomicReference<>();
        vm.report(report::set);
        assertThat(report.get().sections().get(0).title()).isEqualTo("Decision");
        Path html = tmp.resolve("r.html");
        vm.export(html);
        assertThat(Files.readString(html)).contains("Decision: CANARY");
        assertThat(failures).isEmpty();
    }
}
