package dev.sextant.workspaces.archive;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import java.util.stream.Collectors;

/** A JSON parse failure in plain words, one line, without the parser's own vocabulary. */
final class JsonProblems {

    private JsonProblems() {
    }

    static String plain(JsonProcessingException e) {
        String m = e.getOriginalMessage() == null ? "" : e.getOriginalMessage().lines().findFirst().orElse("");
        String what;
        if (m.startsWith("Illegal character ((CTRL-CHAR")) {
            what = "unexpected control character" + code(m);
        } else if (m.startsWith("Unexpected character")) {
            what = "unexpected character" + code(m);
        } else if (m.startsWith("Unexpected end-of-input")) {
            what = "the text ends in the middle of a value";
        } else if (m.contains("exceeds the maximum allowed")) {
            what = "a value or the nesting is larger than allowed";
        } else if (m.startsWith("Unrecognized token")) {
            what = "a word that is not JSON";
        } else if (e instanceof JsonMappingException jm && !jm.getPath().isEmpty()) {
            what = "field " + jm.getPath().stream().map(r -> r.getFieldName() != null ? r.getFieldName() : "[" + r.getIndex() + "]")
                    .collect(Collectors.joining(".")) + " has a value of the wrong kind";
        } else {
            what = "not valid JSON";
        }
        var loc = e.getLocation();
        return loc != null && loc.getColumnNr() > 0 ? what + " at column " + loc.getColumnNr() : what;
    }

    private static String code(String m) {
        int i = m.indexOf("code ");
        if (i < 0) {
            return "";
        }
        int j = i + 5;
        while (j < m.length() && Character.isDigit(m.charAt(j))) {
            j++;
        }
        return j > i + 5 ? " (code " + m.substring(i + 5, j) + ")" : "";
    }
}
