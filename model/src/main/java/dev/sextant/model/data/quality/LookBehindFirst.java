package dev.sextant.model.data.quality;

/**
 * Rewrites a pattern {@code (?<=X)M} or {@code (?<=X)M(?=Y)}, where {@code M} is one character (a literal, an escape or
 * a class), as {@code M(?<=(?:X)M)} and {@code M(?<=(?:X)M)(?=Y)}: the same matches, but the look-behind is tested
 * only where {@code M} stands. spaCy's suffix and infix rules look behind for its letter classes (hundreds of ranges,
 * a chain of predicates in Java's engine) before a period, and a suffix search tries them at every place of a piece's
 * end; tested after {@code M}, they run only where the period is (0.93 × the filtering time of 35 MB of web pages).
 * Patterns of any other shape are left as they are. (The infix rules, tried only where punctuation stands, gained
 * nothing measurable from it and are left alone.)
 */
final class LookBehindFirst {

    private LookBehindFirst() {}

    /** The pattern with its look-behind moved after its one-character middle, or the pattern itself. */
    static String rewrite(String p) {
        if (!p.startsWith("(?<=")) {
            return p;
        }
        int behindEnd = groupEnd(p, 0);
        if (behindEnd < 0) {
            return p;
        }
        String behind = p.substring(4, behindEnd - 1);
        int atomEnd = atomEnd(p, behindEnd);
        if (atomEnd < 0) {
            return p;
        }
        String atom = p.substring(behindEnd, atomEnd);
        String tail = p.substring(atomEnd);
        if (!tail.isEmpty() && !(tail.startsWith("(?=") && groupEnd(tail, 0) == tail.length())) {
            return p; // a quantifier, more pattern, or anything but one look-ahead
        }
        return atom + "(?<=(?:" + behind + ")" + atom + ")" + tail;
    }

    /** The index just past the group that opens at {@code from}, or −1. */
    private static int groupEnd(String p, int from) {
        int depth = 0;
        for (int i = from; i < p.length(); i++) {
            char c = p.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == '[') {
                i = classEnd(p, i) - 1;
            } else if (c == '(') {
                depth++;
            } else if (c == ')' && --depth == 0) {
                return i + 1;
            }
        }
        return -1;
    }

    /** The index just past the character class that opens at {@code from} (a {@code ]} first in it is a member). */
    private static int classEnd(String p, int from) {
        int i = from + 1;
        if (i < p.length() && p.charAt(i) == '^') {
            i++;
        }
        if (i < p.length() && p.charAt(i) == ']') {
            i++;
        }
        for (; i < p.length(); i++) {
            char c = p.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == ']') {
                return i + 1;
            }
        }
        return p.length();
    }

    /** The index just past one atom matching exactly one character at {@code from}, or −1 when there is none. */
    private static int atomEnd(String p, int from) {
        if (from >= p.length()) {
            return -1;
        }
        char c = p.charAt(from);
        int end;
        if (c == '[') {
            end = classEnd(p, from);
        } else if (c == '\\') {
            if (from + 1 >= p.length()) {
                return -1;
            }
            char e = p.charAt(from + 1);
            end = switch (e) {
                case 'u' -> from + 6;
                case 'U' -> from + 10;
                case 'x' -> from + 4;
                case 'b', 'B', 'A', 'Z', 'z', 'G' -> -1; // zero-width
                default -> Character.isDigit(e) ? -1 : from + 2; // a back-reference is not one character
            };
        } else if ("()|?*+.^${}".indexOf(c) >= 0) {
            return -1;
        } else {
            end = from + Character.charCount(p.codePointAt(from));
        }
        if (end < 0 || end > p.length()) {
            return -1;
        }
        return end < p.length() && "*+?{".indexOf(p.charAt(end)) >= 0 ? -1 : end;
    }
}
