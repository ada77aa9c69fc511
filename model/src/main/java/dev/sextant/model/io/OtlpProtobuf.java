package dev.sextant.model.io;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sextant.model.BadInputException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;

/**
 * An OTLP trace export in binary protobuf ({@code ExportTraceServiceRequest}, as an OpenTelemetry exporter posts it with
 * {@code Content-Type: application/x-protobuf}) turned into the tree of its OTLP/JSON form, so the one reader of spans
 * reads both. Only the fields spans are read by are kept; field numbers from opentelemetry-proto
 * ({@code collector/trace/v1/trace_service.proto}, {@code trace/v1/trace.proto}, {@code common/v1/common.proto}). The
 * protobuf wire format (varint, 64-bit, length-delimited, 32-bit) is decoded by hand: the house takes no protobuf
 * runtime for five messages.
 */
public final class OtlpProtobuf {

    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    private static final HexFormat HEX = HexFormat.of();

    private OtlpProtobuf() {}

    /** The export request as OTLP/JSON's tree ({@code resourceSpans → scopeSpans → spans}). */
    public static ObjectNode exportRequest(byte[] body, String source) {
        try {
            ObjectNode out = F.objectNode();
            ArrayNode resourceSpans = out.putArray("resourceSpans");
            Reader r = new Reader(body, 0, body.length);
            while (r.more()) {
                int tag = r.tag();
                if (tag >>> 3 == 1 && (tag & 7) == 2) {
                    resourceSpans.add(resourceSpans(r.message()));
                } else {
                    r.skip(tag);
                }
            }
            return out;
        } catch (IndexOutOfBoundsException | IllegalStateException e) {
            throw BadInputException.of(
                    source,
                    "not an OTLP trace export request in protobuf: "
                            + (e.getMessage() == null ? "the message ends early" : e.getMessage()));
        }
    }

    private static ObjectNode resourceSpans(Reader r) {
        ObjectNode out = F.objectNode();
        ArrayNode scopes = out.putArray("scopeSpans");
        while (r.more()) {
            int tag = r.tag();
            switch (tag >>> 3) {
                case 1 -> out.putObject("resource").set("attributes", attributes(r.message(), 1));
                case 2 -> scopes.add(scopeSpans(r.message()));
                default -> r.skip(tag);
            }
        }
        return out;
    }

    private static ObjectNode scopeSpans(Reader r) {
        ObjectNode out = F.objectNode();
        ArrayNode spans = out.putArray("spans");
        while (r.more()) {
            int tag = r.tag();
            if (tag >>> 3 == 2) {
                spans.add(span(r.message()));
            } else {
                r.skip(tag);
            }
        }
        return out;
    }

    private static ObjectNode span(Reader r) {
        ObjectNode out = F.objectNode();
        ArrayNode attributes = out.putArray("attributes");
        while (r.more()) {
            int tag = r.tag();
            switch (tag >>> 3) {
                case 1 -> out.put("traceId", HEX.formatHex(r.bytes()));
                case 2 -> out.put("spanId", HEX.formatHex(r.bytes()));
                case 5 -> out.put("name", r.string());
                case 7 -> out.put("startTimeUnixNano", Long.toUnsignedString(r.fixed64()));
                case 8 -> out.put("endTimeUnixNano", Long.toUnsignedString(r.fixed64()));
                case 9 -> attributes.add(keyValue(r.message()));
                case 15 -> out.set("status", status(r.message()));
                default -> r.skip(tag);
            }
        }
        return out;
    }

    private static ObjectNode status(Reader r) {
        ObjectNode out = F.objectNode();
        while (r.more()) {
            int tag = r.tag();
            switch (tag >>> 3) {
                case 2 -> out.put("message", r.string());
                case 3 -> out.put("code", (int) r.varint());
                default -> r.skip(tag);
            }
        }
        return out;
    }

    /** The repeated KeyValue field {@code field} of a message. */
    private static ArrayNode attributes(Reader r, int field) {
        ArrayNode out = F.arrayNode();
        while (r.more()) {
            int tag = r.tag();
            if (tag >>> 3 == field && (tag & 7) == 2) {
                out.add(keyValue(r.message()));
            } else {
                r.skip(tag);
            }
        }
        return out;
    }

    private static ObjectNode keyValue(Reader r) {
        ObjectNode out = F.objectNode();
        while (r.more()) {
            int tag = r.tag();
            switch (tag >>> 3) {
                case 1 -> out.put("key", r.string());
                case 2 -> out.set("value", anyValue(r.message()));
                default -> r.skip(tag);
            }
        }
        return out;
    }

    private static ObjectNode anyValue(Reader r) {
        ObjectNode out = F.objectNode();
        while (r.more()) {
            int tag = r.tag();
            switch (tag >>> 3) {
                case 1 -> out.put("stringValue", r.string());
                case 2 -> out.put("boolValue", r.varint() != 0);
                case 3 -> out.put("intValue", Long.toString(r.varint())); // OTLP/JSON writes 64-bit integers as strings
                case 4 -> out.put("doubleValue", Double.longBitsToDouble(r.fixed64()));
                case 5 -> {
                    ArrayNode values = out.putObject("arrayValue").putArray("values");
                    Reader a = r.message();
                    while (a.more()) {
                        int t = a.tag();
                        if (t >>> 3 == 1 && (t & 7) == 2) {
                            values.add(anyValue(a.message()));
                        } else {
                            a.skip(t);
                        }
                    }
                }
                case 6 -> out.putObject("kvlistValue").set("values", attributes(r.message(), 1));
                case 7 -> out.put("bytesValue", Base64.getEncoder().encodeToString(r.bytes()));
                default -> r.skip(tag);
            }
        }
        return out;
    }

    /** A window of the buffer holding one message's fields. */
    private static final class Reader {
        private final byte[] b;
        private int at;
        private final int end;

        Reader(byte[] b, int from, int end) {
            this.b = b;
            this.at = from;
            this.end = end;
        }

        boolean more() {
            return at < end;
        }

        int tag() {
            long t = varint();
            if (t >>> 3 == 0 || t > Integer.MAX_VALUE) {
                throw new IllegalStateException("a field numbered 0 at byte " + at);
            }
            return (int) t;
        }

        long varint() {
            long v = 0;
            for (int shift = 0; shift < 64; shift += 7) {
                byte x = next();
                v |= (long) (x & 0x7f) << shift;
                if (x >= 0) {
                    return v;
                }
            }
            throw new IllegalStateException("a number longer than ten bytes at byte " + at);
        }

        long fixed64() {
            long v = 0;
            for (int i = 0; i < 8; i++) {
                v |= (next() & 0xffL) << (8 * i);
            }
            return v;
        }

        private int length() {
            long n = varint();
            if (n < 0 || n > end - at) {
                throw new IllegalStateException("a field of " + n + " bytes where " + (end - at) + " remain");
            }
            return (int) n;
        }

        Reader message() {
            int n = length();
            Reader r = new Reader(b, at, at + n);
            at += n;
            return r;
        }

        byte[] bytes() {
            int n = length();
            byte[] out = Arrays.copyOfRange(b, at, at + n);
            at += n;
            return out;
        }

        String string() {
            int n = length();
            String s = new String(b, at, n, StandardCharsets.UTF_8);
            at += n;
            return s;
        }

        void skip(int tag) {
            switch (tag & 7) {
                case 0 -> varint();
                case 1 -> advance(8);
                case 2 -> advance(length());
                case 5 -> advance(4);
                default -> throw new IllegalStateException(
                        "wire type " + (tag & 7) + " (groups are not used by OTLP) at byte " + at);
            }
        }

        private void advance(int n) {
            if (n > end - at) {
                throw new IllegalStateException("the message ends " + (n - (end - at)) + " bytes early");
            }
            at += n;
        }

        private byte next() {
            if (at >= end) {
                throw new IllegalStateException("the message ends early at byte " + at);
            }
            return b[at++];
        }
    }
}
