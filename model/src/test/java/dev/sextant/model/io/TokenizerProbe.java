package dev.sextant.model.io;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/** Counts one text's tokens with a tokenizer file in a JVM of its own (HfTokenizerFileTest: nothing downloaded). */
public final class TokenizerProbe {
    public static void main(String[] args) throws Exception {
        byte[] text = args[1].getBytes(StandardCharsets.UTF_8);
        try (var c = HfTokenizerFile.open(Path.of(args[0])).newCounter()) {
            System.out.println((long) c.count(text, text.length));
        }
    }
}
