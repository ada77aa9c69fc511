package dev.sextant.workspaces;

import dev.sextant.model.ablation.DemoAblations;
import dev.sextant.model.contamination.CorpusFingerprint;
import dev.sextant.model.contamination.DemoContaminationData;
import dev.sextant.model.contamination.Normalization;
import dev.sextant.model.contamination.ScanSpec;
import dev.sextant.model.evaluation.DemoEvaluationData;
import dev.sextant.model.gate.DemoGateData;
import dev.sextant.model.io.CalibrationFiles;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import dev.sextant.model.monitoring.DemoMonitoring;
import dev.sextant.model.runhealth.DemoRunHealth;
import dev.sextant.model.serving.DemoServingData;
import dev.sextant.model.serving.ServingPlanRequest;
import dev.sextant.model.training.DemoTrainingData;
import java.util.List;
import java.util.UUID;

/**
 * The content a newcomer finds in a freshly created default workspace. Everything seeded here is marked as demo data
 * ({@code PROJECT.DEMO}) and can be deleted like any other project. Areas add their demo data here as they arrive.
 */
public final class DemoSeed {

    public static final String PROJECT_NAME = "Demo — evaluation and capacity planning";
    static final String PROJECT_DESCRIPTION =
            """
            Demonstration data seeded when this workspace was created, so that every area has something to show. \
            It is marked as demo data and can be deleted or exported like any other project; \
            create your own project for real work (File ▸ New project, or Ctrl+N).""";

    /** The demo calibration profile's name. */
    public static final String DEMO_PROFILE = "H100 SXM (illustrative)";

    private DemoSeed() {}

    static void seed(Workspace workspace) {
        var project = workspace.projects().create(PROJECT_NAME, PROJECT_DESCRIPTION, true);
        workspace
                .evaluation()
                .importFiles(
                        project.id(),
                        DemoEvaluationData.files(),
                        true,
                        ProgressListener.NONE,
                        CancellationToken.none());
        ScanSpec spec = new ScanSpec(13, 0.8, Normalization.defaults(), "text", "id", 1, ScanSpec.DEFAULT_LOCATIONS);
        UUID scan = workspace
                .scans()
                .create(
                        project.id(),
                        "GPQA Diamond in a demo web crawl",
                        spec,
                        new CorpusFingerprint(List.of(new CorpusFingerprint.Entry(
                                DemoContaminationData.CORPUS_NAME, DemoContaminationData.corpusBytes(), 0))),
                        DemoContaminationData.items(),
                        true);
        workspace.scans().complete(scan, DemoContaminationData.scan(spec));
        for (DemoTrainingData.DemoPlan p : DemoTrainingData.plans()) {
            workspace.trainingPlans().save(project.id(), p.name(), p.request(), p.plan(), p.faults(), true);
        }
        workspace.profiles().save(project.id(), DEMO_PROFILE, CalibrationFiles.demo(), true);
        ServingPlanRequest serving = DemoServingData.request();
        workspace.servingPlans().save(project.id(), DemoServingData.NAME, serving, DemoServingData.demoStudy(), true);
        workspace
                .gate()
                .setPolicy(project.id(), DemoGateData.policy(), DemoGateData.CANDIDATE, DemoGateData.INCUMBENT, true);
        workspace.gate().importObservations(project.id(), DemoGateData.observations(), true);
        workspace
                .trainingLogs()
                .save(project.id(), DemoRunHealth.LOG_NAME, DemoRunHealth.log(), DemoRunHealth.settings(), true);
        workspace
                .failureStudies()
                .save(project.id(), DemoRunHealth.STUDY_NAME, DemoRunHealth.study(), DemoRunHealth.STUDY_SEED, true);
        workspace
                .ablationSets()
                .save(
                        project.id(),
                        DemoAblations.NAME,
                        List.of(DemoAblations.SOURCE),
                        List.of(),
                        DemoAblations.runs(),
                        true);
        workspace
                .monitoring()
                .save(project.id(), DemoMonitoring.NAME, List.of("generated"), "[]", DemoMonitoring.requests(), true);
        workspace.setProperty("demo_seeded", "true");
    }
}
