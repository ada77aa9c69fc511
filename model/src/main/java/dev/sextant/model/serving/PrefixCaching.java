package dev.sextant.model.serving;

import dev.sextant.model.InputError;

/**
 * What automatic prefix caching saves when a share of requests starts with the same prefix (a system prompt, few-shot
 * examples): the prefix's KV blocks are stored once and shared (PagedAttention's copy-on-write blocks, Kwon et al.
 * SOSP'23), and its prefill is skipped for every request that hits the cache. Only whole blocks are shared.
 *
 * @param sharedTokens     prefix tokens that are shared (the prefix rounded down to whole blocks)
 * @param tokensPerRequest KV tokens a request of max_model_len holds on average once the prefix is shared
 * @param maxConcurrency   requests of max_model_len that fit, the shared prefix held once
 * @param prefillSaved     share of prefill tokens no longer computed
 */
public record PrefixCaching(int sharedTokens, double tokensPerRequest, double maxConcurrency, double prefillSaved) {

    /**
     * @param kvTokens     KV tokens the cache holds
     * @param maxModelLen  tokens per request
     * @param prefixTokens length of the common prefix
     * @param share        share of requests that start with it (0–1)
     * @param promptTokens average prompt length, for the prefill saving
     * @param blockSize    tokens per KV block
     */
    public static PrefixCaching of(
            long kvTokens, int maxModelLen, int prefixTokens, double share, double promptTokens, int blockSize) {
        if (prefixTokens < 0 || prefixTokens > maxModelLen) {
            throw new InputError("serving.prefixTokens", "the shared prefix must lie in 0.." + maxModelLen + " tokens");
        }
        if (!(share >= 0 && share <= 1)) {
            throw new InputError("serving.prefixShare", "the prefix share must lie in [0, 1]");
        }
        int shared = prefixTokens / blockSize * blockSize;
        double perRequest = maxModelLen - share * shared;
        double concurrency = Math.max(0, (kvTokens - (share > 0 ? shared : 0)) / perRequest);
        double saved = promptTokens > 0 ? share * Math.min(shared, promptTokens) / promptTokens : 0;
        return new PrefixCaching(shared, perRequest, concurrency, saved);
    }
}
