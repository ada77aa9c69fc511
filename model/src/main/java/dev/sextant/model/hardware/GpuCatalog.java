package dev.sextant.model.hardware;

import dev.sextant.model.CatalogKey;
import dev.sextant.model.InputError;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * GPUs the planners know, dense figures only (no structured sparsity), after the vendors' datasheets (NVIDIA A100, H100,
 * H200, B200, GB200 NVL72, L40S and RTX 4090 datasheets and architecture whitepapers; AMD Instinct MI300X data sheet). Link figures are per GPU and
 * direction: NVIDIA and AMD quote NVLink and Infinity Fabric bidirectionally, so the catalog holds half.
 * Network defaults: 200 Gb/s HDR InfiniBand per A100 (Selene: 8 × 200 Gb/s per node) and per H100 PCIe, 400 Gb/s per H100/H200 SXM, B200, MI300X
 * (Llama 3's cluster), 100 Gb/s for PCIe workstation and inference cards.
 * H800 (reduced NVLink), H100 NVL, H20 and MI325X: see their entries. Power caps are not modelled: a capped part runs
 * below these peaks (the 96 GB H100 at 500 W is one).
 * SM counts (compute units on AMD): A100 108 (NVIDIA A100 Tensor Core GPU Architecture whitepaper), H100 SXM5 132 and
 * H100 PCIe 114 (NVIDIA H100 Tensor Core GPU Architecture whitepaper; H200 and the 96 GB H100 are the same GH100
 * configuration as the SXM5), B200 148 (two dies of 74 enabled SMs, Chips and Cheese, "Nvidia's B200: Keeping the CUDA
 * Juggernaut Rolling", 2025), GB200 152 (the CUDA-reported count quoted in public kernel notes; NVIDIA's datasheet does not
 * state it), MI300X 304 CUs (AMD MI300X data sheet), L40S 142 (NVIDIA L40S datasheet, 568 fourth-generation tensor cores at
 * 4 per SM), RTX 4090 128 (NVIDIA Ada Lovelace architecture whitepaper).
 */
public final class GpuCatalog {

    private static final double NONE = Double.NaN;

    private static final List<GpuSpec> GPUS = List.of(
            new GpuSpec(
                    "a100-sxm-40gb",
                    "NVIDIA A100 SXM 40GB",
                    312,
                    NONE,
                    40,
                    1555,
                    300,
                    "NVLink 3 (600 GB/s bidirectional)",
                    200,
                    "NVIDIA A100 datasheet",
                    108),
            new GpuSpec(
                    "a100-sxm-80gb",
                    "NVIDIA A100 SXM 80GB",
                    312,
                    NONE,
                    80,
                    2039,
                    300,
                    "NVLink 3 (600 GB/s bidirectional)",
                    200,
                    "NVIDIA A100 datasheet",
                    108),
            new GpuSpec(
                    "h100-sxm",
                    "NVIDIA H100 SXM",
                    989,
                    1979,
                    80,
                    3350,
                    450,
                    "NVLink 4 (900 GB/s bidirectional)",
                    400,
                    "NVIDIA H100 datasheet (dense figures: half the sparse ones quoted)",
                    132),
            new GpuSpec(
                    "h100-pcie",
                    "NVIDIA H100 PCIe",
                    756,
                    1513,
                    80,
                    2000,
                    300,
                    "NVLink bridge (600 GB/s bidirectional, pairs)",
                    200,
                    "NVIDIA H100 datasheet",
                    114),
            new GpuSpec(
                    "h200-sxm",
                    "NVIDIA H200 SXM",
                    989,
                    1979,
                    141,
                    4800,
                    450,
                    "NVLink 4 (900 GB/s bidirectional)",
                    400,
                    "NVIDIA H200 datasheet",
                    132),
            new GpuSpec(
                    "b200",
                    "NVIDIA B200",
                    2250,
                    4500,
                    180,
                    7700,
                    900,
                    "NVLink 5 (1.8 TB/s bidirectional)",
                    400,
                    "NVIDIA DGX B200 / HGX B200 datasheet",
                    148),
            new GpuSpec(
                    "mi300x",
                    "AMD Instinct MI300X",
                    1307,
                    2615,
                    192,
                    5300,
                    448,
                    "Infinity Fabric (896 GB/s aggregate)",
                    400,
                    "AMD MI300X datasheet",
                    304),
            // one GCD, the GPU software sees (two in each MI250X package, eight in a Frontier or LUMI node): 1,024
            // BF16 FLOPs a clock and CU × 110 CUs × 1.7 GHz (ROCm docs, conceptual/gpu-arch/mi250.md); 64 GB of HBM2e
            // at 1.6 TB/s (OLCF Frontier user guide, "System Overview"); Infinity Fabric between the GCDs of a node at
            // 50–100 GB/s a direction across packages (200 inside one), the slowest link a ring over the node crosses
            // taken; four 200 Gb/s Slingshot NICs a node of eight GCDs, 100 Gb/s each (same guide, "Network")
            new GpuSpec(
                    "mi250x",
                    "AMD Instinct MI250X (one GCD)",
                    191.5,
                    Double.NaN,
                    64,
                    1638,
                    50,
                    "Infinity Fabric (50–100 GB/s a direction between GCDs of different packages)",
                    100,
                    "AMD MI250X per GCD: ROCm MI250 microarchitecture docs, OLCF Frontier user guide",
                    110),
            new GpuSpec(
                    "l40s",
                    "NVIDIA L40S",
                    362,
                    733,
                    48,
                    864,
                    32,
                    "PCIe Gen4 x16 (no NVLink)",
                    100,
                    "NVIDIA L40S datasheet",
                    142),
            new GpuSpec(
                    "rtx-4090",
                    "NVIDIA GeForce RTX 4090",
                    165,
                    330,
                    24,
                    1008,
                    32,
                    "PCIe Gen4 x16 (no NVLink)",
                    100,
                    "NVIDIA Ada architecture whitepaper (FP16 with FP32 accumulate)",
                    128),
            // Meta's Grand Teton H100 (the torchtitan benchmarks): 96 GB HBM2e at 2.4 TB/s, 400 Gb/s per GPU, 500 W
            // power limit. Its tensor-core peak is not published ("between SXM and NVL", pytorch/torchtitan
            // docs/performance.md); the H100 SXM figures are an upper bound.
            new GpuSpec(
                    "h100-sxm-96gb",
                    "NVIDIA H100 SXM 96GB HBM2e (500 W)",
                    989,
                    1979,
                    96,
                    2400,
                    450,
                    "NVLink 4 (900 GB/s bidirectional)",
                    400,
                    "pytorch/torchtitan docs/performance.md (Grand Teton: 96 GB HBM2e, 2.4 TB/s, 500 W); peaks of the H100 SXM datasheet, an upper bound",
                    132),
            // one Blackwell GPU of a GB200 NVL72 rack: the datasheet's rack figures (with sparsity) over
            // 72 GPUs, halved for dense: BF16 360 PF → 2.5 PF, FP8 720 PF → 5 PF; HBM3e 13.4 TB at 576
            // TB/s → 186 GB at 8 TB/s; NVLink 130 TB/s → 1.8 TB/s bidirectional per GPU in a 72-GPU
            // NVLink domain; one 400 Gb/s ConnectX-7 per GPU
            new GpuSpec(
                    "gb200",
                    "NVIDIA GB200 (NVL72)",
                    2500,
                    5000,
                    186,
                    8000,
                    900,
                    "NVLink 5 (1.8 TB/s bidirectional, 72-GPU domain)",
                    400,
                    "NVIDIA GB200 NVL72 datasheet (rack figures per GPU; dense = half the sparse figures)",
                    152),
            // the export variant of the H100 SXM: the same GH100 compute and memory, NVLink cut to 400 GB/s
            // bidirectional (DeepSeek-V3 technical report, arXiv 2412.19437, §3.1 and §3.2.2: NVLink ≈ 160 GB/s
            // achieved, InfiniBand 50 GB/s per GPU)
            new GpuSpec(
                    "h800",
                    "NVIDIA H800 SXM",
                    989,
                    1979,
                    80,
                    3350,
                    200,
                    "NVLink 4, reduced (400 GB/s bidirectional)",
                    400,
                    "NVIDIA H800 product brief; DeepSeek-V3 technical report §3.1 (the H800 cluster)",
                    132),
            // PCIe pair card: 94 GB HBM3 at 3.9 TB/s; BF16 1,671 / FP8 3,341 TFLOP/s with sparsity, half dense
            new GpuSpec(
                    "h100-nvl",
                    "NVIDIA H100 NVL",
                    835.5,
                    1670.5,
                    94,
                    3900,
                    300,
                    "NVLink bridge (600 GB/s bidirectional, pairs)",
                    400,
                    "NVIDIA H100 NVL datasheet (dense = half the sparse figures)",
                    132),
            // China export part: figures as reported from NVIDIA's partner specifications (no public NVIDIA datasheet):
            // BF16 148 / FP8 296 TFLOP/s dense, 96 GB HBM3 at 4.0 TB/s, NVLink 900 GB/s, 78 SMs
            new GpuSpec(
                    "h20",
                    "NVIDIA H20",
                    148,
                    296,
                    96,
                    4000,
                    450,
                    "NVLink 4 (900 GB/s bidirectional)",
                    400,
                    "partner specifications as reported by SemiAnalysis, \"Nvidia's New China AI Chips\" (Nov 2023); not an NVIDIA datasheet",
                    78),
            new GpuSpec(
                    "mi325x",
                    "AMD Instinct MI325X",
                    1307.4,
                    2614.9,
                    256,
                    6000,
                    448,
                    "Infinity Fabric (896 GB/s aggregate)",
                    400,
                    "AMD Instinct MI325X data sheet",
                    304));

    private static final Map<String, GpuSpec> BY_ID =
            GPUS.stream().collect(Collectors.toUnmodifiableMap(GpuSpec::id, g -> g, (first, second) -> first));

    private GpuCatalog() {}

    public static List<GpuSpec> all() {
        return GPUS;
    }

    /**
     * Short names people use for catalog GPUs: the chip alone means its common data-centre part (H100 → the 80 GB SXM,
     * A100 → the 80 GB SXM).
     */
    private static final Map<String, String> ALIASES = Map.ofEntries(
            Map.entry("h100", "h100-sxm"),
            Map.entry("h100-80gb", "h100-sxm"),
            Map.entry("h100-sxm5", "h100-sxm"),
            Map.entry("h100-sxm-80gb", "h100-sxm"),
            Map.entry("h100-sxm5-80gb", "h100-sxm"),
            Map.entry("a100", "a100-sxm-80gb"),
            Map.entry("a100-80gb", "a100-sxm-80gb"),
            Map.entry("a100-sxm4-80gb", "a100-sxm-80gb"),
            Map.entry("a100-40gb", "a100-sxm-40gb"),
            Map.entry("a100-sxm4-40gb", "a100-sxm-40gb"),
            Map.entry("h200", "h200-sxm"),
            Map.entry("h200-141gb", "h200-sxm"),
            Map.entry("mi300", "mi300x"),
            Map.entry("gb200-nvl72", "gb200"));

    /** The GPU with that id or short name (case and a leading "nvidia-" forgiven; "_" and " " read as "-"). */
    public static Optional<GpuSpec> find(String id) {
        GpuSpec exact = BY_ID.get(id); // the planners ask with catalog ids on every step they price
        if (exact != null) {
            return Optional.of(exact);
        }
        String key = CatalogKey.of(id);
        if (key.startsWith("nvidia-")) {
            key = key.substring("nvidia-".length());
        }
        String k = ALIASES.getOrDefault(key, key);
        return Optional.ofNullable(BY_ID.get(k));
    }

    /**
     * The catalog GPU a user-defined one stands for where the catalog keeps per-GPU measurements (SM count, best matmul,
     * attention kernels): the one of the same id, else the first with the same dense BF16 peak (a copied and edited
     * catalog entry; H100 SXM, H200 and the 96 GB H100 share the GH100 die and its figures), else empty.
     */
    public static Optional<GpuSpec> sameSilicon(GpuSpec gpu) {
        Optional<GpuSpec> byId = find(gpu.id());
        return byId.isPresent()
                ? byId
                : GPUS.stream().filter(g -> g.bf16Tflops() == gpu.bf16Tflops()).findFirst();
    }

    /** The GPU with that id, or an error that lists the ids there are. */
    public static GpuSpec get(String id) {
        return find(id).orElseThrow(() -> new InputError(
                "gpu",
                "unknown GPU '" + id + "'; known: "
                        + String.join(", ", GPUS.stream().map(GpuSpec::id).toList())));
    }

    /**
     * The catalog GPU a CUDA device name denotes, told apart by memory where one name covers several (A100 40/80 GB),
     * or null: "NVIDIA H100 80GB HBM3" is h100-sxm, "NVIDIA H100 PCIe" h100-pcie, "NVIDIA A100-SXM4-80GB" a100-sxm-80gb.
     */
    public static GpuSpec match(String deviceName, long memoryBytes) {
        String n = deviceName.toUpperCase(Locale.ROOT);
        double gb = memoryBytes / 1e9;
        String id = null;
        if (n.contains("H200")) {
            id = "h200-sxm";
        } else if (n.contains("H800")) {
            id = "h800";
        } else if (n.contains("H20") && !n.contains("H200")) {
            id = "h20";
        } else if (n.contains("H100")) {
            id = n.contains("NVL") ? "h100-nvl" : n.contains("PCIE") ? "h100-pcie" : "h100-sxm";
        } else if (n.contains("A100")) {
            id = gb > 50 ? "a100-sxm-80gb" : "a100-sxm-40gb";
        } else if (n.contains("GB200")) {
            id = "gb200";
        } else if (n.contains("B200")) {
            id = "b200";
        } else if (n.contains("MI250X")) {
            id = "mi250x";
        } else if (n.contains("MI300X")) {
            id = "mi300x";
        } else if (n.contains("MI325X")) {
            id = "mi325x";
        } else if (n.contains("L40S")) {
            id = "l40s";
        } else if (n.contains("4090")) {
            id = "rtx-4090";
        }
        return id == null ? null : find(id).orElse(null);
    }
}
