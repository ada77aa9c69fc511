package dev.sextant.model.io;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sextant.model.BadInputException;

/**
 * The text of one chat-format record: OpenAI-style {@code messages: [{role, content}]} (content a string, or a list of
 * parts whose {@code text} is taken) or ShareGPT {@code conversations: [{from, value}]}. The messages' text is joined
 * by line breaks; the roles are left out, so that "user" and "assistant" never make n-grams.
 *
 * @param path the field the text came from, e.g. {@code messages[].content}
 */
record ChatText(String text, String path) {

    /** Whether the record is a chat: it has a {@code messages} or {@code conversations} field. */
    static boolean isChat(JsonNode node) {
        return node.has("messages") || node.has("conversations");
    }

    /** @throws BadInputException naming the JSON path of a message that is not {role, content} or {from, value} */
    static ChatText of(JsonNode node, String file, long line) {
        boolean openAi = node.has("messages");
        String list = openAi ? "messages" : "conversations";
        String key = openAi ? "content" : "value";
        JsonNode messages = node.get(list);
        if (!messages.isArray()) {
            throw new BadInputException(file, line, list, "not a list of messages");
        }
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < messages.size(); i++) {
            JsonNode m = messages.get(i);
            String at = list + "[" + i + "]";
            if (!m.isObject()) {
                throw new BadInputException(
                        file,
                        line,
                        at,
                        "not a message (expected {" + (openAi ? "role, content" : "from, value") + "})");
            }
            JsonNode c = m.get(key);
            if (c == null || c.isNull()) {
                if (!openAi) {
                    throw new BadInputException(file, line, at + "." + key, "missing");
                }
                continue; // a tool call's message has no content
            }
            String text = content(c, file, line, at + "." + key, openAi);
            if (!text.isEmpty()) {
                if (sb.length() > 0) {
                    sb.append('\n');
                }
                sb.append(text);
            }
        }
        return new ChatText(sb.toString(), list + "[]." + key);
    }

    private static String content(JsonNode c, String file, long line, String at, boolean parts) {
        if (c.isTextual()) {
            return c.asText();
        }
        if (parts && c.isArray()) {
            StringBuilder sb = new StringBuilder();
            for (int k = 0; k < c.size(); k++) {
                JsonNode p = c.get(k);
                JsonNode t = p.isTextual() ? p : p.isObject() ? p.get("text") : null;
                if (t == null && p.isObject()) {
                    continue; // an image or audio part
                }
                if (t == null || !t.isTextual()) {
                    throw new BadInputException(file, line, at + "[" + k + "]", "not text");
                }
                if (sb.length() > 0) {
                    sb.append('\n');
                }
                sb.append(t.asText());
            }
            return sb.toString();
        }
        throw new BadInputException(file, line, at, "not text");
    }
}
