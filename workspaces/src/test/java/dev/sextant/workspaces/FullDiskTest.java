package dev.sextant.workspaces;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sextant.model.evaluation.EvidenceFile;
import dev.sextant.model.evaluation.ItemScore;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import dev.sextant.model.project.Project;
import dev.sextant.workspaces.archive.WorkspaceArchive;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A full disk, for real: a 16 MB tmpfs mounted in a private mount namespace ({@code unshare --user --map-root-user
 * --mount}, so no root is needed where user namespaces are allowed), with {@link FullDiskChild} running on it. Skipped,
 * with the reason, where such a file system cannot be made.
 */
class FullDiskTest {

    @TempDir
    Path tmp;

    @Test
    void aFullDiskGivesOneLineLosesNothingAndLeavesNothingPartial() throws Exception {
        Path disk = Files.createDirectories(tmp.resolve("small-disk"));
        Path outside = Files.createDirectories(tmp.resolve("outside"));
        try (Workspace ws = Workspace.create(tmp.resolve("big"))) {
            Project p = ws.projects().create("Big", "");
            List<ItemScore> rows = new ArrayList<>();
            for (int i = 0; i < 150_000; i++) {
                rows.add(new ItemScore(
                        "model-" + (i % 5), "bench", "item-" + i, i % 3 / 2.0, null, null, null, null, null));
            }
            ws.evaluation()
                    .importFiles(
                            p.id(),
                            List.of(EvidenceFile.of(EvidenceFile.Kind.ITEM_SCORES, "big.csv", "t", rows, null)),
                            false,
                            ProgressListener.NONE,
                            CancellationToken.none());
            WorkspaceArchive.exportProject(
                    ws, p.id(), outside.resolve("big.sextant.zip"), ProgressListener.NONE, CancellationToken.none());
        }
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String script = "mount -t tmpfs -o size=16m tmpfs '" + disk + "' || exit 42; exec '" + java + "' -cp '"
                + System.getProperty("java.class.path") + "' " + FullDiskChild.class.getName() + " '" + disk + "' '"
                + outside + "'";
        Process child;
        try {
            child = new ProcessBuilder("unshare", "--user", "--map-root-user", "--mount", "sh", "-c", script)
                    .redirectErrorStream(true)
                    .start();
        } catch (IOException e) {
            Assumptions.abort(
                    "no unshare command here (" + e.getMessage() + "): cannot make a small file system without root");
            return;
        }
        List<String> lines = new ArrayList<>();
        try (BufferedReader r =
                new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null; ) {
                lines.add(line);
            }
        }
        assertThat(child.waitFor(120, TimeUnit.SECONDS)).isTrue();
        int rc = child.exitValue();
        Assumptions.assumeFalse(
                rc == 42 || (rc == 1 && lines.stream().anyMatch(l -> l.startsWith("unshare:"))),
                () -> "cannot mount a small tmpfs here (user namespaces or mounts not allowed): " + lines);
        lines.stream()
                .filter(l -> l.startsWith("MSG ") || l.startsWith("CHECK "))
                .forEach(System.out::println);
        assertThat(lines).as("child output").contains("DONE");
        Map<String, String> checks = new HashMap<>();
        List<String> messages = new ArrayList<>();
        for (String l : lines) {
            if (l.startsWith("CHECK ")) {
                String[] kv = l.substring(6).split(" ", 2);
                checks.put(kv[0], kv[1]);
            } else if (l.startsWith("MSG ")) {
                messages.add(l.substring(4));
            }
        }
        assertThat(checks)
                .as("checks")
                .containsEntry("import-refused", "true")
                .containsEntry("import-kept-nothing", "true")
                .containsEntry("write-failed", "true")
                .containsEntry("export-failed", "true")
                .containsEntry("no-partial-export", "true")
                .containsEntry("kept-what-it-had", "true")
                .containsEntry("writable-again", "true")
                .containsEntry("no-rows-kept", "true");
        assertThat(messages).isNotEmpty().allSatisfy(m -> assertThat(m)
                .doesNotContain("Exception")
                .doesNotContain("org.h2")
                .doesNotContain("MVStore")
                .doesNotContain("FileChannel")
                .doesNotContainPattern("\\[\\d{5}-\\d+\\]"));
        assertThat(messages.get(0))
                .contains("not enough free space for importing big.sextant.zip")
                .contains("needed")
                .contains("free");
        assertThat(messages).anySatisfy(m -> assertThat(m)
                .contains("disk full while writing workspace ws")
                .contains("MB free")
                .contains("nothing of this action was kept"));
    }
}
