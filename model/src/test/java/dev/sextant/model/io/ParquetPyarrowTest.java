package dev.sextant.model.io;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sextant.model.contamination.BenchmarkItem;
import dev.sextant.model.contamination.CorpusScanner;
import dev.sextant.model.contamination.CorpusUnit;
import dev.sextant.model.contamination.NgramIndex;
import dev.sextant.model.contamination.Normalization;
import dev.sextant.model.contamination.ScanResult;
import dev.sextant.model.contamination.ScanSpec;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Parquet as Hugging Face writes it: files made by pyarrow (src/test/resources/parquet/make_fixtures.py), with its
 * dictionary pages, Snappy, zstd, data page v2 and large strings, read as benchmarks and corpora.
 */
class ParquetPyarrowTest {

    static Path fixture(String name) throws Exception {
        return Path.of(ParquetPyarrowTest.class.getResource("/parquet/" + name).toURI());
    }

    static ScanResult scan(List<BenchmarkItem> items, Path corpus) {
        ScanSpec spec = new ScanSpec(8, 0.8, Normalization.defaults(), "text", "id", 2, 3);
        return CorpusScanner.scan(
                NgramIndex.build(items, spec.n(), spec.normalization()),
                CorpusFiles.units(List.of(corpus), CorpusFiles.DEFAULT_CHUNK),
                spec,
                ProgressListener.NONE,
                CancellationToken.none());
    }

    @Test
    void aGsm8kShardIsItsRowsNamedAfterTheDataset() throws Exception {
        List<BenchmarkItem> items =
                BenchmarkItemFiles.read(fixture("gsm8k/main/test-00000-of-00001.parquet"), List.of("question"), null);
        assertThat(items).hasSize(7);
        assertThat(items.get(0).benchmark()).isEqualTo("gsm8k");
        assertThat(items.get(0).id()).isEqualTo("1");
        assertThat(items.get(0).text()).isEqualTo(ParquetFilesTest.LEAK);
        assertThat(BenchmarkItemFiles.read(fixture("gsm8k/main/test-00000-of-00001.parquet"), List.of(), null)
                        .get(6)
                        .text())
                .isEqualTo(
                        "A farmer has 6 cows and buys 8 more. How many cows does the farmer have now? Worked answer 6\n#### 6");
    }

    @Test
    void aWikiTextCorpusScansRowByRow() throws Exception {
        for (String name : List.of("wikitext/test-00000-of-00001.parquet", "wikitext-zstd-v2.parquet")) {
            Path f = fixture(name);
            List<CorpusUnit> units = CorpusFiles.units(List.of(f), CorpusFiles.DEFAULT_CHUNK);
            assertThat(units).as(name).hasSize(3);
            List<BenchmarkItem> gsm = BenchmarkItemFiles.read(
                    fixture("gsm8k/main/test-00000-of-00001.parquet"), List.of("question"), null);
            ScanResult r = scan(gsm, f);
            // blank rows are documents too, with no n-grams
            assertThat(r.summary().documents()).as(name).isEqualTo(120);
            assertThat(r.items().get(0).status()).as(name).isEqualTo(ScanResult.Status.DIRTY);
            assertThat(r.items().get(0).locations().get(0).offset()).as(name).isEqualTo(41);
            assertThat(r.summary().dirty()).as(name).isEqualTo(1);
            assertThat(r.summary().clean()).as(name).isEqualTo(6);
        }
    }

    @Test
    void nestedChoicesAndChatMessages() throws Exception {
        BenchmarkItem arc = BenchmarkItemFiles.read(
                        fixture("arc/test-00000-of-00001.parquet"), List.of("question", "choices.text"), null)
                .get(1);
        assertThat(arc.benchmark()).isEqualTo("arc");
        assertThat(arc.id()).isEqualTo("Mercury_2");
        assertThat(arc.text()).isEqualTo("Which planet is closest to the Sun? Venus Mercury");
        List<BenchmarkItem> chat = BenchmarkItemFiles.read(fixture("chat.parquet"), List.of(), null);
        assertThat(chat.get(0).text()).isEqualTo("Hello there\nHi, how can I help?");
        ScanResult r = scan(List.of(new BenchmarkItem("gsm8k", "q", ParquetFilesTest.LEAK)), fixture("chat.parquet"));
        assertThat(r.items().get(0).status()).isEqualTo(ScanResult.Status.DIRTY);
        assertThat(r.summary().documents()).isEqualTo(2);
    }
}
