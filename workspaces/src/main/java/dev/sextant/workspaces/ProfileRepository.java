package dev.sextant.workspaces;

import dev.sextant.model.calibration.CalibrationProfile;
import dev.sextant.model.io.Json;
import java.io.IOException;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.UUID;

/** Calibration profiles kept in a project; names are unique within a project (case-insensitive). */
public final class ProfileRepository {

    private static final String SELECT =
            "SELECT ID, PROJECT_ID, NAME, PROFILE, DEMO, CREATED_AT FROM CALIBRATION_PROFILE";

    private final Workspace workspace;

    ProfileRepository(Workspace workspace) {
        this.workspace = workspace;
    }

    public UUID save(UUID projectId, String name, CalibrationProfile profile, boolean demo) {
        ProjectRows.checkedName("a calibration profile", name);
        UUID id = Ids.newId();
        String json = Json.write(profile);
        workspace.transaction(c -> {
            ProjectRows.changing(c, projectId);
            try (PreparedStatement ps = c.prepareStatement(
                    "SELECT COUNT(*) FROM CALIBRATION_PROFILE WHERE PROJECT_ID = ? AND LOWER(NAME) = ?")) {
                ps.setObject(1, projectId);
                ps.setString(2, name.strip().toLowerCase(Locale.ROOT));
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    if (rs.getInt(1) > 0) {
                        throw new WorkspaceException(
                                "the project already has a calibration profile named “" + name.strip() + "”");
                    }
                }
            }
            try (PreparedStatement ps = c.prepareStatement(
                    "INSERT INTO CALIBRATION_PROFILE(ID, PROJECT_ID, NAME, DEVICE, PROFILE, DEMO, CREATED_AT) "
                            + "VALUES (?,?,?,?,?,?,?)")) {
                ps.setObject(1, id);
                ps.setObject(2, projectId);
                ps.setString(3, name.strip());
                ps.setString(4, profile.device().name());
                ps.setString(5, json);
                ps.setBoolean(6, demo);
                ps.setObject(7, OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.MILLIS));
                return ps.executeUpdate();
            }
        });
        return id;
    }

    public List<SavedProfile> list(UUID projectId) {
        return ProjectRows.newestFirst(workspace, SELECT, projectId, ProfileRepository::map);
    }

    /** The project's profile with this name (case-insensitive) or id. */
    public Optional<SavedProfile> find(UUID projectId, String nameOrId) {
        return list(projectId).stream()
                .filter(p -> p.name().equalsIgnoreCase(nameOrId.strip())
                        || p.id().toString().equals(nameOrId.strip()))
                .findFirst();
    }

    public void delete(UUID id) {
        ProjectRows.deleteById(workspace, "CALIBRATION_PROFILE", id);
    }

    private static SavedProfile map(ResultSet rs) throws SQLException {
        try {
            return new SavedProfile(
                    rs.getObject(1, UUID.class),
                    rs.getObject(2, UUID.class),
                    rs.getString(3),
                    Json.mapper().readValue(rs.getString(4), CalibrationProfile.class),
                    rs.getBoolean(5),
                    rs.getObject(6, OffsetDateTime.class).toInstant());
        } catch (IOException e) {
            throw new WorkspaceException(
                    "calibration profile " + rs.getString(3) + " cannot be read: " + e.getMessage(), e);
        }
    }
}
