package dev.sextant.workspaces.archive;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * The workspace schema as the archive sees it: tables, their columns, primary keys and foreign keys, read from JDBC
 * metadata. Because project data hangs off {@code PROJECT} through foreign keys, the graph alone says which rows
 * belong to a project; no table list has to be kept in step with the migrations.
 */
public final class SchemaGraph {

    /** Bookkeeping tables that are not data: the schema version travels in the manifest instead. */
    static final Set<String> SYSTEM_TABLES = Set.of("SCHEMA_HISTORY");

    public static final String PROJECT_TABLE = "PROJECT";

    /** How a column's values are written to and read from JSON. */
    public enum Kind {
        BOOLEAN,
        INTEGER,
        FLOAT,
        BINARY,
        TEXT
    }

    public record Column(String name, int jdbcType, String typeName, Kind kind) {
        public boolean isUuid() {
            return "UUID".equalsIgnoreCase(typeName);
        }
    }

    public record ForeignKey(String column, String refTable, String refColumn) {}

    public record Table(String name, List<Column> columns, List<String> primaryKey, List<ForeignKey> foreignKeys) {
        public Optional<Column> column(String name) {
            return columns.stream().filter(c -> c.name().equals(name)).findFirst();
        }
    }

    private final Map<String, Table> tables;
    private final List<Table> ordered;

    private SchemaGraph(Map<String, Table> tables) {
        this.tables = tables;
        this.ordered = topologicalOrder(tables);
    }

    public static SchemaGraph read(Connection c) throws SQLException {
        DatabaseMetaData md = c.getMetaData();
        List<String> names = new ArrayList<>();
        try (ResultSet rs = md.getTables(null, "PUBLIC", "%", new String[] {"BASE TABLE", "TABLE"})) {
            while (rs.next()) {
                String name = rs.getString("TABLE_NAME");
                if (!SYSTEM_TABLES.contains(name)) {
                    names.add(name);
                }
            }
        }
        Collections.sort(names);
        Map<String, Table> tables = new LinkedHashMap<>();
        for (String name : names) {
            tables.put(name, new Table(name, columns(md, name), primaryKey(md, name), foreignKeys(md, name)));
        }
        return new SchemaGraph(tables);
    }

    private static List<Column> columns(DatabaseMetaData md, String table) throws SQLException {
        List<Column> out = new ArrayList<>();
        try (ResultSet rs = md.getColumns(null, "PUBLIC", table, "%")) {
            while (rs.next()) {
                int type = rs.getInt("DATA_TYPE");
                String typeName = rs.getString("TYPE_NAME");
                out.add(new Column(rs.getString("COLUMN_NAME"), type, typeName, kindOf(type, typeName)));
            }
        }
        return out;
    }

    static Kind kindOf(int jdbcType, String typeName) {
        if ("UUID".equalsIgnoreCase(typeName)) {
            return Kind.TEXT;
        }
        switch (jdbcType) {
            case Types.BOOLEAN:
            case Types.BIT:
                return Kind.BOOLEAN;
            case Types.TINYINT:
            case Types.SMALLINT:
            case Types.INTEGER:
            case Types.BIGINT:
                return Kind.INTEGER;
            case Types.REAL:
            case Types.FLOAT:
            case Types.DOUBLE:
                return Kind.FLOAT;
            case Types.BINARY:
            case Types.VARBINARY:
            case Types.LONGVARBINARY:
            case Types.BLOB:
                return Kind.BINARY;
            default:
                return Kind.TEXT;
        }
    }

    private static List<String> primaryKey(DatabaseMetaData md, String table) throws SQLException {
        Map<Integer, String> bySeq = new TreeMap<>();
        try (ResultSet rs = md.getPrimaryKeys(null, "PUBLIC", table)) {
            while (rs.next()) {
                bySeq.put(rs.getInt("KEY_SEQ"), rs.getString("COLUMN_NAME"));
            }
        }
        return List.copyOf(bySeq.values());
    }

    private static List<ForeignKey> foreignKeys(DatabaseMetaData md, String table) throws SQLException {
        List<ForeignKey> out = new ArrayList<>();
        try (ResultSet rs = md.getImportedKeys(null, "PUBLIC", table)) {
            while (rs.next()) {
                out.add(new ForeignKey(
                        rs.getString("FKCOLUMN_NAME"), rs.getString("PKTABLE_NAME"), rs.getString("PKCOLUMN_NAME")));
            }
        }
        return out;
    }

    /** Tables with parents before children, so that inserting in this order satisfies every foreign key. */
    public List<Table> inDependencyOrder() {
        return ordered;
    }

    public Optional<Table> table(String name) {
        return Optional.ofNullable(tables.get(name));
    }

    /** {@code PROJECT} and every table that reaches it through foreign keys, parents first. */
    public List<Table> projectTables() {
        Set<String> scope = new LinkedHashSet<>();
        for (Table t : ordered) {
            if (t.name().equals(PROJECT_TABLE)
                    || t.foreignKeys().stream()
                            .anyMatch(fk -> !fk.refTable().equals(t.name()) && scope.contains(fk.refTable()))) {
                scope.add(t.name());
            }
        }
        return ordered.stream().filter(t -> scope.contains(t.name())).toList();
    }

    /**
     * A WHERE clause selecting the rows of {@code table} that belong to one project. Every {@code ?} in it is bound
     * to the project id; {@link ScopedPredicate#parameters()} says how many there are.
     */
    public ScopedPredicate projectPredicate(Table table) {
        if (table.name().equals(PROJECT_TABLE)) {
            return new ScopedPredicate(quote("ID") + " = ?", 1);
        }
        Set<String> scope = new LinkedHashSet<>();
        projectTables().forEach(t -> scope.add(t.name()));
        List<String> parts = new ArrayList<>();
        int params = 0;
        for (ForeignKey fk : table.foreignKeys()) {
            if (fk.refTable().equals(table.name()) || !scope.contains(fk.refTable())) {
                continue;
            }
            ScopedPredicate parent = projectPredicate(tables.get(fk.refTable()));
            parts.add(quote(fk.column()) + " IN (SELECT " + quote(fk.refColumn()) + " FROM " + quote(fk.refTable())
                    + " WHERE " + parent.sql() + ")");
            params += parent.parameters();
        }
        if (parts.isEmpty()) {
            throw new IllegalArgumentException(table.name() + " does not belong to projects");
        }
        return new ScopedPredicate("(" + String.join(" OR ", parts) + ")", params);
    }

    public record ScopedPredicate(String sql, int parameters) {}

    static String quote(String identifier) {
        return '"' + identifier.replace("\"", "\"\"") + '"';
    }

    private static List<Table> topologicalOrder(Map<String, Table> tables) {
        List<Table> out = new ArrayList<>();
        Set<String> done = new LinkedHashSet<>();
        Set<String> visiting = new LinkedHashSet<>();
        for (String name : tables.keySet()) {
            visit(name, tables, done, visiting, out);
        }
        return List.copyOf(out);
    }

    private static void visit(
            String name, Map<String, Table> tables, Set<String> done, Set<String> visiting, List<Table> out) {
        if (done.contains(name) || !tables.containsKey(name)) {
            return;
        }
        if (!visiting.add(name)) {
            throw new IllegalStateException("foreign keys form a cycle through " + visiting);
        }
        Table t = tables.get(name);
        for (ForeignKey fk : t.foreignKeys()) {
            if (!fk.refTable().equals(name)) {
                visit(fk.refTable(), tables, done, visiting, out);
            }
        }
        visiting.remove(name);
        done.add(name);
        out.add(t);
    }
}
