package dev.sextant.model.data.quality;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * How a family's rules are asked. To decide (the default), the first rule that fails removes the document. To measure
 * ({@link #measuring()}), every rule records what it measured and none removes, so that the next rules are measured too:
 * the values behind a threshold's histogram and the share it would remove on its own as the user edits it.
 */
public class Probe {

    /** The families' verdicts, unchanged. */
    static final Probe DECIDE = new Probe();

    Probe() {}

    /** A probe that records every rule's value and lets every document through. */
    public static Measuring measuring() {
        return new Measuring();
    }

    /**
     * Whether a rule removes the document.
     *
     * @param param     the threshold's parameter (null for a rule that removes on sight, e.g. lorem ipsum)
     * @param least     whether the threshold is a least value (the rule fails below it) rather than a most
     * @param fails     the rule's verdict under the settings
     */
    boolean removes(String family, String rule, String param, double value, boolean least, boolean fails) {
        return fails;
    }

    /**
     * The values one rule measured, one a document it was measured on ({@code documents[i]} numbers the document of
     * {@code values[i]} among all measured).
     */
    public record RuleValues(
            String family, String rule, String param, boolean least, double[] values, int[] documents) {

        /** Whether a value fails {@code threshold} (a least value: below it; a most: above it). */
        public boolean fails(double value, double threshold) {
            return least ? value < threshold : value > threshold;
        }

        /** How many of the values fail {@code threshold}. */
        public long failing(double threshold) {
            long n = 0;
            for (double v : values) {
                n += fails(v, threshold) ? 1 : 0;
            }
            return n;
        }
    }

    /**
     * Documents that one threshold would remove on its own: those where any of the rules it sets (Gopher's symbol
     * ratio sets two) measured a failing value. Off ({@link QualityFamily#active}) removes none.
     */
    public static long removedBy(List<RuleValues> rules, double threshold) {
        if (rules.isEmpty()
                || !QualityFamilies.byName(rules.get(0).family(), "quality.rules")
                        .active(threshold)) {
            return 0;
        }
        Set<Integer> docs = new HashSet<>();
        for (RuleValues r : rules) {
            for (int i = 0; i < r.values().length; i++) {
                if (r.fails(r.values()[i], threshold)) {
                    docs.add(r.documents()[i]);
                }
            }
        }
        return docs.size();
    }

    /** Records each rule's values; removes nothing. Not thread-safe: one a worker, joined with {@link #add}. */
    public static final class Measuring extends Probe {
        private final Map<String, Series> series = new LinkedHashMap<>();
        private int documents;

        private static final class Series {
            final String family;
            final String rule;
            final String param;
            final boolean least;
            double[] values = new double[64];
            int[] docs = new int[64];
            int n;

            Series(String family, String rule, String param, boolean least) {
                this.family = family;
                this.rule = rule;
                this.param = param;
                this.least = least;
            }

            void add(double v, int doc) {
                if (n == values.length) {
                    values = Arrays.copyOf(values, n * 2);
                    docs = Arrays.copyOf(docs, n * 2);
                }
                values[n] = v;
                docs[n++] = doc;
            }
        }

        @Override
        boolean removes(String family, String rule, String param, double value, boolean least, boolean fails) {
            if (param != null && !Double.isNaN(value)) {
                series.computeIfAbsent(family + "\t" + rule, k -> new Series(family, rule, param, least))
                        .add(value, documents - 1);
            }
            return false;
        }

        /** The next document's values follow. */
        void document() {
            documents++;
        }

        /** Another worker's values after these. */
        public void add(Measuring other) {
            other.series.forEach((k, s) -> {
                Series into = series.computeIfAbsent(k, x -> new Series(s.family, s.rule, s.param, s.least));
                for (int i = 0; i < s.n; i++) {
                    into.add(s.values[i], documents + s.docs[i]);
                }
            });
            documents += other.documents;
        }

        /** Every rule's values, in the order rules were first measured. */
        public List<RuleValues> values() {
            List<RuleValues> out = new ArrayList<>();
            series.values()
                    .forEach(s -> out.add(new RuleValues(
                            s.family,
                            s.rule,
                            s.param,
                            s.least,
                            Arrays.copyOf(s.values, s.n),
                            Arrays.copyOf(s.docs, s.n))));
            return out;
        }
    }
}
