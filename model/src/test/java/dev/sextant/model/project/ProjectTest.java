package dev.sextant.model.project;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class ProjectTest {

    @Test
    void namesAreStrippedAndChecked() {
        assertThat(Project.validName("  Llama 3  ")).isEqualTo("Llama 3");
        assertThat(Project.validName("x".repeat(Project.MAX_NAME_LENGTH))).hasSize(120);
        assertThatThrownBy(() -> Project.validName(null)).hasMessage("project name is empty");
        assertThatThrownBy(() -> Project.validName("x".repeat(121))).hasMessageContaining("longer than 120");
        assertThatThrownBy(() -> Project.validName("a\nb")).hasMessageContaining("control characters");
    }

    @Test
    void descriptionDefaultsToEmpty() {
        Instant t = Instant.parse("2026-11-29T10:00:00Z");
        Project p = new Project(UUID.randomUUID(), " P ", null, false, t, t);
        assertThat(p.name()).isEqualTo("P");
        assertThat(p.description()).isEmpty();
        assertThatThrownBy(() -> new Project(UUID.randomUUID(), "P", "d".repeat(4001), false, t, t))
                .hasMessageContaining("description is longer");
    }
}
