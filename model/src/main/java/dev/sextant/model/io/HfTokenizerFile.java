package dev.sextant.model.io;

import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import dev.sextant.model.BadInputException;
import dev.sextant.model.data.TokenCounting;
import dev.sextant.model.job.CapabilityUnavailableException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Token counts by a Hugging Face model's own {@code tokenizer.json}, through the maintained Rust {@code tokenizers}
 * library (DJL's binding, {@code ai.djl.huggingface:tokenizers}). Its native library is loaded from its jar and
 * unpacked into DJL's cache folder; nothing is downloaded (DJL is told it is offline). Special tokens are not added,
 * nothing is truncated: the count is the document's own tokens.
 */
public final class HfTokenizerFile implements TokenCounting {

    static {
        // never fetch anything: the native library is in the jar, the tokenizer is the user's file
        System.setProperty("ai.djl.offline", "true");
    }

    private static final Map<String, String> OPTIONS = Map.of(
            "addSpecialTokens",
            "false",
            "truncation",
            "false",
            "padding",
            "false",
            "modelMaxLength",
            String.valueOf(Integer.MAX_VALUE));

    private final Path file;

    private HfTokenizerFile(Path file) {
        this.file = file;
    }

    /**
     * A tokenizer file, or a model folder holding {@code tokenizer.json}; loaded once here so that a bad file is named
     * before a corpus is read.
     */
    public static HfTokenizerFile open(Path fileOrFolder) {
        Path f = Files.isDirectory(fileOrFolder) ? fileOrFolder.resolve("tokenizer.json") : fileOrFolder;
        String name = TextInput.name(f);
        if (!Files.isRegularFile(f)) {
            throw BadInputException.of(
                    name, Files.isDirectory(fileOrFolder) ? "no tokenizer.json in this folder" : "no such file");
        }
        HfTokenizerFile t = new HfTokenizerFile(f);
        t.load().close();
        return t;
    }

    private HuggingFaceTokenizer load() {
        String name = TextInput.name(file);
        try {
            return HuggingFaceTokenizer.newInstance(file, OPTIONS);
        } catch (IOException e) {
            throw BadInputException.of(name, "cannot read: " + IoFailures.plain(e));
        } catch (UnsatisfiedLinkError | ExceptionInInitializerError | NoClassDefFoundError e) {
            throw new CapabilityUnavailableException("the tokenizer library cannot load on this machine ("
                    + System.getProperty("os.name") + " " + System.getProperty("os.arch") + "): " + e.getMessage()
                    + "; leave out --tokenizer to estimate tokens from words");
        } catch (RuntimeException e) {
            String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            throw BadInputException.of(
                    name,
                    "not a Hugging Face tokenizer.json: "
                            + m.lines().findFirst().orElse(m));
        }
    }

    @Override
    public Counter newCounter() {
        HuggingFaceTokenizer t = load();
        return new Counter() {
            @Override
            public double count(byte[] utf8, int length) {
                return t.encode(new String(utf8, 0, length, StandardCharsets.UTF_8), false, false)
                        .getIds()
                        .length;
            }

            @Override
            public void close() {
                t.close();
            }
        };
    }

    @Override
    public String method() {
        return "tokenizer: " + file.toAbsolutePath();
    }

    @Override
    public boolean exact() {
        return true;
    }
}
