package dev.sextant.model.data.quality;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Python 3's string operations as the published filters use them, in Java: the filters' thresholds were set on
 * measurements Python made (datatrove), so lengths count code points (Python's {@code len}, not Java's UTF-16 units),
 * whitespace is Python's {@code str.isspace} (no-break spaces included, unlike {@link Character#isWhitespace}), lines
 * are {@code str.splitlines}' (which also breaks at {@code \v}, {@code \f}, {@code \x1c}–{@code \x1e}, {@code \x85},
 * U+2028 and U+2029), and a regex split keeps the empty pieces Java's {@link String#split} drops. Reference: the Python
 * Language Reference, "Built-in Types: Text Sequence Type — str".
 */
public final class PyText {

    private PyText() {}

    /** Python's {@code len}: code points. */
    public static int len(String s) {
        return s.codePointCount(0, s.length());
    }

    /** Python's {@code str.isspace} for one code point: category Zs, or bidirectional class WS, B or S. */
    public static boolean isSpace(int cp) {
        if (cp == ' ' || cp >= '\t' && cp <= '\r') {
            return true;
        }
        if (cp < 0x1C) {
            return false;
        }
        if (Character.getType(cp) == Character.SPACE_SEPARATOR) {
            return true;
        }
        byte d = Character.getDirectionality(cp);
        return d == Character.DIRECTIONALITY_WHITESPACE
                || d == Character.DIRECTIONALITY_PARAGRAPH_SEPARATOR
                || d == Character.DIRECTIONALITY_SEGMENT_SEPARATOR;
    }

    /** Python's {@code str.isalpha} for one code point: a letter (Lu, Ll, Lt, Lm, Lo). */
    public static boolean isAlpha(int cp) {
        return Character.isLetter(cp);
    }

    /** Python's {@code str.strip()}. */
    public static String strip(String s) {
        int from = firstNonSpace(s);
        return s.substring(from, lastNonSpaceEnd(s, from));
    }

    /** Python's {@code str.lstrip()}. */
    public static String lstrip(String s) {
        return s.substring(firstNonSpace(s));
    }

    /** Python's {@code str.rstrip()}. */
    public static String rstrip(String s) {
        return s.substring(0, lastNonSpaceEnd(s, 0));
    }

    private static int firstNonSpace(String s) {
        int i = 0;
        while (i < s.length()) {
            int cp = s.codePointAt(i);
            if (!isSpace(cp)) {
                break;
            }
            i += Character.charCount(cp);
        }
        return i;
    }

    private static int lastNonSpaceEnd(String s, int from) {
        int j = s.length();
        while (j > from) {
            int cp = s.codePointBefore(j);
            if (!isSpace(cp)) {
                break;
            }
            j -= Character.charCount(cp);
        }
        return j;
    }

    /** Whether {@code s} is empty or all Python whitespace ({@code s.strip() == ""}). */
    public static boolean isBlank(String s) {
        return firstNonSpace(s) == s.length();
    }

    /** Python's {@code str.split()}: runs of whitespace separate, none empty. */
    public static List<String> split(String s) {
        List<String> out = new ArrayList<>();
        int i = 0;
        int n = s.length();
        while (i < n) {
            while (i < n && isSpace(s.codePointAt(i))) {
                i += Character.charCount(s.codePointAt(i));
            }
            int start = i;
            while (i < n && !isSpace(s.codePointAt(i))) {
                i += Character.charCount(s.codePointAt(i));
            }
            if (i > start) {
                out.add(s.substring(start, i));
            }
        }
        return out;
    }

    /** Python's {@code str.splitlines()}: no trailing empty line for a final break; {@code \r\n} is one break. */
    public static List<String> splitLines(String s) {
        List<String> out = new ArrayList<>();
        int start = 0;
        int i = 0;
        int n = s.length();
        while (i < n) {
            char c = s.charAt(i);
            if (isLineBreak(c)) {
                out.add(s.substring(start, i));
                i += c == '\r' && i + 1 < n && s.charAt(i + 1) == '\n' ? 2 : 1;
                start = i;
            } else {
                i++;
            }
        }
        if (start < n) {
            out.add(s.substring(start));
        }
        return out;
    }

    private static boolean isLineBreak(char c) {
        return c == '\n'
                || c == '\r'
                || c == 0x0B
                || c == 0x0C
                || c >= 0x1C && c <= 0x1E
                || c == 0x85
                || c == 0x2028
                || c == 0x2029;
    }

    /** Python's {@code re.split(pattern, s)} for a pattern without groups: every piece, empty ones included. */
    public static List<String> reSplit(Pattern pattern, String s) {
        List<String> out = new ArrayList<>();
        Matcher m = pattern.matcher(s);
        int last = 0;
        while (m.find()) {
            out.add(s.substring(last, m.start()));
            last = m.end();
        }
        out.add(s.substring(last));
        return out;
    }

    /** Python's {@code str.count(sub)}: non-overlapping occurrences. */
    public static int count(String s, String sub) {
        int n = 0;
        for (int i = s.indexOf(sub); i >= 0; i = s.indexOf(sub, i + sub.length())) {
            n++;
        }
        return n;
    }

    /** Python's {@code str.lower()} (full case mapping, no locale). */
    public static String lower(String s) {
        return s.toLowerCase(Locale.ROOT);
    }

    /** Python's {@code str.endswith(tuple)} for a set of single code points. */
    public static boolean endsWithAny(String s, Set<Integer> codePoints) {
        return !s.isEmpty() && codePoints.contains(s.codePointBefore(s.length()));
    }
}
