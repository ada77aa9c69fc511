package dev.sextant.model.training.validation;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * Predictions of every published run, summarised overall, per source group and per error class (dense or MoE, GPU
 * generation, stack). Errors are in step time: predicted / measured − 1, negative when the prediction is faster.
 *
 * @param protocol    how the predictions were made ("in-sample", "leave-one-source-out")
 * @param predictions one per run, in the set's order
 */
public record ValidationReport(String protocol, List<Prediction> predictions) {

    public ValidationReport {
        predictions = List.copyOf(predictions);
    }

    public ErrorSummary overall() {
        return ErrorSummary.of(predictions);
    }

    /** Per source group, in the order the groups first appear. */
    public Map<String, ErrorSummary> bySourceGroup() {
        return summarise(p -> p.run().sourceGroup(), new LinkedHashMap<>());
    }

    /** Per error class, sorted by name. */
    public Map<String, ErrorSummary> byClass() {
        return summarise(p -> p.run().errorClass(), new TreeMap<>());
    }

    /** Mean over source groups of each group's mean absolute error: every source counts once, however many rows it has. */
    public double meanAbsolutePerSource() {
        return bySourceGroup().values().stream()
                .mapToDouble(ErrorSummary::meanAbsolute)
                .average()
                .orElseThrow();
    }

    private Map<String, ErrorSummary> summarise(
            Function<Prediction, String> key, Map<String, List<Prediction>> groups) {
        for (Prediction p : predictions) {
            groups.computeIfAbsent(key.apply(p), k -> new ArrayList<>()).add(p);
        }
        Map<String, ErrorSummary> out = new LinkedHashMap<>();
        groups.forEach((k, v) -> out.put(k, ErrorSummary.of(v)));
        return out;
    }

    /** The report as Markdown: the headline, the tables per source group and per class, then every run. */
    public String markdown() {
        ErrorSummary all = overall();
        StringBuilder md = new StringBuilder();
        md.append(String.format(
                Locale.ROOT,
                "**%s step-time error over %d published runs from %d independent sources: mean %.1f %%"
                        + " (%.1f %% weighting every source equally), worst %s %+.1f %%; %d of %d predicted faster than measured.**%n%n",
                capitalised(protocol),
                all.runs(),
                bySourceGroup().size(),
                100 * all.meanAbsolute(),
                100 * meanAbsolutePerSource(),
                all.worst().run().id(),
                100 * all.worst().stepError(),
                all.optimistic(),
                all.runs()));
        md.append("Error = predicted / measured step time − 1 (negative: predicted faster than measured).\n\n");
        md.append("### By source group\n\n");
        summaryTable(md, "source group", bySourceGroup());
        md.append("\n### By class (model × GPU generation × stack)\n\n");
        summaryTable(md, "class", byClass());
        md.append(
                "\n### Every run\n\n| run | source group | class | model | GPUs | TP/PP/CP/EP/DP/v, mb/gb, ZeRO | recompute, precision"
                        + " | measured | predicted | step error |\n|---|---|---|---|---|---|---|---|---|---|\n");
        for (Prediction p : predictions) {
            PublishedRun r = p.run();
            String unit = r.metric().unit();
            md.append(String.format(
                    Locale.ROOT,
                    "| %s | %s | %s | %s | %d × %s | %d/%d/%d/%d/%d/%d, %d/%d, %d | %s, %s%s | %s %s | %s %s | %+.1f %% |%n",
                    r.id(),
                    r.sourceGroup(),
                    r.errorClass(),
                    r.modelSpec(),
                    r.gpus(),
                    r.gpuId(),
                    r.tp(),
                    r.pp(),
                    r.cp(),
                    r.ep(),
                    r.dp(),
                    r.vpp(),
                    r.microBatch(),
                    r.globalBatch(),
                    r.zeroStage(),
                    r.recompute().slug(),
                    r.precision().slug(),
                    r.fp8Recipe().equals("none") ? "" : " (" + r.fp8Recipe() + ")",
                    number(r.measured()),
                    unit,
                    number(r.metricValue(p.predictedSeconds())),
                    unit,
                    100 * p.stepError()));
        }
        return md.toString();
    }

    private static void summaryTable(StringBuilder md, String what, Map<String, ErrorSummary> rows) {
        md.append("| ")
                .append(what)
                .append(" | runs | mean abs. | mean signed | median signed | worst | faster than measured |\n"
                        + "|---|---|---|---|---|---|---|\n");
        rows.forEach((k, s) -> md.append(String.format(
                Locale.ROOT,
                "| %s | %d | %.1f %% | %+.1f %% | %+.1f %% | %s %+.1f %% | %d of %d |%n",
                k,
                s.runs(),
                100 * s.meanAbsolute(),
                100 * s.meanSigned(),
                100 * s.medianSigned(),
                s.worst().run().id(),
                100 * s.worst().stepError(),
                s.optimistic(),
                s.runs())));
    }

    private static String number(double v) {
        return v >= 100 ? String.format(Locale.ROOT, "%.0f", v) : String.format(Locale.ROOT, "%.3g", v);
    }

    private static String capitalised(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }
}
