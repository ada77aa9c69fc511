package dev.sextant.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sextant.app.study.RunHealthStudy;
import dev.sextant.app.ui.runhealth.RunHealthViewModel;
import dev.sextant.model.runhealth.Anomaly;
import dev.sextant.model.runhealth.DemoRunHealth;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;

/** The Run health area's view model over a real workspace: the demo's log and study, an import, settings, a simulation. */
class RunHealthViewModelTest extends DemoWorkspaceTest {

    @Test
    void theDemoLogOpensWithItsIncidentsAndNewSettingsAreKept() {
        RunHealthViewModel vm = new RunHealthViewModel(shell);
        assertThat(vm.logs()).singleElement().satisfies(l -> assertThat(l.name())
                .isEqualTo(DemoRunHealth.LOG_NAME));
        var opened = vm.openedProperty().get();
        assertThat(opened).isNotNull();
        assertThat(opened.analysis().anomalies())
                .extracting(Anomaly::kind)
                .contains(Anomaly.Kind.SPIKE, Anomaly.Kind.NONFINITE, Anomaly.Kind.DIVERGENCE, Anomaly.Kind.STALL);
        assertThat(vm.checkpointEveryProperty().get()).isEqualTo("500");
        int before = opened.analysis().rollbacks().size();
        vm.checkpointEveryProperty().set("2000");
        vm.gpusProperty().set("1024");
        vm.apply();
        assertThat(vm.openedProperty().get().analysis().rollbacks()).hasSize(before);
        // 9,000 → 8,000
        assertThat(vm.openedProperty().get().analysis().rollbacks().get(0).checkpointStep())
                .isEqualTo(8000);
        // kept: a fresh view model reads the new settings back
        RunHealthViewModel again = new RunHealthViewModel(shell);
        assertThat(again.checkpointEveryProperty().get()).isEqualTo("2000");
        assertThat(again.gpusProperty().get()).isEqualTo("1024");
        // another project: nothing of the demo's log, its settings or its study stays on the form
        var other = shell.workspaceProperty().get().projects().create("Other", "");
        shell.refresh(other.id());
        assertThat(vm.openedProperty().get()).isNull();
        assertThat(vm.checkpointEveryProperty().get()).isEmpty();
        assertThat(vm.gpusProperty().get()).isEmpty();
        assertThat(vm.failureInputs().get("seed").get()).isEqualTo("1");
        assertThat(vm.outcomesProperty().get()).isNull();
        shell.refresh(opened.kept().projectId());
        // a bad input names its field
        vm.policyPatienceProperty().set("zero");
        vm.apply();
        assertThat(vm.problemFieldProperty().get()).isEqualTo("policy.patience");
        assertThat(failures).isEmpty();
    }

    @Test
    void anImportedLogIsKeptAndABrokenOneIsSaidWithItsLine() throws Exception {
        StringBuilder b = new StringBuilder();
        for (int s = 10; s <= 3000; s += 10) {
            double loss = 3 + 5 * Math.pow(1 + s / 100.0, -0.5) + (s == 2000 ? 2 : 0);
            b.append(String.format(Locale.ROOT, " iteration %d/ 3000 | lm loss: %.5f | grad norm: 1.0 |%n", s, loss));
        }
        Path log = Files.writeString(tmp.resolve("run.log"), b.toString());
        RunHealthViewModel vm = new RunHealthViewModel(shell);
        vm.checkpointEveryProperty().set("500");
        vm.importLogs(List.of(log), "my run");
        assertThat(vm.logs()).extracting(l -> l.name()).contains("my run");
        assertThat(vm.openedProperty().get().kept().name()).isEqualTo("my run");
        assertThat(vm.openedProperty().get().analysis().anomalies())
                .extracting(Anomaly::step)
                .containsExactly(2000L);
        Path broken = Files.writeString(tmp.resolve("broken.log"), " iteration 10/ 30 | lm loss: high |\n");
        vm.importLogs(List.of(broken), "broken");
        assertThat(vm.problemProperty().get()).contains("broken.log:1: lm loss: 'high' is not a number");
        assertThat(vm.logs()).extracting(l -> l.name()).doesNotContain("broken");
        assertThat(failures).isEmpty();
    }

    @Test
    void severalKeptRunsAreLoadedForOneChartOfTheMetricsTheyShare() throws Exception {
        StringBuilder b = new StringBuilder();
        for (int s = 10; s <= 1000; s += 10) {
            b.append(String.format(
                    Locale.ROOT,
                    " iteration %d/ 1000 | lm loss: %.5f | grad norm: 1.0 |%n",
                    s,
                    3 + 5 * Math.pow(1 + s / 100.0, -0.5)));
        }
        Path log = Files.writeString(tmp.resolve("ablation.log"), b.toString());
        RunHealthViewModel vm = new RunHealthViewModel(shell);
        vm.importLogs(List.of(log), "ablation");
        var demo = vm.logs().stream()
                .filter(l -> l.name().equals(DemoRunHealth.LOG_NAME))
                .findFirst()
                .orElseThrow();
        var ablation = vm.logs().stream()
                .filter(l -> l.name().equals("ablation"))
                .findFirst()
                .orElseThrow();
        vm.overlay(List.of(demo));
        assertThat(vm.problemProperty().get()).startsWith("Choose two or more kept logs");
        vm.overlay(List.of(demo, ablation));
        assertThat(vm.problemProperty().get()).isEmpty();
        var runs = vm.overlayProperty().get();
        assertThat(runs).extracting(r -> r.name()).containsExactly(DemoRunHealth.LOG_NAME, "ablation");
        assertThat(runs.get(1).log().metric("loss").orElseThrow().size()).isEqualTo(100);
        // both logged loss and gradient norm; only the demo logged the rest
        assertThat(RunHealthStudy.sharedMetrics(runs))
                .contains("loss", "grad_norm")
                .allMatch(m -> runs.get(1).log().metric(m).isPresent());
        assertThat(failures).isEmpty();
    }

    @Test
    void aScenarioIsSimulatedBesideItsAlternativesKeptAndTakenFromATrainingPlan() {
        RunHealthViewModel vm = new RunHealthViewModel(shell);
        // the demo's study opens with its alternatives
        assertThat(vm.outcomesProperty().get()).hasSizeGreaterThanOrEqualTo(3);
        vm.failureInputs().get("gpus").set("1024");
        vm.failureInputs().get("steps").set("100000");
        vm.failureInputs().get("runs").set("100");
        vm.simulate();
        var outcomes = vm.outcomesProperty().get();
        assertThat(outcomes.get(0).study().scenario().gpus()).isEqualTo(1024);
        assertThat(outcomes)
                .extracting(o -> o.name())
                .anyMatch(n -> n.startsWith("as given: synchronous checkpoints every"))
                .anyMatch(n -> n.startsWith("asynchronous checkpoints every"));
        assertThat(outcomes.get(0).study().timeline()).isNotNull();
        vm.keepStudy("1,024 GPUs");
        assertThat(vm.studies()).extracting(s -> s.name()).contains("1,024 GPUs");
        // from the demo's kept training plan: its GPUs and step time, and the planner's step times on fewer replicas
        assertThat(vm.plans()).isNotEmpty();
        var plan = vm.plans().get(0);
        vm.useplan(plan);
        assertThat(vm.failureInputs().get("gpus").get())
                .isEqualTo(Integer.toString(plan.plan().layout().gpus()));
        vm.simulate();
        assertThat(vm.outcomesProperty().get().get(0).study().scenario().stepSeconds())
                .isCloseTo(plan.plan().stepTimeSeconds(), Assertions.withinPercentage(0.1)); // as the form shows it
        vm.failureInputs().get("gpusPerNode").set("7");
        vm.simulate();
        assertThat(vm.problemFieldProperty().get()).isEqualTo("failures.gpusPerNode");
        assertThat(failures).isEmpty();
    }
}
