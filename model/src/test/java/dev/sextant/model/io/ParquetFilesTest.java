package dev.sextant.model.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sextant.model.BadInputException;
import dev.sextant.model.contamination.BenchmarkItem;
import dev.sextant.model.contamination.CorpusScanner;
import dev.sextant.model.contamination.CorpusUnit;
import dev.sextant.model.contamination.NgramIndex;
import dev.sextant.model.contamination.Normalization;
import dev.sextant.model.contamination.ScanResult;
import dev.sextant.model.contamination.ScanSpec;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Issue 14 part 6: Parquet corpora (one document per row, a unit per row group) and Parquet benchmark files. */
class ParquetFilesTest {

    @TempDir
    Path tmp;

    static final String LEAK =
            "Natalia sold clips to 48 of her friends in April, and then she sold half as many clips in May.";

    /** A WikiText-like corpus: {@code text} (with blank rows, as WikiText has) and no id; the leak in row 137. */
    Path wikitext(CompressionCodecName codec) throws Exception {
        return ParquetFixtures.write(
                tmp.resolve("wikitext-" + codec + ".parquet"),
                "message schema { optional binary text (STRING); }",
                300,
                64,
                codec,
                (g, i) -> {
                    if (i == 137) {
                        g.append("text", " = Homework = \n " + LEAK + " \n");
                    } else if (i % 10 != 3) {
                        g.append("text", i % 5 == 0 ? "" : " The valley lies " + i + " miles from the coast . \n");
                    }
                });
    }

    ScanResult scan(List<BenchmarkItem> items, List<Path> corpus, String idField) {
        ScanSpec spec = new ScanSpec(8, 0.8, Normalization.defaults(), "text", idField, 2, 3);
        return CorpusScanner.scan(
                NgramIndex.build(items, spec.n(), spec.normalization()),
                CorpusFiles.units(corpus, CorpusFiles.DEFAULT_CHUNK),
                spec,
                ProgressListener.NONE,
                CancellationToken.none());
    }

    @ParameterizedTest
    @EnumSource(
            value = CompressionCodecName.class,
            names = {"SNAPPY", "ZSTD", "GZIP", "UNCOMPRESSED"})
    void aParquetCorpusIsOneDocumentPerRowAndAUnitPerRowGroup(CompressionCodecName codec) throws Exception {
        Path f = wikitext(codec);
        List<CorpusUnit> units = CorpusFiles.units(List.of(f), CorpusFiles.DEFAULT_CHUNK);
        assertThat(units).hasSize(5); // 64 + 64 + 64 + 64 + 44 rows
        assertThat(units).extracting(CorpusUnit::start).containsExactly(0L, 64L, 128L, 192L, 256L);
        assertThat(units.stream().mapToLong(CorpusUnit::sizeBytes).sum()).isEqualTo(Files.size(f));
        ScanResult r = scan(
                List.of(
                        new BenchmarkItem("gsm8k", "q1", LEAK),
                        new BenchmarkItem(
                                "gsm8k", "q2", "James writes a 3-page letter to 2 different friends twice a week.")),
                List.of(f),
                "id");
        ScanResult.ItemResult q1 = r.items().get(0);
        assertThat(q1.status()).isEqualTo(ScanResult.Status.DIRTY);
        assertThat(q1.tokenFraction()).isEqualTo(1.0);
        assertThat(q1.locations()).extracting(ScanResult.Location::offset).containsExactly(137L); // the row
        assertThat(r.items().get(1).status()).isEqualTo(ScanResult.Status.CLEAN);
        assertThat(r.summary().documents()).isEqualTo(270); // 30 null rows are skipped
        assertThat(r.summary().skippedDocuments()).isEqualTo(30);
        assertThat(r.summary().bytesScanned()).isEqualTo(Files.size(f));
    }

    @Test
    void theTextColumnIsChosenAndTheIdColumnNamesTheDocument() throws Exception {
        Path f = ParquetFixtures.write(
                tmp.resolve("web.parquet"),
                "message m { required binary url (STRING); required binary content (STRING); required int64 doc; }",
                20,
                8,
                CompressionCodecName.SNAPPY,
                (g, i) -> g.append("url", "https://example.org/" + i)
                        .append("content", i == 11 ? "copied: " + LEAK : "unrelated page number " + i)
                        .append("doc", 1000L + i));
        ScanSpec spec = new ScanSpec(8, 0.8, Normalization.defaults(), "content", "doc", 1, 3);
        ScanResult r = CorpusScanner.scan(
                NgramIndex.build(List.of(new BenchmarkItem("b", "q", LEAK)), 8, spec.normalization()),
                CorpusFiles.units(List.of(f), CorpusFiles.DEFAULT_CHUNK),
                spec,
                ProgressListener.NONE,
                CancellationToken.none());
        assertThat(r.items().get(0).locations().get(0).documentId()).isEqualTo("1011");
        assertThatThrownBy(() -> scan(List.of(new BenchmarkItem("b", "q", LEAK)), List.of(f), "id"))
                .isInstanceOf(BadInputException.class)
                .hasMessage(f + ": text: no such column; the file has url, content, doc");
        ScanSpec numeric = new ScanSpec(8, 0.8, Normalization.defaults(), "doc", null, 1, 3);
        assertThatThrownBy(() -> CorpusScanner.scan(
                        NgramIndex.build(List.of(new BenchmarkItem("b", "q", LEAK)), 8, numeric.normalization()),
                        CorpusFiles.units(List.of(f), CorpusFiles.DEFAULT_CHUNK),
                        numeric,
                        ProgressListener.NONE,
                        CancellationToken.none()))
                .hasMessage(f + ": doc: not a text column");
    }

    static final String CHAT =
            """
            message m {
              optional group messages (LIST) {
                repeated group list { optional group element { optional binary role (STRING); optional binary content (STRING); } }
              }
            }""";

    static void message(Group g, String role, String content) {
        Group e = g.getGroup("messages", 0).addGroup("list").addGroup("element");
        e.append("role", role).append("content", content);
    }

    @Test
    void chatParquetIsReadAsItsMessagesWithoutRoles() throws Exception {
        Path f = ParquetFixtures.write(tmp.resolve("chat.parquet"), CHAT, 3, 2, CompressionCodecName.ZSTD, (g, i) -> {
            g.addGroup("messages");
            message(g, "user", i == 1 ? LEAK.substring(0, 40) : "hello number " + i);
            message(g, "assistant", i == 1 ? LEAK.substring(40) : "hi");
        });
        ScanResult r = scan(List.of(new BenchmarkItem("b", "q", LEAK)), List.of(f), "id");
        assertThat(r.items().get(0).status()).isEqualTo(ScanResult.Status.DIRTY);
        assertThat(r.summary().documents()).isEqualTo(3);
        List<BenchmarkItem> items = BenchmarkItemFiles.read(f, List.of(), null);
        assertThat(items.get(0).text()).isEqualTo("hello number 0\nhi");
        assertThat(items.get(0).fields()).containsExactly("messages[].content");
        assertThat(items).extracting(BenchmarkItem::id).containsExactly("1", "2", "3");
    }

    @Test
    void aHuggingFaceShardIsABenchmarkNamedAfterItsDataset() throws Exception {
        Path f = ParquetFixtures.write(
                tmp.resolve("gsm8k/main/test-00000-of-00001.parquet"),
                "message schema { optional binary question (STRING); optional binary answer (STRING); }",
                5,
                2,
                CompressionCodecName.SNAPPY,
                (g, i) -> g.append("question", "Question " + i + ": how many clips?")
                        .append("answer", "Clips " + i + "\n#### " + i));
        List<BenchmarkItem> all = BenchmarkItemFiles.read(f, List.of(), null);
        assertThat(all).hasSize(5);
        assertThat(all.get(0).benchmark()).isEqualTo("gsm8k");
        // every column, as JSONL and CSV
        assertThat(all.get(0).text()).isEqualTo("Question 0: how many clips? Clips 0\n#### 0");
        assertThat(all).extracting(BenchmarkItem::id).containsExactly("1", "2", "3", "4", "5");
        List<BenchmarkItem> questions = BenchmarkItemFiles.read(f, List.of("question"), null);
        assertThat(questions.get(4).text()).isEqualTo("Question 4: how many clips?");
        assertThat(questions.get(4).fields()).containsExactly("question");
        assertThatThrownBy(() -> BenchmarkItemFiles.read(f, List.of("problem"), null))
                .hasMessage(f + ": row 1: problem: missing");
        assertThatThrownBy(() -> BenchmarkItemFiles.read(f, List.of(), "qid")).hasMessage(f + ": row 1: qid: missing");
    }

    @Test
    void nestedColumnsTakeDottedPaths() throws Exception {
        Path f = ParquetFixtures.write(
                tmp.resolve("arc.parquet"),
                """
                message schema {
                  optional binary id (STRING);
                  optional binary question (STRING);
                  optional group choices {
                    optional group text (LIST) { repeated group list { optional binary element (STRING); } }
                    optional group label (LIST) { repeated group list { optional binary element (STRING); } }
                  }
                  optional binary answerKey (STRING);
                }""",
                2,
                2,
                CompressionCodecName.SNAPPY,
                (g, i) -> {
                    g.append("id", "Mercury_" + i).append("question", "Which gas do plants take in?");
                    Group c = g.addGroup("choices");
                    Group text = c.addGroup("text");
                    text.addGroup("list").append("element", "oxygen");
                    text.addGroup("list").append("element", "carbon dioxide");
                    Group label = c.addGroup("label");
                    label.addGroup("list").append("element", "A");
                    label.addGroup("list").append("element", "B");
                    g.append("answerKey", "B");
                });
        BenchmarkItem item = BenchmarkItemFiles.read(f, List.of("question", "choices.text"), null)
                .get(1);
        assertThat(item.id()).isEqualTo("Mercury_1");
        assertThat(item.text()).isEqualTo("Which gas do plants take in? oxygen carbon dioxide");
    }

    @Test
    void brokenFilesAreOneLineNamingTheFileAndTheRowGroup() throws Exception {
        Path garbage = Files.writeString(tmp.resolve("garbage.parquet"), "this is not a parquet file at all\n");
        assertThatThrownBy(() -> CorpusFiles.units(List.of(garbage), CorpusFiles.DEFAULT_CHUNK))
                .hasMessage(garbage + ": not a Parquet file (it does not start with PAR1)");
        Path good = wikitext(CompressionCodecName.SNAPPY);
        byte[] bytes = Files.readAllBytes(good);
        Path cut = Files.write(tmp.resolve("cut.parquet"), Arrays.copyOf(bytes, bytes.length / 2));
        assertThatThrownBy(() -> BenchmarkItemFiles.read(cut, List.of(), null))
                .hasMessage(cut + ": not a whole Parquet file: it does not end with PAR1 (cut short?)");
        byte[] footer = bytes.clone();
        for (int i = footer.length - 40; i < footer.length - 8; i++) {
            footer[i] = (byte) 0xFF;
        }
        Path badFooter = Files.write(tmp.resolve("footer.parquet"), footer);
        assertThatThrownBy(() -> CorpusFiles.units(List.of(badFooter), CorpusFiles.DEFAULT_CHUNK))
                .hasMessage(badFooter + ": damaged Parquet footer (the file's schema and row groups cannot be read)");
        byte[] pages = bytes.clone();
        for (int i = 4; i < 30; i++) { // the first page header of row group 1
            pages[i] = (byte) (pages[i] ^ 0x5A);
        }
        Path badPages = Files.write(tmp.resolve("pages.parquet"), pages);
        assertThatThrownBy(() -> scan(List.of(new BenchmarkItem("b", "q", LEAK)), List.of(badPages), "id"))
                .isInstanceOf(BadInputException.class)
                .hasMessage(badPages + ": row group 1: damaged data (its pages cannot be decoded)");
        Path empty = Files.write(tmp.resolve("empty.parquet"), new byte[0]);
        assertThatThrownBy(() -> CorpusFiles.units(List.of(empty), CorpusFiles.DEFAULT_CHUNK))
                .hasMessage(empty + ": the file is empty");
    }

    /** The desktop app must not carry a Hadoop cluster: of Hadoop, only the two jars parquet-java's reader loads classes from. */
    @Test
    void noHadoopClusterStackOnTheClasspath() {
        List<String> jars = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .map(p -> Path.of(p).getFileName().toString())
                .toList();
        assertThat(jars.stream().filter(j -> j.startsWith("hadoop-")).map(j -> j.replaceAll("-[\\d.]+\\.jar$", "")))
                .containsExactlyInAnyOrder("hadoop-common", "hadoop-mapreduce-client-core");
        for (String cluster : List.of(
                "hadoop-hdfs",
                "hadoop-yarn",
                "hadoop-auth",
                "zookeeper",
                "jetty",
                "guava",
                "woodstox",
                "curator",
                "avro",
                "jersey",
                "netty",
                "commons-configuration",
                "hadoop-shaded",
                "aircompressor",
                "commons-pool")) {
            assertThat(jars).as(cluster).noneMatch(j -> j.contains(cluster));
        }
        // the one protobuf is our own TensorBoard reader's runtime (4.x), not Hadoop's 2.5 or its shaded copy
        assertThat(jars.stream().filter(j -> j.contains("protobuf")))
                .allMatch(j -> j.matches("protobuf-java-4\\.[\\d.]+\\.jar"));
    }
}
