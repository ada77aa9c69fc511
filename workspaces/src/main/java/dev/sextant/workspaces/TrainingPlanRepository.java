package dev.sextant.workspaces;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sextant.model.hardware.GpuCatalog;
import dev.sextant.model.hardware.GpuSpec;
import dev.sextant.model.io.Json;
import dev.sextant.model.training.FaultTolerance;
import dev.sextant.model.training.TrainingPlan;
import dev.sextant.model.training.TrainingRequest;
import java.io.IOException;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.UUID;

/** Training plans kept in a project; each save is one transaction. */
public final class TrainingPlanRepository {

    private static final String SELECT =
            "SELECT ID, PROJECT_ID, NAME, REQUEST, PLAN, FAULTS, DEMO, CREATED_AT FROM TRAINING_PLAN";

    private final Workspace workspace;

    TrainingPlanRepository(Workspace workspace) {
        this.workspace = workspace;
    }

    public UUID save(
            UUID projectId,
            String name,
            TrainingRequest request,
            TrainingPlan plan,
            FaultTolerance.Spec faults,
            boolean demo) {
        ProjectRows.checkedName("a saved plan", name);
        UUID id = Ids.newId();
        workspace.transaction(c -> {
            ProjectRows.changing(c, projectId);
            try (PreparedStatement ps =
                    c.prepareStatement("INSERT INTO TRAINING_PLAN(ID, PROJECT_ID, NAME, REQUEST, PLAN, FAULTS, DEMO, "
                            + "CREATED_AT) VALUES (?,?,?,?,?,?,?,?)")) {
                ps.setObject(1, id);
                ps.setObject(2, projectId);
                ps.setString(3, name.strip());
                ps.setString(4, Json.write(request));
                ps.setString(5, Json.write(plan));
                ps.setString(6, Json.write(faults));
                ps.setBoolean(7, demo);
                ps.setObject(8, OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.MILLIS));
                return ps.executeUpdate();
            }
        });
        return id;
    }

    /**
     * Reads a saved request. Requests saved before user-defined GPUs name the GPU by catalog id and have no NVLink
     * bandwidth of their own: they read as the catalog GPU with its NVLink figure.
     */
    static TrainingRequest request(String json) throws IOException {
        ObjectNode node = (ObjectNode) Json.mapper().readTree(json);
        if (node.path("gpu").isTextual()) {
            GpuSpec gpu = GpuCatalog.get(node.get("gpu").asText());
            node.set("gpu", Json.mapper().valueToTree(gpu));
            if (!node.hasNonNull("intraNodeGBs")) {
                node.put("intraNodeGBs", gpu.linkGBs());
            }
        }
        return Json.mapper().treeToValue(node, TrainingRequest.class);
    }

    public List<SavedTrainingPlan> list(UUID projectId) {
        return ProjectRows.newestFirst(workspace, SELECT, projectId, TrainingPlanRepository::map);
    }

    public void delete(UUID id) {
        ProjectRows.deleteById(workspace, "TRAINING_PLAN", id);
    }

    private static SavedTrainingPlan map(ResultSet rs) throws SQLException {
        try {
            return new SavedTrainingPlan(
                    rs.getObject(1, UUID.class),
                    rs.getObject(2, UUID.class),
                    rs.getString(3),
                    request(rs.getString(4)),
                    Json.mapper().readValue(rs.getString(5), TrainingPlan.class),
                    Json.mapper().readValue(rs.getString(6), FaultTolerance.Spec.class),
                    rs.getBoolean(7),
                    rs.getObject(8, OffsetDateTime.class).toInstant());
        } catch (IOException e) {
            throw new WorkspaceException(
                    "saved training plan " + rs.getString(3) + " cannot be read: " + e.getMessage(), e);
        }
    }
}
