package dev.sextant.model.serving.validation;

import dev.sextant.model.serving.ServingIntervals;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Predictions against published serving measurements under one protocol, summarised overall, by source group and by
 * class (metric, dense or MoE, GPU).
 */
public record ServingReport(String protocol, List<ServingPrediction> predictions) {

    public ServingReport {
        predictions = List.copyOf(predictions);
    }

    /**
     * @param count        predictions summarised
     * @param meanAbsolute mean of |predicted / measured − 1|
     * @param meanSigned   mean of predicted / measured − 1
     * @param within10     share within ±10 %
     * @param within25     share within ±25 %
     * @param worst        the largest absolute error
     */
    public record Summary(
            int count,
            double meanAbsolute,
            double meanSigned,
            double within10,
            double within25,
            ServingPrediction worst,
            int refused) {
        static Summary of(List<ServingPrediction> all) {
            List<ServingPrediction> ps =
                    all.stream().filter(p -> !p.isRefused()).toList();
            int refused = all.size() - ps.size();
            if (ps.isEmpty()) {
                return new Summary(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, all.get(0), refused);
            }
            double abs = 0;
            double signed = 0;
            int w10 = 0;
            int w25 = 0;
            for (ServingPrediction p : ps) {
                double e = p.error();
                abs += Math.abs(e);
                signed += e;
                w10 += Math.abs(e) <= 0.10 ? 1 : 0;
                w25 += Math.abs(e) <= 0.25 ? 1 : 0;
            }
            int n = ps.size();
            ServingPrediction worst = ps.stream()
                    .max(Comparator.comparingDouble(p -> Math.abs(p.error())))
                    .orElseThrow();
            return new Summary(n, abs / n, signed / n, (double) w10 / n, (double) w25 / n, worst, refused);
        }
    }

    public Summary overall() {
        return Summary.of(predictions);
    }

    /** Summaries keyed by {@code key}, in the order keys first appear. */
    public Map<String, Summary> by(Function<ServingPrediction, String> key) {
        Map<String, List<ServingPrediction>> groups = new LinkedHashMap<>();
        for (ServingPrediction p : predictions) {
            groups.computeIfAbsent(key.apply(p), k -> new ArrayList<>()).add(p);
        }
        Map<String, Summary> out = new LinkedHashMap<>();
        groups.forEach((k, v) -> out.put(k, Summary.of(v)));
        return out;
    }

    /**
     * The 80 % intervals these predictions' ratios measured / predicted give, by kind of prediction, each source group
     * weighing the same within a kind (meaningful for held-out predictions).
     */
    public ServingIntervals intervals() {
        return new ServingIntervals(
                factors(ServingMetric.OUTPUT_TPS),
                factors(ServingMetric.TTFT_MS),
                factors(ServingMetric.ITL_MS, ServingMetric.E2E_MS));
    }

    private ServingIntervals.Factors factors(ServingMetric... kinds) {
        List<ServingPrediction> ps = predictions.stream()
                .filter(p ->
                        !p.isRefused() && Arrays.asList(kinds).contains(p.run().metric()))
                .toList();
        Map<String, Long> perSource =
                ps.stream().collect(Collectors.groupingBy(p -> p.run().sourceGroup(), Collectors.counting()));
        double[] ratios = new double[ps.size()];
        double[] weights = new double[ps.size()];
        for (int i = 0; i < ps.size(); i++) {
            ServingPrediction p = ps.get(i);
            ratios[i] = p.run().measured() / p.predicted();
            weights[i] = 1.0 / perSource.get(p.run().sourceGroup()) / perSource.size();
        }
        return ServingIntervals.Factors.of(ratios, weights);
    }

    public Map<String, Summary> bySource() {
        return by(p -> p.run().sourceGroup());
    }

    /** By metric kind, dense or MoE, and GPU. */
    public Map<String, Summary> byClass() {
        return by(p -> p.run().metric().slug() + ", " + p.run().modelClass() + ", "
                + p.run().gpuId());
    }

    /** The report as Markdown: the headline, the groups, the classes and every prediction. */
    public String markdown() {
        StringBuilder b = new StringBuilder();
        Summary all = overall();
        b.append(String.format(
                Locale.ROOT,
                "## %s: %d measurements, %d source groups, %d organisations%n%n",
                protocol,
                predictions.size(),
                bySource().size(),
                by(p -> p.run().organisation()).size()));
        if (all.refused() > 0) {
            b.append(String.format(
                    Locale.ROOT,
                    "%d configurations refused by the simulator (listed below), not in the errors.%n%n",
                    all.refused()));
        }
        b.append(String.format(
                Locale.ROOT,
                "Mean absolute error %.1f %% (signed %+.1f %%); within 10 %%: %.0f %%; within 25 %%: %.0f %%; "
                        + "worst %s %+.0f %%.%n%n",
                100 * all.meanAbsolute(),
                100 * all.meanSigned(),
                100 * all.within10(),
                100 * all.within25(),
                all.worst().run().id(),
                100 * all.worst().error()));
        table(b, "source group", bySource());
        table(b, "class", byClass());
        table(b, "metric", by(p -> p.run().metric().slug()));
        b.append(
                "| id | source | engine | model | GPU × n | TP | load | in/out | metric | measured | predicted | error |\n");
        b.append("|---|---|---|---|---|---|---|---|---|---|---|---|\n");
        for (ServingPrediction p : predictions) {
            PublishedServingRun r = p.run();
            if (p.isRefused()) {
                b.append(String.format(
                        Locale.ROOT,
                        "| %s | %s | %s %s | %s | %s × %d | %d | %s × %d | %d/%d | %s | %.4g | refused: %s | |%n",
                        r.id(),
                        r.sourceGroup(),
                        r.engine().id(),
                        r.engineVersion(),
                        r.modelId(),
                        r.gpuId(),
                        r.gpus(),
                        r.tp(),
                        r.load(),
                        r.requests(),
                        r.promptTokens(),
                        r.outputTokens(),
                        r.metric().slug(),
                        r.measured(),
                        p.refusal()));
                continue;
            }
            b.append(String.format(
                    Locale.ROOT,
                    "| %s | %s | %s %s | %s | %s × %d | %d | %s × %d | %d/%d | %s | %.4g | %.4g | %+.1f %% |%n",
                    r.id(),
                    r.sourceGroup(),
                    r.engine().id(),
                    r.engineVersion(),
                    r.modelId(),
                    r.gpuId(),
                    r.gpus(),
                    r.tp(),
                    r.load(),
                    r.requests(),
                    r.promptTokens(),
                    r.outputTokens(),
                    r.metric().slug(),
                    r.measured(),
                    p.predicted(),
                    100 * p.error()));
        }
        return b.toString();
    }

    private static void table(StringBuilder b, String what, Map<String, Summary> rows) {
        b.append("| ")
                .append(what)
                .append(" | n | mean |error| | signed | within 25 % | worst |\n|---|---|---|---|---|---|\n");
        rows.values().removeIf(s -> s.count() == 0);
        rows.forEach((k, s) -> b.append(String.format(
                Locale.ROOT,
                "| %s | %d | %.1f %% | %+.1f %% | %.0f %% | %s %+.0f %% |%n",
                k,
                s.count(),
                100 * s.meanAbsolute(),
                100 * s.meanSigned(),
                100 * s.within25(),
                s.worst().run().id(),
                100 * s.worst().error())));
        b.append('\n');
    }
}
