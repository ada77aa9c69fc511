package dev.sextant.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sextant.app.ui.monitoring.MonitoringViewModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** The Monitoring area's view model over a real workspace: an import kept, analysed against a baseline group, an alert opened. */
class MonitoringViewModelTest extends DemoWorkspaceTest {

    @Test
    void anImportIsAnalysedAndAnAlertOpensItsRequests() throws Exception {
        StringBuilder b = new StringBuilder();
        java.util.SplittableRandom r = new java.util.SplittableRandom(3);
        for (int i = 0; i < 3000; i++) {
            long t = 1_764_583_200_000L + i * 200L; // 5 a second for 10 minutes
            boolean canary = i % 4 == 0;
            boolean burst = canary && i >= 1500 && i < 1800 && r.nextDouble() < 0.5;
            b.append(String.format(Locale.ROOT, "{\"request_id\":\"%s%d\",\"timestamp\":%d,\"route\":\"%s\",\"latency_ms\":%d,\"status\":%d}%n",
                    burst ? "burst-" : "r-", i, t, canary ? "canary" : "stable", 800 + r.nextInt(200), burst ? 500 : 200));
        }
        Path log = Files.writeString(tmp.resolve("prod.jsonl"), b.toString());
        var prod = shell.workspaceProperty().get().projects().create("Prod", ""); // the demo project keeps demo traffic of its own
        shell.refresh(prod.id());
        MonitoringViewModel vm = new MonitoringViewModel(shell);
        vm.importLogs(List.of(log), "prod");
        assertThat(vm.imports()).extracting(i -> i.name()).containsExactly("prod");
        vm.windowProperty().set("1m");
        vm.byProperty().set("route");
        vm.baselineProperty().set("route=stable");
        vm.analyze();
        assertThat(vm.problemProperty().get()).isEmpty();
        var a = vm.analysisProperty().get();
        assertThat(a.timeline()).hasSize(2);
        var burst = a.result().alerts().stream().filter(x -> x.metric().equals("error_rate")).findFirst().orElseThrow();
        assertThat(burst.segment()).containsEntry("route", "canary");
        vm.open(burst);
        assertThat(vm.alertRequests()).isNotEmpty().allMatch(x -> x.id().startsWith("burst-"));
        // a bad setting names its field
        vm.windowProperty().set("soon");
        vm.analyze();
        assertThat(vm.problemFieldProperty().get()).isEqualTo("monitor.window");
        // another project: nothing of this one's
        var other = shell.workspaceProperty().get().projects().create("Other", "");
        shell.refresh(other.id());
        assertThat(vm.imports()).isEmpty();
        assertThat(vm.analysisProperty().get()).isNull();
        assertThat(failures).isEmpty();
    }
}
