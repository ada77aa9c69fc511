package dev.sextant.model.evaluation;

import dev.sextant.model.statistics.ResamplingDecomposition;
import java.util.List;

/**
 * The variance picture of one model on one benchmark.
 *
 * @param n              number of items (not samples), or null when the source did not report it (a results file
 *                       without {@code n-samples}): unknown, never 0
 * @param se             CLT standard error of the mean over items (item means when items have several samples)
 * @param seClustered    clustered standard error, or null when no item has a cluster id
 * @param method         how [ciLow, ciHigh] was made: clt, clt-clustered, bootstrap, reported, or wilson (0/n or n/n
 *                       0/1 scores, where the others give the point itself)
 * @param samplesPerItem mean number of samples per item (1 when each item was answered once)
 * @param wilsonLow      Wilson interval for 0/1 scores with one sample per item, else null
 * @param resampling     between/within-item variance when items have several samples, else null
 * @param samplingConfigs the distinct sampling configurations behind the scores
 * @param flags          reasons to distrust the number, in words
 * @param metric         the metric a source reported the score in ({@code acc_norm,none}), or null for per-item scores
 */
public record ScoreSummary(
        String model,
        String benchmark,
        Integer n,
        double mean,
        Double se,
        Double seClustered,
        Double ciLow,
        Double ciHigh,
        String method,
        double samplesPerItem,
        Double wilsonLow,
        Double wilsonHigh,
        ResamplingDecomposition resampling,
        List<String> samplingConfigs,
        List<String> flags,
        String metric) {}
