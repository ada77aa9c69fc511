package dev.sextant.model.evaluation;

import java.time.LocalDate;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one imported file holds, of exactly one kind; the other lists are empty.
 *
 * @param name   the file's name, shown to the user
 * @param origin where it came from (its full path)
 * @param notes  choices the reader made that the user should see, in plain words: which metric of several was taken,
 *               a model named after its folder, groups of tasks without a score of their own
 * @param dates   benchmark items' dates (kind ITEM_DATES)
 * @param cutoffs models' training cut-offs (kind CUTOFFS)
 * @param runDate when the results in the file were produced, when the file or the user says; null when unknown
 */
public record EvidenceFile(
        Kind kind,
        String name,
        String origin,
        List<ItemScore> items,
        List<ReportedResult> reported,
        List<Battle> battles,
        List<BenchmarkWeight> weights,
        List<ModelScore> scores,
        Map<String, Double> mix,
        List<String> notes,
        List<ItemDate> dates,
        List<ModelCutoff> cutoffs,
        LocalDate runDate) {

    public enum Kind {
        ITEM_SCORES,
        REPORTED,
        BATTLES,
        WEIGHTS,
        MODEL_SCORES,
        MIX,
        ITEM_DATES,
        CUTOFFS;

        /** Whether files of this kind hold results that age (scores, reported results, battles): what a run date applies to. */
        public boolean holdsResults() {
            return this == ITEM_SCORES || this == REPORTED || this == BATTLES || this == MODEL_SCORES;
        }
    }

    public EvidenceFile {
        items = List.copyOf(items);
        reported = List.copyOf(reported);
        battles = List.copyOf(battles);
        weights = List.copyOf(weights);
        scores = List.copyOf(scores);
        notes = notes == null ? List.of() : List.copyOf(notes);
        mix = mix == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(mix));
        dates = dates == null ? List.of() : List.copyOf(dates);
        cutoffs = cutoffs == null ? List.of() : List.copyOf(cutoffs);
    }

    public int rows() {
        return items.size()
                + reported.size()
                + battles.size()
                + weights.size()
                + scores.size()
                + mix.size()
                + dates.size()
                + cutoffs.size();
    }

    /** Whether the file holds results that age: what a run date applies to. */
    public boolean holdsResults() {
        return kind.holdsResults();
    }

    /** This file with its results dated (null: undated). */
    public EvidenceFile withRunDate(LocalDate date) {
        return new EvidenceFile(
                kind, name, origin, items, reported, battles, weights, scores, mix, notes, dates, cutoffs, date);
    }

    public static EvidenceFile of(Kind kind, String name, String origin, List<?> rows, Map<String, Double> mix) {
        return of(kind, name, origin, rows, mix, List.of());
    }

    public static EvidenceFile of(
            Kind kind, String name, String origin, List<?> rows, Map<String, Double> mix, List<String> notes) {
        return new EvidenceFile(
                kind,
                name,
                origin,
                kind == Kind.ITEM_SCORES ? cast(rows) : List.of(),
                kind == Kind.REPORTED ? cast(rows) : List.of(),
                kind == Kind.BATTLES ? cast(rows) : List.of(),
                kind == Kind.WEIGHTS ? cast(rows) : List.of(),
                kind == Kind.MODEL_SCORES ? cast(rows) : List.of(),
                kind == Kind.MIX ? mix : Map.of(),
                notes,
                kind == Kind.ITEM_DATES ? cast(rows) : List.of(),
                kind == Kind.CUTOFFS ? cast(rows) : List.of(),
                null);
    }

    @SuppressWarnings("unchecked")
    private static <T> List<T> cast(List<?> rows) {
        return (List<T>) rows;
    }
}
