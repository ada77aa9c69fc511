package dev.sextant.model.monitoring;

import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * How current a rollout decision's evidence is: each layer's date and age, and whether production traffic has moved
 * since the evidence was gathered — the prompt and output lengths of the traffic after the newest evidence date set
 * against the traffic before it as a population stability index, counted only beyond what sampling alone gives (as
 * {@link TrafficMonitor}'s drift). A large shift (PSI ≥ 0.25) makes the decision stale: it was made on a workload
 * that is no longer the one served. A feedback rotation newer than the private suite's evidence is named, since its
 * scores, once imported, re-decide.
 */
public final class EvidenceFreshness {

    /** Requests each side needs before their lengths are compared. */
    static final int MIN_SIDE = 200;

    /** One layer's evidence date and age in days. */
    public record LayerAge(String layer, LocalDate date, long ageDays) {
    }

    /** The traffic's shift since the evidence: PSI of a length, and how many requests each side had. */
    public record Shift(String column, double psi, String severity, long before, long after) {
    }

    /**
     * @param since the date traffic is compared from (the newest evidence), or null without evidence
     * @param stale the decision rests on traffic that has moved (or on nothing that can be dated)
     */
    public record Result(List<LayerAge> layers, LocalDate since, List<Shift> shifts, LocalDate newerRotation, boolean stale, List<String> reasons) {
    }

    private EvidenceFreshness() {
    }

    /**
     * @param layerDates     each layer's evidence date
     * @param traffic        the project's production requests (may be empty)
     * @param latestRotation the newest feedback rotation made from the traffic, or null
     */
    public static Result assess(Map<String, LocalDate> layerDates, LocalDate today, List<Request> traffic, LocalDate latestRotation) {
        List<LayerAge> layers = new ArrayList<>();
        layerDates.forEach((layer, date) -> layers.add(new LayerAge(layer, date, ChronoUnit.DAYS.between(date, today))));
        List<String> reasons = new ArrayList<>();
        LocalDate since = layerDates.values().stream().max(LocalDate::compareTo).orElse(null);
        List<Shift> shifts = new ArrayList<>();
        boolean stale = false;
        if (since == null) {
            reasons.add("no evidence is dated: import the suites and replays the decision rests on");
        } else if (traffic.isEmpty()) {
            reasons.add("no production traffic kept in the project: whether the workload moved since " + since + " is unknown");
        } else {
            long cut = since.plusDays(1).atStartOfDay(ZoneOffset.UTC).toInstant().toEpochMilli();
            List<Request> before = traffic.stream().filter(r -> r.epochMillis() < cut).toList();
            List<Request> after = traffic.stream().filter(r -> r.epochMillis() >= cut).toList();
            if (after.size() < MIN_SIDE) {
                reasons.add(String.format(Locale.ROOT, "%,d requests kept since %s: too few to tell whether the traffic moved", after.size(), since));
            } else {
                // without traffic from before the evidence, the first stretch of what is kept stands for it
                List<Request> reference = before.size() >= MIN_SIDE ? before : after.subList(0, after.size() / 4);
                List<Request> current = before.size() >= MIN_SIDE ? after : after.subList(after.size() / 4, after.size());
                if (before.size() < MIN_SIDE) {
                    reasons.add("no traffic kept from before " + since + ": the first quarter of the later traffic stands for the workload then");
                }
                for (String column : new String[] {"input_tokens", "output_tokens"}) {
                    ToDoubleFunction<Request> f = column.equals("input_tokens") ? Request::inputTokens : Request::outputTokens;
                    Shift s = shift(column, reference, current, f);
                    if (s != null) {
                        shifts.add(s);
                        if (s.severity().equals("large")) {
                            stale = true;
                            reasons.add(String.format(Locale.ROOT, "the traffic's %s moved since the evidence of %s (PSI %.2f on %,d requests against %,d): "
                                    + "the decision was made on another workload", column.replace('_', ' '), since, s.psi(), s.after(), s.before()));
                        }
                    }
                }
            }
        }
        LocalDate privateDate = layerDates.get("private");
        LocalDate newer = latestRotation != null && (privateDate == null || latestRotation.isAfter(privateDate)) ? latestRotation : null;
        if (newer != null) {
            reasons.add("feedback rotation " + newer + " is newer than the private suite's evidence"
                    + (privateDate == null ? "" : " (" + privateDate + ")") + ": import its scores (layer private, rotation " + newer + ") to re-decide");
        }
        return new Result(List.copyOf(layers), since, List.copyOf(shifts), newer, stale, List.copyOf(reasons));
    }

    /** PSI over the reference's deciles, with the noise floor of {@link TrafficMonitor}; null when either side has too few values. */
    static Shift shift(String column, List<Request> reference, List<Request> current, ToDoubleFunction<Request> f) {
        double[] ref = reference.stream().mapToDouble(f).filter(Double::isFinite).sorted().toArray();
        double[] now = current.stream().mapToDouble(f).filter(Double::isFinite).toArray();
        if (ref.length < MIN_SIDE || now.length < MIN_SIDE) {
            return null;
        }
        double[] edges = TrafficMonitor.deciles(ref);
        double psi = TrafficMonitor.psi(TrafficMonitor.shares(ref, edges), TrafficMonitor.shares(now, edges));
        String severity = TrafficMonitor.psiSeverity(psi, now.length, ref.length);
        return new Shift(column, psi, severity, ref.length, now.length);
    }
}
