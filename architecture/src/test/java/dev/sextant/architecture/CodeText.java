package dev.sextant.architecture;

/** Java source with comments, string, text-block and character literals blanked out, lines kept where they were. */
final class CodeText {

    private CodeText() {}

    static String withoutCommentsAndStrings(String src) {
        StringBuilder out = new StringBuilder(src.length());
        int i = 0;
        int n = src.length();
        while (i < n) {
            int end;
            if (src.startsWith("/*", i)) {
                end = close(src, "*/", i + 2);
            } else if (src.startsWith("//", i)) {
                end = src.indexOf('\n', i);
                end = end < 0 ? n : end;
            } else if (src.startsWith("\"\"\"", i)) {
                end = close(src, "\"\"\"", i + 3);
            } else if (src.charAt(i) == '"' || src.charAt(i) == '\'') {
                char q = src.charAt(i);
                end = i + 1;
                while (end < n && src.charAt(end) != q && src.charAt(end) != '\n') {
                    end += src.charAt(end) == '\\' ? 2 : 1;
                }
                end = Math.min(n, end + 1);
            } else {
                out.append(src.charAt(i++));
                continue;
            }
            for (int k = i; k < end; k++) {
                out.append(src.charAt(k) == '\n' ? '\n' : ' ');
            }
            i = end;
        }
        return out.toString();
    }

    private static int close(String src, String token, int from) {
        int j = src.indexOf(token, from);
        return j < 0 ? src.length() : j + token.length();
    }
}
