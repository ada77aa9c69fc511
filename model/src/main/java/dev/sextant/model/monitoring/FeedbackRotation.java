package dev.sextant.model.monitoring;

import dev.sextant.model.InputError;
import dev.sextant.model.contamination.BenchmarkItem;
import dev.sextant.model.contamination.NgramIndex;
import dev.sextant.model.contamination.NgramMatcher;
import dev.sextant.model.contamination.Normalization;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;

/**
 * The next rotation of a private dynamic test set and traffic-replay set, made of production traffic: every request an
 * alert flagged, and a stratified sample of the rest — strata the segments crossed with prompt-length quartiles,
 * allocated in proportion to their traffic (largest remainders), drawn by a seeded shuffle — so that the set keeps the
 * traffic's mix (Cochran, Sampling Techniques, 3rd ed., §5.5, proportional allocation). Requests an earlier rotation
 * took (by id, or by the same prompt after normalisation) are left out, as are repeats within it; prompts that share a
 * 13-token run with a public benchmark's item are marked (the contamination scanner's n-grams), since a private set
 * that repeats a public one tests nothing new. Every item keeps its provenance: request id, time, segment, and why it
 * was taken.
 */
public final class FeedbackRotation {

    /** The n-gram length prompts are checked against public benchmarks with (the scanner's default). */
    public static final int CONTAMINATION_N = 13;

    /**
     * One item of the rotation.
     *
     * @param reason    "flagged: METRIC" (an alert's request) or "sample"
     * @param benchmark the public benchmark item its prompt overlaps ("benchmark/id"), or null
     */
    public record Item(
            String requestId,
            long epochMillis,
            Map<String, String> segment,
            String prompt,
            double inputTokens,
            double outputTokens,
            String reason,
            String benchmark) {}

    /**
     * @param by            the columns segments are made of (the sample's strata)
     * @param sample        normal requests to sample
     * @param earlierIds    request ids earlier rotations took
     * @param earlierPrompts normalised prompts' hashes earlier rotations took
     */
    public record Settings(
            LocalDate date, List<String> by, int sample, long seed, Set<String> earlierIds, Set<Long> earlierPrompts) {
        public Settings {
            InputError.require(date != null, "feedback.rotation", "the rotation needs a date");
            InputError.require(sample >= 0, "feedback.sample", "the sample cannot be negative");
            by = List.copyOf(by);
        }
    }

    /** What was made: the items, how many of each kind, what was left out and why, the strata, notes. */
    public record Result(
            LocalDate date,
            List<Item> items,
            int flagged,
            int sampled,
            int repeatsOfEarlier,
            int repeatsWithin,
            int overlapBenchmarks,
            Map<String, Integer> strata,
            List<String> notes) {}

    private FeedbackRotation() {}

    /**
     * @param alerts     the alerts whose requests are taken (all, or the ones chosen)
     * @param benchmarks public benchmarks' items to check prompts against (empty: not checked)
     */
    public static Result build(
            List<Request> requests, List<TrafficMonitor.Alert> alerts, Settings s, List<BenchmarkItem> benchmarks) {
        InputError.require(!requests.isEmpty(), "feedback.input", "no requests to take a rotation from");
        Map<String, Request> byId = new LinkedHashMap<>();
        requests.forEach(r -> byId.putIfAbsent(r.id(), r));
        List<String> notes = new ArrayList<>();
        Set<Long> prompts = new HashSet<>(s.earlierPrompts());
        Set<String> taken = new HashSet<>();
        int[] repeats = new int[2];
        List<Item> items = new ArrayList<>();
        for (TrafficMonitor.Alert a : alerts) {
            for (String id : a.requests()) {
                Request r = byId.get(id);
                if (r != null && take(r, s, taken, prompts, repeats)) {
                    items.add(item(r, s.by(), "flagged: " + a.metric()));
                }
            }
        }
        int flagged = items.size();
        // strata: segment × prompt-length quartile, over the requests not taken
        double[] lengths = requests.stream()
                .mapToDouble(Request::inputTokens)
                .filter(Double::isFinite)
                .sorted()
                .toArray();
        double[] cuts = lengths.length < 4
                ? new double[0]
                : new double[] {
                    lengths[lengths.length / 4], lengths[lengths.length / 2], lengths[3 * lengths.length / 4]
                };
        Map<String, List<Request>> strata = new TreeMap<>();
        for (Request r : requests) {
            if (!taken.contains(r.id())) {
                strata.computeIfAbsent(stratum(r, s.by(), cuts), k -> new ArrayList<>())
                        .add(r);
            }
        }
        long pool = strata.values().stream().mapToLong(List::size).sum();
        int want = (int) Math.min(s.sample(), pool);
        if (want < s.sample()) {
            notes.add(String.format(
                    Locale.ROOT,
                    "%,d requests to sample from, fewer than the %,d asked for: all taken",
                    pool,
                    s.sample()));
        }
        Map<String, Integer> allocation = allocate(strata, want);
        SplittableRandom random = new SplittableRandom(s.seed());
        int sampled = 0;
        for (Map.Entry<String, List<Request>> e : strata.entrySet()) {
            List<Request> candidates = new ArrayList<>(e.getValue());
            candidates.sort(Comparator.comparing(Request::id)); // the draw depends on the seed, not the log's order
            shuffle(candidates, random);
            int need = allocation.getOrDefault(e.getKey(), 0);
            for (int i = 0; i < candidates.size() && need > 0; i++) {
                if (take(candidates.get(i), s, taken, prompts, repeats)) {
                    items.add(item(candidates.get(i), s.by(), "sample"));
                    need--;
                    sampled++;
                }
            }
        }
        int overlaps = 0;
        if (!benchmarks.isEmpty()) {
            NgramIndex index = NgramIndex.build(benchmarks, CONTAMINATION_N, Normalization.defaults());
            NgramMatcher matcher = new NgramMatcher(index, Normalization.defaults());
            for (int i = 0; i < items.size(); i++) {
                Item it = items.get(i);
                if (it.prompt() == null) {
                    continue;
                }
                byte[] b = it.prompt().getBytes(StandardCharsets.UTF_8);
                List<NgramMatcher.Match> m = matcher.find(b, b.length);
                if (!m.isEmpty()) {
                    BenchmarkItem hit = index.items().get(m.get(0).item());
                    items.set(
                            i,
                            new Item(
                                    it.requestId(),
                                    it.epochMillis(),
                                    it.segment(),
                                    it.prompt(),
                                    it.inputTokens(),
                                    it.outputTokens(),
                                    it.reason(),
                                    hit.benchmark() + "/" + hit.id()));
                    overlaps++;
                }
            }
        }
        long withPrompt = items.stream().filter(i -> i.prompt() != null).count();
        if (withPrompt < items.size()) {
            notes.add(String.format(
                    Locale.ROOT,
                    "%,d of %,d items have no prompt text in the log (kept by id and lengths: a replay set, not yet a "
                            + "test set); log the prompt to make them test items",
                    items.size() - withPrompt,
                    items.size()));
        }
        if (benchmarks.isEmpty()) {
            notes.add("prompts not checked against public benchmarks (none given)");
        }
        Map<String, Integer> strataSizes = new LinkedHashMap<>();
        strata.forEach((k, v) -> strataSizes.put(k, allocation.getOrDefault(k, 0)));
        return new Result(
                s.date(),
                List.copyOf(items),
                flagged,
                sampled,
                repeats[0],
                repeats[1],
                overlaps,
                strataSizes,
                List.copyOf(notes));
    }

    /** A prompt as rotations compare it: lower case, whitespace collapsed, hashed to 64 bits. */
    public static long promptKey(String prompt) {
        String t = prompt.strip().toLowerCase(Locale.ROOT).replaceAll("\\s+", " ");
        long h = 0xcbf29ce484222325L;
        for (int i = 0; i < t.length(); i++) {
            h ^= t.charAt(i);
            h *= 0x100000001b3L;
        }
        return h;
    }

    private static boolean take(Request r, Settings s, Set<String> taken, Set<Long> prompts, int[] repeats) {
        if (taken.contains(r.id())) {
            return false; // named by two alerts: one item
        }
        if (s.earlierIds().contains(r.id())) {
            taken.add(r.id());
            repeats[0]++;
            return false;
        }
        taken.add(r.id());
        if (r.prompt() != null) {
            long k = promptKey(r.prompt());
            if (s.earlierPrompts().contains(k)) {
                repeats[0]++;
                return false;
            }
            if (!prompts.add(k)) {
                repeats[1]++;
                return false;
            }
        }
        return true;
    }

    private static Item item(Request r, List<String> by, String reason) {
        Map<String, String> seg = new TreeMap<>();
        by.forEach(c -> seg.put(c, r.segments().getOrDefault(c, "(none)")));
        // the model and version it was served by, always: provenance, and what the loop per version counts
        for (String c : new String[] {"model", "version"}) {
            if (r.segments().containsKey(c)) {
                seg.putIfAbsent(c, r.segments().get(c));
            }
        }
        return new Item(r.id(), r.epochMillis(), seg, r.prompt(), r.inputTokens(), r.outputTokens(), reason, null);
    }

    static String stratum(Request r, List<String> by, double[] cuts) {
        StringBuilder b = new StringBuilder();
        for (String c : by) {
            b.append(c)
                    .append('=')
                    .append(r.segments().getOrDefault(c, "(none)"))
                    .append(", ");
        }
        if (cuts.length == 0 || !Double.isFinite(r.inputTokens())) {
            return b.append("prompt length unknown").toString();
        }
        int q = 0;
        while (q < cuts.length && r.inputTokens() > cuts[q]) {
            q++;
        }
        return b.append("prompt quartile ").append(q + 1).toString();
    }

    /** Proportional allocation by largest remainders: each stratum's share of {@code n}, summing to {@code n}. */
    static Map<String, Integer> allocate(Map<String, List<Request>> strata, int n) {
        long total = strata.values().stream().mapToLong(List::size).sum();
        Map<String, Integer> out = new LinkedHashMap<>();
        if (total == 0 || n == 0) {
            return out;
        }
        List<String> keys = new ArrayList<>(strata.keySet());
        double[] exact = new double[keys.size()];
        int given = 0;
        for (int i = 0; i < keys.size(); i++) {
            exact[i] = (double) n * strata.get(keys.get(i)).size() / total;
            int floor = (int) Math.floor(exact[i]);
            out.put(keys.get(i), floor);
            given += floor;
        }
        Integer[] order = new Integer[keys.size()];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(
                order,
                Comparator.comparingDouble((Integer i) -> -(exact[i] - Math.floor(exact[i])))
                        .thenComparing(i -> keys.get(i)));
        for (int k = 0; given < n; k++) {
            out.merge(keys.get(order[k % order.length]), 1, Integer::sum);
            given++;
        }
        return out;
    }

    private static void shuffle(List<Request> l, SplittableRandom r) {
        for (int i = l.size() - 1; i > 0; i--) {
            int j = r.nextInt(i + 1);
            Request t = l.get(i);
            l.set(i, l.get(j));
            l.set(j, t);
        }
    }
}
