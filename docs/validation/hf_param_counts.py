"""Independent parameter counts for the test fixtures: lists every tensor of each model as its transformers
implementation names it (modeling_<family>.py state_dict shapes), then sums. Written separately from the Java
ParameterCount so the tests compare two derivations. Run: python3 docs/validation/hf_param_counts.py"""
import math

def prod(s):
    return math.prod(s)

def llama_like(d, L, H, KV, hd, V, ffn, tied, qkv_bias=False, qk_norm=None, norms=2, layer_mlp=None, o_bias=False, sinks=False):
    t = {"embed": (V, d), "final_norm": (d,)}
    if not tied:
        t["lm_head"] = (V, d)
    total = sum(prod(s) for s in t.values())
    active = total
    for i in range(L):
        layer = {"q": (H * hd, d), "k": (KV * hd, d), "v": (KV * hd, d), "o": (d, H * hd)}
        if qkv_bias:
            layer.update({"q_b": (H * hd,), "k_b": (KV * hd,), "v_b": (KV * hd,)})
        if o_bias:
            layer["o_b"] = (d,)
        if sinks:
            layer["sinks"] = (H,)
        if qk_norm == "head":
            layer.update({"q_norm": (hd,), "k_norm": (hd,)})
        if qk_norm == "full":
            layer.update({"q_norm": (H * hd,), "k_norm": (KV * hd,)})
        for n in range(norms):
            layer["norm%d" % n] = (d,)
        common = sum(prod(s) for s in layer.values())
        mt, ma = layer_mlp(i) if layer_mlp else (3 * d * ffn, 3 * d * ffn)
        total += common + mt
        active += common + ma
    return total, active

def dense_mlp(d, ffn):
    return lambda i: (3 * d * ffn, 3 * d * ffn)

def moe_mlp(d, E, k, I, shared_I=0, router_bias=False, expert_bias=False, moe_layer=lambda i: True, dense_I=0):
    def f(i):
        if not moe_layer(i):
            return 3 * d * dense_I, 3 * d * dense_I
        expert = 2 * d * I + I * d + ((2 * I + d) if expert_bias else 0)  # gate_up [d, 2I], down [I, d]
        router = E * d + (E if router_bias else 0)
        shared = 3 * d * shared_I
        return E * expert + router + shared, k * expert + router + shared
    return f

models = {}
models["qwen3-8b"] = llama_like(4096, 36, 32, 8, 128, 151936, 12288, False, qk_norm="head")
models["qwen3-30b-a3b"] = llama_like(2048, 48, 32, 4, 128, 151936, 0, False, qk_norm="head",
                                     layer_mlp=moe_mlp(2048, 128, 8, 768))
models["gemma-2-9b"] = llama_like(3584, 42, 16, 8, 256, 256000, 14336, True, norms=4)
models["gemma-3-27b"] = llama_like(5376, 62, 32, 16, 128, 262208, 21504, True, norms=4, qk_norm="head")
models["llama-4-scout"] = llama_like(5120, 48, 40, 8, 128, 202048, 0, False,
                                     layer_mlp=moe_mlp(5120, 16, 1, 8192, shared_I=8192))
for name, L, E in (("gpt-oss-120b", 36, 128), ("gpt-oss-20b", 24, 32)):
    models[name] = llama_like(2880, L, 64, 8, 64, 201088, 0, False, qkv_bias=True, o_bias=True, sinks=True,
                              layer_mlp=moe_mlp(2880, E, 4, 2880, router_bias=True, expert_bias=True))
models["phi-3-mini"] = llama_like(3072, 32, 32, 32, 96, 32064, 8192, False)
models["olmo-2-7b"] = llama_like(4096, 32, 32, 32, 128, 100352, 11008, False, qk_norm="full")

def falcon(d, L, H, KV, ln_per_layer, V=65024):
    hd = d // H
    total = V * d + 2 * d  # word_embeddings (lm_head tied), ln_f weight + bias
    per = d * (H + 2 * KV) * hd + d * d + 2 * d * 4 * d + ln_per_layer * 2 * d
    return total + L * per, total + L * per

models["falcon-7b"] = falcon(4544, 32, 71, 1, 1)
models["falcon-40b"] = falcon(8192, 60, 128, 8, 2)

if __name__ == "__main__":
    for k, (t, a) in models.items():
        print(f"{k:16s} total {t:>16,d}  active {a:>16,d}")
