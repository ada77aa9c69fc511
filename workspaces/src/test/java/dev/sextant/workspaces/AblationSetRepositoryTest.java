package dev.sextant.workspaces;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sextant.model.ablation.DemoAblations;
import dev.sextant.model.io.AblationRunsFile;
import dev.sextant.model.project.Project;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AblationSetRepositoryTest {

    @TempDir
    Path tmp;

    @Test
    void theDemoSetIsSeededAndASetComesBackAsItWasKept() {
        try (Workspace ws = Workspace.openOrCreate(tmp.resolve("default"))) {
            Project demo = ws.projects().list().get(0);
            SavedAblationSet seeded = ws.ablationSets().list(demo.id()).get(0);
            assertThat(seeded.demo()).isTrue();
            assertThat(seeded.runs()).isEqualTo(DemoAblations.runs().size());
            assertThat(ws.ablationSets().load(seeded.id())).isEqualTo(DemoAblations.runs());

            Project p = ws.projects().create("Ablations", "");
            List<AblationRunsFile.Run> runs = List.of(
                    new AblationRunsFile.Run("a", 1e8, 2e9, 3.1, null, null, null, null, null, null, 2),
                    new AblationRunsFile.Run("b", 2e8, 4e9, 2.9, 4.8e18, 1.5e8, 524288.0, 3e-4, "wsd", 2000.0, 3));
            var id = ws.ablationSets().save(p.id(), "mine", List.of("runs.csv"), List.of("a note"), runs, false);
            SavedAblationSet kept = ws.ablationSets().list(p.id()).get(0);
            assertThat(kept.name()).isEqualTo("mine");
            assertThat(kept.sources()).containsExactly("runs.csv");
            assertThat(kept.notes()).containsExactly("a note");
            assertThat(kept.runs()).isEqualTo(2);
            assertThat(ws.ablationSets().load(id)).isEqualTo(runs);
            assertThatThrownBy(() -> ws.ablationSets().save(p.id(), " ", List.of(), List.of(), runs, false))
                    .hasMessageContaining("needs a name");
            assertThatThrownBy(() -> ws.ablationSets().save(p.id(), "empty", List.of(), List.of(), List.of(), false))
                    .hasMessageContaining("at least one run");
            ws.ablationSets().delete(id);
            assertThat(ws.ablationSets().list(p.id())).isEmpty();
        }
    }
}
