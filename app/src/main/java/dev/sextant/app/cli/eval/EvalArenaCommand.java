package dev.sextant.app.cli.eval;

import dev.sextant.app.cli.CliProgress;
import dev.sextant.app.cli.CommandContext;
import dev.sextant.app.cli.JsonOption;
import dev.sextant.app.cli.TextTable;
import dev.sextant.app.study.EvaluationStudy;
import dev.sextant.model.evaluation.ArenaResult;
import dev.sextant.model.job.CancellationToken;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code sextant eval arena}: Bradley-Terry ratings from blind pairwise battles. */
@Command(
        name = "arena",
        mixinStandardHelpOptions = true,
        description = {
            "Bradley-Terry ratings (Elo scale: P(A beats B) = 1/(1+10^((R_B−R_A)/400)), ties half a win)",
            "with bootstrap 95%% intervals, rank ranges, win rates and battle counts.",
            "Models in groups that never met (directly or through others) are rated per group (components);",
            "ratings of different groups are not comparable and are never ranked together."
        })
public final class EvalArenaCommand implements Runnable {

    @Mixin
    EvidenceOptions evidence;

    @Option(
            names = "--bootstrap",
            defaultValue = "1000",
            paramLabel = "N",
            description = "Bootstrap rounds for the intervals; 0 for none (default: ${DEFAULT-VALUE}).")
    int rounds;

    @Option(
            names = "--seed",
            defaultValue = "0",
            paramLabel = "S",
            description = "Bootstrap seed (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(
            names = "--anchor",
            paramLabel = "MODEL=RATING",
            description = "Pin one model's rating (default: ratings average 1000).")
    String anchor;

    @Mixin
    JsonOption output;

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        if (rounds < 0) {
            throw new ParameterException(spec.commandLine(), "--bootstrap must not be negative");
        }
        String anchorModel = null;
        double anchorRating = 1000;
        if (anchor != null) {
            int eq = anchor.lastIndexOf('=');
            try {
                anchorModel = anchor.substring(0, eq);
                anchorRating = Double.parseDouble(anchor.substring(eq + 1));
            } catch (RuntimeException e) {
                throw new ParameterException(
                        spec.commandLine(), "--anchor: expected MODEL=RATING, got '" + anchor + "'");
            }
        }
        CommandContext ctx = new CommandContext(spec);
        var battles = evidence.load(ctx).battles();
        if (battles.isEmpty()) {
            throw new ParameterException(spec.commandLine(), "the evidence holds no battles");
        }
        CliProgress progress = ctx.progress();
        String am = anchorModel;
        double ar = anchorRating;
        ArenaResult r = EvaluationStudy.arena(battles, rounds, seed, am, ar, progress, CancellationToken.none());
        progress.done();
        ctx.print(output.json(), r, out -> {
            for (ArenaResult.Component c : r.components()) {
                if (r.disconnected()) {
                    out.printf(
                            "Group %d of %d: %d models, %d battles%n",
                            c.index() + 1, r.components().size(), c.models().size(), c.battles());
                }
                TextTable t = new TextTable("RANK", "MODEL", "RATING", "95% CI", "BATTLES");
                for (var m : r.models()) {
                    if (m.component() != c.index()) {
                        continue;
                    }
                    String rank = m.rankLow() == m.rankHigh()
                            ? String.valueOf(m.rankLow())
                            : m.rankLow() + "–" + m.rankHigh();
                    t.row(
                            rank,
                            m.model(),
                            String.format("%.1f", m.rating()),
                            Double.isNaN(m.ciLow()) ? "-" : String.format("[%.1f, %.1f]", m.ciLow(), m.ciHigh()),
                            m.battles());
                }
                t.print(out);
                if (r.disconnected()) {
                    out.println();
                }
            }
            out.printf("%d battles, %d ties%n", r.totalBattles(), r.ties());
            if (r.disconnected()) {
                out.println("warning: " + r.componentsWarning());
            }
            EvidenceOptions.print(evidence.notes, out);
        });
    }
}
