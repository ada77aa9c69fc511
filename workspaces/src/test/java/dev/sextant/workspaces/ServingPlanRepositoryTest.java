package dev.sextant.workspaces;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sextant.model.project.Project;
import dev.sextant.model.serving.DemoServingData;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ServingPlanRepositoryTest {

    @TempDir
    Path tmp;

    @Test
    void theDemoPlanIsSeededAndASavedPlanComesBackWhole() {
        try (Workspace ws = Workspace.openOrCreate(tmp.resolve("default"))) {
            Project demo = ws.projects().list().get(0);
            List<SavedServingPlan> seeded = ws.servingPlans().list(demo.id());
            assertThat(seeded).singleElement().satisfies(s -> {
                assertThat(s.demo()).isTrue();
                assertThat(s.name()).isEqualTo(DemoServingData.NAME);
                assertThat(s.study().goodputPerReplica()).isPositive();
                assertThat(s.study().day().windows()).hasSize(24);
                assertThat(s.study().levers())
                        .extracting(r -> r.name())
                        .contains("Speculative decoding", "Smaller model for simple traffic");
            });
            SavedServingPlan d = seeded.get(0);
            Project p = ws.projects().create("Serving", "");
            ws.servingPlans().save(p.id(), "copy", d.request(), d.study(), false);
            SavedServingPlan back = ws.servingPlans().list(p.id()).get(0);
            assertThat(back.request()).isEqualTo(d.request());
            assertThat(back.study().memory()).isEqualTo(d.study().memory());
            assertThat(back.study().levers()).isEqualTo(d.study().levers());
            assertThat(back.study().atRate().kvUtilisation())
                    .containsExactly(d.study().atRate().kvUtilisation());
            assertThat(back.demo()).isFalse();
            assertThatThrownBy(() -> ws.servingPlans().save(p.id(), " ", d.request(), d.study(), false))
                    .hasMessageContaining("needs a name");
            ws.projects().delete(p.id());
            assertThat(ws.servingPlans().list(p.id())).isEmpty();
        }
    }
}
