package dev.sextant.model.monitoring;

import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.ToDoubleFunction;
import org.apache.commons.math3.distribution.ChiSquaredDistribution;

/**
 * How current a rollout decision's evidence is: each layer's date and age, and whether production traffic has moved
 * since the evidence was gathered — the prompt and output lengths of the traffic after the newest evidence date set
 * against the traffic before it, and against the evaluation's own sample (lengths and category mix), as a population
 * stability index, counted only beyond what sampling alone gives (as
 * {@link TrafficMonitor}'s drift). A large shift (PSI ≥ 0.25) makes the decision stale: it was made on a workload
 * that is no longer the one served. A feedback rotation newer than the private suite's evidence is named, since its
 * scores, once imported, re-decide.
 */
public final class EvidenceFreshness {

    /** Requests each side needs before their lengths are compared. */
    static final int MIN_SIDE = 200;

    /** One layer's evidence date and age in days. */
    public record LayerAge(String layer, LocalDate date, long ageDays) {}

    /**
     * The traffic's shift since the evidence: PSI of a length or of a category column's mix, against the traffic before
     * the evidence ({@code against} "earlier traffic") or the evaluation's own sample ("evaluation sample": the items of
     * the rotation the private suite was scored on), and how many requests or items each side had.
     */
    public record Shift(String column, String against, double psi, String severity, long before, long after) {}

    /** Items the evaluation's sample needs before it is compared. */
    static final int MIN_SAMPLE = 50;
    /** Columns that name who served a request, not what was asked: not a workload's mix. */
    static final Set<String> SERVING_COLUMNS = Set.of("model", "version");

    /**
     * @param since the date traffic is compared from (the newest evidence), or null without evidence
     * @param stale the decision rests on traffic that has moved (or on nothing that can be dated)
     */
    public record Result(
            List<LayerAge> layers,
            LocalDate since,
            List<Shift> shifts,
            LocalDate newerRotation,
            boolean stale,
            List<String> reasons) {}

    private EvidenceFreshness() {}

    /**
     * @param layerDates     each layer's evidence date
     * @param traffic        the project's production requests (may be empty)
     * @param latestRotation the newest feedback rotation made from the traffic, or null
     */
    public static Result assess(
            Map<String, LocalDate> layerDates, LocalDate today, List<Request> traffic, LocalDate latestRotation) {
        return assess(layerDates, today, traffic, latestRotation, List.of(), Map.of());
    }

    /**
     * As above, and the traffic since the evidence set against the evaluation's own sample too: its prompt and output
     * lengths, and its mix of each category column the sample's items carry (route, task, language… — not the model or
     * version that served them).
     *
     * @param evaluationSample the items the private suite was scored on, as requests (segments and lengths), or empty
     * @param mixSince         the traffic since the evidence counted by its segments
     */
    public static Result assess(
            Map<String, LocalDate> layerDates,
            LocalDate today,
            List<Request> traffic,
            LocalDate latestRotation,
            List<Request> evaluationSample,
            Map<Map<String, String>, Long> mixSince) {
        List<LayerAge> layers = new ArrayList<>();
        layerDates.forEach(
                (layer, date) -> layers.add(new LayerAge(layer, date, ChronoUnit.DAYS.between(date, today))));
        List<String> reasons = new ArrayList<>();
        LocalDate since = layerDates.values().stream().max(LocalDate::compareTo).orElse(null);
        List<Shift> shifts = new ArrayList<>();
        boolean stale = false;
        if (since == null) {
            reasons.add("no evidence is dated: import the suites and replays the decision rests on");
        } else if (traffic.isEmpty()) {
            reasons.add("no production traffic kept in the project: whether the workload moved since " + since
                    + " is unknown");
        } else {
            long cut =
                    since.plusDays(1).atStartOfDay(ZoneOffset.UTC).toInstant().toEpochMilli();
            List<Request> before =
                    traffic.stream().filter(r -> r.epochMillis() < cut).toList();
            List<Request> after =
                    traffic.stream().filter(r -> r.epochMillis() >= cut).toList();
            if (after.size() < MIN_SIDE) {
                reasons.add(String.format(
                        Locale.ROOT,
                        "%,d requests kept since %s: too few to tell whether the traffic moved",
                        after.size(),
                        since));
            } else {
                // without traffic from before the evidence, the first stretch of what is kept stands for it
                List<Request> reference = before.size() >= MIN_SIDE ? before : after.subList(0, after.size() / 4);
                List<Request> current =
                        before.size() >= MIN_SIDE ? after : after.subList(after.size() / 4, after.size());
                if (before.size() < MIN_SIDE) {
                    reasons.add("no traffic kept from before " + since
                            + ": the first quarter of the later traffic stands for the workload then");
                }
                for (String column : new String[] {"input_tokens", "output_tokens"}) {
                    ToDoubleFunction<Request> f =
                            column.equals("input_tokens") ? Request::inputTokens : Request::outputTokens;
                    Shift s = shift(column, "earlier traffic", reference, current, f, MIN_SIDE);
                    if (s != null) {
                        shifts.add(s);
                        if (s.severity().equals("large")) {
                            stale = true;
                            reasons.add(String.format(
                                    Locale.ROOT,
                                    "the traffic's %s moved since the evidence of %s (PSI %.2f on %,d requests against %,d): "
                                            + "the decision was made on another workload",
                                    column.replace('_', ' '),
                                    since,
                                    s.psi(),
                                    s.after(),
                                    s.before()));
                        }
                    }
                }
            }
            if (evaluationSample.size() >= MIN_SAMPLE && after.size() >= MIN_SIDE) {
                for (String column : new String[] {"input_tokens", "output_tokens"}) {
                    ToDoubleFunction<Request> f =
                            column.equals("input_tokens") ? Request::inputTokens : Request::outputTokens;
                    Shift s = shift(column, "evaluation sample", evaluationSample, after, f, MIN_SAMPLE);
                    stale |= note(s, shifts, reasons, since);
                }
            }
            if (evaluationSample.size() >= MIN_SAMPLE) {
                for (Shift s : mixShifts(evaluationSample, mixSince)) {
                    stale |= note(s, shifts, reasons, since);
                }
            }
        }
        LocalDate privateDate = layerDates.get("private");
        LocalDate newer = latestRotation != null && (privateDate == null || latestRotation.isAfter(privateDate))
                ? latestRotation
                : null;
        if (newer != null) {
            reasons.add("feedback rotation " + newer + " is newer than the private suite's evidence"
                    + (privateDate == null ? "" : " (" + privateDate + ")")
                    + ": import its scores (layer private, rotation " + newer + ") to re-decide");
        }
        return new Result(List.copyOf(layers), since, List.copyOf(shifts), newer, stale, List.copyOf(reasons));
    }

    /** Adds a shift against the evaluation's sample and, when large, its reason; true when it makes the decision stale. */
    private static boolean note(Shift s, List<Shift> shifts, List<String> reasons, LocalDate since) {
        if (s == null) {
            return false;
        }
        shifts.add(s);
        if (!s.severity().equals("large")) {
            return false;
        }
        reasons.add(String.format(
                Locale.ROOT,
                "the traffic since %s is not what the evaluation sampled: its %s differs from the evaluation's "
                        + "sample (PSI %.2f on %,d requests against %,d items)",
                since,
                s.column().replace('_', ' '),
                s.psi(),
                s.after(),
                s.before()));
        return true;
    }

    /**
     * PSI over the reference's deciles, with the noise floor of {@link TrafficMonitor}; null when either side has fewer
     * than {@code min} values.
     */
    static Shift shift(
            String column,
            String against,
            List<Request> reference,
            List<Request> current,
            ToDoubleFunction<Request> f,
            int min) {
        double[] ref = reference.stream()
                .mapToDouble(f)
                .filter(Double::isFinite)
                .sorted()
                .toArray();
        double[] now = current.stream().mapToDouble(f).filter(Double::isFinite).toArray();
        if (ref.length < min || now.length < MIN_SIDE) {
            return null;
        }
        double[] edges = TrafficMonitor.deciles(ref);
        double psi = TrafficMonitor.psi(TrafficMonitor.shares(ref, edges), TrafficMonitor.shares(now, edges));
        String severity = TrafficMonitor.psiSeverity(psi, now.length, ref.length);
        return new Shift(column, against, psi, severity, ref.length, now.length);
    }

    /**
     * Each category column of the sample's items (but the serving ones) as a mix — the share of each value — set against
     * the traffic's since the evidence: PSI over the values either side has (half a count added to each), counted only
     * beyond sampling noise, χ² with values − 1 degrees of freedom at 99.9 % times (1/n + 1/m) (Yurdakul 2018, as the
     * length PSI's floor).
     */
    static List<Shift> mixShifts(List<Request> sample, Map<Map<String, String>, Long> mixSince) {
        List<Shift> out = new ArrayList<>();
        Set<String> columns = new TreeSet<>();
        sample.forEach(r -> columns.addAll(r.segments().keySet()));
        columns.removeAll(SERVING_COLUMNS);
        long m = mixSince.values().stream().mapToLong(Long::longValue).sum();
        if (m < MIN_SIDE) {
            return out;
        }
        for (String column : columns) {
            Map<String, Double> ref = new TreeMap<>();
            sample.forEach(r -> ref.merge(r.segments().getOrDefault(column, "(none)"), 1.0, Double::sum));
            Map<String, Double> now = new TreeMap<>();
            mixSince.forEach((seg, n) -> now.merge(seg.getOrDefault(column, "(none)"), (double) n, Double::sum));
            Set<String> values = new TreeSet<>(ref.keySet());
            values.addAll(now.keySet());
            if (values.size() < 2) {
                continue;
            }
            int k = values.size();
            double psi = 0;
            for (String v : values) {
                double e = (ref.getOrDefault(v, 0.0) + 0.5) / (sample.size() + 0.5 * k);
                double a = (now.getOrDefault(v, 0.0) + 0.5) / (m + 0.5 * k);
                psi += (a - e) * Math.log(a / e);
            }
            double noise = new ChiSquaredDistribution(null, k - 1).inverseCumulativeProbability(0.999)
                    * (1.0 / sample.size() + 1.0 / m);
            String severity = psi <= noise || psi < TrafficMonitor.PSI_MODERATE
                    ? "none"
                    : psi >= TrafficMonitor.PSI_LARGE ? "large" : "moderate";
            out.add(new Shift(column, "evaluation sample", psi, severity, sample.size(), m));
        }
        return out;
    }
}
