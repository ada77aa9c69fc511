package dev.sextant.workspaces;

import java.security.SecureRandom;
import java.util.UUID;

/**
 * New row ids: time-ordered UUIDs in the version 7 layout of RFC 9562 (48-bit Unix milliseconds, version, a 12-bit
 * counter in rand_a — RFC 9562 section 6.2 method 1 — and 62 random bits). Ids made by this process are strictly
 * increasing, so rows inserted in order read back in order, and inserts land at the right edge of H2's B-trees; random
 * (version 4) ids scatter every insert across the tree and make bulk writes several times slower.
 */
public final class Ids {

    private static final SecureRandom RANDOM = new SecureRandom();
    private static long lastMillis;
    private static long counter;

    private Ids() {}

    public static UUID newId() {
        long millis;
        long count;
        synchronized (Ids.class) {
            long now = System.currentTimeMillis();
            if (now > lastMillis) {
                lastMillis = now;
                counter = RANDOM.nextInt(1 << 11); // start in the lower half, leaving room to count up
            } else if (++counter > 0xFFF) {
                lastMillis++; // 4096 ids in one millisecond, or the clock went back: borrow the next millisecond
                counter = 0;
            }
            millis = lastMillis;
            count = counter;
        }
        long high = (millis << 16) | (0x7L << 12) | count;
        long low = (RANDOM.nextLong() & 0x3FFFFFFFFFFFFFFFL) | 0x8000000000000000L; // variant 10
        return new UUID(high, low);
    }
}
