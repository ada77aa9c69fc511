package dev.sextant.model.data.quality;

import java.util.List;

/**
 * What a quality-filtering run found. Counts add up: {@code kept + removed = documents}, and the rules' documents sum
 * to {@code removed} (each removed document is counted under the first rule that removed it in the chain).
 *
 * @param tokens    the scanner's words in every document (as dedup counts them)
 * @param byRule    removals by rule, in the chain's order
 * @param bySource  counts by the source field's value (empty without one)
 * @param overlap   documents that several families would remove each on its own, by the set of families
 * @param examples  a few removed documents a rule, with what it measured (for the side-by-side view)
 * @param keptExamples the first few kept documents, with the text passed on (rule and values empty)
 * @param score     the score field's values over the documents read (null without a score field)
 * @param measured  on a sample: what every rule measured on every document, for the histograms (empty otherwise)
 * @param byLanguage documents by the language identified (empty without the language family), most first
 */
public record QualityResult(
        long documents,
        long kept,
        long removed,
        long tokens,
        long tokensRemoved,
        List<RuleCount> byRule,
        List<SourceCount> bySource,
        List<Overlap> overlap,
        List<Example> examples,
        List<Example> keptExamples,
        Score score,
        List<Probe.RuleValues> measured,
        List<LanguageCount> byLanguage,
        long bytes,
        double seconds) {

    /** The share of the documents read that were removed (0 when none were read). */
    public double removedShare() {
        return documents == 0 ? 0 : (double) removed / documents;
    }

    /** Documents identified as one language, and how many of them were removed (by any rule). */
    public record LanguageCount(String language, long documents, long removed) {}

    /** The score field over the documents read: how many had a number in it, and its least, mean and most value. */
    public record Score(String field, long documents, long missing, double min, double mean, double max) {}

    /** Documents and tokens one rule removed; {@code share} of all documents. */
    public record RuleCount(String family, String rule, long documents, long tokens, double share) {}

    /** One value of the source field. */
    public record SourceCount(String source, long documents, long removed, long tokens, long tokensRemoved) {}

    /** Documents every one of these families would remove (and no other chosen family). */
    public record Overlap(List<String> families, long documents) {}

    /** A removed document: its name, the rule, what it measured against which threshold, and its text's start. */
    public record Example(String id, String family, String rule, double value, double threshold, String text) {}
}
