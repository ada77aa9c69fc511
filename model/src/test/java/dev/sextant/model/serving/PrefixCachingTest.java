package dev.sextant.model.serving;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class PrefixCachingTest {

    @Test
    void aSharedSystemPromptIsStoredOnce() {
        // 100,000 KV tokens, 4,096-token requests, a 1,000-token system prompt on 80 % of requests, 16-token blocks:
        // 992 tokens shared (62 whole blocks); a request holds 4,096 − 0.8 × 992 = 3,302.4 tokens on average;
        // concurrency (100,000 − 992) / 3,302.4 = 29.98 instead of 100,000 / 4,096 = 24.41; prefill of a 1,500-token
        // prompt saves 0.8 × 992 / 1,500 = 52.9 %
        PrefixCaching p = PrefixCaching.of(100_000, 4096, 1000, 0.8, 1500, 16);
        assertThat(p.sharedTokens()).isEqualTo(992);
        assertThat(p.tokensPerRequest()).isCloseTo(3302.4, within(1e-9));
        assertThat(p.maxConcurrency()).isCloseTo((100_000 - 992) / 3302.4, within(1e-9));
        assertThat(p.prefillSaved()).isCloseTo(0.8 * 992 / 1500, within(1e-12));
        PrefixCaching none = PrefixCaching.of(100_000, 4096, 1000, 0, 1500, 16);
        assertThat(none.maxConcurrency()).isCloseTo(100_000 / 4096.0, within(1e-9));
        assertThatThrownBy(() -> PrefixCaching.of(100, 4096, 1000, 1.5, 1500, 16))
                .hasMessage("the prefix share must lie in [0, 1]")
                .hasFieldOrPropertyWithValue("field", "serving.prefixShare");
    }
}
