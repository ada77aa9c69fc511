package dev.sextant.model.serving;

import dev.sextant.model.architecture.AttentionKind;
import dev.sextant.model.architecture.ModelArchitecture;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The KV cache of one GPU counted layer by layer, as vLLM's hybrid KV cache manager does it
 * ({@code vllm/v1/core/kv_cache_coordinator.py}, {@code single_type_kv_cache_manager.py}): all layers draw pages of
 * equal size from one pool; a full-attention layer keeps every block of a request, a sliding-window layer only the
 * blocks its window still reaches (at most ⌈(window − 1) / B⌉ + 1), a chunked layer those of its current chunk. A
 * request of n tokens therefore holds Σ over layers of {@link AttentionKind#blocksHeld} layer-blocks, and a
 * memory plan's whole-stage blocks are {@link #layerBlocks(long)} layer-blocks. With every layer full this is the
 * plain count (n / B blocks a request) times the number of layers, so plans and simulations of such models are
 * unchanged. Each layer's page here is the same size (true of Gemma 2/3, gpt-oss and Llama 4, whose local and global
 * layers share head counts and widths).
 *
 * <p>A class rather than a record so that it can keep the layers grouped by kind: the simulator asks how many
 * layer-blocks a request holds at every step of every sequence, and a model has one or two kinds over 30–120 layers.
 */
public final class KvCacheLayout {

    private final int blockSize;
    private final List<AttentionKind> layers;
    /** The distinct kinds, in first-seen order, and how many layers have each. */
    private final AttentionKind[] kinds;

    private final int[] counts;

    /**
     * @param blockSize tokens per block
     * @param layers    the attention kind of each layer this GPU holds
     */
    public KvCacheLayout(int blockSize, List<AttentionKind> layers) {
        if (blockSize < 1 || layers.isEmpty()) {
            throw new IllegalArgumentException("a KV cache layout needs a block size and at least one layer");
        }
        this.blockSize = blockSize;
        this.layers = List.copyOf(layers);
        Map<AttentionKind, Integer> grouped = new LinkedHashMap<>();
        for (AttentionKind k : this.layers) {
            grouped.merge(k, 1, Integer::sum);
        }
        this.kinds = grouped.keySet().toArray(new AttentionKind[0]);
        this.counts = grouped.values().stream().mapToInt(Integer::intValue).toArray();
    }

    /** Tokens per block. */
    public int blockSize() {
        return blockSize;
    }

    /** The attention kind of each layer this GPU holds. */
    public List<AttentionKind> layers() {
        return layers;
    }

    /** One full-attention layer: a layer-block is a whole block, as the simulator counted before layers were told apart. */
    public static KvCacheLayout uniform(int blockSize) {
        return new KvCacheLayout(blockSize, List.of(new AttentionKind.Full()));
    }

    /**
     * The layers of the pipeline stage that holds the most KV for a request of {@code maxModelLen} tokens, stages
     * being consecutive runs of ⌈layers / pp⌉ layers.
     */
    public static KvCacheLayout of(ModelArchitecture m, int pp, int blockSize, int maxModelLen) {
        int perStage = (m.layers() + pp - 1) / pp;
        KvCacheLayout best = null;
        for (int first = 0; first < m.layers(); first += perStage) {
            List<AttentionKind> kinds = new ArrayList<>();
            for (int i = first; i < Math.min(m.layers(), first + perStage); i++) {
                kinds.add(m.attention(i));
            }
            KvCacheLayout stage = new KvCacheLayout(blockSize, kinds);
            if (best == null
                    || kinds.size() > best.layers.size()
                    || kinds.size() == best.layers.size()
                            && stage.tokenSlotsFor(maxModelLen) > best.tokenSlotsFor(maxModelLen)) {
                best = stage;
            }
        }
        return best;
    }

    /** Layer-blocks in {@code blocks} blocks that each span every layer of the GPU. */
    public long layerBlocks(long blocks) {
        return blocks * layers.size();
    }

    /** Layer-blocks a request whose context is {@code tokens} long holds. */
    public long layerBlocksFor(long tokens) {
        long sum = 0;
        for (int i = 0; i < kinds.length; i++) {
            sum += counts[i] * kinds[i].blocksHeld(tokens, blockSize);
        }
        return sum;
    }

    /** Token slots (one token of one layer) a request of {@code tokens} holds: Σ over layers of the tokens kept. */
    public double tokenSlotsFor(long tokens) {
        double sum = 0;
        for (int i = 0; i < kinds.length; i++) {
            sum += counts[i] * kinds[i].tokensHeld(tokens, blockSize);
        }
        return sum;
    }

    /**
     * Requests of {@code tokens} tokens that fit in {@code blocks} whole-stage blocks: the token slots there are over
     * those one request holds. With every layer full, KV tokens / tokens, vLLM's "maximum concurrency".
     */
    public double concurrency(long blocks, long tokens) {
        return (double) blocks * blockSize * layers.size() / tokenSlotsFor(tokens);
    }

    /**
     * Whether a request's layer-block count changes only where its context enters a new block (full and
     * sliding-window layers; a chunked layer's count also drops where a new chunk starts).
     */
    public boolean changesOnlyAtBlockBoundaries() {
        for (AttentionKind k : kinds) {
            if (k instanceof AttentionKind.Chunked) {
                return false;
            }
        }
        return true;
    }

    /** Whether every layer keeps the whole context. */
    public boolean allFull() {
        return layers.stream().allMatch(k -> k instanceof AttentionKind.Full);
    }

    /** The kinds and how many layers of each, e.g. "sliding window 4096 × 21, full × 21". */
    public String summary() {
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < kinds.length; i++) {
            parts.add(kinds[i].slug() + " × " + counts[i]);
        }
        return String.join(", ", parts);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof KvCacheLayout other && blockSize == other.blockSize && layers.equals(other.layers);
    }

    @Override
    public int hashCode() {
        return 31 * blockSize + layers.hashCode();
    }

    @Override
    public String toString() {
        return "KvCacheLayout[blockSize=" + blockSize + ", " + summary() + "]";
    }
}
