package dev.sextant.model.evaluation;

import java.util.List;

/**
 * Credibility of benchmarks and of the composite index along the three questions of the project's first seed:
 * does the weighting fit my workload; is the benchmark contaminated or stale; is the score reproducible. Every grade
 * carries the checks behind it and their evidence in words: no black-box score.
 */
public record Scorecard(List<Dimension> index, List<BenchmarkCard> benchmarks) {

    public enum Grade {
        GOOD,
        FAIR,
        POOR,
        UNKNOWN;

        /** The worse of two grades; UNKNOWN only when both are. */
        Grade worst(Grade other) {
            if (this == UNKNOWN) {
                return other;
            }
            if (other == UNKNOWN) {
                return this;
            }
            return ordinal() >= other.ordinal() ? this : other;
        }
    }

    public record Check(String name, Grade grade, String evidence) {}

    /** A dimension's grade is its worst known check. */
    public record Dimension(String name, Grade grade, List<Check> checks) {
        public static Dimension of(String name, List<Check> checks) {
            Grade g = Grade.UNKNOWN;
            for (Check c : checks) {
                g = g.worst(c.grade());
            }
            return new Dimension(name, g, List.copyOf(checks));
        }
    }

    public record BenchmarkCard(String benchmark, List<Dimension> dimensions) {}

    public static final String WEIGHTING = "weighting fit";
    public static final String TIMELINESS = "contamination and timeliness";
    public static final String REPRODUCIBILITY = "reproducibility";
}
