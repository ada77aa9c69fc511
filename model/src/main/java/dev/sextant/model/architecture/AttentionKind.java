package dev.sextant.model.architecture;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import dev.sextant.model.InputError;

/**
 * What one layer's attention reads, and so what KV cache it keeps for a request. Each kind is its own class with its
 * own count of cached blocks, as vLLM's {@code vllm/v1/kv_cache_interface.py} has one spec per kind (FullAttentionSpec,
 * SlidingWindowSpec, ChunkedLocalAttentionSpec) and {@code vllm/v1/core/single_type_kv_cache_manager.py} frees the
 * blocks a windowed or chunked layer can no longer read.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "kind")
@JsonSubTypes({
    @JsonSubTypes.Type(value = AttentionKind.Full.class, name = "full"),
    @JsonSubTypes.Type(value = AttentionKind.SlidingWindow.class, name = "sliding_window"),
    @JsonSubTypes.Type(value = AttentionKind.Chunked.class, name = "chunked")
})
public sealed interface AttentionKind permits AttentionKind.Full, AttentionKind.SlidingWindow, AttentionKind.Chunked {

    /** KV blocks of {@code blockSize} tokens this layer holds for a request whose context is {@code tokens} long. */
    long blocksHeld(long tokens, int blockSize);

    /** Short name for plans and tables. */
    String slug();

    /** The most earlier tokens (itself included) one query of this layer attends to. */
    long reach();

    /** Tokens of the request's context this layer keeps: the blocks held, but never more than the context. */
    default double tokensHeld(long tokens, int blockSize) {
        return Math.min(tokens, blocksHeld(tokens, blockSize) * (double) blockSize);
    }

    static long blocks(long tokens, int blockSize) {
        return (tokens + blockSize - 1) / blockSize;
    }

    /** Every earlier token: the whole context stays cached. */
    record Full() implements AttentionKind {
        @Override
        public long blocksHeld(long tokens, int blockSize) {
            return blocks(tokens, blockSize);
        }

        @Override
        public String slug() {
            return "full";
        }

        @Override
        public long reach() {
            return Long.MAX_VALUE;
        }
    }

    /**
     * The last {@code window} tokens (the token itself and window − 1 before it; Mistral, Gemma 2/3, gpt-oss). Those
     * tokens start anywhere inside a block, so they span at most ⌈(window − 1) / B⌉ + 1 blocks; older blocks are freed
     * (vLLM SlidingWindowManager.remove_skipped_blocks).
     */
    record SlidingWindow(int window) implements AttentionKind {
        public SlidingWindow {
            if (window < 1) {
                throw new InputError("model", "sliding window must be at least 1 token, got " + window);
            }
        }

        @Override
        public long blocksHeld(long tokens, int blockSize) {
            return Math.min(blocks(tokens, blockSize), blocks(window - 1L, blockSize) + 1);
        }

        @Override
        public String slug() {
            return "sliding window " + window;
        }

        @Override
        public long reach() {
            return window;
        }
    }

    /**
     * Chunked local attention (Llama 4, attention_chunk_size): a token reads only the earlier tokens of its own chunk
     * of {@code chunk} tokens, so a request holds the blocks of its current chunk (from the block holding the chunk's
     * first token to the last), at most ⌈chunk / B⌉ + 1 (vLLM ChunkedLocalAttentionManager).
     */
    record Chunked(int chunk) implements AttentionKind {
        public Chunked {
            if (chunk < 1) {
                throw new InputError("model", "attention chunk must be at least 1 token, got " + chunk);
            }
        }

        @Override
        public long blocksHeld(long tokens, int blockSize) {
            if (tokens <= 0) {
                return 0;
            }
            long chunkStart = (tokens - 1) / chunk * chunk;
            return blocks(tokens, blockSize) - chunkStart / blockSize;
        }

        @Override
        public String slug() {
            return "chunked " + chunk;
        }

        @Override
        public long reach() {
            return chunk;
        }
    }
}
