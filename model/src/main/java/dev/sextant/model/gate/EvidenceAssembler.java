package dev.sextant.model.gate;

import dev.sextant.model.InputError;
import dev.sextant.model.evaluation.Battle;
import dev.sextant.model.evaluation.BenchmarkWeight;
import dev.sextant.model.evaluation.CapabilityProfile;
import dev.sextant.model.evaluation.ItemScore;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Gathers the evidence a policy's checks need for one candidate against one incumbent: public benchmarks from the
 * project's evaluation item scores (paired by item, samples averaged), their credibility from the project's
 * contamination scans, blind battles between the two, and imported private suites (the latest rotation, its overlap
 * with earlier ones), regression suites and traffic replays.
 */
public final class EvidenceAssembler {

    /** A benchmark whose completed scan found at least this share of its items dirty counts as contaminated. */
    public static final double CONTAMINATED_SHARE = 0.05;
    /** A private suite rotation sharing at least this share of its items with earlier rotations is stale. */
    public static final double STALE_OVERLAP = 0.5;

    /** What a contamination scan found for a benchmark. */
    public record Contamination(String benchmark, int items, int dirty, String scan) {}

    private EvidenceAssembler() {}

    public static List<GateEvidence> assemble(
            GatePolicy policy,
            String candidate,
            String incumbent,
            List<ItemScore> items,
            List<Battle> battles,
            List<Contamination> scans,
            List<Observations> observations) {
        return assemble(policy, candidate, incumbent, items, battles, scans, observations, null);
    }

    /** A public check's metric naming a capability dimension rather than one benchmark, e.g. {@code dimension:code}. */
    public static final String DIMENSION = "dimension:";

    /**
     * As above; a public check on {@code dimension:NAME} pairs the items of every benchmark placed on that dimension
     * (by the index's weight table, {@code indexWeights}, else the defaults of {@link dev.sextant.model.evaluation.CapabilityProfile}):
     * a regression check on code as a whole, not on one code benchmark.
     */
    public static List<GateEvidence> assemble(
            GatePolicy policy,
            String candidate,
            String incumbent,
            List<ItemScore> items,
            List<Battle> battles,
            List<Contamination> scans,
            List<Observations> observations,
            List<BenchmarkWeight> indexWeights) {
        List<GateEvidence> out = new ArrayList<>();
        for (GatePolicy.Check c : policy.checks()) {
            GateEvidence e =
                    switch (c.layer()) {
                        case PUBLIC -> c.metric().startsWith(DIMENSION)
                                ? dimension(c.metric(), candidate, incumbent, items, indexWeights)
                                : publicBenchmark(c.metric(), candidate, incumbent, items, scans);
                        case PAIRWISE -> battles(c.metric(), candidate, incumbent, battles);
                        default -> imported(c.layer(), c.metric(), candidate, incumbent, observations);
                    };
            if (e != null) {
                out.add(e);
            }
        }
        return out;
    }

    static GateEvidence publicBenchmark(
            String benchmark, String candidate, String incumbent, List<ItemScore> items, List<Contamination> scans) {
        Map<String, double[]> can = meanByItem(items, benchmark, candidate);
        Map<String, double[]> inc = meanByItem(items, benchmark, incumbent);
        List<String> shared =
                can.keySet().stream().filter(inc::containsKey).sorted().toList();
        if (shared.isEmpty()) {
            return null;
        }
        double[] a = shared.stream()
                .mapToDouble(id -> can.get(id)[0] / can.get(id)[1])
                .toArray();
        double[] b = shared.stream()
                .mapToDouble(id -> inc.get(id)[0] / inc.get(id)[1])
                .toArray();
        GateEvidence e = GateEvidence.values(
                GatePolicy.Layer.PUBLIC,
                benchmark,
                a,
                b,
                "evaluation item scores (" + shared.size() + " shared items)");
        for (Contamination s : scans) {
            if (s.benchmark().equals(benchmark)
                    && s.items() > 0
                    && (double) s.dirty() / s.items() >= CONTAMINATED_SHARE) {
                return e.withLowCredibility(String.format(
                        Locale.ROOT,
                        "contaminated: %d of %d items (%.0f %%) dirty in scan “%s”",
                        s.dirty(),
                        s.items(),
                        100.0 * s.dirty() / s.items(),
                        s.scan()));
            }
        }
        return e;
    }

    /**
     * A dimension's evidence: the shared items of all its benchmarks (each item by benchmark and id), each model's item
     * means paired; null when the two models share none.
     */
    static GateEvidence dimension(
            String metric,
            String candidate,
            String incumbent,
            List<ItemScore> items,
            List<BenchmarkWeight> indexWeights) {
        String wanted = CapabilityProfile.canonical(metric.substring(DIMENSION.length()));
        if (wanted == null) {
            throw new InputError(
                    "gate.policy",
                    "'" + metric + "' names no dimension: write dimension: and one of "
                            + String.join(", ", CapabilityProfile.DIMENSIONS));
        }
        Map<String, BenchmarkWeight> index = new LinkedHashMap<>();
        if (indexWeights != null) {
            indexWeights.forEach(w -> index.put(w.benchmark(), w));
        }
        List<String> benchmarks = items.stream()
                .map(ItemScore::benchmark)
                .distinct()
                .filter(b -> {
                    var p = CapabilityProfile.placement(b, index);
                    return p != null && p.dimension().equals(wanted);
                })
                .sorted()
                .toList();
        List<Double> a = new ArrayList<>();
        List<Double> b = new ArrayList<>();
        for (String bench : benchmarks) {
            Map<String, double[]> can = meanByItem(items, bench, candidate);
            Map<String, double[]> inc = meanByItem(items, bench, incumbent);
            for (String id :
                    can.keySet().stream().filter(inc::containsKey).sorted().toList()) {
                a.add(can.get(id)[0] / can.get(id)[1]);
                b.add(inc.get(id)[0] / inc.get(id)[1]);
            }
        }
        if (a.isEmpty()) {
            return null;
        }
        return GateEvidence.values(
                GatePolicy.Layer.PUBLIC,
                metric,
                a.stream().mapToDouble(Double::doubleValue).toArray(),
                b.stream().mapToDouble(Double::doubleValue).toArray(),
                "evaluation item scores of " + String.join(", ", benchmarks) + " (" + a.size() + " shared items)");
    }

    private static Map<String, double[]> meanByItem(List<ItemScore> items, String benchmark, String model) {
        Map<String, double[]> sums = new LinkedHashMap<>();
        for (ItemScore s : items) {
            if (s.benchmark().equals(benchmark) && s.model().equals(model)) {
                double[] acc = sums.computeIfAbsent(s.itemId(), k -> new double[2]);
                acc[0] += s.score();
                acc[1]++;
            }
        }
        return sums;
    }

    static GateEvidence battles(String metric, String candidate, String incumbent, List<Battle> battles) {
        int wins = 0;
        int losses = 0;
        int ties = 0;
        for (Battle b : battles) {
            boolean aIsCandidate = b.modelA().equals(candidate) && b.modelB().equals(incumbent);
            boolean bIsCandidate = b.modelB().equals(candidate) && b.modelA().equals(incumbent);
            if (!aIsCandidate && !bIsCandidate) {
                continue;
            }
            switch (b.winner()) {
                case MODEL_A -> {
                    if (aIsCandidate) {
                        wins++;
                    } else {
                        losses++;
                    }
                }
                case MODEL_B -> {
                    if (bIsCandidate) {
                        wins++;
                    } else {
                        losses++;
                    }
                }
                default -> ties++;
            }
        }
        if (wins + losses + ties == 0) {
            return null;
        }
        return GateEvidence.battles(
                metric, wins, losses, ties, "blind battles (" + (wins + losses + ties) + " between the two)");
    }

    static GateEvidence imported(
            GatePolicy.Layer layer,
            String metric,
            String candidate,
            String incumbent,
            List<Observations> observations) {
        List<Observations> mine = observations.stream()
                .filter(o -> o.layer() == layer && o.metric().equals(metric))
                .toList();
        Observations can = latest(mine, candidate);
        Observations inc = latest(mine, incumbent);
        if (can == null || inc == null) {
            return null;
        }
        // pair by id where the two share ids (same items or replayed requests); keep all values otherwise
        Map<String, Double> incById = new TreeMap<>();
        for (int i = 0; i < inc.ids().size(); i++) {
            incById.put(inc.ids().get(i), inc.values()[i]);
        }
        List<Double> a = new ArrayList<>();
        List<Double> b = new ArrayList<>();
        for (int i = 0; i < can.ids().size(); i++) {
            Double other = incById.get(can.ids().get(i));
            if (other != null) {
                a.add(can.values()[i]);
                b.add(other);
            }
        }
        boolean paired = a.size() >= Math.min(can.ids().size(), inc.ids().size()) / 2 && a.size() >= 2;
        double[] ca = paired ? a.stream().mapToDouble(Double::doubleValue).toArray() : can.values();
        double[] ia = paired ? b.stream().mapToDouble(Double::doubleValue).toArray() : inc.values();
        double overlap = can.rotation() != null ? overlap(mine, can) : 0;
        String source = can.source()
                + (can.rotation() != null
                        ? String.format(
                                Locale.ROOT,
                                " (rotation %s, %.0f %% of items from earlier rotations)",
                                can.rotation(),
                                100 * overlap)
                        : "");
        GateEvidence e = GateEvidence.values(layer, metric, ca, ia, source);
        if (layer == GatePolicy.Layer.PRIVATE && can.rotation() != null) {
            if (overlap >= STALE_OVERLAP) {
                return e.withLowCredibility(String.format(
                        Locale.ROOT,
                        "stale: %.0f %% of rotation %s's items appeared in earlier rotations",
                        100 * overlap,
                        can.rotation()));
            }
        }
        return e;
    }

    /** The model's observations from the latest rotation (or the last imported, without rotations). */
    static Observations latest(List<Observations> all, String model) {
        List<Observations> m = all.stream().filter(o -> o.model().equals(model)).toList();
        if (m.isEmpty()) {
            return null;
        }
        return m.stream()
                .filter(o -> o.rotation() != null)
                .max(Comparator.comparing(Observations::rotation))
                .orElse(m.get(m.size() - 1));
    }

    /** Share of a rotation's items that any earlier rotation of the same suite also had. */
    public static double overlap(List<Observations> suite, Observations rotation) {
        Set<String> earlier = new HashSet<>();
        for (Observations o : suite) {
            if (o.rotation() != null && o.rotation().isBefore(rotation.rotation())) {
                earlier.addAll(o.ids());
            }
        }
        if (rotation.ids().isEmpty()) {
            return 0;
        }
        long shared =
                rotation.ids().stream().distinct().filter(earlier::contains).count();
        return (double) shared / rotation.ids().stream().distinct().count();
    }
}
