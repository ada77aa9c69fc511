package dev.sextant.app.cli.plan;

import dev.sextant.app.cli.CommandContext;
import dev.sextant.app.cli.JsonOption;
import dev.sextant.app.cli.ProjectOption;
import dev.sextant.app.cli.TextTable;
import dev.sextant.app.cli.WorkspaceOption;
import dev.sextant.app.study.ServingStudy;
import dev.sextant.app.study.TrainingStudy;
import dev.sextant.model.project.Project;
import dev.sextant.model.training.TrainingLayout;
import dev.sextant.workspaces.SavedTrainingPlan;
import dev.sextant.workspaces.Workspace;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code sextant plan list}: the training and serving plans kept in a project. */
@Command(
        name = "list",
        mixinStandardHelpOptions = true,
        description = "List the training and serving plans kept in a project.")
public final class PlanListCommand implements Runnable {

    @Mixin
    ProjectOption project;

    @Mixin
    WorkspaceOption workspace;

    @Mixin
    JsonOption output;

    @Spec
    CommandSpec spec;

    public record Row(
            String id,
            String name,
            boolean demo,
            String model,
            String gpu,
            int gpus,
            int seqLen,
            int globalBatch,
            TrainingLayout layout,
            double stepTimeSeconds,
            double mfu,
            double tokensPerSecond,
            String createdAt) {}

    /** A kept serving plan: its replica, goodput at the targets and the day's capacity (null without traffic). */
    public record ServingRow(
            String id,
            String name,
            boolean demo,
            String model,
            String gpu,
            int tp,
            int pp,
            String weights,
            double sloTtft,
            double sloTpot,
            double goodputPerReplica,
            long kvTokens,
            Integer peakReplicas,
            Double gpuHoursPerDay,
            Double costPerDay,
            String createdAt) {}

    public record Result(List<Row> plans, List<ServingRow> servingPlans) {}

    @Override
    public void run() {
        CommandContext ctx = new CommandContext(spec);
        try (Workspace ws = ctx.openWorkspace(workspace)) {
            Project p = ctx.project(ws, project.nameOrId());
            List<SavedTrainingPlan> saved = new TrainingStudy(ws, p.id()).kept();
            List<Row> rows = saved.stream()
                    .map(s -> new Row(
                            s.id().toString(),
                            s.name(),
                            s.demo(),
                            s.request().model().name(),
                            s.request().gpu().id(),
                            s.request().gpus(),
                            s.request().seqLen(),
                            s.request().globalBatch(),
                            s.plan().layout(),
                            s.plan().stepTimeSeconds(),
                            s.plan().mfu(),
                            s.plan().tokensPerSecond(),
                            s.createdAt().toString()))
                    .toList();
            List<ServingRow> serving = new ServingStudy(ws, p.id())
                    .kept().stream()
                            .map(s -> {
                                var q = s.request();
                                var day = s.study().day();
                                return new ServingRow(
                                        s.id().toString(),
                                        s.name(),
                                        s.demo(),
                                        q.spec().model().name(),
                                        q.spec().gpu().id(),
                                        q.spec().tp(),
                                        q.spec().pp(),
                                        q.spec().weights().slug(),
                                        q.sloTtft(),
                                        q.sloTpot(),
                                        s.study().goodputPerReplica(),
                                        s.study().memory().kvTokens(),
                                        day == null ? null : day.peakReplicas(),
                                        day == null ? null : day.gpuHours(),
                                        day == null ? null : day.costPerDay(),
                                        s.createdAt().toString());
                            })
                            .toList();
            ctx.print(output.json(), new Result(rows, serving), out -> {
                out.println("Training plans");
                TextTable t = new TextTable("PLAN", "NAME", "MODEL", "GPUS", "TP/PP/DP/CP/EP", "STEP S", "MFU");
                for (Row r : rows) {
                    TrainingLayout l = r.layout();
                    t.row(
                            r.id(),
                            r.name() + (r.demo() ? " (demo)" : ""),
                            r.model(),
                            r.gpus() + " × " + r.gpu(),
                            l.tp() + "/" + l.pp() + "/" + l.dp() + "/" + l.cp() + "/" + l.ep(),
                            String.format("%.3f", r.stepTimeSeconds()),
                            String.format("%.1f%%", 100 * r.mfu()));
                }
                t.print(out);
                out.println();
                out.println("Serving plans");
                TextTable st =
                        new TextTable("PLAN", "NAME", "MODEL", "REPLICA", "REQ/S AT SLO", "PEAK REPLICAS", "GPU-H/DAY");
                for (ServingRow r : serving) {
                    st.row(
                            r.id(),
                            r.name() + (r.demo() ? " (demo)" : ""),
                            r.model(),
                            r.tp() * r.pp() + " × " + r.gpu() + " " + r.weights(),
                            String.format("%.2f", r.goodputPerReplica()),
                            r.peakReplicas() == null ? "—" : r.peakReplicas(),
                            r.gpuHoursPerDay() == null ? "—" : String.format("%.0f", r.gpuHoursPerDay()));
                }
                st.print(out);
            });
        }
    }
}
