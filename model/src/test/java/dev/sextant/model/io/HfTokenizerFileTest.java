package dev.sextant.model.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sextant.model.BadInputException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HfTokenizerFileTest {

    @TempDir
    Path tmp;

    Path tiny() throws Exception {
        Path p = tmp.resolve("tokenizer.json");
        try (var in = getClass().getResourceAsStream("/tokenizers/tiny-bpe.json")) {
            Files.copy(in, p);
        }
        return p;
    }

    static double count(HfTokenizerFile t, String s) throws Exception {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        try (var c = t.newCounter()) {
            return c.count(b, b.length);
        }
    }

    /**
     * A BPE vocabulary with merges "a b", "ab c", "c d", counted by hand: "ABC" lowercases to abc (a·b → ab, ab·c →
     * abc: 1 token); "abd" → ab + d (2); "cdcd" → cd + cd (2); "x" is unknown (1); the template's {@code <s>} is not
     * added. 6 tokens.
     */
    @Test
    void countsAsTheModelsTokenizerDoesWithoutSpecialTokensOrTruncation() throws Exception {
        HfTokenizerFile t = HfTokenizerFile.open(tiny());
        assertThat(count(t, "ABC abd cdcd x")).isEqualTo(6);
        // a model folder holding tokenizer.json; no truncation at 512 or any other length
        HfTokenizerFile folder = HfTokenizerFile.open(tmp);
        assertThat(count(folder, "abc ".repeat(20_000))).isEqualTo(20_000);
    }

    @Test
    void aMissingOrBrokenFileIsNamed() throws Exception {
        assertThatThrownBy(() -> HfTokenizerFile.open(tmp.resolve("nope.json")))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("nope.json")
                .hasMessageContaining("no such file");
        assertThatThrownBy(() -> HfTokenizerFile.open(Files.createDirectories(tmp.resolve("empty"))))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("no tokenizer.json");
        Path bad = Files.writeString(tmp.resolve("bad.json"), "{\"model\": {\"type\": \"Nonsense\"}}");
        assertThatThrownBy(() -> HfTokenizerFile.open(bad))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("bad.json")
                .hasMessageContaining("not a Hugging Face tokenizer.json");
    }

    /**
     * In a JVM of its own, with an empty cache folder and every HTTP(S) connection sent to a closed port: the native
     * library comes out of the jar into the cache, and the count is right — nothing was downloaded.
     */
    @Test
    void loadsOfflineFromTheJarIntoAnEmptyCache() throws Exception {
        Path tok = tiny();
        Path cache = tmp.resolve("djl-cache");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(List.of(
                        java,
                        "-cp",
                        System.getProperty("java.class.path"),
                        "-DDJL_CACHE_DIR=" + cache,
                        "-DENGINE_CACHE_DIR=" + cache,
                        "-Dhttp.proxyHost=127.0.0.1",
                        "-Dhttp.proxyPort=9",
                        "-Dhttps.proxyHost=127.0.0.1",
                        "-Dhttps.proxyPort=9",
                        TokenizerProbe.class.getName(),
                        tok.toString(),
                        "abc abd"))
                .redirectErrorStream(true)
                .start();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.exitValue()).as(out).isZero();
        assertThat(out.lines().filter(l -> !l.startsWith("SLF4J")).toList())
                .last()
                .isEqualTo("3");
        try (Stream<Path> s = Files.walk(cache)) {
            assertThat(s.map(x -> x.getFileName().toString()))
                    .anyMatch(n -> n.contains("tokenizers")
                            && (n.endsWith(".so") || n.endsWith(".dylib") || n.endsWith(".dll")));
        }
    }
}
