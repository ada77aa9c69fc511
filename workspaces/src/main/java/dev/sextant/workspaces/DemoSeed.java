package dev.sextant.workspaces;

import dev.sextant.model.evaluation.DemoEvaluationData;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;

/**
 * The content a newcomer finds in a freshly created default workspace. Everything seeded here is marked as demo data
 * ({@code PROJECT.DEMO}) and can be deleted like any other project. Areas add their demo data here as they arrive.
 */
public final class DemoSeed {

    public static final String PROJECT_NAME = "Demo — evaluation and capacity planning";
    static final String PROJECT_DESCRIPTION = """
            Demonstration data seeded when this workspace was created, so that every area has something to show. \
            It is marked as demo data and can be deleted or exported like any other project; \
            create your own project for real work (File ▸ New project, or Ctrl+N).""";

    private DemoSeed() {
    }

    static void seed(Workspace workspace) {
        var project = workspace.projects().create(PROJECT_NAME, PROJECT_DESCRIPTION, true);
        workspace.evaluation().importFiles(project.id(), DemoEvaluationData.files(), true, ProgressListener.NONE,
                CancellationToken.none());
        workspace.setProperty("demo_seeded", "true");
    }
}
