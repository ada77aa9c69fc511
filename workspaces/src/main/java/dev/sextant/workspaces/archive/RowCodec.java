package dev.sextant.workspaces.archive;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import dev.sextant.workspaces.archive.SchemaGraph.Column;
import java.io.IOException;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Moves one row between JDBC and the archive's JSON lines, by column {@link SchemaGraph.Kind}: booleans and numbers as
 * JSON values (non-finite doubles as the strings {@code NaN}, {@code Infinity}), binaries in base64, everything else
 * (text, UUIDs, timestamps) as H2's canonical text, which H2 parses back into the column's type on insert.
 */
final class RowCodec {

    private RowCodec() {}

    static void writeRow(ResultSet rs, List<Column> columns, JsonGenerator g) throws SQLException, IOException {
        g.writeStartObject();
        for (int i = 0; i < columns.size(); i++) {
            Column col = columns.get(i);
            int idx = i + 1;
            g.writeFieldName(col.name());
            switch (col.kind()) {
                case BOOLEAN -> {
                    boolean v = rs.getBoolean(idx);
                    if (rs.wasNull()) g.writeNull();
                    else g.writeBoolean(v);
                }
                case INTEGER -> {
                    long v = rs.getLong(idx);
                    if (rs.wasNull()) g.writeNull();
                    else g.writeNumber(v);
                }
                case FLOAT -> {
                    double v = rs.getDouble(idx);
                    if (rs.wasNull()) g.writeNull();
                    else if (Double.isFinite(v)) g.writeNumber(v);
                    else g.writeString(Double.toString(v));
                }
                case BINARY -> {
                    byte[] v = rs.getBytes(idx);
                    if (v == null) g.writeNull();
                    else g.writeString(Base64.getEncoder().encodeToString(v));
                }
                case TEXT -> {
                    String v = rs.getString(idx);
                    if (v == null) g.writeNull();
                    else g.writeString(v);
                }
            }
        }
        g.writeEndObject();
    }

    /**
     * Binds a JSON row to an INSERT's parameters, in {@code columns} order.
     *
     * @throws IllegalArgumentException naming the column when a value does not fit its kind
     */
    static void bindJson(JsonNode row, List<Column> columns, PreparedStatement ps) throws SQLException {
        for (int i = 0; i < columns.size(); i++) {
            Column col = columns.get(i);
            JsonNode v = row.get(col.name());
            int idx = i + 1;
            if (v == null || v.isNull()) {
                ps.setNull(idx, col.jdbcType());
                continue;
            }
            switch (col.kind()) {
                case BOOLEAN -> {
                    require(v.isBoolean(), col, "a boolean");
                    ps.setBoolean(idx, v.booleanValue());
                }
                case INTEGER -> {
                    require(v.isIntegralNumber(), col, "an integer");
                    ps.setLong(idx, v.longValue());
                }
                case FLOAT -> {
                    if (v.isNumber()) {
                        ps.setDouble(idx, v.doubleValue());
                    } else {
                        require(v.isTextual(), col, "a number");
                        try {
                            ps.setDouble(idx, Double.parseDouble(v.textValue()));
                        } catch (NumberFormatException e) {
                            throw new IllegalArgumentException(
                                    col.name() + ": expected a number, got '" + v.textValue() + "'");
                        }
                    }
                }
                case BINARY -> {
                    require(v.isTextual(), col, "base64 text");
                    try {
                        ps.setBytes(idx, Base64.getDecoder().decode(v.textValue()));
                    } catch (IllegalArgumentException e) {
                        throw new IllegalArgumentException(col.name() + ": not valid base64");
                    }
                }
                case TEXT -> {
                    require(v.isTextual(), col, "text");
                    ps.setString(idx, v.textValue());
                }
            }
        }
    }

    /** Copies a row between two databases of the same schema, replacing UUIDs found in {@code remap}. */
    static void copyRow(ResultSet rs, List<Column> columns, PreparedStatement ps, Map<UUID, UUID> remap)
            throws SQLException {
        for (int i = 0; i < columns.size(); i++) {
            Column col = columns.get(i);
            int idx = i + 1;
            Object value;
            if (col.isUuid()) {
                UUID u = rs.getObject(idx, UUID.class);
                value = u == null ? null : remap.getOrDefault(u, u);
            } else if (col.kind() == SchemaGraph.Kind.BINARY) {
                value = rs.getBytes(idx);
            } else if (col.kind() == SchemaGraph.Kind.TEXT) {
                value = rs.getString(idx);
            } else {
                value = rs.getObject(idx);
            }
            if (value == null) {
                ps.setNull(idx, col.jdbcType());
            } else {
                ps.setObject(idx, value);
            }
        }
    }

    private static void require(boolean ok, Column col, String expected) {
        if (!ok) {
            throw new IllegalArgumentException(col.name() + ": expected " + expected);
        }
    }
}
