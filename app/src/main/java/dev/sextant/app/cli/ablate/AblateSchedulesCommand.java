package dev.sextant.app.cli.ablate;

import dev.sextant.app.cli.CommandContext;
import dev.sextant.app.cli.JsonOption;
import dev.sextant.app.study.AblationStudy;
import dev.sextant.model.ablation.ScheduleComparison;
import dev.sextant.model.io.AblationRunsFile;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code sextant ablate schedules}: learning-rate schedules compared at equal parameters and tokens. */
@Command(
        name = "schedules",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Compares the runs' learning-rate schedules (the schedule column: cosine, constant, wsd, …) at equal parameters and tokens:",
            "each schedule's loss against cosine's (or the schedule tried most) wherever both ran, and on average. Import a",
            "warmup-stable-decay log with --cooldowns to have each cool-down stand for its own budget."
        })
public final class AblateSchedulesCommand implements Runnable {

    @Mixin
    RunsSource runs;

    @Mixin
    JsonOption output;

    @Spec
    CommandSpec spec;

    public record Result(
            String reference,
            List<ScheduleComparison.Shape> shapes,
            List<ScheduleComparison.Summary> summary,
            List<String> notes) {}

    @Override
    public void run() {
        CommandContext ctx = new CommandContext(spec);
        AblationRunsFile.Read read = runs.read(ctx);
        ScheduleComparison.Result c = AblationStudy.schedules(read.runs());
        Result r = new Result(c.reference(), c.shapes(), c.summary(), read.notes());
        ctx.print(output.json(), r, out -> {
            r.notes().forEach(n -> out.println("Note: " + n));
            out.printf(
                    Locale.ROOT,
                    "%d shape%s trained under %s and another schedule:%n",
                    c.shapes().size(),
                    c.shapes().size() == 1 ? "" : "s",
                    c.reference());
            for (ScheduleComparison.Shape s : c.shapes()) {
                out.printf(
                        Locale.ROOT,
                        "  %.3g parameters, %.3g tokens: %s%n",
                        s.params(),
                        s.tokens(),
                        String.join(
                                ", ",
                                s.entries().stream()
                                        .map(e -> String.format(
                                                Locale.ROOT,
                                                "%s %.4f%s",
                                                e.schedule(),
                                                e.loss(),
                                                e.schedule().equals(c.reference())
                                                        ? ""
                                                        : String.format(
                                                                Locale.ROOT, " (%+.2f %%)", 100 * e.vsReference())))
                                        .toList()));
            }
            for (ScheduleComparison.Summary s : c.summary()) {
                out.printf(
                        Locale.ROOT,
                        "%s against %s: %+.2f %% on average over %d shape%s (%+.2f %% to %+.2f %%)%n",
                        s.schedule(),
                        c.reference(),
                        100 * s.mean(),
                        s.shapes(),
                        s.shapes() == 1 ? "" : "s",
                        100 * s.best(),
                        100 * s.worst());
            }
        });
    }
}
