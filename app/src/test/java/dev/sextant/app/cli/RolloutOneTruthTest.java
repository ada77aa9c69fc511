package dev.sextant.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sextant.app.report.Report;
import dev.sextant.app.ui.rollout.RolloutViewModel;
import dev.sextant.app.ui.shell.JobRunner;
import dev.sextant.app.ui.shell.ShellModel;
import dev.sextant.model.gate.CanaryPlan;
import dev.sextant.workspaces.WorkspaceHome;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One truth per result (issue 15): the canary plan the Rollout area shows is the one its report prints, the one
 * {@code gate canary-plan} answers for the project and the one {@code report rollout} writes, before and after the
 * user changes its inputs on screen.
 */
class RolloutOneTruthTest {

    @TempDir
    Path tmp;

    @Test
    void screenReportAndCommandLineShowTheSameCanaryPlan() throws Exception {
        WorkspaceHome home = new WorkspaceHome(tmp.resolve("home"));
        List<String> failures = new ArrayList<>();
        JobRunner jobs = JobRunner.direct();
        jobs.setFailureHandler((t, e) -> failures.add(t + ": " + e.getMessage()));
        ShellModel shell = new ShellModel(home, jobs);
        shell.openWorkspace(home.defaultWorkspaceDir(), true);
        RolloutViewModel vm = new RolloutViewModel(shell);
        CanaryPlan screen = vm.canaryProperty().get();
        assertThat(screen).as("the demo's replay gives thresholds").isNotNull();
        assertThat(steps(report(vm))).isEqualTo(stepsOf(screen));

        // the user changes the rate and a threshold on screen and plans: the report follows, the plan is kept
        vm.rateProperty().set("3");
        vm.latencyIncreaseProperty().set("0.2");
        assertThat(vm.canaryStaleProperty().get())
                .as("edited inputs mark the plan stale")
                .isTrue();
        vm.planCanary();
        assertThat(vm.problemProperty().get()).isEmpty();
        assertThat(vm.canaryStaleProperty().get()).isFalse();
        CanaryPlan edited = vm.canaryProperty().get();
        assertThat(edited.spec().ratePerSecond()).isEqualTo(3);
        assertThat(edited.promotionMinutes()).isNotEqualTo(screen.promotionMinutes());
        Report r = report(vm);
        assertThat(steps(r)).isEqualTo(stepsOf(edited));
        assertThat(inputs(r)).contains("3 requests/s").contains("P99 latency").contains("+ 20 %");
        shell.closeWorkspace();
        assertThat(failures).isEmpty();

        // the command line, later, in another process's shoes
        CliRun cli = CliRun.of(home, "gate", "canary-plan", "--json");
        assertThat(cli.code()).as(cli.err()).isZero();
        JsonNode plan = cli.json().get("plan");
        assertThat(plan.get("promotionMinutes").asDouble()).isEqualTo(edited.promotionMinutes());
        assertThat(plan.get("rollbackRules")).hasSize(edited.rollbackRules().size());
        assertThat(plan.get("spec").get("ratePerSecond").asDouble()).isEqualTo(3);
        assertThat(cli.json().get("inputsFrom").asText()).isEqualTo("kept for this project");
        Path html = tmp.resolve("rollout.html");
        CliRun written = CliRun.of(home, "report", "rollout", "--out", html.toString());
        assertThat(written.code()).as(written.err()).isZero();
        String text = Files.readString(html);
        for (List<String> row : stepsOf(edited)) {
            assertThat(text).contains("<td>" + row.get(1) + "</td><td>" + row.get(2) + "</td>");
        }
        assertThat(text).contains("3 requests/s (as kept for this project)");

        // a flag replaces one input; --keep keeps it for every face
        CliRun kept = CliRun.of(home, "gate", "canary-plan", "--rate", "30", "--keep", "--json");
        assertThat(kept.code()).as(kept.err()).isZero();
        assertThat(kept.json().get("plan").get("spec").get("latencyIncrease").asDouble())
                .isEqualTo(0.2);
        ShellModel reopened = new ShellModel(home, jobs);
        reopened.openWorkspace(home.defaultWorkspaceDir(), false);
        RolloutViewModel again = new RolloutViewModel(reopened);
        assertThat(again.rateProperty().get()).isEqualTo("30");
        assertThat(again.canaryProperty().get().promotionMinutes())
                .isEqualTo(kept.json().get("plan").get("promotionMinutes").asDouble());
        reopened.closeWorkspace();
    }

    private static Report report(RolloutViewModel vm) {
        AtomicReference<Report> out = new AtomicReference<>();
        vm.report(out::set);
        return out.get();
    }

    private static Report.Section canarySection(Report r) {
        return r.sections().stream()
                .filter(s -> s.title().startsWith("Canary plan"))
                .findFirst()
                .orElseThrow();
    }

    private static List<List<String>> steps(Report r) {
        return canarySection(r).blocks().stream()
                .filter(b -> b instanceof Report.Table)
                .map(b -> ((Report.Table) b).rows())
                .findFirst()
                .orElseThrow()
                .stream()
                .map(row -> List.of(row.get(0), row.get(2), row.get(3), row.get(5)))
                .toList();
    }

    private static String inputs(Report r) {
        // the inputs are the section's footnote
        return canarySection(r).blocks().stream()
                .map(b -> b instanceof Report.Paragraph p ? p.text() : b instanceof Report.Note n ? n.text() : "")
                .reduce("", String::concat);
    }

    /** The plan's steps (index, minutes, canary requests, what sets the length) as the report's table writes them. */
    private static List<List<String>> stepsOf(CanaryPlan p) {
        List<List<String>> rows = new ArrayList<>();
        p.steps()
                .forEach(s -> rows.add(List.of(
                        String.valueOf(s.index()),
                        String.format("%.0f", s.minutes()),
                        String.format("%,.0f", s.canaryRequests()),
                        s.limitedBy())));
        return rows;
    }
}
