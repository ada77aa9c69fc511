package dev.sextant.model.contamination;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

class JsonFieldsTest {

    static JsonFields.Value[] extract(String json, String... names) {
        byte[] b = json.getBytes(StandardCharsets.UTF_8);
        byte[][] n = new byte[names.length][];
        JsonFields.Value[] v = new JsonFields.Value[names.length];
        for (int i = 0; i < names.length; i++) {
            n[i] = names[i].getBytes(StandardCharsets.UTF_8);
            v[i] = new JsonFields.Value();
        }
        assertThat(JsonFields.extract(b, 0, b.length, n, v)).isTrue();
        return v;
    }

    @Test
    void decodesEscapesAndSkipsOtherValues() {
        JsonFields.Value[] v = extract(
                "{\"meta\": {\"text\": \"not this\", \"a\": [1, \"}\", {\"b\": \"]\"}]}, \"id\": 42, "
                        + "\"text\": \"line one\\nline \\\"two\\\" caf\\u00e9 \\ud83d\\ude00 back\\\\slash\", \"x\": null}",
                "text",
                "id");
        assertThat(v[0].found).isTrue();
        assertThat(v[0].text()).isEqualTo("line one\nline \"two\" café 😀 back\\slash");
        assertThat(v[1].text()).isEqualTo("42");
    }

    @Test
    void missingFieldsAndNullsAreNotFound() {
        JsonFields.Value[] v = extract("{\"id\": null, \"other\": \"x\"}", "text", "id");
        assertThat(v[0].found).isFalse();
        assertThat(v[1].found).isFalse();
    }

    @Test
    void notAnObjectIsRefused() {
        byte[] b = "[1,2]".getBytes(StandardCharsets.UTF_8);
        assertThat(JsonFields.extract(
                        b, 0, b.length, new byte[][] {"text".getBytes()}, new JsonFields.Value[] {new JsonFields.Value()
                        }))
                .isFalse();
        byte[] cut = "{\"text\": \"unterminated".getBytes(StandardCharsets.UTF_8);
        assertThat(JsonFields.extract(cut, 0, cut.length, new byte[][] {"text".getBytes()}, new JsonFields.Value[] {
                    new JsonFields.Value()
                }))
                .isFalse();
    }

    @Test
    void eightBytesAtATimeFindsWhatAByteLoopFinds() {
        Random random = new Random(7);
        byte[] alphabet = {'a', '"', '\\', '\n', (byte) 0xC3, (byte) 0xA9, 0, (byte) 0x80, (byte) 0xFF, 0x7F, 0x0B};
        for (int round = 0; round < 2000; round++) {
            byte[] b = new byte[random.nextInt(40)];
            for (int i = 0; i < b.length; i++) {
                b[i] = random.nextInt(4) == 0
                        ? alphabet[random.nextInt(alphabet.length)]
                        : (byte) ('a' + random.nextInt(26));
            }
            int from = b.length == 0 ? 0 : random.nextInt(b.length);
            for (byte v : new byte[] {'\n', '"', 0, (byte) 0xFF}) {
                int expected = -1;
                for (int i = from; i < b.length; i++) {
                    if (b[i] == v) {
                        expected = i;
                        break;
                    }
                }
                assertThat(JsonFields.indexOf(b, v, from, b.length))
                        .as("round %d, byte %d", round, v)
                        .isEqualTo(expected);
            }
        }
    }

    @Test
    void longStringsWithEscapesAtEveryAlignment() {
        for (int pad = 0; pad < 17; pad++) {
            String prefix = "x".repeat(pad);
            JsonFields.Value[] v = extract(
                    "{\"skip\": \"" + prefix + "\\\"q\\\\\", \"text\": \"" + prefix + "a\\\"b\\\\c\\nd" + prefix
                            + "\"}",
                    "text");
            assertThat(v[0].text()).isEqualTo(prefix + "a\"b\\c\nd" + prefix);
        }
    }

    static String chat(String json) {
        byte[] b = json.getBytes(StandardCharsets.UTF_8);
        JsonFields.Value v = new JsonFields.Value();
        return JsonFields.chat(b, 0, b.length, v) ? v.text() : null;
    }

    @Test
    void chatLinesGiveTheirMessagesTextWithoutRoles() {
        assertThat(chat("{\"id\": 1, \"messages\": [{\"role\": \"user\", \"content\": \"caf\\u00e9 \\\"one\\\"\"}, "
                        + "{\"role\": \"assistant\", \"content\": null, \"tool_calls\": [{\"content\": \"no\"}]}, "
                        + "{\"role\": \"user\", \"content\": [{\"type\": \"text\", \"text\": \"two\"}, {\"type\": \"image_url\", \"image_url\": {\"url\": \"u\"}}, \"three\"]}, "
                        + "{\"role\": \"assistant\", \"content\": \"\"}]}"))
                .isEqualTo("caf\u00e9 \"one\"\ntwo\nthree");
        assertThat(
                        chat(
                                "{\"conversations\": [{\"from\": \"human\", \"value\": \"hi there\"}, {\"from\": \"gpt\", \"value\": \"hello\"}], \"id\": \"x\"}"))
                .isEqualTo("hi there\nhello");
        assertThat(chat("{\"meta\": {\"messages\": [{\"content\": \"nested, not the chat\"}]}, \"text2\": \"x\"}"))
                .isNull();
        assertThat(chat("{\"messages\": \"not a list\"}")).isNull();
        assertThat(chat("{\"messages\": [{\"content\": \"cut off")).isNull();
    }
}
