package dev.sextant.workspaces;

import dev.sextant.model.project.Project;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** The projects of one workspace. Each write is one transaction. */
public final class ProjectRepository {

    private static final String COLUMNS = "ID, NAME, DESCRIPTION, DEMO, CREATED_AT, UPDATED_AT";

    private final Workspace workspace;

    ProjectRepository(Workspace workspace) {
        this.workspace = workspace;
    }

    /** All projects, by name (case-insensitive). */
    public List<Project> list() {
        return workspace.read(c -> {
            try (PreparedStatement ps =
                            c.prepareStatement("SELECT " + COLUMNS + " FROM PROJECT ORDER BY LOWER(NAME), NAME");
                    ResultSet rs = ps.executeQuery()) {
                List<Project> out = new ArrayList<>();
                while (rs.next()) {
                    out.add(map(rs));
                }
                return out;
            }
        });
    }

    public Optional<Project> find(UUID id) {
        return workspace.read(c -> find(c, id));
    }

    /** Finds a project by exact id or by name (case-insensitive), as the CLI's {@code --project} accepts either. */
    public Optional<Project> findByIdOrName(String idOrName) {
        return workspace.read(c -> {
            try {
                Optional<Project> byId = find(c, UUID.fromString(idOrName.strip()));
                if (byId.isPresent()) {
                    return byId;
                }
            } catch (IllegalArgumentException notAnId) {
                // fall through to the name
            }
            return findByName(c, idOrName.strip());
        });
    }

    public Project create(String name, String description) {
        return create(name, description, false);
    }

    Project create(String name, String description, boolean demo) {
        String n = checkedName(name);
        return workspace.transaction(c -> {
            requireFreeName(c, n, null);
            Instant now = now();
            Project p = project(Ids.newId(), n, description, demo, now, now);
            try (PreparedStatement ps =
                    c.prepareStatement("INSERT INTO PROJECT(" + COLUMNS + ") VALUES (?,?,?,?,?,?)")) {
                ps.setObject(1, p.id());
                ps.setString(2, p.name());
                ps.setString(3, p.description());
                ps.setBoolean(4, p.demo());
                ps.setObject(5, utc(p.createdAt()));
                ps.setObject(6, utc(p.updatedAt()));
                ps.executeUpdate();
            }
            return p;
        });
    }

    /** Renames a project and/or changes its description. */
    public Project update(UUID id, String name, String description) {
        String n = checkedName(name);
        return workspace.transaction(c -> {
            Project old = find(c, id).orElseThrow(() -> new WorkspaceException("no project with id " + id));
            requireFreeName(c, n, id);
            Project p = project(id, n, description, old.demo(), old.createdAt(), now());
            try (PreparedStatement ps =
                    c.prepareStatement("UPDATE PROJECT SET NAME = ?, DESCRIPTION = ?, UPDATED_AT = ? WHERE ID = ?")) {
                ps.setString(1, p.name());
                ps.setString(2, p.description());
                ps.setObject(3, utc(p.updatedAt()));
                ps.setObject(4, id);
                ps.executeUpdate();
            }
            return p;
        });
    }

    /** Deletes a project and, through the foreign keys' cascades, everything in it. */
    public void delete(UUID id) {
        workspace.transaction(c -> {
            try (PreparedStatement ps = c.prepareStatement("DELETE FROM PROJECT WHERE ID = ?")) {
                ps.setObject(1, id);
                if (ps.executeUpdate() == 0) {
                    throw new WorkspaceException("no project with id " + id);
                }
            }
            return null;
        });
    }

    /** A name not yet used in this workspace: {@code base}, else {@code base (2)}, {@code base (3)}, ... */
    public String freeName(Connection c, String base) throws SQLException {
        String candidate = base;
        for (int i = 2; findByName(c, candidate).isPresent(); i++) {
            String suffix = " (" + i + ")";
            candidate = base.substring(0, Math.min(base.length(), Project.MAX_NAME_LENGTH - suffix.length())) + suffix;
        }
        return candidate;
    }

    /** Finds a project with a connection the caller holds, inside its transaction. */
    public static Optional<Project> find(Connection c, UUID id) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT " + COLUMNS + " FROM PROJECT WHERE ID = ?")) {
            ps.setObject(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(map(rs)) : Optional.empty();
            }
        }
    }

    private static Optional<Project> findByName(Connection c, String name) throws SQLException {
        try (PreparedStatement ps =
                c.prepareStatement("SELECT " + COLUMNS + " FROM PROJECT WHERE LOWER(NAME) = LOWER(?)")) {
            ps.setString(1, name);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(map(rs)) : Optional.empty();
            }
        }
    }

    private static void requireFreeName(Connection c, String name, UUID except) throws SQLException {
        Optional<Project> other = findByName(c, name);
        if (other.isPresent() && !other.get().id().equals(except)) {
            throw new WorkspaceException(
                    "a project named '" + other.get().name() + "' already exists in this workspace");
        }
    }

    private static String checkedName(String name) {
        try {
            return Project.validName(name);
        } catch (IllegalArgumentException e) {
            throw new WorkspaceException(e.getMessage());
        }
    }

    private static Project project(
            UUID id, String name, String description, boolean demo, Instant created, Instant updated) {
        try {
            return new Project(id, name, description, demo, created, updated);
        } catch (IllegalArgumentException e) {
            throw new WorkspaceException(e.getMessage());
        }
    }

    private static Project map(ResultSet rs) throws SQLException {
        return new Project(
                rs.getObject(1, UUID.class),
                rs.getString(2),
                rs.getString(3),
                rs.getBoolean(4),
                rs.getObject(5, OffsetDateTime.class).toInstant(),
                rs.getObject(6, OffsetDateTime.class).toInstant());
    }

    private static Instant now() {
        return Instant.now().truncatedTo(ChronoUnit.MILLIS);
    }

    private static OffsetDateTime utc(Instant t) {
        return t.atOffset(ZoneOffset.UTC);
    }
}
