package dev.sextant.model.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.sextant.model.BadInputException;
import dev.sextant.model.serving.BatchingSimulator;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ServingTraceTest {

    @TempDir
    Path tmp;

    @Test
    void aPublicTraceAsPublishedIsSimulatedFromItsFirstRequest() throws URISyntaxException {
        // the first 2,143 rows of Azure's 2023 conversation trace, bytes unchanged (CRLF, timestamps to 100 ns)
        Path azure = Path.of(getClass()
                .getResource("/traces-real/azure-llm-conv-2023-head.csv")
                .toURI());
        List<BatchingSimulator.Request> r = ServingFiles.trace(azure);
        assertThat(r).hasSize(2143);
        assertThat(r.get(0)).isEqualTo(new BatchingSimulator.Request(0, 374, 44));
        // 18:15:50.9951690 − 18:15:46.6805900 = 4.3145790 s, read to the millisecond
        assertThat(r.get(1).arrival()).isCloseTo(4.3146, within(0.001));
        assertThat(r.get(1).promptTokens()).isEqualTo(396);
        assertThat(r.get(1).outputTokens()).isEqualTo(109);
        // 18:23:20.7948980 − 18:15:46.6805900
        assertThat(r.get(r.size() - 1).arrival()).isCloseTo(454.114, within(0.001));
        for (int i = 1; i < r.size(); i++) {
            assertThat(r.get(i).arrival()).isGreaterThanOrEqualTo(r.get(i - 1).arrival());
        }
    }

    @Test
    void plainSecondsStillReadAndALogWithoutTokenCountsIsRefused() throws Exception {
        Path plain = tmp.resolve("plain.csv");
        Files.writeString(plain, "arrival,prompt,output\n0,100,10\n0.5,200,20\n");
        assertThat(ServingFiles.trace(plain))
                .containsExactly(
                        new BatchingSimulator.Request(0, 100, 10), new BatchingSimulator.Request(0.5, 200, 20));
        Path noTokens = tmp.resolve("times.csv");
        Files.writeString(noTokens, "timestamp,latency_ms\n2024-01-01T00:00:00Z,120\n2024-01-01T00:00:01Z,130\n");
        assertThatThrownBy(() -> ServingFiles.trace(noTokens))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("times.csv")
                .hasMessageContaining("prompt and output tokens");
    }
}
