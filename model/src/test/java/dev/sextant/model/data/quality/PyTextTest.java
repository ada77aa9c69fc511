package dev.sextant.model.data.quality;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** Python 3's string operations (the expected values are CPython 3.11's answers to the same calls). */
class PyTextTest {

    @Test
    void lengthsCountCodePoints() {
        assertThat(PyText.len("a😀b")).isEqualTo(3); // len("a😀b") == 3; Java's length() is 4
    }

    @Test
    void whitespaceIsPythons() {
        assertThat(PyText.isSpace(0xA0)).isTrue(); // "\xa0".isspace()
        assertThat(PyText.isSpace(0x1C)).isTrue(); // "\x1c".isspace()
        assertThat(PyText.isSpace(0x200B)).isFalse(); // zero-width space is not
        assertThat(PyText.strip("\u00a0 x y\u2003")).isEqualTo("x y");
        assertThat(PyText.split(" a\u00a0b\tc ")).containsExactly("a", "b", "c");
    }

    @Test
    void splitLinesBreaksWherePythonDoes() {
        // "a\r\nb\x0bc\x85d\u2028e\n".splitlines() == ['a', 'b', 'c', 'd', 'e']
        assertThat(PyText.splitLines("a\r\nb\u000bc\u0085d\u2028e\n")).containsExactly("a", "b", "c", "d", "e");
        assertThat(PyText.splitLines("")).isEmpty();
        assertThat(PyText.splitLines("\n\nx")).containsExactly("", "", "x");
    }

    @Test
    void aRegexSplitKeepsEmptyPieces() {
        // re.split("\n+", "\na\n\nb\n") == ['', 'a', 'b', '']
        assertThat(PyText.reSplit(Pattern.compile("\n+"), "\na\n\nb\n")).containsExactly("", "a", "b", "");
        assertThat(PyText.count("a...b....", "...")).isEqualTo(2);
    }
}
