package dev.sextant.model.io;

import java.nio.charset.StandardCharsets;

/** FNV-1a, 32 bits, over UTF-8 bytes sign-extended as fastText's {@code int8_t}: the tests' own, to check against. */
final class FastTextHashes {

    private FastTextHashes() {}

    static int of(String s) {
        long h = 2166136261L;
        for (byte b : s.getBytes(StandardCharsets.UTF_8)) {
            h ^= (long) b & 0xFFFFFFFFL; // a negative byte sign-extends to 32 bits
            h = (h * 16777619L) & 0xFFFFFFFFL;
        }
        return (int) h;
    }
}
