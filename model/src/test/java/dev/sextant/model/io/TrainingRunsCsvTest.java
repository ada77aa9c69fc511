package dev.sextant.model.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sextant.model.BadInputException;
import dev.sextant.model.training.validation.Metric;
import dev.sextant.model.training.validation.PublishedRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The published-runs CSV: the bundled file reads, and a broken file is refused with its line and column. */
class TrainingRunsCsvTest {

    @TempDir
    Path tmp;

    static final String HEADER = String.join(",", TrainingRunsCsv.COLUMNS);
    static final String ROW =
            "K1,korthikanti2022,Korthikanti 2022,megatron-lm,gpt:48:6144:64,a100-sxm-80gb,8,8,,2048,8,1,1,1,1,1,4,4,0,full,"
                    + "false,unfused,bf16,none,step,1.42,,original,";

    @Test
    void readsRowsAndSkipsComments() throws Exception {
        Path f = Files.writeString(tmp.resolve("runs.csv"), "# a comment\n" + HEADER + "\n# another\n" + ROW + "\n\n");
        List<PublishedRun> runs = TrainingRunsCsv.read(f);
        assertThat(runs).hasSize(1);
        PublishedRun k1 = runs.get(0);
        assertThat(k1.metric()).isEqualTo(Metric.STEP);
        assertThat(k1.networkGbps()).isNaN();
        assertThat(k1.assumed()).isEmpty();
        assertThat(k1.original()).isTrue();
        assertThat(k1.fusedAttention()).isFalse();
        assertThat(TrainingRunsCsv.bundled()).anyMatch(r -> r.id().equals("K1") && r.measured() == 1.42);
    }

    @Test
    void brokenFilesNameTheLineAndColumn() throws Exception {
        Path header = Files.writeString(tmp.resolve("h.csv"), "id,source\nK1,x\n");
        assertThatThrownBy(() -> TrainingRunsCsv.read(header))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("header must be");
        Path metric = Files.writeString(tmp.resolve("m.csv"), HEADER + "\n" + ROW.replace(",step,", ",days,") + "\n");
        assertThatThrownBy(() -> TrainingRunsCsv.read(metric))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("metric")
                .hasMessageContaining("2");
        Path gpus = Files.writeString(
                tmp.resolve("g.csv"), HEADER + "\n" + ROW.replace("a100-sxm-80gb,8,8,", "a100-sxm-80gb,16,8,") + "\n");
        assertThatThrownBy(() -> TrainingRunsCsv.read(gpus))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("not the 16 GPUs");
        Path recompute =
                Files.writeString(tmp.resolve("r.csv"), HEADER + "\n" + ROW.replace(",full,", ",some,") + "\n");
        assertThatThrownBy(() -> TrainingRunsCsv.read(recompute)).hasMessageContaining("recompute");
    }
}
