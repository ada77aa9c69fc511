package dev.sextant.workspaces;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sextant.model.project.Project;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProfileRepositoryTest {

    @TempDir
    Path tmp;

    @Test
    void theDemoProfileIsSeededAndProfilesComeBackWhole() {
        try (Workspace ws = Workspace.openOrCreate(tmp.resolve("default"))) {
            Project demo = ws.projects().list().get(0);
            SavedProfile seeded =
                    ws.profiles().find(demo.id(), DemoSeed.DEMO_PROFILE).orElseThrow();
            assertThat(seeded.demo()).isTrue();
            assertThat(seeded.profile().fits()).isNotEmpty();
            assertThat(seeded.calibration().name()).startsWith("calibration profile “H100 SXM (illustrative)”");
            Project p = ws.projects().create("Lab", "");
            ws.profiles().save(p.id(), "lab h100", seeded.profile(), false);
            assertThat(ws.profiles().find(p.id(), "LAB H100").orElseThrow().profile())
                    .isEqualTo(seeded.profile());
            assertThatThrownBy(() -> ws.profiles().save(p.id(), "Lab H100", seeded.profile(), false))
                    .hasMessageContaining("already has");
            assertThatThrownBy(() -> ws.profiles().save(p.id(), " ", seeded.profile(), false))
                    .hasMessageContaining("needs a name");
            ws.profiles()
                    .delete(ws.profiles().find(p.id(), "lab h100").orElseThrow().id());
            assertThat(ws.profiles().list(p.id())).isEmpty();
        }
    }
}
