package dev.sextant.model.io;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * OpenTelemetry GenAI spans in OTLP/JSON (an {@code ExportTraceServiceRequest}: resourceSpans → scopeSpans → spans, as
 * an exporter sends them or the Collector's file exporter writes them, one request a line), flattened to the request
 * log's fields by the GenAI semantic conventions (v1.41): {@code gen_ai.response.id} (else the span id) as the request
 * id, the span's start as its time and its duration as the latency, {@code gen_ai.request.model} /
 * {@code gen_ai.response.model}, {@code gen_ai.usage.input_tokens} / {@code output_tokens} (or the deprecated
 * {@code prompt_tokens} / {@code completion_tokens}), the first of {@code gen_ai.response.finish_reasons}, and an error
 * where the span's status is ERROR or {@code error.type} is set; the resource's {@code service.version} as the version.
 * Spans without a {@code gen_ai.} attribute are not model calls and are left aside (counted).
 */
final class OtlpSpans {

    private OtlpSpans() {}

    /** The model-call spans of one export request, each as the request log's named cells. */
    static List<Map<String, String>> requests(JsonNode export) {
        List<Map<String, String>> out = new ArrayList<>();
        for (JsonNode rs : export.path("resourceSpans")) {
            Map<String, String> resource = attributes(rs.path("resource").path("attributes"));
            for (JsonNode ss : rs.path("scopeSpans")) {
                for (JsonNode span : ss.path("spans")) {
                    Map<String, String> a = attributes(span.path("attributes"));
                    if (a.keySet().stream().noneMatch(k -> k.startsWith("gen_ai."))) {
                        continue;
                    }
                    Map<String, String> cells = new LinkedHashMap<>();
                    cells.put(
                            "request_id",
                            a.getOrDefault(
                                    "gen_ai.response.id", span.path("spanId").asText("")));
                    long start = span.path("startTimeUnixNano").asLong(0);
                    long end = span.path("endTimeUnixNano").asLong(0);
                    cells.put("timestamp", start > 0 ? Long.toString(start) : "");
                    cells.put("latency_ms", end > start && start > 0 ? Double.toString((end - start) / 1e6) : "");
                    cells.put(
                            "model",
                            a.getOrDefault("gen_ai.response.model", a.getOrDefault("gen_ai.request.model", "")));
                    cells.put(
                            "input_tokens",
                            a.getOrDefault(
                                    "gen_ai.usage.input_tokens", a.getOrDefault("gen_ai.usage.prompt_tokens", "")));
                    cells.put(
                            "output_tokens",
                            a.getOrDefault(
                                    "gen_ai.usage.output_tokens",
                                    a.getOrDefault("gen_ai.usage.completion_tokens", "")));
                    String reasons = a.getOrDefault("gen_ai.response.finish_reasons", "");
                    cells.put(
                            "finish_reason",
                            reasons.replaceAll("^\\[\"?|\"?]$", "").split("\",\"")[0]);
                    boolean error = span.path("status").path("code").asInt(0) == 2
                            || span.path("status").path("code").asText("").equals("STATUS_CODE_ERROR")
                            || a.containsKey("error.type");
                    cells.put("status", error ? a.getOrDefault("error.type", "error") : "ok");
                    cells.put("version", resource.getOrDefault("service.version", ""));
                    cells.put("route", a.getOrDefault("gen_ai.operation.name", ""));
                    cells.put("prompt", a.getOrDefault("gen_ai.input.messages", a.getOrDefault("gen_ai.prompt", "")));
                    out.add(cells);
                }
            }
        }
        return out;
    }

    /** Spans of the export that are not model calls. */
    static long otherSpans(JsonNode export) {
        long n = 0;
        for (JsonNode rs : export.path("resourceSpans")) {
            for (JsonNode ss : rs.path("scopeSpans")) {
                for (JsonNode span : ss.path("spans")) {
                    if (attributes(span.path("attributes")).keySet().stream().noneMatch(k -> k.startsWith("gen_ai."))) {
                        n++;
                    }
                }
            }
        }
        return n;
    }

    /** OTLP key/value attributes, each value as text (arrays as JSON). */
    static Map<String, String> attributes(JsonNode list) {
        Map<String, String> out = new LinkedHashMap<>();
        for (JsonNode kv : list) {
            JsonNode v = kv.path("value");
            String text;
            if (v.has("stringValue")) {
                text = v.get("stringValue").asText();
            } else if (v.has("intValue")) {
                text = v.get("intValue").asText();
            } else if (v.has("doubleValue")) {
                text = v.get("doubleValue").asText();
            } else if (v.has("boolValue")) {
                text = v.get("boolValue").asText();
            } else if (v.has("arrayValue")) {
                List<String> items = new ArrayList<>();
                v.get("arrayValue")
                        .path("values")
                        .forEach(x -> items.add(
                                x.has("stringValue") ? x.get("stringValue").asText() : x.toString()));
                text = "[\"" + String.join("\",\"", items) + "\"]";
            } else {
                text = v.toString();
            }
            out.put(kv.path("key").asText(), text);
        }
        return out;
    }
}
