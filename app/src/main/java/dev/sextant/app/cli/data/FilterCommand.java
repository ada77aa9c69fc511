package dev.sextant.app.cli.data;

import dev.sextant.app.cli.CliProgress;
import dev.sextant.app.cli.CommandContext;
import dev.sextant.app.cli.EngineOptions;
import dev.sextant.app.cli.JsonOption;
import dev.sextant.app.cli.ProjectOption;
import dev.sextant.app.cli.WorkspaceOption;
import dev.sextant.app.study.DataStudy;
import dev.sextant.app.study.KeptRunFailedException;
import dev.sextant.app.study.QualityRuns;
import dev.sextant.model.BadInputException;
import dev.sextant.model.data.DedupSpec;
import dev.sextant.model.data.language.LanguageIdentifier;
import dev.sextant.model.data.quality.FilterSpec;
import dev.sextant.model.data.quality.QualityFamilies;
import dev.sextant.model.data.quality.QualityFamily;
import dev.sextant.model.data.quality.QualityFilter;
import dev.sextant.model.data.quality.QualityParam;
import dev.sextant.model.data.quality.QualityResult;
import dev.sextant.model.data.quality.QualitySettings;
import dev.sextant.model.data.quality.SpacyEnglishWords;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.workspaces.Workspace;
import dev.sextant.workspaces.WorkspaceException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code sextant filter}: the published heuristic quality rules over a corpus. */
@Command(
        name = "filter",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Quality-filters a corpus (JSON Lines, .gz, .zst, Parquet) with the published heuristic rules as datatrove",
            "applies them: Gopher quality and repetition (Rae et al. 2021), C4 (Raffel et al. 2020), FineWeb (Penedo et al.",
            "2024), in FineWeb's pipeline order, words as spaCy's English tokenizer cuts them. datatrove's defaults unless",
            "--preset or --set says otherwise. --out writes kept/*.jsonl.zst, removed.jsonl (each with the rule and what it",
            "measured) and summary.json; --dry-run writes nothing. With --engine spark each unit is judged on a worker, which",
            "writes its part of the output into DIR.partial: on a cluster, DIR must be on a file system every worker writes."
        })
public final class FilterCommand implements Runnable {

    @Option(
            names = {"--input", "-c", "--corpus"},
            arity = "1..*",
            paramLabel = "PATH",
            description = "Corpus files or folders.")
    List<Path> corpus = new ArrayList<>();

    @Option(
            names = "--rules",
            split = ",",
            paramLabel = "FAMILY",
            description =
                    "Rule families: language, gopher-repetition, gopher-quality, c4, fineweb, score (default: "
                            + "the four heuristic families, with language when --language is given and score with --score-field).")
    List<String> rules = new ArrayList<>();

    @Option(
            names = "--language",
            paramLabel = "CODES",
            description = "Keep these languages (ISO 639-1 as fastText labels them): en, or en,de, or en=0.8,de (a "
                    + "language's own threshold after =). Adds the language family, first in the chain.")
    String languages;

    @Option(
            names = "--language-threshold",
            paramLabel = "X",
            description = "Least score a kept language needs (datatrove: 0.65; off: the likeliest language decides). "
                    + "Without --language-model it is off unless given.")
    String languageThreshold;

    @Option(
            names = "--language-model",
            paramLabel = "FILE",
            description = "A fastText language identification model (lid.176.bin or .ftz, GlotLID's model.bin): "
                    + "datatrove's scores. Without it, Apache OpenNLP's bundled detector (its confidences are not "
                    + "fastText's probabilities).")
    Path languageModel;

    @Option(
            names = "--score-field",
            paramLabel = "F",
            description = "A numeric field the documents carry (a classifier score, a perplexity; a.b for a nested "
                    + "one): kept between --min-score and --max-score, a document without a number in it removed.")
    String scoreField;

    @Option(names = "--min-score", paramLabel = "X", description = "Least score kept (score.min).")
    String minScore;

    @Option(names = "--max-score", paramLabel = "X", description = "Most score kept (score.max).")
    String maxScore;

    @Option(
            names = "--preset",
            defaultValue = "datatrove",
            paramLabel = "P",
            description = "Thresholds to start from: datatrove, paper or fineweb-pipeline (default: ${DEFAULT-VALUE}).")
    String preset;

    @Option(
            names = "--set",
            paramLabel = "FAMILY.PARAM=VALUE",
            description = "A threshold or switch, e.g. c4.min_num_sentences=3, fineweb.char_duplicates_ratio=off "
                    + "(repeatable; --list-params shows them all).")
    List<String> sets = new ArrayList<>();

    @Option(names = "--list-params", description = "List every family's parameters and their values, and stop.")
    boolean listParams;

    @Option(
            names = "--text-field",
            defaultValue = DedupSpec.DEFAULT_TEXT_FIELD,
            paramLabel = "F",
            description = "Field with the text (default: ${DEFAULT-VALUE}).")
    String textField;

    @Option(
            names = "--id-field",
            defaultValue = DedupSpec.DEFAULT_ID_FIELD,
            paramLabel = "F",
            description =
                    "Field naming a document (default: ${DEFAULT-VALUE}; else file:line, file@offset in a file over 8 MiB).")
    String idField;

    @Option(
            names = "--source-field",
            paramLabel = "F",
            description = "Metadata field to break the counts down by (e.g. source).")
    String sourceField;

    @Option(
            names = "--out",
            paramLabel = "DIR",
            description = "Write DIR/kept/*.jsonl.zst, DIR/removed.jsonl and DIR/summary.json (a new or empty folder).")
    Path out;

    @Option(names = "--dry-run", description = "Judge and count, write nothing.")
    boolean dryRun;

    @Option(
            names = "--resume",
            description = "Continue a run into --out that was stopped (Ctrl-C, a failure, a kill): the parts it "
                    + "finished are kept in DIR.partial and only the rest is read. Same corpus and settings only.")
    boolean resume;

    @Mixin
    EngineOptions engine;

    @Mixin
    ProjectOption project;

    @Option(
            names = "--name",
            paramLabel = "NAME",
            description = "Name of the run kept with --project (default: the corpus and the families).")
    String name;

    @Mixin
    WorkspaceOption workspace;

    @Option(
            names = "--threads",
            defaultValue = "0",
            paramLabel = "N",
            description = "Units read at once (default: all cores).")
    int threads;

    @Mixin
    JsonOption output;

    @Spec
    CommandSpec spec;

    /** The contract's keys first. */
    public record Result(
            long documents,
            long kept,
            long removed,
            List<QualityResult.RuleCount> byRule,
            List<QualityResult.SourceCount> bySource,
            List<QualityResult.Overlap> overlap,
            long tokens,
            long tokensRemoved,
            List<String> rules,
            String preset,
            Map<String, String> settings,
            boolean dryRun,
            String out,
            long bytes,
            double seconds,
            List<QualityResult.Example> examples,
            List<QualityResult.Example> keptExamples,
            QualityResult.Score score,
            Language language,
            List<QualityResult.LanguageCount> byLanguage,
            String savedId) {}

    /** How languages were identified: by what, which were kept, and the family's threshold (null: off). */
    public record Language(String identifier, Map<String, Double> languages, Double threshold) {}

    /** One parameter, for --list-params. */
    public record Param(String key, String value, String datatrove, String paper, String meaning) {}

    @Override
    public void run() {
        QualitySettings settings = QualitySettings.of(QualitySettings.preset(preset));
        for (String s : sets) {
            int eq = s.indexOf('=');
            if (eq < 0) {
                throw BadInputException.of("--set", "expected FAMILY.PARAM=VALUE, got " + s);
            }
            settings = settings.with(s.substring(0, eq).strip(), s.substring(eq + 1));
        }
        if (languageThreshold != null) {
            settings = settings.with("language.language_threshold", languageThreshold);
        } else if (sets.stream().noneMatch(x -> x.strip().startsWith("language."))) {
            settings = settings.with(
                    "language.language_threshold", QualitySettings.defaultLanguageThreshold(languageModel != null));
        }
        if (languages != null) {
            settings = settings.withLanguages(languages);
        }
        if (minScore != null) {
            settings = settings.with("score.min", minScore);
        }
        if (maxScore != null) {
            settings = settings.with("score.max", maxScore);
        }
        List<QualityFamily> families = new ArrayList<>();
        for (String r : rules.isEmpty()
                ? QualityFamilies.heuristics().stream().map(QualityFamily::name).toList()
                : rules) {
            families.add(QualityFamilies.byName(r.strip(), "quality.rules"));
        }
        if (languages != null && !families.contains(QualityFamilies.language())) {
            families.add(QualityFamilies.language());
        }
        if (languageModel != null && !families.contains(QualityFamilies.language())) {
            throw new ParameterException(
                    spec.commandLine(), "--language-model is for the language family: add --language CODES");
        }
        String score = scoreField == null || scoreField.isBlank() ? null : scoreField.strip();
        if (score != null && !families.contains(QualityFamilies.score())) {
            families.add(QualityFamilies.score());
        }
        if (score == null && families.contains(QualityFamilies.score())) {
            throw new ParameterException(spec.commandLine(), "the score family needs --score-field F");
        }
        if (score == null && (minScore != null || maxScore != null)) {
            throw new ParameterException(spec.commandLine(), "--min-score and --max-score need --score-field F");
        }
        CommandContext ctx = new CommandContext(spec);
        if (listParams) {
            listParams(ctx, settings);
            return;
        }
        if (corpus.isEmpty()) {
            throw new ParameterException(spec.commandLine(), "give --input PATH (the corpus files or folders)");
        }
        if (dryRun && out != null) {
            throw new ParameterException(spec.commandLine(), "--dry-run writes nothing: leave out --out");
        }
        if (!dryRun && out == null) {
            throw new ParameterException(
                    spec.commandLine(), "give --out DIR for the filtered corpus, or --dry-run to count only");
        }
        LanguageIdentifier identifier =
                families.contains(QualityFamilies.language()) ? DataStudy.languageIdentifier(languageModel) : null;
        QualityFilter filter = new QualityFilter(families, settings, SpacyEnglishWords.instance(), identifier);
        CliProgress progress = ctx.progress();
        FilterSpec job = new FilterSpec(
                filter, textField, idField == null || idField.isBlank() ? null : idField, sourceField, score, 0);
        if (resume && dryRun) {
            throw new ParameterException(spec.commandLine(), "--resume continues a run that writes: give --out DIR");
        }
        if (!resume && !dryRun && DataStudy.filterCanResume(out)) {
            throw new ParameterException(
                    spec.commandLine(),
                    out + ".partial holds what a stopped run finished: add --resume to continue it, or delete it to "
                            + "start afresh");
        }
        QualityResult r;
        String savedId = null;
        if (project.nameOrId() != null) {
            String runName = name != null ? name : QualityRuns.defaultName(corpus, filter.families(), dryRun);
            try (Workspace ws = ctx.openWorkspace(workspace)) {
                QualityRuns runs =
                        new QualityRuns(ws, ctx.project(ws, project.nameOrId()).id());
                QualityRuns.Outcome o;
                try {
                    o = runs.run(
                            runName,
                            corpus,
                            job,
                            languageModel,
                            engine.engine(),
                            threads,
                            dryRun ? null : out,
                            resume,
                            progress,
                            CancellationToken.none());
                } catch (KeptRunFailedException e) {
                    throw new WorkspaceException(
                            e.getMessage() + "; kept in the project as failed quality-filtering run " + e.runId()
                                    + (dryRun ? "" : ": once the file is fixed, run the same command with --resume"),
                            e);
                }
                r = o.result();
                savedId = o.run().id().toString();
            }
        } else {
            r = DataStudy.filter(
                    engine.engine(),
                    corpus,
                    job,
                    languageModel,
                    threads,
                    dryRun ? null : out,
                    resume,
                    progress,
                    CancellationToken.none());
        }
        progress.done();
        QualitySettings base = QualitySettings.of(QualitySettings.preset(preset));
        Map<String, String> changed = new LinkedHashMap<>();
        for (String key : settings.differences(base)) {
            changed.put(key, QualitySettings.param(key).format(settings.values().get(key)));
        }
        Result res = new Result(
                r.documents(),
                r.kept(),
                r.removed(),
                r.byRule(),
                r.bySource(),
                r.overlap(),
                r.tokens(),
                r.tokensRemoved(),
                filter.families().stream().map(QualityFamily::name).toList(),
                preset,
                changed,
                dryRun,
                out == null ? null : out.toAbsolutePath().toString(),
                r.bytes(),
                r.seconds(),
                r.examples(),
                r.keptExamples(),
                r.score(),
                identifier == null
                        ? null
                        : new Language(
                                identifier.name(),
                                languageThresholds(settings),
                                nullIfOff(settings.get("language", "language_threshold"))),
                r.byLanguage(),
                savedId);
        ctx.print(output.json(), res, o -> {
            o.printf(
                    Locale.ROOT,
                    "%,d documents: %,d kept, %,d removed (%.1f %%; %.1f %% of words)%n",
                    r.documents(),
                    r.kept(),
                    r.removed(),
                    100 * r.removedShare(),
                    r.tokens() == 0 ? 0 : 100.0 * r.tokensRemoved() / r.tokens());
            for (QualityResult.RuleCount c : r.byRule()) {
                o.printf(
                        Locale.ROOT,
                        "  %-18s %-30s %,10d documents (%.1f %%)%n",
                        c.family(),
                        c.rule(),
                        c.documents(),
                        100 * c.share());
            }
            for (QualityResult.Overlap v : r.overlap()) {
                o.printf(
                        Locale.ROOT,
                        "  also removed by %s: %,d documents%n",
                        String.join(" + ", v.families()),
                        v.documents());
            }
            for (QualityResult.SourceCount c : r.bySource()) {
                o.printf(
                        Locale.ROOT, "  %-24s %,10d documents %,10d removed%n", c.source(), c.documents(), c.removed());
            }
            if (res.language() != null) {
                o.printf(
                        Locale.ROOT,
                        "  language by %s: keeping %s, threshold %s%n",
                        res.language().identifier(),
                        res.language().languages().isEmpty()
                                ? "any language"
                                : String.join(", ", res.language().languages().keySet()),
                        res.language().threshold() == null
                                ? "off (the likeliest language decides)"
                                : res.language().threshold());
                for (QualityResult.LanguageCount c :
                        r.byLanguage().subList(0, Math.min(8, r.byLanguage().size()))) {
                    o.printf(
                            Locale.ROOT,
                            "    %-8s %,10d documents %,10d removed%n",
                            c.language(),
                            c.documents(),
                            c.removed());
                }
            }
            if (r.score() != null) {
                QualityResult.Score sc = r.score();
                o.printf(
                        Locale.ROOT,
                        "  score field %s: %,d documents with a number (least %s, mean %s, most %s), %,d without%n",
                        sc.field(),
                        sc.documents(),
                        number(sc.min()),
                        number(sc.mean()),
                        number(sc.max()),
                        sc.missing());
            }
            o.printf(Locale.ROOT, "Read %,.1f MB in %.1f s%n", r.bytes() / 1e6, r.seconds());
            if (res.out() != null) {
                o.println("Wrote " + res.out() + " (kept/*.jsonl.zst, removed.jsonl, summary.json)");
            } else {
                o.println("Dry run: nothing written");
            }
            if (res.savedId() != null) {
                o.println("Kept in the project as quality-filtering run " + res.savedId());
            }
        });
    }

    /** Each kept language with its threshold (the family's where it has none of its own; null: off). */
    private static Map<String, Double> languageThresholds(QualitySettings s) {
        Map<String, Double> out = new LinkedHashMap<>();
        s.languages().keySet().forEach(k -> out.put(k, nullIfOff(s.languageThreshold(k))));
        return out;
    }

    private static Double nullIfOff(double v) {
        return Double.isNaN(v) ? null : v;
    }

    private static String number(double v) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.4g", v);
    }

    private void listParams(CommandContext ctx, QualitySettings settings) {
        List<Param> params = new ArrayList<>();
        for (QualityFamily f : QualityFamilies.ALL) {
            for (QualityParam p : f.params()) {
                String key = f.name() + "." + p.name();
                params.add(new Param(
                        key,
                        p.format(settings.values().get(key)),
                        p.format(p.datatrove()),
                        p.format(p.paper()),
                        p.meaning()));
            }
        }
        ctx.print(output.json(), params, o -> {
            for (Param p : params) {
                o.printf(Locale.ROOT, "%-44s %-8s %s%n", p.key(), p.value(), p.meaning());
            }
        });
    }
}
