package dev.sextant.workspaces;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.UUID;

/** The row work the repositories of project-owned things share: the project must exist, newest first, delete by id. */
final class ProjectRows {

    /** The widest name a kept plan, profile or scan may have (its column). */
    static final int MAX_NAME = 400;

    /** Free text for a VARCHAR(4000) column (a failure, a file path), cut with an ellipsis when longer. */
    static String clip(String s) {
        return s == null || s.length() <= 4000 ? s : s.substring(0, 3999) + "…";
    }

    /**
     * A name for something kept in a project: not blank, at most {@value #MAX_NAME} characters.
     *
     * @param what what is being named, for the message ("a saved plan")
     */
    static String checkedName(String what, String name) {
        if (name == null || name.isBlank()) {
            throw new WorkspaceException(what + " needs a name");
        }
        if (name.strip().length() > MAX_NAME) {
            throw new WorkspaceException(String.format(
                    Locale.ROOT,
                    "the name of %s is %,d characters long; at most %d are kept",
                    what,
                    name.strip().length(),
                    MAX_NAME));
        }
        return name;
    }

    /** Maps the current row of a result set. */
    @FunctionalInterface
    interface RowMapper<T> {
        T map(ResultSet rs) throws SQLException;
    }

    private ProjectRows() {}

    /**
     * Starts a change to a project inside a write transaction: refuses a project that is not there, and marks it
     * updated now, so the project list's "Updated" tells when anything in it last changed (an import, a kept plan, a
     * scan), not only its name.
     */
    static void changing(Connection c, UUID projectId) throws SQLException {
        if (ProjectRepository.find(c, projectId).isEmpty()) {
            throw new WorkspaceException("no project with id " + projectId);
        }
        try (PreparedStatement ps = c.prepareStatement("UPDATE PROJECT SET UPDATED_AT = ? WHERE ID = ?")) {
            ps.setObject(1, Instant.now().truncatedTo(ChronoUnit.MILLIS).atOffset(ZoneOffset.UTC));
            ps.setObject(2, projectId);
            ps.executeUpdate();
        }
    }

    /** The rows of {@code select} (a SELECT … FROM table) that belong to the project, newest first. */
    static <T> List<T> newestFirst(Workspace workspace, String select, UUID projectId, RowMapper<T> mapper) {
        return workspace.read(c -> {
            List<T> out = new ArrayList<>();
            try (PreparedStatement ps =
                    c.prepareStatement(select + " WHERE PROJECT_ID = ? ORDER BY CREATED_AT DESC, ID DESC")) {
                ps.setObject(1, projectId);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        out.add(mapper.map(rs));
                    }
                }
            }
            return out;
        });
    }

    /** The row of {@code select} (a SELECT … FROM table) with the id, if any. */
    static <T> Optional<T> findById(Workspace workspace, String select, UUID id, RowMapper<T> mapper) {
        return workspace.read(c -> {
            try (PreparedStatement ps = c.prepareStatement(select + " WHERE ID = ?")) {
                ps.setObject(1, id);
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next() ? Optional.of(mapper.map(rs)) : Optional.<T>empty();
                }
            }
        });
    }

    static void deleteById(Workspace workspace, String table, UUID id) {
        workspace.transaction(c -> {
            try (PreparedStatement ps = c.prepareStatement("DELETE FROM " + table + " WHERE ID = ?")) {
                ps.setObject(1, id);
                return ps.executeUpdate();
            }
        });
    }

    /**
     * Runs {@code sql}, an UPDATE of one row whose last parameter is its id, with {@code values} as its first parameters,
     * in one transaction; refused when no row has that id.
     *
     * @param what the row's kind in words, for the refusal ("deduplication run")
     */
    static void updateById(Workspace workspace, String what, String sql, UUID id, String... values) {
        workspace.transaction(c -> {
            try (PreparedStatement ps = c.prepareStatement(sql)) {
                for (int i = 0; i < values.length; i++) {
                    ps.setString(i + 1, values[i]);
                }
                ps.setObject(values.length + 1, id);
                if (ps.executeUpdate() == 0) {
                    throw new WorkspaceException("no " + what + " with id " + id);
                }
                return null;
            }
        });
    }
}
