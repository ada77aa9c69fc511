#!/usr/bin/env python3
"""Predicts the bundled published training runs with Calculon, where Calculon can model them.

Calculon (calculon-ai/calculon, Isaev et al., SC'23) models GPT-architecture transformers (a two-matrix MLP,
multi-head attention) trained with Megatron-style tensor, pipeline and data parallelism. This script picks the runs of
Sextant's validation set that are exactly that: model ``gpt:layers:hidden:heads`` on A100 80 GB or H100 SXM, no context
or expert parallelism, no FSDP. Everything else (gated MLPs, grouped-query attention, MoE, CP, FSDP, other GPUs) is
left out as "not modelled by Calculon" rather than approximated.

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


def modelled(r):
    return (r["model"].startswith("gpt:") and r["gpu"] in SYSTEMS and r["cp"] == "1" and r["ep"] == "1"
            and r["zero"] in ("0", "1"))


def application(r):
    _, layers, hidden, heads = r["model"].split(":")
    hidden, heads = int(hidden), int(heads)
    return {"hidden": hidden, "feedforward": 4 * hidden, "seq_size": int(r["seq"]), "attn_heads": heads,
            "attn_size": hidden // heads, "num_blocks": int(layers)}


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
        system = calculon.System(calculon.io.read_json_file(os.path.join(calculon_dir, "systems", SYSTEMS[r["gpu"]])))
        try:
            model = Llm(Llm.Application(application(r)), logger)
            model.compile(system, Llm.Execution.from_json(execution(r)))
            model.run(system)
            seconds = model.get_total_time()
            out.writerow([r["id"], f"{seconds:.6g}", SYSTEMS[r["gpu"]], ""])
        except Llm.Error as e:
            out.writerow([r["id"], "", SYSTEMS[r["gpu"]], f"Calculon refused: {e}"])


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
