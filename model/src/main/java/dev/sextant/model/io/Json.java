package dev.sextant.model.io;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import java.io.UncheckedIOException;

/**
 * The project's one JSON mapper: specs and results stored in workspaces, archive manifests, settings and the CLI's
 * {@code --json} output all go through it, so that a record reads the same everywhere.
 */
public final class Json {

    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .addModule(new JavaTimeModule())
            .addModule(nonFiniteAsNull())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();

    private Json() {
    }

    /** NaN and infinities are not JSON: they are written as null ("no value"), never as the strings "NaN". */
    private static com.fasterxml.jackson.databind.module.SimpleModule nonFiniteAsNull() {
        com.fasterxml.jackson.databind.JsonSerializer<Double> ser = new com.fasterxml.jackson.databind.JsonSerializer<>() {
            @Override
            public void serialize(Double v, com.fasterxml.jackson.core.JsonGenerator g,
                                  com.fasterxml.jackson.databind.SerializerProvider p) throws java.io.IOException {
                if (v == null || !Double.isFinite(v)) {
                    g.writeNull();
                } else {
                    g.writeNumber(v);
                }
            }
        };
        com.fasterxml.jackson.databind.module.SimpleModule m = new com.fasterxml.jackson.databind.module.SimpleModule("non-finite-as-null");
        m.addSerializer(Double.class, ser);
        m.addSerializer(double.class, ser);
        return m;
    }

    public static ObjectMapper mapper() {
        return MAPPER;
    }

    /** Compact single-line JSON. */
    public static String write(Object value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Indented JSON for people and files they may read. */
    public static String writePretty(Object value) {
        try {
            return MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
