package dev.sextant.app.cli.gate;

import dev.sextant.app.cli.CommandContext;
import dev.sextant.app.cli.JsonOption;
import dev.sextant.app.cli.TextTable;
import dev.sextant.model.gate.CanaryReplay;
import dev.sextant.model.gate.JudgeSettings;
import dev.sextant.model.io.GateFiles;
import java.nio.file.Path;
import java.util.SortedMap;
import java.util.TreeSet;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code sextant gate replay}: the canary judge over monitoring data, step by step. */
@Command(
        name = "replay",
        mixinStandardHelpOptions = true,
        description = {
            "Replay the canary judge over monitoring data step by step (CSV step,group,metric,value; group baseline or",
            "canary): where the rollout would have rolled back, held for review, or been promoted."
        })
public final class GateReplayCommand implements Runnable {

    @Option(
            names = "--monitoring",
            required = true,
            paramLabel = "FILE.csv",
            description = "Monitoring samples per step.")
    Path monitoring;

    @Mixin
    JudgeOptions options;

    @Mixin
    JsonOption output;

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        SortedMap<String, CanaryReplay.Step> steps = GateFiles.monitoring(monitoring);
        CanaryReplay.Result r;
        TreeSet<String> metrics = new TreeSet<>();
        steps.values().forEach(s -> {
            metrics.addAll(s.baseline().keySet());
            metrics.addAll(s.canary().keySet());
        });
        JudgeSettings settings = options.settings();
        r = CanaryReplay.replay(steps, settings.judge(), settings.specsFor(metrics));
        new CommandContext(spec).print(output.json(), r, out -> {
            TextTable t = new TextTable("STEP", "SCORE", "VERDICT", "FAILING", "ACTION");
            r.steps()
                    .forEach(s -> t.row(
                            s.step(),
                            String.format("%.0f", s.score()),
                            s.verdict(),
                            String.join(", ", s.failing()),
                            s.action()));
            t.print(out);
            out.println("Outcome: " + r.outcome() + " at step " + r.stoppedAt());
        });
    }
}
