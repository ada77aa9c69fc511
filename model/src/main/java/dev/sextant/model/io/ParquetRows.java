package dev.sextant.model.io;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;

/**
 * A Parquet row as the JSON object a Hugging Face dataset row would be in JSON Lines: strings, numbers and booleans as
 * themselves, lists (the three-level {@code LIST} layout and bare repeated fields) as arrays, structs and maps as
 * objects, nulls as null; so that benchmark fields, dotted paths and chat messages read the same from both formats.
 */
final class ParquetRows {

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private ParquetRows() {}

    static ObjectNode row(Group g) {
        return object(g);
    }

    private static ObjectNode object(Group g) {
        ObjectNode o = JSON.objectNode();
        GroupType t = g.getType();
        for (int i = 0; i < t.getFieldCount(); i++) {
            o.set(t.getFieldName(i), field(g, i));
        }
        return o;
    }

    /** Field {@code i} of {@code g}: an array when it repeats, else its one value or null. */
    private static JsonNode field(Group g, int i) {
        Type t = g.getType().getType(i);
        int n = g.getFieldRepetitionCount(i);
        if (t.isRepetition(Type.Repetition.REPEATED)) {
            ArrayNode a = JSON.arrayNode();
            for (int k = 0; k < n; k++) {
                a.add(value(g, i, k));
            }
            return a;
        }
        return n == 0 ? JSON.nullNode() : value(g, i, 0);
    }

    private static JsonNode value(Group g, int i, int k) {
        Type t = g.getType().getType(i);
        if (t.isPrimitive()) {
            return primitive(g, i, k, t.asPrimitiveType());
        }
        Group v = g.getGroup(i, k);
        LogicalTypeAnnotation a = t.getLogicalTypeAnnotation();
        if (a instanceof LogicalTypeAnnotation.ListLogicalTypeAnnotation) {
            return list(v);
        }
        if (a instanceof LogicalTypeAnnotation.MapLogicalTypeAnnotation) {
            return map(v);
        }
        return object(v);
    }

    /** {@code list: repeated group list { element }} (or a bare repeated element): the elements in order. */
    private static JsonNode list(Group v) {
        ArrayNode a = JSON.arrayNode();
        if (v.getType().getFieldCount() != 1) {
            return object(v);
        }
        Type repeated = v.getType().getType(0);
        int n = v.getFieldRepetitionCount(0);
        boolean wrapped = !repeated.isPrimitive() && repeated.asGroupType().getFieldCount() == 1;
        for (int k = 0; k < n; k++) {
            if (wrapped) {
                Group e = v.getGroup(0, k);
                a.add(e.getFieldRepetitionCount(0) == 0 ? JSON.nullNode() : value(e, 0, 0));
            } else {
                a.add(value(v, 0, k));
            }
        }
        return a;
    }

    /** {@code map: repeated group key_value { key; value }}: an object keyed by the keys' text. */
    private static JsonNode map(Group v) {
        ObjectNode o = JSON.objectNode();
        if (v.getType().getFieldCount() != 1 || v.getType().getType(0).isPrimitive()) {
            return object(v);
        }
        for (int k = 0; k < v.getFieldRepetitionCount(0); k++) {
            Group kv = v.getGroup(0, k);
            if (kv.getType().getFieldCount() < 2 || kv.getFieldRepetitionCount(0) == 0) {
                continue;
            }
            o.set(value(kv, 0, 0).asText(), kv.getFieldRepetitionCount(1) == 0 ? JSON.nullNode() : value(kv, 1, 0));
        }
        return o;
    }

    /** A byte-array column that holds text: annotated as a string, an enum or JSON. */
    static boolean isText(PrimitiveType t) {
        LogicalTypeAnnotation a = t.getLogicalTypeAnnotation();
        return a instanceof LogicalTypeAnnotation.StringLogicalTypeAnnotation
                || a instanceof LogicalTypeAnnotation.EnumLogicalTypeAnnotation
                || a instanceof LogicalTypeAnnotation.JsonLogicalTypeAnnotation;
    }

    private static JsonNode primitive(Group g, int i, int k, PrimitiveType t) {
        return switch (t.getPrimitiveTypeName()) {
            case BOOLEAN -> JSON.booleanNode(g.getBoolean(i, k));
            case INT32 -> JSON.numberNode(g.getInteger(i, k));
            case INT64 -> JSON.numberNode(g.getLong(i, k));
            case FLOAT -> JSON.numberNode(g.getFloat(i, k));
            case DOUBLE -> JSON.numberNode(g.getDouble(i, k));
                // bytes (an image) are no text
            case BINARY, FIXED_LEN_BYTE_ARRAY -> isText(t) ? JSON.textNode(g.getString(i, k)) : JSON.nullNode();
            case INT96 -> JSON.textNode(g.getValueToString(i, k));
        };
    }
}
