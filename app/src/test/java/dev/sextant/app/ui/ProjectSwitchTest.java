package dev.sextant.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sextant.app.ui.contamination.ContaminationViewModel;
import dev.sextant.app.ui.evaluation.EvaluationViewModel;
import dev.sextant.app.ui.gpu.GpuViewModel;
import dev.sextant.app.ui.rollout.RolloutViewModel;
import dev.sextant.app.ui.serving.ServingViewModel;
import dev.sextant.app.ui.training.TrainingViewModel;
import org.junit.jupiter.api.Test;

/**
 * Switching project shows only the new project's data in every area (issue 15: results leaked between projects), and an
 * empty project is an empty state, not a failure. Every area's view model over one shell, as the window has them.
 */
class ProjectSwitchTest extends DemoWorkspaceTest {

    @Test
    void anEmptyProjectShowsNothingOfTheDemoInAnyArea() {
        EvaluationViewModel evaluation = new EvaluationViewModel(shell);
        ContaminationViewModel contamination = new ContaminationViewModel(shell);
        TrainingViewModel training = new TrainingViewModel(shell);
        ServingViewModel serving = new ServingViewModel(shell);
        GpuViewModel gpu = new GpuViewModel(shell);
        RolloutViewModel rollout = new RolloutViewModel(shell);
        // the demo, with something open in every area
        assertThat(evaluation.summaries()).isNotEmpty();
        assertThat(contamination.scans()).isNotEmpty();
        assertThat(contamination.resultProperty().get()).isNotNull();
        training.open(training.saved().get(0));
        serving.open(serving.saved().get(0));
        gpu.open(gpu.saved().get(0));
        assertThat(gpu.shownProperty().get()).isNotNull();
        assertThat(rollout.decisionProperty().get()).isNotNull();
        // a comparison run and a scan form filled in the demo
        evaluation.compareAProperty().set(evaluation.summaries().get(0).model());
        evaluation.compare();
        contamination.benchmarkFiles().add(tmp.resolve("bench.jsonl"));
        contamination.corpusPaths().add(tmp.resolve("corpus"));
        shell.statusProperty().set("Scan complete: 40 items");

        shell.createProject("Empty", "");

        assertThat(evaluation.summaries()).isEmpty();
        assertThat(evaluation.sources()).isEmpty();
        assertThat(evaluation.emptyProperty().get()).isTrue();
        assertThat(evaluation.messageProperty().get()).startsWith("No evaluation evidence in this project yet");
        assertThat(contamination.scans()).isEmpty();
        assertThat(contamination.resultProperty().get()).isNull();
        assertThat(training.plans()).isEmpty();
        assertThat(training.saved()).isEmpty();
        assertThat(training.summaryProperty().get()).isEmpty();
        assertThat(serving.studyProperty().get()).isNull();
        assertThat(serving.saved()).isEmpty();
        assertThat(gpu.shownProperty().get()).isNull();
        assertThat(gpu.saved()).isEmpty();
        assertThat(gpu.comparison()).isEmpty();
        assertThat(rollout.decisionProperty().get()).isNull();
        assertThat(rollout.canaryProperty().get()).isNull();
        assertThat(rollout.checks()).isEmpty();
        assertThat(evaluation.comparisonProperty().get()).isNull();
        assertThat(evaluation.compareAProperty().get()).isNull();
        assertThat(contamination.benchmarkFiles()).isEmpty();
        assertThat(contamination.corpusPaths()).isEmpty();
        assertThat(shell.statusProperty().get()).doesNotContain("Scan complete");
        assertThat(shell.jobs().lastOutcomeProperty().get()).doesNotEndWith("failed");
        assertThat(failures).isEmpty();
    }
}
