package dev.sextant.model.monitoring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sextant.model.BadInputException;
import dev.sextant.model.io.OtlpProtobuf;
import dev.sextant.model.io.RequestLogFile;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The protobuf wire format written by hand here (field numbers from opentelemetry-proto) and read back. */
class OtlpProtobufTest {

    @Test
    void anExportRequestReadsAsItsJsonFormAndAsARequest() {
        long start = 1_764_583_200_000_000_000L;
        byte[] status = msg(tag(3, 0), varint(2)); // STATUS_CODE_ERROR
        byte[] span = msg(
                field(1, new byte[16]),
                field(2, new byte[] {0, 0, 0, 0, 0, 0, 0, 7}),
                field(5, "chat gpt-4o"),
                tag(7, 1),
                fixed64(start),
                tag(8, 1),
                fixed64(start + 1_500_000_000L),
                field(9, kv("gen_ai.response.id", field(1, "chatcmpl-1"))),
                field(9, kv("gen_ai.usage.output_tokens", msg(tag(3, 0), varint(42)))),
                field(9, kv("gen_ai.response.finish_reasons", field(5, field(1, field(1, "length"))))),
                field(9, kv("error.type", field(1, "timeout"))),
                field(12, varint(0)),
                field(15, status));
        byte[] export =
                field(1, msg(field(1, field(1, kv("service.version", field(1, "2.0")))), field(2, field(2, span))));
        JsonNode tree = OtlpProtobuf.exportRequest(export, "test");
        JsonNode s = tree.at("/resourceSpans/0/scopeSpans/0/spans/0");
        assertThat(s.get("spanId").asText()).isEqualTo("0000000000000007");
        assertThat(s.get("startTimeUnixNano").asText()).isEqualTo(Long.toString(start));
        assertThat(s.at("/status/code").asInt()).isEqualTo(2);
        assertThat(s.at("/attributes/1/value/intValue").asText()).isEqualTo("42");
        List<Request> out = new ArrayList<>();
        RequestLogFile.lines("otlp", Map.of(), new HashSet<>(), out::add).otlp(1, tree);
        assertThat(out).hasSize(1);
        Request r = out.get(0);
        assertThat(r.id()).isEqualTo("chatcmpl-1");
        assertThat(r.epochMillis()).isEqualTo(1_764_583_200_000L);
        assertThat(r.latencyMs()).isEqualTo(1500.0);
        assertThat(r.outputTokens()).isEqualTo(42.0);
        assertThat(r.error()).isTrue();
        assertThat(r.status()).isEqualTo("timeout");
        assertThat(r.finishReason()).isEqualTo("length");
        assertThat(r.segments()).containsEntry("version", "2.0");
        // cut short anywhere: refused with a reason, never a half-read export
        for (int cut = 1; cut < export.length; cut += 7) {
            byte[] part = Arrays.copyOf(export, cut);
            assertThatThrownBy(() -> OtlpProtobuf.exportRequest(part, "POST /v1/traces"))
                    .isInstanceOf(BadInputException.class)
                    .hasMessageContaining("POST /v1/traces")
                    .hasMessageContaining("not an OTLP trace export request in protobuf");
        }
    }

    static byte[] kv(String key, byte[] anyValue) {
        return msg(field(1, key), field(2, anyValue));
    }

    static byte[] field(int n, String s) {
        return field(n, s.getBytes(StandardCharsets.UTF_8));
    }

    static byte[] field(int n, byte[] payload) {
        return msg(tag(n, 2), varint(payload.length), payload);
    }

    static byte[] tag(int n, int wire) {
        return varint((long) n << 3 | wire);
    }

    static byte[] varint(long v) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        while ((v & ~0x7fL) != 0) {
            b.write((int) (v & 0x7f) | 0x80);
            v >>>= 7;
        }
        b.write((int) v);
        return b.toByteArray();
    }

    static byte[] fixed64(long v) {
        byte[] b = new byte[8];
        for (int i = 0; i < 8; i++) {
            b[i] = (byte) (v >>> 8 * i);
        }
        return b;
    }

    static byte[] msg(byte[]... parts) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            b.writeBytes(p);
        }
        return b.toByteArray();
    }
}
