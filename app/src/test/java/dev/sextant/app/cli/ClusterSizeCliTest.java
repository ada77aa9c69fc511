package dev.sextant.app.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sextant.workspaces.WorkspaceHome;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code sextant cluster-size}: the cost model's estimates, its constants shown, bad sizes named. */
class ClusterSizeCliTest {

    @TempDir
    Path tmp;

    CliRun run(String... args) {
        return CliRun.of(new WorkspaceHome(tmp.resolve("home")), args);
    }

    @Test
    void aScanOfTenTerabytesOnTwoHundredFiftySixCores() throws Exception {
        CliRun r = run("cluster-size", "--corpus-bytes", "10TB", "--cores", "256", "--json");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode j = r.json();
        assertThat(j.get("job").asText()).isEqualTo("scan");
        // ⌈⌈10¹³ / 2²⁵⌉ / 256⌉ = 1,165 waves × 2²⁵ B / 200 MB/s + 8 s (ClusterSizingTest)
        assertThat(j.get("estimates").get(0).get("seconds").asDouble())
                .isCloseTo(8 + 1165 * 33_554_432.0 / 200e6, within(1e-6));
        CliRun near = run(
                "cluster-size", "--job", "near", "--corpus-bytes", "1TB", "--cores", "64,1024", "--mb-per-core", "50");
        assertThat(near.code()).as(near.err()).isZero();
        assertThat(near.out()).contains("near of 1TB: 50 MB/s a core").doesNotContain(" GB");
        CliRun exact = run("cluster-size", "--job", "exact", "--corpus-bytes", "1TB", "--cores", "64");
        assertThat(exact.out()).contains("driver 1.8 µs and 250 B a document").contains("83 GB");
        CliRun bad = run("cluster-size", "--corpus-bytes", "lots");
        assertThat(bad.code()).isEqualTo(2);
        assertThat(bad.err()).startsWith("error: --corpus-bytes: expected a size such as 10TB");
    }
}
