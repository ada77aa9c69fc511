package dev.sextant.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sextant.app.ui.ablations.AblationsViewModel;
import dev.sextant.app.ui.training.TrainingViewModel;
import dev.sextant.model.ablation.DemoAblations;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;

/** The Ablations area's view model over a real workspace: the demo's runs fitted, the big run, an import, another project. */
class AblationsViewModelTest extends DemoWorkspaceTest {

    @Test
    void theDemoRunsFitAndTheBigRunGoesToTrainingPlans() {
        AblationsViewModel vm = new AblationsViewModel(shell);
        assertThat(vm.sets()).singleElement().satisfies(s -> assertThat(s.name())
                .isEqualTo(DemoAblations.NAME));
        assertThat(vm.runs()).hasSize(DemoAblations.runs().size());
        vm.bootstrapProperty().set("40");
        vm.fit();
        assertThat(vm.problemProperty().get()).isEmpty();
        var fitted = vm.fittedProperty().get();
        assertThat(fitted).isNotNull();
        // the demo is drawn from Besiroglu et al.'s law (α 0.3478, β 0.3658) with 0.4 % noise
        assertThat(fitted.fit().alpha().value()).isBetween(0.30, 0.40);
        assertThat(fitted.sweepNote()).contains("best run of each shape");
        assertThat(vm.hyperProperty().get()).isNotNull();
        assertThat(vm.predictionProperty().get()).isNotNull(); // the form's 7e9 × 1.4e11, at once
        // the compute-optimal model at 1e21 FLOPs becomes the planned run
        vm.budgetProperty().set("1e21");
        vm.optimal();
        var a = vm.optimalProperty().get();
        assertThat(Double.parseDouble(vm.paramsProperty().get()))
                .isCloseTo(a.params().value(), Assertions.withinPercentage(1));
        assertThat(6
                        * vm.predictionProperty().get().params()
                        * vm.predictionProperty().get().tokens())
                .isCloseTo(1e21, Assertions.withinPercentage(2));
        vm.useInTraining();
        assertThat(shell.areaRequestProperty().get()).isEqualTo("training");
        assertThat(shell.trainingHandoffProperty().get().tokens())
                .isEqualTo(vm.predictionProperty().get().tokens());
        assertThat(shell.trainingHandoffProperty().get().batchTokens()).isPositive();
        // the Training area takes it into its form
        var training = new TrainingViewModel(shell);
        assertThat(shell.trainingHandoffProperty().get()).isNull();
        assertThat(Double.parseDouble(training.form().tokensProperty().get()))
                .isCloseTo(vm.predictionProperty().get().tokens(), Assertions.withinPercentage(1));
        // a bad input names its field
        vm.paramsProperty().set("lots");
        vm.predict();
        assertThat(vm.problemFieldProperty().get()).isEqualTo("ablate.params");
        assertThat(failures).isEmpty();
    }

    @Test
    void anImportedTableIsKeptAndALogWithoutTokensIsRefusedWithNothingKept() throws Exception {
        AblationsViewModel vm = new AblationsViewModel(shell);
        Path table =
                Files.writeString(tmp.resolve("mine.csv"), "run,params,tokens,loss\na,1e8,2e9,3.1\nb,2e8,4e9,2.9\n");
        vm.importTables(List.of(table), "mine");
        assertThat(vm.sets()).extracting(s -> s.name()).contains("mine", DemoAblations.NAME);
        Path log = Files.writeString(
                tmp.resolve("run.jsonl"), "{\"step\": 10, \"loss\": 3.0}\n{\"step\": 20, \"loss\": 2.9}\n");
        vm.importLog(log, "run", "1e8", "", "1");
        assertThat(vm.problemProperty().get()).contains("run.jsonl").contains("tokens a step");
        assertThat(vm.sets()).hasSize(2);
        vm.importLog(log, "run", "1e8", "524288", "1");
        assertThat(vm.problemProperty().get()).isEmpty();
        assertThat(vm.sets()).hasSize(3);
        // the chosen set alone
        vm.choose(vm.sets().stream()
                .filter(s -> s.name().equals("mine"))
                .findFirst()
                .orElseThrow());
        assertThat(vm.runs()).extracting(r -> r.run()).containsExactly("a", "b");
        vm.fit();
        assertThat(vm.problemProperty().get()).contains("at least 6 runs");
        // another project: none of the demo's runs or results
        var other = shell.workspaceProperty().get().projects().create("Other", "");
        shell.refresh(other.id());
        assertThat(vm.sets()).isEmpty();
        assertThat(vm.runs()).isEmpty();
        assertThat(vm.fittedProperty().get()).isNull();
        assertThat(failures).isEmpty();
    }
}
