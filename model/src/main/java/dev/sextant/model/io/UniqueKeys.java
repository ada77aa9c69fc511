package dev.sextant.model.io;

import dev.sextant.model.BadInputException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The natural keys of rows read so far, from one file or several read together: a key seen a second time is refused,
 * naming both places, e.g. {@code suite.csv:7: item, model: duplicate of line 3 ('q12', 'gpt-x')}; across files the
 * first place names its file too. A row counted twice would weigh twice in every statistic built on it.
 */
public final class UniqueKeys {

    /** Where a key was first seen: a file and line, or an entry of a JSON document such as {@code checks[1]}. */
    private record Place(String source, long line, String entry) {}

    private final Map<List<String>, Place> seen = new HashMap<>();

    /**
     * @param fields the key's fields as the message names them, e.g. {@code "item, model"}
     * @param values the key's values; a null value (an optional part left out) is a value of its own
     * @throws BadInputException when the key was seen before
     */
    public void add(String source, long line, String fields, Object... values) {
        Place first = seen.putIfAbsent(key(values), new Place(source, line, null));
        if (first != null) {
            String where = first.source().equals(source)
                    ? (first.line() > 0 ? "line " + first.line() : "an earlier entry")
                    : first.source() + (first.line() > 0 ? ":" + first.line() : "");
            throw new BadInputException(source, line, fields, "duplicate of " + where + " (" + shown(values) + ")");
        }
    }

    /**
     * The same for entries of a JSON document, which have no lines of their own: {@code policy.json: checks[2]: same
     * name as checks[0] ('quality')}.
     */
    public void addEntry(String source, String entry, String fields, Object... values) {
        Place first = seen.putIfAbsent(key(values), new Place(source, 0, entry));
        if (first != null) {
            throw new BadInputException(
                    source,
                    0,
                    entry,
                    "same " + fields + " as " + (first.source().equals(source) ? "" : first.source() + ": ")
                            + first.entry() + " (" + shown(values) + ")");
        }
    }

    private static List<String> key(Object[] values) {
        List<String> key = new ArrayList<>(values.length);
        for (Object v : values) {
            key.add(v == null ? null : v.toString());
        }
        return key;
    }

    private static String shown(Object[] values) {
        return String.join(
                ", ",
                Arrays.stream(values)
                        .filter(Objects::nonNull)
                        .map(v -> "'" + v + "'")
                        .toList());
    }
}
