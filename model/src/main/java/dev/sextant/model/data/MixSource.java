package dev.sextant.model.data;

/**
 * One source of a mixture plan.
 *
 * @param name              the value of the field the corpus is split by ({@code (none)} where a document lacks it)
 * @param documents         its documents
 * @param bytes             bytes of their text (UTF-8)
 * @param tokens            their tokens (a tokenizer's count, or the stated estimate)
 * @param share             its share of the corpus's tokens
 * @param targetShare       its share of the budget (the corpus's own share without a target)
 * @param weight            sampling weight: target share over natural share (null when it has no tokens)
 * @param epochs            passes over it the budget makes (null when it has no tokens)
 * @param drawnTokens       tokens drawn from it: target share × budget
 * @param effectiveEpochs   what those epochs are worth in epochs of new data (Muennighoff et al. 2023)
 * @param duplicateShare    share of its documents equal (after normalisation) to an earlier document of the corpus
 * @param contaminatedShare share of its documents holding a benchmark n-gram (null when no benchmark was given)
 * @param warning           what needs attention, or null
 */
public record MixSource(
        String name,
        long documents,
        long bytes,
        double tokens,
        double share,
        double targetShare,
        Double weight,
        Double epochs,
        double drawnTokens,
        Double effectiveEpochs,
        double duplicateShare,
        Double contaminatedShare,
        String warning) {}
