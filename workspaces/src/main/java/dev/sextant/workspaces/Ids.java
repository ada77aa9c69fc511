package dev.sextant.workspaces;

import java.security.SecureRandom;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;

/**
 * New row ids: time-ordered UUIDs in the version 7 layout of RFC 9562 (48-bit Unix milliseconds, version, 74 random
 * bits). Ordered ids keep inserts at the right edge of H2's B-trees; random (version 4) ids scatter every insert across
 * the tree and make bulk writes several times slower.
 */
public final class Ids {

    private static final SecureRandom RANDOM = new SecureRandom();
    private static final AtomicLong LAST_MILLIS = new AtomicLong();

    private Ids() {
    }

    public static UUID newId() {
        // Never go backwards, even if the clock does; within one millisecond the random bits decide the order.
        long millis = LAST_MILLIS.accumulateAndGet(System.currentTimeMillis(), Math::max);
        long randA = RANDOM.nextInt() & 0xFFFL;
        long high = (millis << 16) | (0x7L << 12) | randA;
        long low = (RANDOM.nextLong() & 0x3FFFFFFFFFFFFFFFL) | 0x8000000000000000L; // variant 10
        return new UUID(high, low);
    }
}
