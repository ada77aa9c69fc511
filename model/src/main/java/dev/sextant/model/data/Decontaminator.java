package dev.sextant.model.data;

import dev.sextant.model.contamination.NgramMatcher;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What decontamination does to one document: nothing when it holds no benchmark n-gram; otherwise drop it, or mask
 * every matched span (the union of the matched n-grams' byte spans, each run replaced by the mask text). The n-grams are
 * those of a contamination scan (GPT-3, Brown et al. 2020, appendix C: 13-grams after normalisation), found by
 * {@link NgramMatcher}.
 *
 * <p>Masking joins what stood either side of a span, which can make a new benchmark n-gram; the document is matched
 * again after each round until none is left (each round removes at least n − 1 tokens, so this ends), so a scan of the
 * output finds nothing. A document in segments (a chat's messages, joined by line breaks as the scanner reads them)
 * is masked segment by segment: a span across a break is split at it, and the breaks stay where they were.
 *
 * <p>Not thread-safe (it holds a matcher): one per thread.
 */
public final class Decontaminator {

    /** Drop the document, or mask the matched spans. */
    public enum Mode {
        DROP,
        MASK
    }

    /** Masked spans kept per item in the report. */
    static final int SPANS_PER_ITEM = 5;
    /** Characters of a masked span kept in the report. */
    static final int SPAN_CHARS = 300;
    /** Rounds of masking before a document is dropped instead (never reached in practice: each round shrinks it). */
    static final int MAX_ROUNDS = 64;

    /**
     * What happened to a document.
     *
     * @param text        the text after masking (segments joined by line breaks), or null when dropped or untouched
     * @param segmentEnds the end of each segment in {@code text} (its break follows), for a masked text
     * @param hits        the items whose n-grams were found, in order of first occurrence
     * @param maskedBytes bytes of the original text masked
     */
    public record Outcome(Action action, byte[] text, int[] segmentEnds, List<Hit> hits, long maskedBytes) {
        public static final Outcome CLEAN = new Outcome(Action.CLEAN, null, null, List.of(), 0);
    }

    public enum Action {
        CLEAN,
        DROPPED,
        MASKED
    }

    /**
     * One item found in a document.
     *
     * @param item   the item's index among the matcher's items
     * @param ngrams occurrences of its n-grams (all rounds)
     * @param spans  the text of the first matched spans (normalised or not: as written in the document), shortened
     */
    public record Hit(int item, int ngrams, List<String> spans) {}

    private final NgramMatcher matcher;
    private final Mode mode;
    private final byte[] mask;

    public Decontaminator(NgramMatcher matcher, Mode mode, String mask) {
        this.matcher = matcher;
        this.mode = mode;
        this.mask = mask.getBytes(StandardCharsets.UTF_8);
    }

    /**
     * Decides about one document.
     *
     * @param segmentEnds where each segment of {@code text[0, length)} ends (a line break follows all but the last);
     *                    null for one segment
     */
    public Outcome apply(byte[] text, int length, int[] segmentEnds) {
        List<NgramMatcher.Match> matches = matcher.find(text, length);
        if (matches.isEmpty()) {
            return Outcome.CLEAN;
        }
        Map<Integer, int[]> ngrams = new LinkedHashMap<>();
        Map<Integer, List<String>> spans = new LinkedHashMap<>();
        note(matches, text, ngrams, spans);
        if (mode == Mode.DROP) {
            return new Outcome(Action.DROPPED, null, null, hits(ngrams, spans), 0);
        }
        byte[] t = Arrays.copyOf(text, length);
        int[] ends = segmentEnds == null ? new int[] {length} : segmentEnds.clone();
        long masked = 0;
        for (int round = 0; !matches.isEmpty(); round++) {
            if (round == MAX_ROUNDS) {
                return new Outcome(Action.DROPPED, null, null, hits(ngrams, spans), 0);
            }
            Masking m = mask(t, ends, matches);
            masked += m.maskedBytes;
            t = m.text;
            ends = m.ends;
            matches = matcher.find(t, t.length);
            note(matches, t, ngrams, spans);
        }
        return new Outcome(Action.MASKED, t, ends, hits(ngrams, spans), masked);
    }

    private static List<Hit> hits(Map<Integer, int[]> ngrams, Map<Integer, List<String>> spans) {
        List<Hit> out = new ArrayList<>(ngrams.size());
        ngrams.forEach((item, n) -> out.add(new Hit(item, n[0], List.copyOf(spans.get(item)))));
        return out;
    }

    /** Counts each item's n-grams and keeps the text of its first merged spans. */
    private static void note(
            List<NgramMatcher.Match> matches,
            byte[] text,
            Map<Integer, int[]> ngrams,
            Map<Integer, List<String>> spans) {
        Map<Integer, int[]> open = new LinkedHashMap<>(); // item → the span being extended
        for (NgramMatcher.Match m : matches) {
            ngrams.computeIfAbsent(m.item(), k -> new int[1])[0]++;
            List<String> s = spans.computeIfAbsent(m.item(), k -> new ArrayList<>());
            int[] o = open.get(m.item());
            if (o != null && m.from() <= o[1]) {
                o[1] = Math.max(o[1], m.to());
                continue;
            }
            if (o != null) {
                add(s, text, o);
            }
            open.put(m.item(), new int[] {m.from(), m.to()});
        }
        open.forEach((item, o) -> add(spans.get(item), text, o));
    }

    private static void add(List<String> spans, byte[] text, int[] span) {
        if (spans.size() >= SPANS_PER_ITEM) {
            return;
        }
        String s = new String(text, span[0], span[1] - span[0], StandardCharsets.UTF_8);
        spans.add(s.length() > SPAN_CHARS ? s.substring(0, SPAN_CHARS) + "…" : s);
    }

    private record Masking(byte[] text, int[] ends, long maskedBytes) {}

    /**
     * Replaces the union of the matches' spans with the mask, a run at a time, split at the segments' breaks: the
     * result and its segments' new ends.
     */
    Masking mask(byte[] text, int[] ends, List<NgramMatcher.Match> matches) {
        // the union of the spans, as sorted disjoint runs
        int[][] runs = new int[matches.size()][];
        for (int i = 0; i < runs.length; i++) {
            runs[i] = new int[] {matches.get(i).from(), matches.get(i).to()};
        }
        Arrays.sort(runs, (a, b) -> Integer.compare(a[0], b[0]));
        List<int[]> merged = new ArrayList<>();
        for (int[] r : runs) {
            int[] last = merged.isEmpty() ? null : merged.get(merged.size() - 1);
            if (last != null && r[0] <= last[1]) {
                last[1] = Math.max(last[1], r[1]);
            } else {
                merged.add(r.clone());
            }
        }
        // split each run at the breaks after segment ends: byte ends[s] is the break between segments s and s + 1
        ByteArrayOutputStream out = new ByteArrayOutputStream(text.length);
        int[] newEnds = new int[ends.length];
        long masked = 0;
        int seg = 0;
        int pos = 0;
        for (int[] r : merged) {
            int from = r[0];
            while (from < r[1]) {
                while (seg < ends.length - 1 && ends[seg] < from) {
                    out.write(text, pos, ends[seg] - pos); // the rest of segment seg, then its break
                    newEnds[seg] = out.size();
                    pos = ends[seg];
                    seg++;
                }
                int to = seg < ends.length - 1 ? Math.min(r[1], ends[seg]) : r[1];
                out.write(text, pos, from - pos);
                if (to > from) {
                    out.write(mask, 0, mask.length);
                    masked += to - from;
                }
                pos = to;
                from = to < r[1] ? to + 1 : to; // past the break, if the run goes on into the next segment
                if (to < r[1]) {
                    out.write(text, pos, 1); // the break itself
                    newEnds[seg] = out.size() - 1;
                    pos = to + 1;
                    seg++;
                }
            }
        }
        while (seg < ends.length - 1) {
            out.write(text, pos, ends[seg] - pos);
            newEnds[seg] = out.size();
            pos = ends[seg];
            seg++;
        }
        out.write(text, pos, text.length - pos);
        newEnds[ends.length - 1] = out.size();
        return new Masking(out.toByteArray(), newEnds, masked);
    }
}
