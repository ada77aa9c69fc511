package dev.sextant.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sextant.app.cli.catalog.CatalogCommand;
import dev.sextant.workspaces.WorkspaceHome;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StartupTrainingTest {

    @TempDir
    Path tmp;

    @Test
    void everyCommandTheArchiveIsRecordedFromRunsCleanly() {
        // a command that failed would record its error path instead of the start the archive is for
        for (String[] command : StartupTraining.COMMANDS) {
            CliRun r = CliRun.of(new WorkspaceHome(tmp.resolve("home")), command);
            assertThat(r.code()).as(String.join(" ", command) + ": " + r.err()).isZero();
        }
    }

    @Test
    void aRunBuildsOnlyTheCommandItNames() {
        assertThat(SextantCommand.neededFor(new String[] {"catalog", "gpus"})).containsExactly(CatalogCommand.class);
        assertThat(SextantCommand.neededFor(new String[] {"--version"})).isEmpty();
        assertThat(SextantCommand.neededFor(new String[] {"--help"})).isEqualTo(SextantCommand.COMMANDS);
        assertThat(SextantCommand.neededFor(new String[] {"nonsense"})).isEqualTo(SextantCommand.COMMANDS);
        // a misspelt command is refused as before, against the whole command line
        CliRun typo = CliRun.of(new WorkspaceHome(tmp.resolve("home")), "catalgo", "gpus");
        assertThat(typo.code()).isEqualTo(Cli.BAD_INPUT);
        assertThat(typo.err()).contains("Unmatched arguments").contains("'catalgo'");
    }
}
