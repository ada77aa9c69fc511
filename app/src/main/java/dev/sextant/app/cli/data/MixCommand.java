package dev.sextant.app.cli.data;

import dev.sextant.app.cli.CliProgress;
import dev.sextant.app.cli.CommandContext;
import dev.sextant.app.cli.JsonOption;
import dev.sextant.app.cli.TextTable;
import dev.sextant.app.study.DataStudy;
import dev.sextant.app.study.ScanStudy;
import dev.sextant.model.BadInputException;
import dev.sextant.model.contamination.BenchmarkItem;
import dev.sextant.model.contamination.Normalization;
import dev.sextant.model.contamination.ScanSpec;
import dev.sextant.model.data.MixResult;
import dev.sextant.model.data.MixSource;
import dev.sextant.model.data.MixSpec;
import dev.sextant.model.data.TokenCounting;
import dev.sextant.model.io.MixTargetFile;
import dev.sextant.model.job.CancellationToken;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code sextant mix}: a corpus's composition and a mixture plan. */
@Command(
        name = "mix",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Corpus composition by a field (source, domain, language…) in documents, bytes and tokens — counted with a",
            "model's tokenizer.json, or estimated as words × a factor — with each source's exact-duplicate share and, given a",
            "benchmark, the share of its documents holding benchmark n-grams. With a target mix and a token budget: sampling",
            "weights, epochs per source and warnings where a source repeats past what Muennighoff et al. 2023 support; with",
            "--order-by, a curriculum-style supply in phases."
        })
public final class MixCommand implements Runnable {

    @Option(
            names = {"-c", "--corpus"},
            required = true,
            arity = "1..*",
            paramLabel = "PATH",
            description = "Corpus files or folders (JSON Lines, .gz, .zst, Parquet).")
    List<Path> corpus = new ArrayList<>();

    @Option(
            names = "--by",
            required = true,
            paramLabel = "FIELD",
            description = "Field to split the corpus by; a dotted path reaches into objects (meta.source).")
    String by;

    @Option(
            names = "--text-field",
            defaultValue = "text",
            paramLabel = "F",
            description = "Field with the text (default: ${DEFAULT-VALUE}).")
    String textField;

    @Option(
            names = "--tokenizer",
            paramLabel = "FILE",
            description = "A Hugging Face tokenizer.json (or the model folder holding it): exact token counts.")
    Path tokenizer;

    @Option(
            names = "--tokens-per-word",
            defaultValue = "" + TokenCounting.DEFAULT_TOKENS_PER_WORD,
            paramLabel = "X",
            description = "Without --tokenizer: tokens estimated as words × X (default: ${DEFAULT-VALUE}).")
    double tokensPerWord;

    @Option(
            names = "--target",
            paramLabel = "CSV",
            description = "Target mix: columns source,share (any scale; normalised).")
    Path target;

    @Option(
            names = "--budget-tokens",
            paramLabel = "T",
            description = "Training budget in tokens, e.g. 2e12, 300B, 1.5T (with --target).")
    String budget;

    @Option(
            names = "--order-by",
            paramLabel = "FIELD",
            description = "Numeric field (difficulty, quality) to order each source's supply by, in phases.")
    String orderBy;

    @Option(
            names = "--order",
            defaultValue = "asc",
            paramLabel = "asc|desc",
            description = "Lowest value first (asc, easiest first) or highest (desc) (default: ${DEFAULT-VALUE}).")
    String order;

    @Option(
            names = "--phases",
            defaultValue = "4",
            paramLabel = "N",
            description = "Phases of the ordering plan (default: ${DEFAULT-VALUE}).")
    int phases;

    @Option(
            names = {"-b", "--benchmark"},
            arity = "1..*",
            paramLabel = "FILE",
            description = "Benchmark items (as for scan): each source's contaminated share.")
    List<Path> benchmarks = new ArrayList<>();

    @Option(
            names = "--field",
            paramLabel = "NAME",
            description = "Benchmark field holding item text (repeatable), as for scan.")
    List<String> fields = new ArrayList<>();

    @Option(
            names = "--ngram",
            defaultValue = "13",
            paramLabel = "N",
            description = "Words per benchmark n-gram (default: ${DEFAULT-VALUE}).")
    int ngram;

    @Option(
            names = "--duplicates",
            defaultValue = "exact",
            paramLabel = "exact|near",
            description =
                    "Duplicate share per source: exact (equal after normalisation) or near (MinHash, Jaccard ≥ 0.8 of 5-grams; reads the corpus twice) (default: ${DEFAULT-VALUE}).")
    String duplicates;

    @Option(
            names = "--threads",
            defaultValue = "0",
            paramLabel = "N",
            description = "Files (or 32 MB ranges) read at once (default: all cores).")
    int threads;

    @Mixin
    JsonOption output;

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        boolean descending =
                switch (order.strip().toLowerCase(Locale.ROOT)) {
                    case "asc" -> false;
                    case "desc" -> true;
                    default -> throw BadInputException.of("--order", "expected asc or desc, got '" + order + "'");
                };
        boolean near =
                switch (duplicates.strip().toLowerCase(Locale.ROOT)) {
                    case "exact" -> false;
                    case "near" -> true;
                    default -> throw BadInputException.of(
                            "--duplicates", "expected exact or near, got '" + duplicates + "'");
                };
        if (budget != null && target == null) {
            throw BadInputException.of("--budget-tokens", "a token budget goes with --target");
        }
        Map<String, Double> t = target == null ? null : MixTargetFile.read(target);
        MixSpec s = new MixSpec(
                by, textField, t, budget == null ? null : MixSpec.parseTokens(budget), orderBy, descending, phases);
        if (!benchmarks.isEmpty()) {
            new ScanSpec(ngram, 0.8, Normalization.defaults(), textField, null, 1, 1);
        }
        List<BenchmarkItem> items =
                benchmarks.isEmpty() ? List.of() : ScanStudy.readItems(benchmarks, fields, null, null);
        CommandContext ctx = new CommandContext(spec);
        CliProgress progress = ctx.progress();
        MixResult r = DataStudy.mix(
                corpus,
                s,
                tokenizer,
                tokensPerWord,
                items,
                ngram,
                near,
                threads > 0 ? threads : Runtime.getRuntime().availableProcessors(),
                progress,
                CancellationToken.none());
        progress.done();
        ctx.print(output.json(), r, o -> {
            o.printf(
                    Locale.ROOT,
                    "%,d documents, %,.1f MB of text, %s tokens by %s (%s)%n",
                    r.documents(),
                    r.bytes() / 1e6,
                    human(r.tokens()),
                    by,
                    r.tokenCounting());
            if (r.budgetTokens() != null) {
                o.printf(Locale.ROOT, "Budget %s tokens%n", human(r.budgetTokens()));
            }
            o.printf(Locale.ROOT, "Duplicates: %s%n", r.duplicates());
            TextTable table = new TextTable(
                    "SOURCE",
                    "DOCUMENTS",
                    "TOKENS",
                    "SHARE",
                    "TARGET",
                    "WEIGHT",
                    "EPOCHS",
                    "DUPLICATES",
                    "CONTAMINATED",
                    "WARNING");
            for (MixSource m : r.sources()) {
                table.row(
                        m.name(),
                        String.format(Locale.ROOT, "%,d", m.documents()),
                        human(m.tokens()),
                        pct(m.share()),
                        pct(m.targetShare()),
                        m.weight() == null ? "—" : String.format(Locale.ROOT, "%.2f", m.weight()),
                        m.epochs() == null ? "—" : String.format(Locale.ROOT, "%.2f", m.epochs()),
                        pct(m.duplicateShare()),
                        m.contaminatedShare() == null ? "—" : pct(m.contaminatedShare()),
                        m.warning() == null ? "" : m.warning());
            }
            table.print(o);
            if (!r.phases().isEmpty()) {
                o.printf(
                        Locale.ROOT,
                        "%nSupply ordered by %s (%s)%s:%n",
                        r.orderBy(),
                        descending ? "highest first" : "lowest first",
                        r.unordered() > 0
                                ? String.format(Locale.ROOT, "; %,d documents without a value come last", r.unordered())
                                : "");
                for (MixResult.Phase p : r.phases()) {
                    StringBuilder sb = new StringBuilder();
                    for (MixResult.Slice sl : p.sources()) {
                        sb.append(sb.length() == 0 ? "" : "; ")
                                .append(sl.name())
                                .append(' ')
                                .append(sl.range())
                                .append(" (")
                                .append(human(sl.tokens()))
                                .append(')');
                    }
                    o.printf(Locale.ROOT, "  phase %d: %s tokens — %s%n", p.phase(), human(p.tokens()), sb);
                }
            }
        });
    }

    static String human(double tokens) {
        return MixSpec.tokensText(tokens);
    }

    private static String pct(double v) {
        return String.format(Locale.ROOT, "%.1f %%", 100 * v);
    }
}
