package dev.sextant.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sextant.app.ui.monitoring.MonitoringViewModel;
import dev.sextant.model.monitoring.FeedbackLoop;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The Monitoring area's view model over a real workspace: an import kept, analysed against a baseline group, an alert opened. */
class MonitoringViewModelTest extends DemoWorkspaceTest {

    @Test
    void anImportIsAnalysedAndAnAlertOpensItsRequests() throws Exception {
        StringBuilder b = new StringBuilder();
        SplittableRandom r = new SplittableRandom(3);
        for (int i = 0; i < 3000; i++) {
            long t = 1_764_583_200_000L + i * 200L; // 5 a second for 10 minutes
            boolean canary = i % 4 == 0;
            boolean burst = canary && i >= 1500 && i < 1800 && r.nextDouble() < 0.5;
            b.append(String.format(
                    Locale.ROOT,
                    "{\"request_id\":\"%s%d\",\"timestamp\":%d,\"route\":\"%s\",\"latency_ms\":%d,\"status\":%d}%n",
                    burst ? "burst-" : "r-",
                    i,
                    t,
                    canary ? "canary" : "stable",
                    800 + r.nextInt(200),
                    burst ? 500 : 200));
        }
        Path log = Files.writeString(tmp.resolve("prod.jsonl"), b.toString());
        // the demo project keeps demo traffic of its own
        var prod = shell.workspaceProperty().get().projects().create("Prod", "");
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
        var burst = a.result().alerts().stream()
                .filter(x -> x.metric().equals("error_rate"))
                .findFirst()
                .orElseThrow();
        assertThat(burst.segment()).containsEntry("route", "canary");
        vm.open(burst);
        assertThat(vm.alertRequests()).isNotEmpty().allMatch(x -> x.id().startsWith("burst-"));
        // the burst's requests and a sample of the rest sent to the next rotation, kept and exportable
        vm.sendToRotation(List.of(burst), 50);
        assertThat(vm.problemProperty().get()).isEmpty();
        assertThat(vm.rotations()).hasSize(1);
        assertThat(vm.rotations().get(0).items()).isEqualTo(burst.requests().size() + 50);
        vm.exportRotation(vm.rotations().get(0), tmp.resolve("out"));
        assertThat(tmp.resolve("out")
                        .resolve("rotation-" + vm.rotations().get(0).date() + ".jsonl"))
                .exists();
        // the loop: the log names no version, so one unnamed version, launched on its
        // first request's day, feedback collected
        assertThat(vm.loop()).singleElement().satisfies(l -> {
            assertThat(l.version()).isEqualTo(FeedbackLoop.UNNAMED);
            assertThat(l.launched()).isEqualTo(LocalDate.parse("2025-12-01"));
            assertThat(l.stage()).isEqualTo("feedback collected");
            assertThat(l.feedbackItems()).isEqualTo(burst.requests().size() + 50);
        });
        // a bad setting names its field
        vm.windowProperty().set("soon");
        vm.analyze();
        assertThat(vm.problemFieldProperty().get()).isEqualTo("monitor.window");
        // another project: nothing of this one's
        var other = shell.workspaceProperty().get().projects().create("Other", "");
        shell.refresh(other.id());
        assertThat(vm.imports()).isEmpty();
        assertThat(vm.loop()).isEmpty();
        assertThat(vm.analysisProperty().get()).isNull();
        assertThat(failures).isEmpty();
    }

    @Test
    void aLiveWatchShowsEachWindowsAlertsAndTheCanaryVerdictThenKeepsWhatItWatched() throws Exception {
        var prod = shell.workspaceProperty().get().projects().create("Live", "");
        shell.refresh(prod.id());
        MonitoringViewModel vm = new MonitoringViewModel(shell);
        var live = vm.live();
        Path log = tmp.resolve("gateway.jsonl");
        Files.writeString(log, "");
        live.fileProperty().set(log.toString());
        live.windowProperty().set("10s");
        live.rollbackProperty().set("error_rate=0.05");
        // a bad setting names its field and starts nothing
        live.canaryProperty().set("canary");
        live.start();
        assertThat(live.problemFieldProperty().get()).isEqualTo("monitor.canary");
        assertThat(live.isWatching()).isFalse();
        live.canaryProperty().set("route=canary");
        live.start();
        assertThat(live.problemProperty().get()).isEmpty();
        assertThat(live.isWatching()).isTrue();
        StringBuilder b = new StringBuilder();
        SplittableRandom r = new SplittableRandom(4);
        for (int i = 0; i < 3000; i++) {
            boolean canary = i % 5 == 0;
            boolean error = canary && i >= 2000 && r.nextDouble() < 0.3;
            b.append(String.format(
                    Locale.ROOT,
                    "{\"request_id\":\"r%d\",\"timestamp\":%d,\"route\":\"%s\",\"latency_ms\":%d,\"status\":%d}%n",
                    i,
                    1_764_583_200_000L + i * 20L,
                    canary ? "canary" : "stable",
                    500 + r.nextInt(300),
                    error ? 500 : 200));
        }
        Files.writeString(log, b.toString());
        long until = System.currentTimeMillis() + 20_000;
        while (System.currentTimeMillis() < until
                && (live.verdictProperty().get() == null
                        || !live.verdictProperty().get().verdict().equals("roll back"))) {
            Thread.sleep(50);
        }
        assertThat(live.verdictProperty().get().verdict()).isEqualTo("roll back");
        assertThat(List.copyOf(live.events()))
                .anyMatch(e -> e.kind().equals("alert") && e.metric().equals("error_rate"));
        live.stop();
        until = System.currentTimeMillis() + 20_000;
        while (System.currentTimeMillis() < until && live.isWatching()) {
            Thread.sleep(50);
        }
        assertThat(live.isWatching()).isFalse();
        assertThat(live.statusProperty().get())
                .contains("Watched 3,000 requests")
                .contains("3,000 kept");
        until = System.currentTimeMillis() + 20_000; // the area lists the kept import once its reload (a job) is back
        while (System.currentTimeMillis() < until && vm.imports().isEmpty()) {
            Thread.sleep(50);
        }
        assertThat(vm.imports()).hasSize(1).allMatch(i -> i.name().startsWith("watch ") && i.requests() == 3000);
        assertThat(failures).isEmpty();
    }
}
