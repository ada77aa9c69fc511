package dev.sextant.model.data.quality;

import java.util.regex.Pattern;

/**
 * Compiles a regular expression written for Python's {@code re} (spaCy's tokenizer rules) with Java's engine and the
 * same meaning: Python's {@code \UXXXXXXXX} escapes become {@code \x{…}}; inside a character class a bare {@code [}
 * (literal in Python, a nested class in Java) and {@code &&} (literal in Python, an intersection in Java) are escaped;
 * Python's inline {@code (?u)} is dropped; and {@code \w}, {@code \d}, {@code \s} are Unicode-aware, as Python 3's are
 * for text patterns.
 */
final class PythonRegex {

    private PythonRegex() {}

    static Pattern compile(String python) {
        return Pattern.compile(toJava(python), Pattern.UNICODE_CHARACTER_CLASS);
    }

    static String toJava(String p) {
        StringBuilder out = new StringBuilder(p.length() + 16);
        boolean inClass = false;
        int i = p.startsWith("(?u)") ? 4 : 0;
        while (i < p.length()) {
            char c = p.charAt(i);
            if (c == '\\' && i + 1 < p.length()) {
                char e = p.charAt(i + 1);
                if (e == 'U' && i + 10 <= p.length()) {
                    out.append("\\x{").append(p, i + 2, i + 10).append('}');
                    i += 10;
                } else {
                    out.append(c).append(e);
                    i += 2;
                }
                continue;
            }
            if (inClass) {
                if (c == ']' && !classJustOpened(p, i)) {
                    inClass = false;
                    out.append(c);
                } else if (c == '[') {
                    out.append("\\[");
                } else if (c == '&' && i + 1 < p.length() && p.charAt(i + 1) == '&') {
                    out.append("&\\&");
                    i += 2;
                    continue;
                } else {
                    out.append(c);
                }
            } else {
                if (c == '[') {
                    inClass = true;
                }
                out.append(c);
            }
            i++;
        }
        return out.toString();
    }

    /** Whether the {@code ]} at {@code i} is the first character of its class (then literal, in both languages). */
    private static boolean classJustOpened(String p, int i) {
        return p.charAt(i - 1) == '[' && (i < 2 || p.charAt(i - 2) != '\\')
                || p.charAt(i - 1) == '^' && i >= 2 && p.charAt(i - 2) == '[';
    }
}
