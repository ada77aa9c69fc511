package dev.sextant.model.training;

import dev.sextant.model.CatalogKey;
import dev.sextant.model.InputError;
import java.util.Arrays;

/**
 * How a mixture-of-experts layer's tokens travel to their experts and back across expert-parallel ranks.
 * <ul>
 *   <li><b>alltoall</b>: NCCL all-to-all (Megatron-Core's {@code --moe-token-dispatcher-type alltoall}, its default for
 *       EP > 1): every routed copy of a token goes to its expert's GPU, those on other nodes over the NIC.</li>
 *   <li><b>deepep</b>: DeepEP's normal kernels (Megatron-Core's flex dispatcher with the DeepEP backend): a token is sent
 *       over RDMA once per remote node that holds any of its experts and forwarded inside that node over NVLink
 *       ("kernels optimized for asymmetric-domain bandwidth forwarding, such as forwarding data from NVLink domain to
 *       RDMA domain", deepseek-ai/DeepEP README), so the NIC carries one copy per node reached, not one per expert.</li>
 * </ul>
 */
public enum MoeDispatcher {
    ALL_TO_ALL("alltoall"),
    DEEPEP("deepep");

    /** What a plan assumes when nothing says otherwise: Megatron-Core's default dispatcher for EP > 1. */
    public static final MoeDispatcher DEFAULT = ALL_TO_ALL;

    private final String id;

    MoeDispatcher(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }

    /** The dispatcher with this id; {@link #DEFAULT} for null or blank. */
    public static MoeDispatcher of(String id) {
        if (id == null || id.isBlank()) {
            return DEFAULT;
        }
        String key = CatalogKey.of(id);
        return Arrays.stream(values())
                .filter(d -> d.id.equals(key))
                .findFirst()
                .orElseThrow(() -> new InputError(
                        "training.moeDispatcher",
                        "unknown MoE dispatcher '" + id + "'; one of "
                                + Arrays.stream(values()).map(MoeDispatcher::id).toList()));
    }

    /**
     * Expected remote nodes one token's {@code topK} experts fall on, with {@code experts} experts spread evenly over
     * {@code nodes} nodes and routing uniform (what auxiliary-loss balancing aims at): each of the other nodes holds
     * {@code experts/nodes} of them and is missed with the hypergeometric probability C(E − E_n, k) / C(E, k).
     */
    static double remoteNodesReached(int experts, int topK, int nodes) {
        if (nodes <= 1) {
            return 0;
        }
        double perNode = (double) experts / nodes;
        double miss = 1;
        for (int i = 0; i < topK; i++) {
            miss *= (experts - perNode - i) / (experts - (double) i);
        }
        return (nodes - 1) * (1 - Math.max(0, miss));
    }
}
