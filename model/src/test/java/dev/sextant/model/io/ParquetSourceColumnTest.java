package dev.sextant.model.io;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sextant.model.contamination.CorpusDocuments;
import dev.sextant.model.data.CorpusMix;
import dev.sextant.model.data.MixResult;
import dev.sextant.model.data.MixSource;
import dev.sextant.model.data.MixSpec;
import dev.sextant.model.data.TokenCounting;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A Parquet corpus's metadata column (FineWeb's dump, a source or language column) read beside its text and id. */
class ParquetSourceColumnTest {

    @TempDir
    Path tmp;

    @Test
    void aMetadataColumnIsHandedOverWithEachRowAndSplitsTheMix() throws Exception {
        Path f = ParquetFixtures.write(
                tmp.resolve("web.parquet"),
                "message m { optional binary text (STRING); optional binary id (STRING); optional binary language (STRING); }",
                30,
                8,
                CompressionCodecName.ZSTD,
                (g, i) -> {
                    g.add("text", "row " + i + " says a few words");
                    g.add("id", "r" + i);
                    if (i != 29) {
                        g.add("language", i % 3 == 0 ? "de" : "en");
                    }
                });
        List<String> seen = new ArrayList<>();
        for (var unit : CorpusFiles.units(List.of(f), CorpusFiles.DEFAULT_CHUNK)) {
            CorpusDocuments.forEach(
                    unit,
                    "text",
                    "id",
                    "language",
                    (index, line, from, to, text, length, doc) -> seen.add(doc.id() + "/" + doc.source()),
                    CancellationToken.none());
        }
        assertThat(seen)
                .hasSize(30)
                .startsWith("r0/de", "r1/en", "r2/en", "r3/de")
                .endsWith("r29/null");

        MixResult r = CorpusMix.run(
                CorpusFiles.units(List.of(f), CorpusFiles.DEFAULT_CHUNK),
                new MixSpec("language", "text", null, null, null, false, 1),
                TokenCounting.wordsTimes(1),
                null,
                1,
                ProgressListener.NONE,
                CancellationToken.none());
        assertThat(r.sources()).extracting(MixSource::name).containsExactly("de", "en", "(none)");
        assertThat(r.sources()).extracting(MixSource::documents).containsExactly(10L, 19L, 1L);
        assertThat(r.sources().get(0).tokens()).isEqualTo(10 * 6);
    }

    /** A score column beside the source column (FineWeb-Edu's int_score), a number column read as its digits. */
    @Test
    void aScoreColumnIsHandedOverBesideTheSource() throws Exception {
        Path f = ParquetFixtures.write(
                tmp.resolve("edu.parquet"),
                "message m { optional binary text (STRING); optional binary id (STRING); "
                        + "optional binary language (STRING); optional double score; }",
                12,
                5,
                CompressionCodecName.SNAPPY,
                (g, i) -> {
                    g.add("text", "row " + i);
                    g.add("id", "r" + i);
                    g.add("language", "en");
                    if (i % 4 != 3) {
                        g.add("score", i * 0.5);
                    }
                });
        List<String> seen = new ArrayList<>();
        for (var unit : CorpusFiles.units(List.of(f), CorpusFiles.DEFAULT_CHUNK)) {
            CorpusDocuments.forEach(
                    unit,
                    "text",
                    "id",
                    "language",
                    "score",
                    (index, line, from, to, text, length, doc) ->
                            seen.add(doc.id() + "/" + doc.source() + "/" + doc.score()),
                    CancellationToken.none());
        }
        assertThat(seen).hasSize(12).startsWith("r0/en/0.0", "r1/en/0.5", "r2/en/1.0", "r3/en/null");
    }
}
