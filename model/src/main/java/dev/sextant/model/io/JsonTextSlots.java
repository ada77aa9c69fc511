package dev.sextant.model.io;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The strings of a corpus JSON line that make up its document text, found as the scanner finds them (the text field;
 * else a chat's {@code messages}/{@code conversations}: each message's {@code content} or {@code value}, a content
 * list's parts' {@code text} and bare strings; empty strings skipped, the rest joined by line breaks), each with a
 * way to replace it, so that a masked text can be put back into the line with every other field as it was.
 */
public final class JsonTextSlots {

    private final JsonNode root;
    private final List<String> texts = new ArrayList<>();
    private final List<Consumer<String>> setters = new ArrayList<>();

    private JsonTextSlots(JsonNode root) {
        this.root = root;
    }

    /**
     * The line's text strings, or null when the line cannot be rewritten faithfully: not a JSON object as Jackson reads
     * it, or its text as found here differs from {@code expected} (the text the scanner read; say, a field given twice).
     */
    public static JsonTextSlots of(
            byte[] line, int from, int to, String textField, byte[] expected, int expectedLength) {
        JsonNode root = Json.readExact(line, from, to - from);
        if (!(root instanceof ObjectNode o)) {
            return null;
        }
        JsonTextSlots s = new JsonTextSlots(root);
        JsonNode text = o.get(textField);
        if (text != null) {
            if (!text.isTextual()) {
                return null;
            }
            s.add(text.textValue(), v -> o.put(textField, v));
        } else if (!s.chat(o)) {
            return null;
        }
        byte[] joined = s.joined();
        if (joined.length != expectedLength || !Arrays.equals(joined, 0, joined.length, expected, 0, expectedLength)) {
            return null;
        }
        return s;
    }

    private boolean chat(ObjectNode o) {
        for (Iterator<Map.Entry<String, JsonNode>> it = o.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if ((e.getKey().equals("messages") || e.getKey().equals("conversations"))
                    && e.getValue() instanceof ArrayNode messages) {
                for (JsonNode m : messages) {
                    if (m instanceof ObjectNode message) {
                        message(message);
                    }
                }
                return true;
            }
        }
        return false;
    }

    private void message(ObjectNode message) {
        List<String> names = new ArrayList<>();
        message.fieldNames().forEachRemaining(names::add);
        for (String name : names) {
            JsonNode v = message.get(name);
            if (!name.equals("content") && !name.equals("value")) {
                continue;
            }
            if (v.isTextual()) {
                add(v.textValue(), s -> message.put(name, s));
            } else if (v instanceof ArrayNode parts) {
                for (int i = 0; i < parts.size(); i++) {
                    JsonNode p = parts.get(i);
                    int at = i;
                    if (p.isTextual()) {
                        add(p.textValue(), s -> parts.set(at, TextNode.valueOf(s)));
                    } else if (p instanceof ObjectNode part
                            && part.get("text") != null
                            && part.get("text").isTextual()) {
                        add(part.get("text").textValue(), s -> part.put("text", s));
                    }
                }
            }
        }
    }

    private void add(String text, Consumer<String> setter) {
        if (!text.isEmpty()) {
            texts.add(text);
            setters.add(setter);
        }
    }

    /** The strings joined by line breaks, UTF-8: the document text. */
    public byte[] joined() {
        return String.join("\n", texts).getBytes(StandardCharsets.UTF_8);
    }

    /** Where each string ends in {@link #joined()} (a line break follows all but the last). */
    public int[] ends() {
        int[] ends = new int[texts.size()];
        int at = 0;
        for (int i = 0; i < ends.length; i++) {
            at += texts.get(i).getBytes(StandardCharsets.UTF_8).length;
            ends[i] = at;
            at++;
        }
        return ends;
    }

    /** The line with the strings replaced by the segments of {@code text} (ends as {@link #ends()}), as UTF-8 JSON. */
    public byte[] with(byte[] text, int[] ends) {
        if (ends.length != setters.size()) {
            throw new IllegalArgumentException("expected " + setters.size() + " segments, got " + ends.length);
        }
        int from = 0;
        for (int i = 0; i < ends.length; i++) {
            setters.get(i).accept(new String(text, from, ends[i] - from, StandardCharsets.UTF_8));
            from = ends[i] + 1;
        }
        return Json.writeBytes(root);
    }
}
