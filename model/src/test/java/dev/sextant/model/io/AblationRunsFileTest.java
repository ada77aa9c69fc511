package dev.sextant.model.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.sextant.model.BadInputException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AblationRunsFileTest {

    @TempDir
    Path tmp;

    @Test
    void aPublishedSweepGivenInFlopsIsReadWithTokensAsCOver6N() throws Exception {
        Path f = tmp.resolve("chinchilla-figure4.csv");
        try (var in = AblationRunsFileTest.class.getResourceAsStream("/scaling/chinchilla-figure4.csv")) {
            Files.copy(in, f);
        }
        AblationRunsFile.Read r = AblationRunsFile.read(f, Map.of());
        assertThat(r.runs()).hasSize(245);
        AblationRunsFile.Run first = r.runs().get(0);
        // fig4-1: 6,795,600,349 parameters, 9.9939e18 FLOP → 9.9939e18 / (6 × 6.7956e9) = 2.4511e8 tokens
        assertThat(first.run()).isEqualTo("fig4-1");
        assertThat(first.tokens()).isCloseTo(9.993852799709755e18 / (6 * 6795600349.289497), within(1.0));
        assertThat(first.line()).isEqualTo(2);
        assertThat(r.notes())
                .singleElement()
                .asString()
                .endsWith("chinchilla-figure4.csv: tokens of 245 runs taken from FLOPs as C / 6N");
    }

    @Test
    void theUsersOwnColumnNamesAreMappedAndJsonLinesReadAlike() throws Exception {
        Path csv = Files.writeString(
                tmp.resolve("mine.csv"), "Name,N,D,final_loss,lr\na,1.2e8,2.4e9,3.31,3e-4\nb,3.5e8,7e9,3.02,3e-4\n");
        Map<String, String> map =
                Map.of("name", "run", "n", "params", "d", "tokens", "final_loss", "loss", "lr", "learning_rate");
        AblationRunsFile.Read r = AblationRunsFile.read(csv, map);
        assertThat(r.runs()).extracting(AblationRunsFile.Run::run).containsExactly("a", "b");
        assertThat(r.runs().get(1).learningRate()).isEqualTo(3e-4);
        assertThat(r.notes()).isEmpty();
        Path jsonl = Files.writeString(
                tmp.resolve("mine.jsonl"),
                """
                {"run": "a", "params": 1.2e8, "tokens": 2.4e9, "loss": 3.31, "schedule": "cosine"}
                {"run": "b", "params": 3.5e8, "tokens": 7e9, "loss": 3.02, "schedule": "wsd"}
                """);
        AblationRunsFile.Read j = AblationRunsFile.read(jsonl, Map.of());
        assertThat(j.runs()).extracting(AblationRunsFile.Run::schedule).containsExactly("cosine", "wsd");
        assertThat(j.runs().get(1).line()).isEqualTo(2);
    }

    @Test
    void everyProblemNamesTheFileTheLineTheFieldAndTheRun() throws Exception {
        String header = "run,params,tokens,loss\n";
        assertThatThrownBy(() -> read(header + "a,1e8,2e9,3.1\nb,2e8,4e9,2.9\na,3e8,6e9,2.8\n"))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("runs.csv")
                .hasMessageContaining("4")
                .hasMessageContaining("run 'a' appears twice (also on line 2)");
        assertThatThrownBy(() -> read(header + "a,1e8,2e9,0\n"))
                .hasMessageContaining("loss")
                .hasMessageContaining("run 'a': must be positive");
        assertThatThrownBy(() -> read(header + "a,1e8,2e9,nan\n"))
                .hasMessageContaining("loss")
                .hasMessageContaining("finite");
        assertThatThrownBy(() -> read(header + "a,1e8,2e9,low\n")).hasMessageContaining("expected a number, got 'low'");
        // 5,000 "tokens" for 100 M parameters: steps
        assertThatThrownBy(() -> read(header + "a,1e8,5000,3.1\n"))
                .hasMessageContaining("tokens")
                .hasMessageContaining("steps or samples");
        // 125 "parameters": millions
        assertThatThrownBy(() -> read(header + "a,125,2e9,3.1\n"))
                .hasMessageContaining("params")
                .hasMessageContaining("millions");
        assertThatThrownBy(() -> read("run,params,loss\na,1e8,3.1\n"))
                .hasMessageContaining("tokens")
                .hasMessageContaining("training FLOPs");
        assertThatThrownBy(() -> read("run,params,tokens,loss,step\na,1e8,2e9,3.1,5\n"))
                .hasMessageContaining("step")
                .hasMessageContaining("unknown column");
        assertThatThrownBy(() -> read(header)).hasMessageContaining("no runs");
    }

    private AblationRunsFile.Read read(String text) throws Exception {
        return AblationRunsFile.read(Files.writeString(tmp.resolve("runs.csv"), text), Map.of());
    }
}
