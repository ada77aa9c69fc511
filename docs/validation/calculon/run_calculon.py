#!/usr/bin/env python3
"""Predicts the bundled published training runs with Calculon, where Calculon can model them.

Calculon (calculon-ai/calculon, Isaev et al., SC'23) models GPT-architecture transformers (a two-matrix MLP,
multi-head attention) trained with Megatron-style tensor, pipeline and data parallelism. This script picks the runs of
Sextant's validation set on A100 80 GB or H100 SXM without context or expert parallelism or FSDP, and whose model is
either exactly that architecture (``gpt:layers:hidden:heads``) or one of the dense catalog models below, which it
approximates and says so in the note column: a gated MLP of width F (three matrices) as a two-matrix MLP of width
1.5·F (the same FLOPs and weights), grouped-query attention as multi-head attention (K and V projections counted at
full width). MoE, CP, FSDP and other GPUs are left out as "not modelled by Calculon".

Usage (Calculon needs no third-party package for a single run; its command-line module imports pandas and psutil
for other commands, so two stub modules stand in for them):

    git clone https://github.com/calculon-ai/calculon && (cd calculon && git checkout caa4b11)
    python3 docs/validation/calculon/run_calculon.py path/to/calculon \\
        model/src/main/resources/dev/sextant/model/validation/training-runs.csv \\
        > docs/validation/calculon/calculon-predictions.csv

Calculon's own system files are used unchanged (systems/a100_80g.json, systems/h100_80g_nvl8.json): its error here
is the error of Calculon as shipped.
"""
import csv
import io
import logging
import os
import sys
import types

SYSTEMS = {"a100-sxm-80gb": "a100_80g.json", "h100-sxm": "h100_80g_nvl8.json"}
# Stacks whose data-parallel gradient reduction overlaps the backward pass (the others expose it).
OVERLAPPED = {"megatron-core", "nemo", "megatron-bridge"}


def stub_modules():
    """pandas and psutil are imported by Calculon's command-line module but not used for single runs."""
    sys.modules.setdefault("pandas", types.ModuleType("pandas"))
    ps = types.ModuleType("psutil")
    ps.cpu_count = lambda logical=True: os.cpu_count()
    sys.modules.setdefault("psutil", ps)


def rows(path):
    with open(path, newline="") as f:
        lines = [line for line in f if not line.startswith("#")]
    return list(csv.DictReader(io.StringIO("".join(lines))))


# Dense catalog models as (layers, hidden, heads, kv heads, MLP width, gated), from their config.json files
# (meta-llama Llama-2-7b-hf / Llama-2-13b-hf / Llama-2-70b-hf / Meta-Llama-3-8B / Meta-Llama-3-70B / Llama-3.1-405B; nvidia
# Nemotron-4-15B / Nemotron-4-340B-Base: squared-ReLU, not gated).
DENSE = {
    "llama-2-7b": (32, 4096, 32, 32, 11008, True),
    "llama-2-13b": (40, 5120, 40, 40, 13824, True),
    "llama-2-70b": (80, 8192, 64, 8, 28672, True),
    "llama-3-8b": (32, 4096, 32, 8, 14336, True),
    "llama-3-70b": (80, 8192, 64, 8, 28672, True),
    "llama-3.1-405b": (126, 16384, 128, 8, 53248, True),
    "nemotron-4-15b": (32, 6144, 48, 8, 24576, False),
    "nemotron-4-340b": (96, 18432, 96, 8, 73728, False),
}
PYTORCH_STACKS = {"torchtitan-fsdp", "mosaic-fsdp"}


def shape(r):
    """(layers, hidden, heads, kv heads, MLP width, gated) of a run's model, or None when Calculon cannot express it."""
    if r["model"].startswith("gpt:"):
        _, layers, hidden, heads = r["model"].split(":")
        return int(layers), int(hidden), int(heads), int(heads), 4 * int(hidden), False
    return DENSE.get(r["model"])


def modelled(r):
    return (shape(r) is not None and r["gpu"] in SYSTEMS and r["cp"] == "1" and r["ep"] == "1"
            and r["zero"] in ("0", "1") and r["stack"] not in PYTORCH_STACKS)


def application(r):
    layers, hidden, heads, kv, ffn, gated = shape(r)
    return {"hidden": hidden, "feedforward": int(1.5 * ffn) if gated else ffn, "seq_size": int(r["seq"]),
            "attn_heads": heads, "attn_size": hidden // heads, "num_blocks": layers}


def note(r):
    layers, hidden, heads, kv, ffn, gated = shape(r)
    parts = []
    if gated:
        parts.append("gated MLP as a 1.5x two-matrix MLP")
    if kv != heads:
        parts.append("grouped-query attention as multi-head")
    return "approximated: " + "; ".join(parts) if parts else ""


def execution(r):
    sp = r["sequence_parallel"] == "true"
    recompute = {"full": "full", "selective": "attn_only", "none": "none"}[r["recompute"]]
    return {"num_procs": int(r["gpus"]), "tensor_par": int(r["tp"]), "pipeline_par": int(r["pp"]),
            "data_par": int(r["dp"]), "tensor_par_net": 0, "pipeline_par_net": 1, "data_par_net": 1,
            "batch_size": int(r["global_batch"]), "microbatch_size": int(r["micro_batch"]),
            "datatype": "float8" if r["precision"] == "fp8" else "float16",
            "fused_activation": r["attention"] == "fused", "attention_type": "multihead",
            "activation_recompute": recompute, "pipeline_interleaving": int(r["vpp"]),
            "optimizer_sharding": r["zero"] == "1", "tensor_par_comm_type": "rs_ag" if sp else "ar",
            "tensor_par_overlap": "none", "seq_par_ag_redo": sp, "data_par_overlap": r["stack"] in OVERLAPPED,
            "weight_offload": False, "activations_offload": False, "optimizer_offload": False, "training": True}


def step_seconds(calculon, Llm, logger, spec, r):
    system = calculon.System(spec)
    model = Llm(Llm.Application(application(r)), logger)
    model.compile(system, Llm.Execution.from_json(execution(r)))
    model.run(system)
    return model.get_total_time()


def main(calculon_dir, runs_csv):
    stub_modules()
    sys.path.insert(0, calculon_dir)
    import calculon  # noqa: E402
    from calculon.llm import Llm  # noqa: E402
    logger = logging.getLogger("calculon")
    out = csv.writer(sys.stdout, lineterminator="\n")
    out.writerow(["id", "calculon_step_seconds", "system", "note"])
    for r in rows(runs_csv):
        if not modelled(r):
            continue
        spec = calculon.io.read_json_file(os.path.join(calculon_dir, "systems", SYSTEMS[r["gpu"]]))
        try:
            seconds = step_seconds(calculon, Llm, logger, spec, r)
            out.writerow([r["id"], f"{seconds:.6g}", SYSTEMS[r["gpu"]], note(r)])
        except Llm.Error as e:
            # Calculon's memory model refuses some published layouts (it has no fine-grained recompute of norms and
            # activations); their time is still Calculon's, with the capacity check lifted, and the note says so
            spec["mem1"]["GiB"] = 100000
            seconds = step_seconds(calculon, Llm, logger, spec, r)
            refusal = f"Calculon's memory model refuses it ({e}); timed with the capacity check lifted"
            out.writerow([r["id"], f"{seconds:.6g}", SYSTEMS[r["gpu"]], "; ".join(x for x in (note(r), refusal) if x)])


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
