package dev.sextant.model.contamination;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdOutputStream;
import dev.sextant.model.BadInputException;
import dev.sextant.model.contamination.ScanResult.ItemResult;
import dev.sextant.model.contamination.ScanResult.Status;
import dev.sextant.model.io.CorpusFiles;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.CancelledException;
import dev.sextant.model.job.ProgressListener;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A planted-contamination corpus: exact copies, variants, partial copies, short and absent items. */
class CorpusScannerTest {

    @TempDir
    Path tmp;

    static final String EXACT =
            "Natalia sold clips to 48 of her friends in April, and then she sold half as many clips in May. "
                    + "How many clips did Natalia sell altogether in April and May?";
    static final String VARIANT =
            "Weng earns $12 an hour for babysitting. Yesterday, she just did 50 minutes of babysitting. "
                    + "How much did she earn in total for the afternoon?";
    static final String PARTIAL =
            "Betty is saving money for a new wallet which costs $100. Betty has only half of the money she needs. "
                    + "Her parents decided to give her $15 for that purpose, and her grandparents twice as much as her parents. "
                    + "How much more money does Betty need to buy the wallet?";
    static final String SHORT = "What is 2+2?";
    static final String ABSENT =
            "James writes a 3-page letter to 2 different friends twice a week. How many pages does he write a year in all?";
    static final String ACROSS_LINES =
            "The quick brown fox jumps over the lazy dog while seven wizards quietly judge boxing matches tonight.";

    static List<BenchmarkItem> items() {
        return List.of(
                new BenchmarkItem("gsm", "exact", EXACT),
                new BenchmarkItem("gsm", "variant", VARIANT),
                new BenchmarkItem("gsm", "partial", PARTIAL),
                new BenchmarkItem("gsm", "short", SHORT),
                new BenchmarkItem("gsm", "absent", ABSENT),
                new BenchmarkItem("pangram", "lines", ACROSS_LINES));
    }

    static String jsonl() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 300; i++) {
            sb.append("{\"id\": \"filler-")
                    .append(i)
                    .append("\", \"text\": \"")
                    .append("lorem ipsum dolor sit amet ".repeat(1 + i % 7))
                    .append("\"}\n");
            if (i == 40) {
                sb.append("{\"id\": \"web-1\", \"text\": \"Homework help: ")
                        .append(EXACT)
                        .append(" Thanks!\"}\n");
            }
            if (i == 120) {
                sb.append(
                                "{\"id\": \"web-2\", \"text\": \"WENG   earns 12 an HOUR for baby-sitting yesterday she just did 50 minutes of")
                        .append(" babysitting -- how much did she earn in total for the afternoon\"}\n");
            }
            if (i == 200) {
                sb.append(
                                "{\"id\": \"web-3\", \"text\": \"Betty is saving money for a new wallet which costs $100.\\nBetty has only")
                        .append(" half of the money she needs. Unrelated text follows.\"}\n");
            }
            if (i == 250) {
                sb.append("{\"id\": \"web-4\", \"text\": \"What is 2+2? Everybody knows.\"}\n");
            }
        }
        return sb.toString();
    }

    ScanResult scan(List<Path> corpus, long chunk, int threads) {
        ScanSpec spec = new ScanSpec(13, 0.8, Normalization.defaults(), "text", "id", threads, 3);
        NgramIndex index = NgramIndex.build(items(), spec.n(), spec.normalization());
        return CorpusScanner.scan(
                index, CorpusFiles.units(corpus, chunk), spec, ProgressListener.NONE, CancellationToken.none());
    }

    /** Results without snippets: a unit that starts mid-file has less context before a match to show. */
    static List<ItemResult> withoutSnippets(ScanResult r) {
        return r.items().stream()
                .map(i -> new ItemResult(
                        i.benchmark(),
                        i.id(),
                        i.tokens(),
                        i.ngrams(),
                        i.matchedNgrams(),
                        i.tokenFraction(),
                        i.longestMatch(),
                        i.status(),
                        i.locations().stream()
                                .map(l -> new ScanResult.Location(l.file(), l.offset(), l.documentId(), ""))
                                .toList()))
                .toList();
    }

    static Map<String, ItemResult> byId(ScanResult r) {
        return r.items().stream().collect(Collectors.toMap(ItemResult::id, Function.identity()));
    }

    @Test
    void plantedContaminationIsClassified() throws Exception {
        Path corpus = Files.writeString(tmp.resolve("web.jsonl"), jsonl());
        ScanResult r = scan(List.of(corpus), CorpusFiles.DEFAULT_CHUNK, 1);
        Map<String, ItemResult> items = byId(r);
        assertThat(items.get("exact").status()).isEqualTo(Status.DIRTY);
        assertThat(items.get("exact").tokenFraction()).isEqualTo(1.0);
        assertThat(items.get("exact").matchedNgrams())
                .isEqualTo(items.get("exact").ngrams());
        assertThat(items.get("exact").longestMatch())
                .isEqualTo(items.get("exact").tokens());
        assertThat(items.get("exact").locations()).singleElement().satisfies(l -> {
            assertThat(l.documentId()).isEqualTo("web-1");
            assertThat(l.snippet()).contains("[natalia sold clips to 48 of her friends in april and then she]");
        });
        assertThat(items.get("variant").status())
                .as("case, punctuation and whitespace variants")
                .isEqualTo(Status.DIRTY);
        assertThat(items.get("partial").status()).isEqualTo(Status.PARTIAL);
        assertThat(items.get("partial").tokenFraction()).isBetween(0.3, 0.5);
        assertThat(items.get("short").status()).as("never silently clean").isEqualTo(Status.NOT_CHECKABLE);
        assertThat(items.get("short").ngrams()).isZero();
        assertThat(items.get("absent").status()).isEqualTo(Status.CLEAN);
        assertThat(r.summary().collisions()).isZero();
        assertThat(r.summary().documents()).isEqualTo(304);
        assertThat(r.summary().dirty()).isEqualTo(2);
        assertThat(r.summary().notCheckable()).isEqualTo(1);
        assertThat(r.perBenchmark())
                .containsExactly(
                        new ScanResult.BenchmarkSummary("gsm", 5, 1, 1, 2, 1),
                        new ScanResult.BenchmarkSummary("pangram", 1, 1, 0, 0, 0));
    }

    /** The JSON Lines corpus as one pretty-printed JSON array of the same objects (Alpaca- and ShareGPT-style files). */
    static String jsonArray() {
        return "[\n" + jsonl().lines().map(l -> "  " + l).collect(Collectors.joining(",\n")) + "\n]\n";
    }

    @Test
    void aJsonArrayOfDocumentsIsReadAsItsElementsWhateverItsSizeOrCompression() throws Exception {
        ScanResult lines =
                scan(List.of(Files.writeString(tmp.resolve("web.jsonl"), jsonl())), CorpusFiles.DEFAULT_CHUNK, 1);
        Path array = Files.writeString(tmp.resolve("web.json"), "\uFEFF" + jsonArray());
        ScanResult whole = scan(List.of(array), CorpusFiles.DEFAULT_CHUNK, 1);
        // a file larger than two chunks is not cut into byte ranges: an array's elements are not lines
        ScanResult small = scan(List.of(array), 1 << 10, 2);
        Path gz = tmp.resolve("web.json.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gz))) {
            out.write(jsonArray().getBytes(StandardCharsets.UTF_8));
        }
        ScanResult compressed = scan(List.of(gz), CorpusFiles.DEFAULT_CHUNK, 1);
        assertThat(lines.summary().documents()).isEqualTo(304);
        for (ScanResult r : List.of(whole, small, compressed)) {
            assertThat(r.summary().documents()).isEqualTo(304);
            assertThat(r.summary().skippedDocuments()).isZero();
            assertThat(r.items())
                    .extracting(ItemResult::status)
                    .isEqualTo(lines.items().stream().map(ItemResult::status).toList());
            assertThat(byId(r).get("exact").locations())
                    .extracting(ScanResult.Location::documentId)
                    .containsExactly("web-1");
        }
        assertThat(CorpusFiles.units(List.of(array), 1 << 10)).hasSize(1);
    }

    @Test
    void aChatCorpusAsOneJsonArrayOfConversationsIsRead() throws Exception {
        String chats = "[{\"conversations\": [{\"from\": \"human\", \"value\": \"" + EXACT
                + "\"}, {\"from\": \"gpt\", \"value\": \"72\"}]},\n"
                + " {\"messages\": [{\"role\": \"user\", \"content\": \"" + ACROSS_LINES + "\"}]}]";
        ScanResult r = scan(List.of(Files.writeString(tmp.resolve("chats.json"), chats)), CorpusFiles.DEFAULT_CHUNK, 1);
        assertThat(r.summary().documents()).isEqualTo(2);
        assertThat(byId(r).get("exact").status()).isEqualTo(Status.DIRTY);
        assertThat(byId(r).get("lines").status()).isEqualTo(Status.DIRTY);
    }

    @Test
    void aBrokenArrayIsNamedNotReadAsClean() throws Exception {
        Path cut = Files.writeString(tmp.resolve("cut.json"), jsonArray().substring(0, 2000));
        assertThatThrownBy(() -> scan(List.of(cut), CorpusFiles.DEFAULT_CHUNK, 1))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("cut.json: cannot read: invalid JSON: the array is not closed");
    }

    @Test
    void aCorpusWithoutDocumentsIsAnErrorNeverACleanVerdict() throws Exception {
        // pretty-printed objects: no line is a whole document, so nothing is scanned
        Path pretty = Files.writeString(
                tmp.resolve("pretty.jsonl"), "{\n  \"text\": \"" + EXACT + "\"\n}\n{\n  \"text\": \"x\"\n}\n");
        assertThatThrownBy(() -> scan(List.of(pretty), CorpusFiles.DEFAULT_CHUNK, 1))
                .isInstanceOf(BadInputException.class)
                .hasMessageEndingWith(
                        "pretty.jsonl: text field: no documents: none of the 6 records has the text field 'text' or chat messages "
                                + "(messages, conversations); name the field that holds the text");
        Path other = Files.writeString(tmp.resolve("content.jsonl"), "{\"content\": \"" + EXACT + "\"}\n");
        assertThatThrownBy(() -> scan(List.of(other), CorpusFiles.DEFAULT_CHUNK, 1))
                .hasMessageContaining("none of the 1 records");
    }

    @Test
    void aFileMostOfWhoseRecordsAreNotDocumentsIsAWarningWithItsCounts() throws Exception {
        Path good = Files.writeString(tmp.resolve("good.jsonl"), jsonl());
        Path bad = Files.writeString(
                tmp.resolve("bad.jsonl"), "{\"text\": \"one\"}\n{\"body\": \"a\"}\n{\"body\": \"b\"}\nnot json\n");
        ScanResult r = scan(List.of(good, bad), CorpusFiles.DEFAULT_CHUNK, 1);
        assertThat(r.summary().mostlySkipped()).containsExactly(new ScanResult.MostlySkipped(bad.toString(), 1, 3));
        assertThat(r.summary().mostlySkipped().get(0).sentence())
                .endsWith("3 of 4 records skipped (not JSON objects with the text field or chat messages)");
    }

    @Test
    void chunksAndThreadsGiveTheSameAnswerAsOneWholeFile() throws Exception {
        Path corpus = Files.writeString(tmp.resolve("web.jsonl"), jsonl());
        ScanResult whole = scan(List.of(corpus), CorpusFiles.DEFAULT_CHUNK, 1);
        for (long chunk : new long[] {97, 256, 1000, 4096}) {
            ScanResult split = scan(List.of(corpus), chunk, 2);
            assertThat(split.items()).as("chunk " + chunk).isEqualTo(whole.items());
            assertThat(split.summary().documents()).isEqualTo(whole.summary().documents());
            assertThat(split.summary().bytesScanned()).isEqualTo(Files.size(corpus));
        }
    }

    @Test
    void textCorporaMatchNgramsAcrossLineBreaksAndChunkBoundaries() throws Exception {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 200; i++) {
            sb.append("filler words that mean nothing at all number ").append(i).append('\n');
        }
        sb.append(
                "The quick brown fox jumps\nover the lazy dog while seven\nwizards quietly judge boxing matches tonight.\n");
        for (int i = 0; i < 200; i++) {
            sb.append("more filler text to pad the file line ").append(i).append('\n');
        }
        Path corpus = Files.writeString(tmp.resolve("book.txt"), sb.toString());
        ScanResult whole = scan(List.of(corpus), CorpusFiles.DEFAULT_CHUNK, 1);
        assertThat(byId(whole).get("lines").status()).isEqualTo(Status.DIRTY);
        for (long chunk : new long[] {50, 333, 2048}) {
            ScanResult split = scan(List.of(corpus), chunk, 2);
            assertThat(withoutSnippets(split)).as("chunk " + chunk).isEqualTo(withoutSnippets(whole));
        }
    }

    @Test
    void compressedCorporaAndFolders() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("corpus"));
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(dir.resolve("a.jsonl.gz")))) {
            out.write(jsonl().getBytes(StandardCharsets.UTF_8));
        }
        try (OutputStream out = new ZstdOutputStream(Files.newOutputStream(dir.resolve("b.txt.zst")))) {
            out.write(("Intro line.\n" + ACROSS_LINES + "\n").getBytes(StandardCharsets.UTF_8));
        }
        ScanResult r = scan(List.of(dir), CorpusFiles.DEFAULT_CHUNK, 2);
        Map<String, ItemResult> items = byId(r);
        assertThat(items.get("exact").status()).isEqualTo(Status.DIRTY);
        assertThat(items.get("lines").status()).isEqualTo(Status.DIRTY);
        assertThat(items.get("lines").locations().get(0).file()).endsWith("b.txt.zst");
        assertThat(r.summary().files()).isEqualTo(2);
        assertThat(r.summary().bytesScanned())
                .isEqualTo(Files.size(dir.resolve("a.jsonl.gz")) + Files.size(dir.resolve("b.txt.zst")));
    }

    @Test
    void aHashCollisionIsRejectedNotReported() {
        ScanSpec spec = new ScanSpec(8, 0.8, Normalization.defaults(), "text", null, 1, 3);
        String text = "one two three four five six seven eight";
        NgramIndex index = NgramIndex.build(List.of(new BenchmarkItem("b", "x", text)), 8, spec.normalization());
        List<String> words = Tokenizer.tokens(text, spec.normalization());
        ScanWorker w = new ScanWorker(
                index, spec, CancellationToken.none(), new AtomicLong(), 1, System.nanoTime(), ProgressListener.NONE);
        // the n-gram hash of the item's words, queued for a corpus text with other words: the hash matches, the
        // tokens read again from the corpus do not
        long roll = 0;
        for (String word : words) {
            roll = roll * NgramIndex.BASE + Tokenizer.hash(word.getBytes(StandardCharsets.UTF_8), word.length());
        }
        byte[] other = "zz0 zz1 zz2 zz3 zz4 zz5 zz6 zz7".getBytes(StandardCharsets.UTF_8);
        w.source(other, other.length);
        w.candidate(0, roll, 0);
        w.lookUp(1);
        assertThat(w.current.hashHits()).isEqualTo(1);
        assertThat(w.current.collisions()).isEqualTo(1);
        assertThat(w.current.matched()).isEmpty();
    }

    @Test
    void aResumedScanSkipsCompletedFilesAndGivesTheSameAnswer() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("parts"));
        Files.writeString(dir.resolve("a.jsonl"), jsonl());
        Files.writeString(dir.resolve("b.txt"), "Intro.\n" + ACROSS_LINES + "\n");
        Files.writeString(dir.resolve("c.jsonl"), "{\"id\": \"x\", \"text\": \"" + VARIANT + "\"}\n");
        ScanSpec spec = new ScanSpec(13, 0.8, Normalization.defaults(), "text", "id", 1, 3);
        NgramIndex index = NgramIndex.build(items(), 13, spec.normalization());
        List<CorpusUnit> units = CorpusFiles.units(List.of(dir), CorpusFiles.DEFAULT_CHUNK);
        ScanResult full = CorpusScanner.scan(index, units, spec, ProgressListener.NONE, CancellationToken.none());

        // the first run stops after its first file; the second goes on from there
        List<FileResult> saved = new ArrayList<>();
        CancellationToken cancel = new CancellationToken();
        assertThatThrownBy(() -> CorpusScanner.scan(
                        index,
                        units,
                        spec,
                        List.of(),
                        r -> {
                            saved.add(r);
                            cancel.cancel();
                        },
                        ProgressListener.NONE,
                        cancel))
                .isInstanceOf(CancelledException.class);
        assertThat(saved).hasSize(1);
        List<String> rescanned = new ArrayList<>();
        ScanResult resumed = CorpusScanner.scan(
                index,
                units,
                spec,
                saved,
                r -> rescanned.add(r.file()),
                ProgressListener.NONE,
                CancellationToken.none());
        assertThat(rescanned).hasSize(2).doesNotContain(saved.get(0).file());
        assertThat(withoutSnippets(resumed)).isEqualTo(withoutSnippets(full));
        assertThat(resumed.summary().bytesScanned()).isEqualTo(full.summary().bytesScanned());
    }

    @Test
    void invalidUtf8IsReadLenientlyAndCountedOncePerByteWhateverTheChunks() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("web"));
        // text: three stray 0xFF bytes, one inside a word (it splits the word); the pangram still matches
        ByteArrayOutputStream text = new ByteArrayOutputStream();
        for (int i = 0; i < 400; i++) {
            text.writeBytes(("filler line " + i + " lorem ipsum dolor sit amet\n").getBytes(StandardCharsets.UTF_8));
            if (i == 100 || i == 250) {
                text.write(0xFF);
            }
        }
        text.writeBytes("bro".getBytes(StandardCharsets.UTF_8));
        text.write(0xFF);
        text.writeBytes(("wn\n" + ACROSS_LINES + "\n").getBytes(StandardCharsets.UTF_8));
        Files.write(dir.resolve("a.txt"), text.toByteArray());
        // JSONL: a cut-off two-byte sequence (0xC3 then a space) and a lone continuation byte (0x80) in the text field
        ByteArrayOutputStream jsonl = new ByteArrayOutputStream();
        jsonl.writeBytes("{\"id\": \"d\", \"text\": \"caf".getBytes(StandardCharsets.UTF_8));
        jsonl.write(0xC3);
        jsonl.writeBytes(" ok ".getBytes(StandardCharsets.UTF_8));
        jsonl.write(0x80);
        jsonl.writeBytes(" \u00e9t\u00e9 été\"}\n".getBytes(StandardCharsets.UTF_8));
        Files.write(dir.resolve("b.jsonl"), jsonl.toByteArray());
        Files.writeString(dir.resolve("c.txt"), "clean text only\n");

        for (long chunk : new long[] {CorpusFiles.DEFAULT_CHUNK, 700, 4096}) {
            for (int threads : new int[] {1, 3}) {
                ScanResult r = scan(List.of(dir), chunk, threads);
                assertThat(r.summary().invalidUtf8Bytes())
                        .as("chunk %d, %d threads", chunk, threads)
                        .isEqualTo(5);
                assertThat(r.summary().invalidUtf8Files())
                        .containsExactly(
                                new ScanResult.InvalidUtf8(dir.resolve("a.txt").toString(), 3),
                                new ScanResult.InvalidUtf8(
                                        dir.resolve("b.jsonl").toString(), 2));
                assertThat(byId(r).get("lines").status()).isEqualTo(Status.DIRTY);
            }
        }
    }

    @Test
    void aBadFileOnAWorkerThreadStopsTheScanNamingTheFileWithoutCancellingTheCaller() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("bad"));
        Files.writeString(dir.resolve("a.jsonl"), jsonl());
        ByteArrayOutputStream gz = new ByteArrayOutputStream();
        try (OutputStream out = new GZIPOutputStream(gz)) {
            out.write(jsonl().getBytes(StandardCharsets.UTF_8));
        }
        Path truncated = Files.write(dir.resolve("b.jsonl.gz"), Arrays.copyOf(gz.toByteArray(), gz.size() / 2));
        byte[] zst = Zstd.compress(jsonl().getBytes(StandardCharsets.UTF_8));
        zst[0] ^= 0x55;
        Path corrupt = Files.write(dir.resolve("c.jsonl.zst"), zst);
        ScanSpec spec = new ScanSpec(13, 0.8, Normalization.defaults(), "text", "id", 3, 3);
        NgramIndex index = NgramIndex.build(items(), 13, spec.normalization());
        CancellationToken cancel = new CancellationToken();
        assertThatThrownBy(() -> CorpusScanner.scan(
                        index,
                        CorpusFiles.units(List.of(dir), CorpusFiles.DEFAULT_CHUNK).stream()
                                .filter(u -> !u.file().endsWith(".zst"))
                                .toList(),
                        spec,
                        ProgressListener.NONE,
                        cancel))
                .isInstanceOfSatisfying(BadInputException.class, e -> {
                    assertThat(e.source()).isEqualTo(truncated.toString());
                    assertThat(e.problem()).isEqualTo("cannot read: truncated gzip data (the file ends early)");
                });
        assertThatThrownBy(() -> CorpusScanner.scan(
                        index,
                        CorpusFiles.units(List.of(corrupt), CorpusFiles.DEFAULT_CHUNK),
                        spec,
                        ProgressListener.NONE,
                        cancel))
                .isInstanceOfSatisfying(BadInputException.class, e -> {
                    assertThat(e.source()).isEqualTo(corrupt.toString());
                    assertThat(e.problem()).startsWith("cannot read: corrupt zstd data");
                });
        assertThat(cancel.isCancelled()).isFalse();
    }

    @Test
    void cancellationStopsTheScan() throws Exception {
        Path corpus = Files.writeString(tmp.resolve("web.jsonl"), jsonl());
        CancellationToken cancel = new CancellationToken();
        cancel.cancel();
        ScanSpec spec = new ScanSpec(13, 0.8, Normalization.defaults(), "text", "id", 2, 3);
        NgramIndex index = NgramIndex.build(items(), 13, spec.normalization());
        assertThatThrownBy(() -> CorpusScanner.scan(
                        index, CorpusFiles.units(List.of(corpus), 256), spec, ProgressListener.NONE, cancel))
                .isInstanceOf(CancelledException.class);
    }

    @Test
    void theIndexStaysSmall() {
        List<BenchmarkItem> many = new ArrayList<>();
        for (int i = 0; i < 2000; i++) {
            StringBuilder sb = new StringBuilder();
            for (int w = 0; w < 40; w++) {
                sb.append("w").append((i * 31 + w * 7) % 5000).append(' ');
            }
            many.add(new BenchmarkItem("b", "i" + i, sb.toString()));
        }
        NgramIndex index = NgramIndex.build(many, 13, Normalization.defaults());
        assertThat(index.postings()).isEqualTo(2000 * 28);
        assertThat((double) index.bytes() / index.postings())
                .as("bytes per benchmark n-gram")
                .isLessThan(100);
    }

    /** Issue 14 part 6: chat lines are scanned as their messages' text; the roles make no n-grams. */
    @Test
    void chatCorporaAreScannedWithoutTheirRoles() throws Exception {
        Path f = tmp.resolve("chat.jsonl");
        Files.writeString(
                f,
                "{\"id\": \"c1\", \"messages\": [{\"role\": \"user\", \"content\": \"" + EXACT + "\"}, "
                        + "{\"role\": \"assistant\", \"content\": \"72\"}]}\n"
                        + "{\"id\": \"c2\", \"conversations\": [{\"from\": \"human\", \"value\": \"" + ACROSS_LINES
                        + "\"}]}\n"
                        + "{\"id\": \"c3\", \"other\": 1}\n");
        ScanResult r = scan(List.of(f), CorpusFiles.DEFAULT_CHUNK, 1);
        Map<String, ItemResult> byId =
                r.items().stream().collect(Collectors.toMap(ItemResult::id, Function.identity()));
        assertThat(byId.get("exact").status()).isEqualTo(Status.DIRTY);
        assertThat(byId.get("exact").locations().get(0).documentId()).isEqualTo("c1");
        assertThat(byId.get("lines").status()).isEqualTo(Status.DIRTY);
        assertThat(r.summary().documents()).isEqualTo(2);
        assertThat(r.summary().skippedDocuments()).isEqualTo(1);
        // "user" between two messages would join them into n-grams that are in no message
        BenchmarkItem roles = new BenchmarkItem(
                "b", "roles", "one two three four five six seven eight user nine ten eleven twelve thirteen");
        Path g = tmp.resolve("roles.jsonl");
        Files.writeString(
                g,
                "{\"messages\": [{\"role\": \"user\", \"content\": \"one two three four five six seven eight\"}, "
                        + "{\"role\": \"user\", \"content\": \"nine ten eleven twelve thirteen\"}]}\n");
        ScanSpec spec = new ScanSpec(8, 0.8, Normalization.defaults(), "text", "id", 1, 3);
        ScanResult rr = CorpusScanner.scan(
                NgramIndex.build(List.of(roles), 8, spec.normalization()),
                CorpusFiles.units(List.of(g), CorpusFiles.DEFAULT_CHUNK),
                spec,
                ProgressListener.NONE,
                CancellationToken.none());
        assertThat(rr.items().get(0).matchedNgrams()).isEqualTo(1); // only "one … eight"
    }
}
