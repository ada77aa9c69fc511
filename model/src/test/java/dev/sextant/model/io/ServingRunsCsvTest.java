package dev.sextant.model.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sextant.model.BadInputException;
import dev.sextant.model.serving.EngineProfile;
import dev.sextant.model.serving.validation.PublishedServingRun;
import dev.sextant.model.serving.validation.ServingLoad;
import dev.sextant.model.serving.validation.ServingMetric;
import java.io.StringReader;
import java.util.List;
import org.junit.jupiter.api.Test;

class ServingRunsCsvTest {

    static final String HEADER = String.join(",", ServingRunsCsv.COLUMNS) + "\n";

    @Test
    void readsARowWithItsEngineDefaultsLeftOpen() {
        List<PublishedServingRun> runs = ServingRunsCsv.read(
                new StringReader(
                        "# comment\n" + HEADER
                                + "X1,g,org,src,vllm-v1,0.11.0,llama-3.1-8b,h100-sxm,2,1,1,fp16,fp8,concurrency:8,server,100,1000,200,,,itl_ms,12.5,kv\n"),
                "runs.csv");
        PublishedServingRun r = runs.get(0);
        assertThat(r.engine()).isEqualTo(EngineProfile.VLLM);
        assertThat(r.replicas()).isEqualTo(2);
        assertThat(r.load()).isEqualTo(new ServingLoad(ServingLoad.Kind.CONCURRENCY, 8));
        assertThat(r.metric()).isEqualTo(ServingMetric.ITL_MS);
        assertThat(r.kvFp8()).isTrue();
        assertThat(r.maxNumSeqs()).isNull();
        assertThat(r.assumed()).containsExactly("kv");
    }

    @Test
    void badCellsNameFileLineAndColumn() {
        String row =
                "X1,g,org,src,vllm,0.11,llama-3.1-8b,h100-sxm,1,1,1,bf16,auto,LOAD,offline,100,1000,200,,,output_tps,MEASURED,\n";
        assertThatThrownBy(() -> ServingRunsCsv.read(
                        new StringReader(HEADER + row.replace("LOAD", "poisson").replace("MEASURED", "5")), "r.csv"))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("r.csv:2: load:");
        assertThatThrownBy(() -> ServingRunsCsv.read(
                        new StringReader(HEADER + row.replace("LOAD", "burst").replace("MEASURED", "-1")), "r.csv"))
                .hasMessageContaining("measured");
        assertThatThrownBy(() -> ServingRunsCsv.read(
                        new StringReader(HEADER
                                + row.replace("LOAD", "burst")
                                        .replace("MEASURED", "5")
                                        .replace(",vllm,", ",tgi,")),
                        "r.csv"))
                .hasMessageContaining("engine")
                .hasMessageContaining("tgi");
        assertThatThrownBy(() -> ServingRunsCsv.read(new StringReader("id,x\n"), "r.csv"))
                .hasMessageContaining("header");
    }

    @Test
    void theBundledSetHasEnoughIndependentSources() {
        List<PublishedServingRun> runs = ServingRunsCsv.bundled();
        assertThat(runs).hasSizeGreaterThanOrEqualTo(40);
        assertThat(runs.stream()
                        .map(PublishedServingRun::sourceGroup)
                        .distinct()
                        .count())
                .isGreaterThanOrEqualTo(8);
    }
}
