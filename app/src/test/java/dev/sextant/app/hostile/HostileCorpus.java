package dev.sextant.app.hostile;

import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import dev.sextant.workspaces.Workspace;
import dev.sextant.workspaces.archive.WorkspaceArchive;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.Deflater;
import java.util.zip.GZIPOutputStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;

/** The files of the hostile-input corpus, written into a folder, and the cases that use them. */
final class HostileCorpus {

    private static final String P = "Demo — evaluation and capacity planning";

    private HostileCorpus() {}

    static List<HostileCase> cases() {
        List<HostileCase> c = new ArrayList<>();
        // ---- archives: workspace import into the workspace (a project archive) and as a new workspace
        String[] bad = {
            "not-a-zip.sextant.zip: not a zip archive",
            "empty.sextant.zip: not a zip archive",
            "truncated.sextant.zip: not a zip archive",
            "no-manifest.sextant.zip: not a Sextant archive (no manifest.json)",
            "manifest-json.sextant.zip!manifest.json",
            "manifest-nul.sextant.zip!manifest.json",
            "manifest-format.sextant.zip!manifest.json: format",
            "future-format.sextant.zip!manifest.json: formatVersion",
            "future-schema.sextant.zip!manifest.json: schemaVersion",
            "escape.sextant.zip: entry '../evil.txt': path escapes",
            "absolute.sextant.zip: entry '/etc/evil': absolute path",
            "backslash.sextant.zip: entry 'files\\evil': backslash",
            "stray.sextant.zip: entry 'notes.txt': not part of a Sextant archive",
            "nul-table.sextant.zip!tables/PROJECT.jsonl:1",
            "short-table.sextant.zip!tables/EVAL_SOURCE.jsonl",
            "unlisted.sextant.zip: entry 'tables/WORKSPACE_PROPERTY.jsonl': not listed in manifest.json",
            "unknown-column.sextant.zip!tables/PROJECT.jsonl:1: COLOUR: no such column",
            "bomb.sextant.zip: entry 'tables/EVAL_SOURCE.jsonl': inflates",
            "liar.sextant.zip: entry 'tables/EVAL_SOURCE.jsonl': inflates to more than the",
            "twice.sextant.zip!manifest.json: tables: table PROJECT is listed twice",
            "orphan.sextant.zip!tables/EVAL_SOURCE.jsonl",
            "not-json-row.sextant.zip!tables/PROJECT.jsonl:1"
        };
        for (String expected : bad) {
            String file = expected.substring(0, expected.indexOf(".sextant.zip") + ".sextant.zip".length());
            c.add(new HostileCase(
                    "project import: " + file,
                    expected,
                    "workspace",
                    "import",
                    "{T}/archives/" + file,
                    "--workspace",
                    "{W}"));
        }
        c.add(new HostileCase(
                "workspace import: bomb as new workspace",
                "bomb-ws.sextant.zip: entry 'files/notes.bin': inflates",
                "workspace",
                "import",
                "{T}/archives/bomb-ws.sextant.zip",
                "--to",
                "{T}/new-ws"));
        c.add(new HostileCase(
                "workspace import: a files/ entry over the new database",
                "smuggle.sextant.zip: entry 'files/workspace.mv.db': not a file",
                "workspace",
                "import",
                "{T}/archives/smuggle.sextant.zip",
                "--to",
                "{T}/new-ws3"));
        c.add(new HostileCase(
                "workspace import: an entry twice",
                "twice-entry.sextant.zip: entry 'manifest.json': appears twice",
                "workspace",
                "import",
                "{T}/archives/twice-entry.sextant.zip",
                "--to",
                "{T}/new-ws4"));
        c.add(new HostileCase(
                "workspace import: a project archive as a workspace",
                "project.sextant.zip: this is a project archive",
                "workspace",
                "import",
                "{T}/archives/project.sextant.zip",
                "--to",
                "{T}/new-ws2"));
        c.add(new HostileCase(
                "workspace import: a folder",
                "{T}/archives: is a folder",
                "workspace",
                "import",
                "{T}/archives",
                "--workspace",
                "{W}"));
        c.add(new HostileCase(
                "workspace import: missing",
                "nothing.sextant.zip: no such file",
                "workspace",
                "import",
                "{T}/nothing.sextant.zip",
                "--workspace",
                "{W}"));
        // ---- evaluation evidence
        c.add(eval("items-bad-score.csv", "items-bad-score.csv:3: score"));
        c.add(eval("items-missing-column.csv", "items-missing-column.csv"));
        c.add(eval("items-nan.csv", "items-nan.csv:2: score"));
        c.add(eval("items-inf.csv", "items-inf.csv:2: score"));
        c.add(eval("items-duplicate.csv", "items-duplicate.csv:4"));
        c.add(eval("empty.csv", "empty.csv"));
        c.add(eval("nul.jsonl", "nul.jsonl:1"));
        c.add(eval("garbage.jsonl", "garbage.jsonl:1"));
        c.add(eval("results_broken.json", "results_broken.json"));
        c.add(eval("samples_task_2026-01-02T03-04-05.123.jsonl", "samples_task_2026-01-02T03-04-05.123.jsonl:2"));
        c.add(eval("battles-bad-winner.jsonl", "battles-bad-winner.jsonl:2: winner"));
        c.add(eval("weights-negative.csv", "weights-negative.csv:2: weight"));
        c.add(eval("unknown.xlsx", "unknown.xlsx"));
        c.add(new HostileCase(
                "eval import: missing file",
                "missing.csv",
                "eval",
                "import",
                "--input",
                "{T}/corpus/missing.csv",
                "--project",
                P,
                "--workspace",
                "{W}"));
        c.add(new HostileCase(
                "eval import: a good and a bad file together",
                "items-bad-score.csv:3",
                "eval",
                "import",
                "--input",
                "{T}/corpus/items-good.csv",
                "{T}/corpus/items-bad-score.csv",
                "--project",
                P,
                "--workspace",
                "{W}"));
        c.add(eval("items-long-id.csv", "items-long-id.csv:2: item_id: 100,000 characters long"));
        c.add(eval("battles-long-model.jsonl", "battles-long-model.jsonl:1: model_a: 100,000 characters long"));
        c.add(eval("battles-deep.jsonl", "battles-deep.jsonl:1: invalid JSON: nested deeper than 1,000 levels"));
        c.add(gate(
                "replay",
                "replay-long-number.jsonl",
                "replay-long-number.jsonl:1: invalid JSON: a number longer than 1,000 digits"));
        c.add(eval(
                "results_2026-01-02T03-04-05.json", "results_2026-01-02T03-04-05.json: model: 5,000 characters long"));
        c.add(eval(
                "clean_battle_bad_winner.json", "clean_battle_bad_winner.json:3: [1].winner: unknown value 'nobody'"));
        c.add(eval("clean_battle_cut.json", "clean_battle_cut.json:3: invalid JSON"));
        c.add(eval("clean_battle_not_objects.json", "clean_battle_not_objects.json:1: [0]: expected a JSON object"));
        c.add(eval("neither.json", "neither.json:1: cannot tell what this JSON holds from its fields (name, value)"));
        c.add(eval(
                "results-task-not-object.json",
                "results-task-not-object.json: results.hellaswag: expected an object of metric values"));
        c.add(new HostileCase(
                "eval arena: clean_battle with a bad winner",
                "clean_battle_bad_winner.json:3: [1].winner",
                "eval",
                "arena",
                "--input",
                "{T}/corpus/clean_battle_bad_winner.json"));
        c.add(new HostileCase(
                "eval summary: --kind results on battles",
                "battles-good.jsonl:1: results: missing",
                "eval",
                "summary",
                "--kind",
                "REPORTED",
                "--input",
                "{T}/corpus/battles-good.jsonl"));
        // ---- gate evidence and policy
        c.add(gate("private", "suite-duplicate.csv", "suite-duplicate.csv:4"));
        c.add(gate("private", "suite-bad-score.csv", "suite-bad-score.csv:2: score"));
        c.add(gate("regression", "suite-nan.csv", "suite-nan.csv:2: score"));
        c.add(gate("replay", "replay-broken.jsonl", "replay-broken.jsonl:2"));
        c.add(gate("replay", "replay-negative-latency.jsonl", "replay-negative-latency.jsonl:1: latency_ms"));
        c.add(gate("replay", "replay-duplicate.jsonl", "replay-duplicate.jsonl:2"));
        c.add(gate("private", "suite-long-item.csv", "suite-long-item.csv:2: item: 100,000 characters long"));
        c.add(new HostileCase(
                "plan train --save: a name of 5,000 characters",
                "the name of a saved plan is 5,000 characters long",
                "plan",
                "train",
                "--model",
                "llama-3-8b",
                "--gpu",
                "h100-sxm",
                "--gpus",
                "8",
                "--seq-len",
                "4096",
                "--global-batch",
                "64",
                "--save",
                "n".repeat(5000),
                "--project",
                P,
                "--workspace",
                "{W}"));
        c.add(new HostileCase(
                "gate policy: not JSON",
                "policy-broken.json",
                "gate",
                "policy",
                "--set",
                "{T}/corpus/policy-broken.json",
                "--project",
                P,
                "--workspace",
                "{W}"));
        c.add(new HostileCase(
                "gate policy: negative margin",
                "policy-negative-margin.json",
                "gate",
                "policy",
                "--set",
                "{T}/corpus/policy-negative-margin.json",
                "--project",
                P,
                "--workspace",
                "{W}"));
        c.add(new HostileCase(
                "gate policy: duplicate names",
                "policy-duplicate.json",
                "gate",
                "policy",
                "--set",
                "{T}/corpus/policy-duplicate.json",
                "--project",
                P,
                "--workspace",
                "{W}"));
        // ---- GPU profiles and specs
        c.add(gpuImport("profile-negative-bandwidth.json", "profile-negative-bandwidth.json: memoryBandwidthGBs"));
        c.add(gpuImport("profile-broken.json", "profile-broken.json"));
        c.add(gpuImport("profile-nan.json", "profile-nan.json"));
        c.add(gpuImport("profile-empty.json", "profile-empty.json"));
        c.add(new HostileCase(
                "plan train --save: GPU with zero memory",
                "gpu-zero-memory.json: memoryGB",
                "plan",
                "train",
                "--model",
                "llama-3-8b",
                "--gpu",
                "{T}/corpus/gpu-zero-memory.json",
                "--gpus",
                "8",
                "--seq-len",
                "4096",
                "--global-batch",
                "64",
                "--save",
                "x",
                "--project",
                P,
                "--workspace",
                "{W}"));
        c.add(new HostileCase(
                "plan train --save: GPU with negative bandwidth",
                "gpu-negative.json: hbmGBs",
                "plan",
                "train",
                "--model",
                "llama-3-8b",
                "--gpu",
                "{T}/corpus/gpu-negative.json",
                "--gpus",
                "8",
                "--seq-len",
                "4096",
                "--global-batch",
                "64",
                "--save",
                "x",
                "--project",
                P,
                "--workspace",
                "{W}"));
        c.add(new HostileCase(
                "plan train --save: config.json not JSON",
                "config-broken.json",
                "plan",
                "train",
                "--model",
                "{T}/corpus/config-broken.json",
                "--gpu",
                "h100-sxm",
                "--gpus",
                "8",
                "--seq-len",
                "4096",
                "--global-batch",
                "64",
                "--save",
                "x",
                "--project",
                P,
                "--workspace",
                "{W}"));
        c.add(new HostileCase(
                "plan train --save: config.json negative layers",
                "config-negative.json: num_hidden_layers",
                "plan",
                "train",
                "--model",
                "{T}/corpus/config-negative.json",
                "--gpu",
                "h100-sxm",
                "--gpus",
                "8",
                "--seq-len",
                "4096",
                "--global-batch",
                "64",
                "--save",
                "x",
                "--project",
                P,
                "--workspace",
                "{W}"));
        // ---- serving inputs
        c.add(new HostileCase(
                "plan capacity: traffic with a word for a rate",
                "traffic-bad.csv:3: rate",
                "plan",
                "capacity",
                "--model",
                "llama-3-8b",
                "--gpu",
                "h100-sxm",
                "--traffic",
                "{T}/corpus/traffic-bad.csv",
                "--slo-ttft",
                "1",
                "--slo-tpot",
                "0.1"));
        c.add(new HostileCase(
                "plan capacity: traffic with a negative rate",
                "traffic-negative.csv:3: rate",
                "plan",
                "capacity",
                "--model",
                "llama-3-8b",
                "--gpu",
                "h100-sxm",
                "--traffic",
                "{T}/corpus/traffic-negative.csv",
                "--slo-ttft",
                "1",
                "--slo-tpot",
                "0.1"));
        c.add(new HostileCase(
                "plan capacity: traffic with a window twice",
                "traffic-duplicate.csv:3",
                "plan",
                "capacity",
                "--model",
                "llama-3-8b",
                "--gpu",
                "h100-sxm",
                "--traffic",
                "{T}/corpus/traffic-duplicate.csv",
                "--slo-ttft",
                "1",
                "--slo-tpot",
                "0.1"));
        c.add(new HostileCase(
                "simulate serve: a length file with a word",
                "lengths-bad.txt:2",
                "simulate",
                "serve",
                "--model",
                "llama-3-8b",
                "--gpu",
                "h100-sxm",
                "--rate",
                "1",
                "--requests",
                "10",
                "--prompt-tokens",
                "file:{T}/corpus/lengths-bad.txt",
                "--output-tokens",
                "const:10"));
        c.add(new HostileCase(
                "simulate serve: a trace with a negative time",
                "trace-bad.csv:2",
                "simulate",
                "serve",
                "--model",
                "llama-3-8b",
                "--gpu",
                "h100-sxm",
                "--requests",
                "10",
                "--arrivals",
                "trace:{T}/corpus/trace-bad.csv",
                "--prompt-tokens",
                "const:10",
                "--output-tokens",
                "const:10",
                "--rate",
                "1"));
        // ---- contamination
        c.add(new HostileCase(
                "scan: benchmark not JSON",
                "bench-broken.jsonl:2",
                "scan",
                "--benchmark",
                "{T}/corpus/bench-broken.jsonl",
                "--corpus",
                "{T}/corpus/corpus.jsonl"));
        c.add(new HostileCase(
                "scan: benchmark ids twice",
                "bench-duplicate.jsonl:3",
                "scan",
                "--benchmark",
                "{T}/corpus/bench-duplicate.jsonl",
                "--corpus",
                "{T}/corpus/corpus.jsonl"));
        c.add(new HostileCase(
                "scan: an id of 100,000 characters",
                "bench-long-id.jsonl:1: id: 100,000 characters long",
                "scan",
                "--benchmark",
                "{T}/corpus/bench-long-id.jsonl",
                "--corpus",
                "{T}/corpus/corpus.jsonl",
                "--project",
                P,
                "--workspace",
                "{W}"));
        c.add(new HostileCase(
                "scan: truncated gzip corpus",
                "truncated.jsonl.gz",
                "scan",
                "--benchmark",
                "{T}/corpus/bench.jsonl",
                "--corpus",
                "{T}/corpus/truncated.jsonl.gz"));
        c.add(new HostileCase(
                "scan: corrupt zstd corpus",
                "corrupt.jsonl.zst",
                "scan",
                "--benchmark",
                "{T}/corpus/bench.jsonl",
                "--corpus",
                "{T}/corpus/corrupt.jsonl.zst"));
        c.add(new HostileCase(
                "scan: chat benchmark with a message that is not {role, content}",
                "bench-chat.jsonl:2: messages[1]: not a message",
                "scan",
                "--benchmark",
                "{T}/corpus/bench-chat.jsonl",
                "--corpus",
                "{T}/corpus/corpus.jsonl"));
        c.add(new HostileCase(
                "scan: chat benchmark whose messages is not a list",
                "bench-chat-string.jsonl:1: messages: not a list",
                "scan",
                "--benchmark",
                "{T}/corpus/bench-chat-string.jsonl",
                "--corpus",
                "{T}/corpus/corpus.jsonl"));
        c.add(new HostileCase(
                "scan: a Parquet corpus that is not Parquet",
                "not-parquet.parquet: not a Parquet file",
                "scan",
                "--benchmark",
                "{T}/corpus/bench.jsonl",
                "--corpus",
                "{T}/corpus/not-parquet.parquet"));
        c.add(new HostileCase(
                "scan: a Parquet benchmark with a damaged footer",
                "broken-footer.parquet: damaged Parquet footer",
                "scan",
                "--benchmark",
                "{T}/corpus/broken-footer.parquet",
                "--corpus",
                "{T}/corpus/corpus.jsonl"));
        c.add(new HostileCase(
                "scan: a Parquet corpus cut short",
                "cut-short.parquet: not a whole Parquet file",
                "scan",
                "--benchmark",
                "{T}/corpus/bench.jsonl",
                "--corpus",
                "{T}/corpus/cut-short.parquet"));
        c.add(new HostileCase(
                "scan: corpus missing",
                "no-corpus",
                "scan",
                "--benchmark",
                "{T}/corpus/bench.jsonl",
                "--corpus",
                "{T}/no-corpus"));
        c.add(new HostileCase(
                "scan --resume: not an id",
                "not a scan id",
                "scan",
                "--resume",
                "x'; DROP TABLE SCAN;--",
                "--workspace",
                "{W}"));
        c.add(new HostileCase(
                "scan export: unknown scan",
                "00000000-0000-0000-0000-000000000000",
                "scan",
                "export",
                "00000000-0000-0000-0000-000000000000",
                "--out",
                "{T}/x.csv",
                "--workspace",
                "{W}"));
        // ---- evaluation readers without a workspace
        c.add(new HostileCase(
                "eval arena: battles not JSON",
                "battles-broken.jsonl:2",
                "eval",
                "arena",
                "--input",
                "{T}/corpus/battles-broken.jsonl"));
        c.add(new HostileCase(
                "eval index: weights with a word",
                "weights-bad.csv:2: weight",
                "eval",
                "index",
                "--weights",
                "{T}/corpus/weights-bad.csv",
                "--scores",
                "{T}/corpus/scores.csv"));
        c.add(new HostileCase(
                "eval index: scores NaN",
                "scores-nan.csv:2: score",
                "eval",
                "index",
                "--weights",
                "{T}/corpus/weights.csv",
                "--scores",
                "{T}/corpus/scores-nan.csv"));
        c.add(new HostileCase(
                "eval index: a model scored twice",
                "scores-duplicate.csv:3",
                "eval",
                "index",
                "--weights",
                "{T}/corpus/weights.csv",
                "--scores",
                "{T}/corpus/scores-duplicate.csv"));
        c.add(new HostileCase(
                "gate judge: a word for a value",
                "judge-bad.csv:3: value",
                "gate",
                "judge",
                "--baseline",
                "{T}/corpus/judge-bad.csv",
                "--canary",
                "{T}/corpus/judge-good.csv"));
        c.add(new HostileCase(
                "gate judge: infinite value",
                "judge-inf.csv:2: value",
                "gate",
                "judge",
                "--baseline",
                "{T}/corpus/judge-inf.csv",
                "--canary",
                "{T}/corpus/judge-good.csv"));
        c.add(new HostileCase(
                "gate replay: monitoring with a word for a value",
                "monitoring-bad.csv:3: value",
                "gate",
                "replay",
                "--monitoring",
                "{T}/corpus/monitoring-bad.csv"));
        c.add(new HostileCase(
                "gate replay: monitoring with a group nobody knows",
                "monitoring-group.csv:2: group",
                "gate",
                "replay",
                "--monitoring",
                "{T}/corpus/monitoring-group.csv"));
        c.add(new HostileCase(
                "eval index: a workload mix with a negative share",
                "mix-negative.csv:2: share",
                "eval",
                "index",
                "--weights",
                "{T}/corpus/weights.csv",
                "--scores",
                "{T}/corpus/scores.csv",
                "--mix",
                "{T}/corpus/mix-negative.csv"));
        c.add(new HostileCase(
                "eval summary: per-item scores with infinity",
                "items-inf.csv:2: score",
                "eval",
                "summary",
                "--input",
                "{T}/corpus/items-inf.csv"));
        c.add(new HostileCase(
                "scan: CSV benchmark ids twice",
                "bench-duplicate.csv:3",
                "scan",
                "--benchmark",
                "{T}/corpus/bench-duplicate.csv",
                "--id-field",
                "id",
                "--field",
                "question",
                "--corpus",
                "{T}/corpus/corpus.jsonl"));
        // ---- workspaces themselves
        c.add(new HostileCase(
                "workspace export: onto a folder",
                "{T}/archives",
                "workspace",
                "export",
                "{T}/archives",
                "--workspace",
                "{W}"));
        c.add(new HostileCase(
                "project update: an empty name", "name", "project", "update", P, "--name", " ", "--workspace", "{W}"));
        c.add(new HostileCase(
                "workspace create: over a file",
                "corpus/not-a-folder",
                "workspace",
                "create",
                "{T}/corpus/not-a-folder"));
        c.add(new HostileCase(
                "workspace info: empty database file",
                "empty-db/workspace.mv.db is damaged or not a Sextant workspace",
                "workspace",
                "info",
                "--workspace",
                "{T}/empty-db"));
        c.add(new HostileCase(
                "workspace info: text as database file",
                "text-db/workspace.mv.db is damaged or not a Sextant workspace",
                "workspace",
                "info",
                "--workspace",
                "{T}/text-db"));
        c.add(new HostileCase(
                "project list: truncated database file",
                "cut-db/workspace.mv.db",
                "project",
                "list",
                "--workspace",
                "{T}/cut-db"));
        c.add(new HostileCase(
                "workspace: a file, not a folder",
                "not-a-folder",
                "project",
                "list",
                "--workspace",
                "{T}/corpus/not-a-folder"));
        c.add(new HostileCase(
                "project create: a name of control characters",
                "name",
                "project",
                "create",
                "\u0007\u0000",
                "--workspace",
                "{W}"));
        c.add(new HostileCase(
                "project delete: unknown", "no project", "project", "delete", "nope", "--workspace", "{W}"));
        c.add(new HostileCase(
                "report rollout: out into a file as folder",
                "corpus/not-a-folder/r.html",
                "report",
                "rollout",
                "--out",
                "{T}/corpus/not-a-folder/r.html",
                "--project",
                P,
                "--workspace",
                "{W}"));
        return c;
    }

    private static HostileCase eval(String file, String expected) {
        return new HostileCase(
                "eval import: " + file,
                expected,
                "eval",
                "import",
                "--input",
                "{T}/corpus/" + file,
                "--project",
                P,
                "--workspace",
                "{W}");
    }

    private static HostileCase gate(String layer, String file, String expected) {
        return new HostileCase(
                "gate import " + layer + ": " + file,
                expected,
                "gate",
                "import",
                "--layer",
                layer,
                "--input",
                "{T}/corpus/" + file,
                "--project",
                P,
                "--workspace",
                "{W}");
    }

    private static HostileCase gpuImport(String file, String expected) {
        return new HostileCase(
                "gpu import: " + file,
                expected,
                "gpu",
                "import",
                "{T}/corpus/" + file,
                "--name",
                "mine",
                "--project",
                P,
                "--workspace",
                "{W}");
    }

    // ------------------------------------------------------------------------------------------------ the files

    static void write(Path tmp, Path workspace) throws IOException {
        Path corpus = Files.createDirectories(tmp.resolve("corpus"));
        Map<String, String> text = new LinkedHashMap<>();
        text.put("items-good.csv", "model,benchmark,item_id,score\nX,hostile,1,1\nX,hostile,2,0\n");
        text.put("items-bad-score.csv", "model,benchmark,item_id,score\nX,hostile,10,1\nX,hostile,11,lots\n");
        text.put("items-missing-column.csv", "model,benchmark,item_id\nX,hostile,1\n");
        text.put("items-nan.csv", "model,benchmark,item_id,score\nX,hostile,1,NaN\n");
        text.put("items-inf.csv", "model,benchmark,item_id,score\nX,hostile,1,1e999\n");
        text.put("items-duplicate.csv", "model,benchmark,item_id,score\nX,hostile,1,1\nX,hostile,2,0\nX,hostile,1,0\n");
        text.put("empty.csv", "");
        text.put("garbage.jsonl", "\u00ff\u00fe{{{{ not json\n");
        text.put("results_broken.json", "{\"results\": {\"task\": {\"acc,none\": 0.5,");
        text.put(
                "samples_task_2026-01-02T03-04-05.123.jsonl",
                "{\"doc_id\": 0, \"metrics\": [\"acc\"], \"acc\": 1, \"resps\": [], \"target\": \"a\"}\n{\"doc_id\": 1, \"acc\": \n");
        text.put(
                "battles-bad-winner.jsonl",
                "{\"model_a\":\"A\",\"model_b\":\"B\",\"winner\":\"model_a\"}\n{\"model_a\":\"A\",\"model_b\":\"B\",\"winner\":\"nobody\"}\n");
        text.put(
                "clean_battle_bad_winner.json",
                "[\n{\"model_a\":\"A\",\"model_b\":\"B\",\"winner\":\"model_a\",\"anony\":true},\n"
                        + "{\"model_a\":\"A\",\"model_b\":\"B\",\"winner\":\"nobody\",\"anony\":true}\n]\n");
        text.put(
                "clean_battle_cut.json",
                "[\n{\"model_a\":\"A\",\"model_b\":\"B\",\"winner\":\"model_a\"},\n{\"model_a\":");
        text.put("clean_battle_not_objects.json", "[1, 2, 3]");
        text.put("neither.json", "{\"name\": \"x\", \"value\": 1}");
        text.put(
                "results-task-not-object.json",
                "{\"results\": {\"hellaswag\": 0.5}, \"versions\": {\"hellaswag\": 0}}");
        text.put("battles-good.jsonl", "{\"model_a\":\"A\",\"model_b\":\"B\",\"winner\":\"model_a\"}\n");
        text.put(
                "battles-broken.jsonl",
                "{\"model_a\":\"A\",\"model_b\":\"B\",\"winner\":\"model_a\"}\n{\"model_a\":\n");
        text.put("weights-negative.csv", "benchmark,weight\nmmlu,-2\n");
        text.put("weights-bad.csv", "benchmark,weight\nmmlu,heavy\n");
        text.put("weights.csv", "benchmark,weight\nmmlu,1\ngsm8k,1\n");
        text.put("scores.csv", "model,benchmark,score\nA,mmlu,0.5\nA,gsm8k,0.6\n");
        text.put("scores-nan.csv", "model,benchmark,score\nA,mmlu,NaN\nA,gsm8k,0.6\n");
        text.put("scores-duplicate.csv", "model,benchmark,score\nA,mmlu,0.5\nA,mmlu,0.7\n");
        text.put("unknown.xlsx", "PK not really");
        text.put("suite-duplicate.csv", "item,model,score\nq1,X,1\nq2,X,0\nq1,X,1\n");
        text.put("suite-bad-score.csv", "item,model,score\nq1,X,high\n");
        text.put("suite-nan.csv", "item,model,score\nq1,X,nan\n");
        text.put(
                "replay-broken.jsonl",
                "{\"request_id\":\"r1\",\"model\":\"X\",\"quality\":1,\"latency_ms\":20}\n{\"request_id\":\n");
        text.put(
                "replay-negative-latency.jsonl",
                "{\"request_id\":\"r1\",\"model\":\"X\",\"quality\":1,\"latency_ms\":-20}\n");
        text.put(
                "replay-duplicate.jsonl",
                "{\"request_id\":\"r1\",\"model\":\"X\",\"quality\":1,\"latency_ms\":20}\n"
                        + "{\"request_id\":\"r1\",\"model\":\"X\",\"quality\":0,\"latency_ms\":30}\n");
        text.put("policy-broken.json", "{\"checks\": [");
        text.put(
                "policy-negative-margin.json",
                "{\"confidence\":0.95,\"checks\":[{\"name\":\"acc\",\"layer\":\"public\",\"metric\":\"accuracy\","
                        + "\"direction\":\"higher\",\"minimumEffect\":0,\"margin\":-0.1,\"test\":\"paired\",\"role\":\"blocking\"}]}");
        text.put(
                "policy-duplicate.json",
                "{\"confidence\":0.95,\"checks\":[{\"name\":\"acc\",\"layer\":\"public\",\"metric\":\"accuracy\","
                        + "\"direction\":\"higher\",\"minimumEffect\":0,\"margin\":0.01,\"test\":\"paired\",\"role\":\"blocking\"},"
                        + "{\"name\":\"acc\",\"layer\":\"private\",\"metric\":\"accuracy\",\"direction\":\"higher\",\"minimumEffect\":0,\"margin\":0.01,"
                        + "\"test\":\"paired\",\"role\":\"blocking\"}]}");
        text.put("profile-broken.json", "{\"device\": {\"name\": \"H100\"");
        text.put("profile-empty.json", "");
        text.put(
                "gpu-zero-memory.json",
                "{\"id\":\"my-gpu\",\"bf16Tflops\":900,\"memoryGB\":0,\"hbmGBs\":3000,\"linkGBs\":450,\"networkGbps\":400}");
        text.put(
                "gpu-negative.json",
                "{\"id\":\"my-gpu\",\"bf16Tflops\":900,\"memoryGB\":80,\"hbmGBs\":-3000,\"linkGBs\":450,\"networkGbps\":400}");
        text.put("config-broken.json", "{\"hidden_size\": 4096, \"num_hidden_layers\": ");
        text.put(
                "config-negative.json",
                "{\"model_type\":\"llama\",\"hidden_size\":4096,\"intermediate_size\":14336,\"num_hidden_layers\":-32,"
                        + "\"num_attention_heads\":32,\"num_key_value_heads\":8,\"vocab_size\":128256,\"max_position_embeddings\":8192}");
        text.put("traffic-bad.csv", "start,rate\n00:00,5\n01:00,busy\n");
        text.put("traffic-negative.csv", "start,rate\n00:00,5\n01:00,-5\n");
        text.put("traffic-duplicate.csv", "start,rate\n00:00,5\n00:00,7\n");
        text.put("lengths-bad.txt", "100\nmany\n");
        text.put("trace-bad.csv", "0.5,100,10\n-1,100,10\n");
        text.put(
                "bench.jsonl",
                "{\"id\":\"q1\",\"text\":\"what is the capital of france and why is it paris in the end\"}\n");
        text.put(
                "bench-chat.jsonl",
                "{\"id\":\"q1\",\"messages\":[{\"role\":\"user\",\"content\":\"one\"}]}\n"
                        + "{\"id\":\"q2\",\"messages\":[{\"role\":\"user\",\"content\":\"two\"},\"assistant: three\"]}\n");
        text.put("bench-chat-string.jsonl", "{\"id\":\"q1\",\"messages\":\"user: one\"}\n");
        text.put("not-parquet.parquet", "id,text\n1,this is a CSV file named as Parquet\n");
        text.put("broken-footer.parquet", "PAR1" + "\u0015\u0000".repeat(40) + "\u0010\u0000\u0000\u0000PAR1");
        text.put(
                "cut-short.parquet",
                "PAR1\u0015\u0000\u0015\u00a0\u0001\u0015\u00a0\u0001,\u0015\u0014\u0015\u0000\u0015\u0006\u0015\u0008\u0000\u0000");
        text.put("bench-broken.jsonl", "{\"id\":\"q1\",\"text\":\"one\"}\n{\"id\":\n");
        text.put(
                "bench-duplicate.jsonl",
                "{\"id\":\"q1\",\"text\":\"one two\"}\n{\"id\":\"q2\",\"text\":\"three\"}\n{\"id\":\"q1\",\"text\":\"four\"}\n");
        text.put("corpus.jsonl", "{\"id\":\"d1\",\"text\":\"hello world\"}\n");
        text.put("judge-good.csv", "metric,value\nlatency,1\nlatency,2\n");
        text.put("judge-bad.csv", "metric,value\nlatency,1\nlatency,slow\n");
        text.put("judge-inf.csv", "metric,value\nlatency,Infinity\n");
        text.put("not-a-folder", "a file\n");
        text.put("monitoring-bad.csv", "step,group,metric,value\n1,baseline,latency,10\n1,canary,latency,slow\n");
        text.put("monitoring-group.csv", "step,group,metric,value\n1,control,latency,10\n");
        text.put("mix-negative.csv", "category,share\nmath,-20\n");
        text.put("bench-duplicate.csv", "id,question\nq1,one two\nq1,three four\n");
        String longId = "x".repeat(100_000);
        text.put("items-long-id.csv", "model,benchmark,item_id,score\nX,hostile," + longId + ",1\n");
        text.put(
                "battles-long-model.jsonl",
                "{\"model_a\":\"" + longId + "\",\"model_b\":\"B\",\"winner\":\"model_a\"}\n");
        text.put(
                "results_2026-01-02T03-04-05.json",
                "{\"model_name\":\"" + "m".repeat(5000) + "\",\"results\":{\"hostile\":{\"acc,none\":0.5}}}");
        text.put("suite-long-item.csv", "item,model,score\n" + longId + ",X,1\n");
        text.put(
                "bench-long-id.jsonl",
                "{\"id\":\"" + longId + "\",\"text\":\"one two three four five six seven eight nine ten\"}\n");
        text.put("battles-deep.jsonl", "{\"model_a\":" + "[".repeat(5000) + "]".repeat(5000) + "}\n");
        text.put(
                "replay-long-number.jsonl",
                "{\"request_id\":\"r\",\"model\":\"X\",\"quality\":1" + "0".repeat(5000) + "}\n");
        for (var e : text.entrySet()) {
            Files.writeString(corpus.resolve(e.getKey()), e.getValue(), StandardCharsets.UTF_8);
        }
        Files.write(corpus.resolve("nul.jsonl"), new byte[4096]);
        Files.write(
                corpus.resolve("profile-negative-bandwidth.json"),
                profile("-3350").getBytes(StandardCharsets.UTF_8));
        Files.write(corpus.resolve("profile-nan.json"), profile("NaN").getBytes(StandardCharsets.UTF_8));
        ByteArrayOutputStream gz = new ByteArrayOutputStream();
        try (GZIPOutputStream g = new GZIPOutputStream(gz)) {
            g.write("{\"id\":\"d1\",\"text\":\"hello world\"}\n".repeat(2000).getBytes(StandardCharsets.UTF_8));
        }
        byte[] gzBytes = gz.toByteArray();
        Files.write(corpus.resolve("truncated.jsonl.gz"), Arrays.copyOf(gzBytes, gzBytes.length / 2));
        Files.write(
                corpus.resolve("corrupt.jsonl.zst"),
                new byte[] {0x28, (byte) 0xb5, 0x2f, (byte) 0xfd, 0x7f, 1, 2, 3, 4, 5, 6, 7, 8});

        // damaged workspaces
        Files.createDirectories(tmp.resolve("empty-db"));
        Files.write(tmp.resolve("empty-db/workspace.mv.db"), new byte[0]);
        Files.createDirectories(tmp.resolve("text-db"));
        Files.writeString(tmp.resolve("text-db/workspace.mv.db"), "my notes\n");
        Files.createDirectories(tmp.resolve("cut-db"));
        byte[] db = Files.readAllBytes(workspace.resolve("workspace.mv.db"));
        Files.write(tmp.resolve("cut-db/workspace.mv.db"), Arrays.copyOf(db, db.length / 3));

        archives(tmp, workspace);
    }

    /** The demo workspace's own calibration profile, with the memory bandwidth's median replaced. */
    private static String profile(String median) throws IOException {
        try (InputStream in =
                HostileCorpus.class.getResourceAsStream("/dev/sextant/model/calibration/h100-sxm-demo.json")) {
            String json = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            String changed = json.replaceFirst(
                    "(\"memoryBandwidthGBs\"\\s*:\\s*\\{\\s*\"median\"\\s*:\\s*)[-0-9.eE]+", "$1" + median);
            if (changed.equals(json)) {
                throw new IllegalStateException("the demo profile no longer has memoryBandwidthGBs.median");
            }
            return changed;
        }
    }

    // ------------------------------------------------------------------------------------------------ archives

    private static void archives(Path tmp, Path workspace) throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("archives"));
        Path project = dir.resolve("project.sextant.zip");
        Path whole = dir.resolve("whole.sextant.zip");
        try (Workspace ws = Workspace.open(workspace)) {
            WorkspaceArchive.exportProject(
                    ws, ws.projects().list().get(0).id(), project, ProgressListener.NONE, CancellationToken.none());
            WorkspaceArchive.exportWorkspace(ws, whole, ProgressListener.NONE, CancellationToken.none());
        }
        Map<String, byte[]> p = entries(project);
        String manifest = new String(p.get("manifest.json"), StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("not-a-zip.sextant.zip"), "just text\n");
        Files.write(dir.resolve("empty.sextant.zip"), new byte[0]);
        byte[] all = Files.readAllBytes(project);
        Files.write(dir.resolve("truncated.sextant.zip"), Arrays.copyOf(all, all.length / 2));
        zip(dir.resolve("no-manifest.sextant.zip"), without(p, "manifest.json"));
        zip(
                dir.resolve("manifest-json.sextant.zip"),
                with(p, "manifest.json", "{\"format\": ".getBytes(StandardCharsets.UTF_8)));
        zip(dir.resolve("manifest-nul.sextant.zip"), with(p, "manifest.json", new byte[1000]));
        zip(
                dir.resolve("manifest-format.sextant.zip"),
                with(
                        p,
                        "manifest.json",
                        manifest.replace("sextant-archive", "other-archive").getBytes(StandardCharsets.UTF_8)));
        zip(
                dir.resolve("future-format.sextant.zip"),
                with(
                        p,
                        "manifest.json",
                        manifest.replaceFirst("\"formatVersion\" : 1", "\"formatVersion\" : 99")
                                .getBytes(StandardCharsets.UTF_8)));
        zip(
                dir.resolve("future-schema.sextant.zip"),
                with(
                        p,
                        "manifest.json",
                        manifest.replaceFirst("\"schemaVersion\" : \\d+", "\"schemaVersion\" : 999")
                                .getBytes(StandardCharsets.UTF_8)));
        zip(dir.resolve("escape.sextant.zip"), with(p, "../evil.txt", "x".getBytes(StandardCharsets.UTF_8)));
        zip(dir.resolve("absolute.sextant.zip"), with(p, "/etc/evil", "x".getBytes(StandardCharsets.UTF_8)));
        zip(dir.resolve("backslash.sextant.zip"), with(p, "files\\evil", "x".getBytes(StandardCharsets.UTF_8)));
        zip(dir.resolve("stray.sextant.zip"), with(p, "notes.txt", "x".getBytes(StandardCharsets.UTF_8)));
        zip(dir.resolve("nul-table.sextant.zip"), with(p, "tables/PROJECT.jsonl", new byte[5000]));
        zip(
                dir.resolve("not-json-row.sextant.zip"),
                with(p, "tables/PROJECT.jsonl", "{\"ID\": \"x\", \"NAME\": }\n".getBytes(StandardCharsets.UTF_8)));
        String source = new String(p.get("tables/EVAL_SOURCE.jsonl"), StandardCharsets.UTF_8);
        zip(
                dir.resolve("short-table.sextant.zip"),
                with(
                        p,
                        "tables/EVAL_SOURCE.jsonl",
                        source.lines()
                                .limit(1)
                                .map(l -> l + "\n")
                                .reduce("", String::concat)
                                .getBytes(StandardCharsets.UTF_8)));
        zip(
                dir.resolve("unlisted.sextant.zip"),
                with(p, "tables/WORKSPACE_PROPERTY.jsonl", "{}\n".getBytes(StandardCharsets.UTF_8)));
        String projectRow = new String(p.get("tables/PROJECT.jsonl"), StandardCharsets.UTF_8);
        zip(
                dir.resolve("unknown-column.sextant.zip"),
                with(
                        p,
                        "tables/PROJECT.jsonl",
                        projectRow.replaceFirst("\\{", "{\"COLOUR\":\"red\",").getBytes(StandardCharsets.UTF_8)));
        zip(
                dir.resolve("twice.sextant.zip"),
                with(
                        p,
                        "manifest.json",
                        manifest.replaceFirst(
                                        "\"tables\" : \\[", "\"tables\" : [ {\"name\" : \"PROJECT\", \"rows\" : 1 },")
                                .getBytes(StandardCharsets.UTF_8)));
        zip(
                dir.resolve("orphan.sextant.zip"),
                with(
                        p,
                        "tables/EVAL_SOURCE.jsonl",
                        source.replaceAll(
                                        "\"PROJECT_ID\" : \"[^\"]+\"",
                                        "\"PROJECT_ID\" : \"00000000-0000-0000-0000-00000000beef\"")
                                .replaceAll(
                                        "\"PROJECT_ID\":\"[^\"]+\"",
                                        "\"PROJECT_ID\":\"00000000-0000-0000-0000-00000000beef\"")
                                .getBytes(StandardCharsets.UTF_8)));
        // bombs: 300 MB of a row repeated, declared honestly (the ratio gives it away) and declared as 1,000 bytes
        byte[] row = source.lines().findFirst().orElseThrow().concat("\n").getBytes(StandardCharsets.UTF_8);
        zipWithBomb(
                dir.resolve("bomb.sextant.zip"),
                without(p, "tables/EVAL_SOURCE.jsonl"),
                "tables/EVAL_SOURCE.jsonl",
                new byte[] {' '},
                300L << 20,
                -1);
        zipWithBomb(
                dir.resolve("liar.sextant.zip"),
                without(p, "tables/EVAL_SOURCE.jsonl"),
                "tables/EVAL_SOURCE.jsonl",
                row,
                64L << 20,
                1000);
        Map<String, byte[]> w = entries(whole);
        zipWithBomb(dir.resolve("bomb-ws.sextant.zip"), w, "files/notes.bin", new byte[] {0}, 300L << 20, -1);
        zip(
                dir.resolve("smuggle.sextant.zip"),
                with(w, "files/workspace.mv.db", Files.readAllBytes(workspace.resolve("workspace.mv.db"))));
        // a second manifest: written under another name of the same length, then renamed in the zip's bytes
        Path twice = dir.resolve("twice-entry.sextant.zip");
        zip(twice, with(w, "manifest.jsoX", w.get("manifest.json")));
        byte[] b = Files.readAllBytes(twice);
        String latin = new String(b, StandardCharsets.ISO_8859_1).replace("manifest.jsoX", "manifest.json");
        Files.write(twice, latin.getBytes(StandardCharsets.ISO_8859_1));
    }

    private static Map<String, byte[]> entries(Path zip) throws IOException {
        Map<String, byte[]> m = new LinkedHashMap<>();
        try (ZipFile z = new ZipFile(zip.toFile())) {
            Enumeration<? extends ZipEntry> en = z.entries();
            while (en.hasMoreElements()) {
                ZipEntry e = en.nextElement();
                try (InputStream is = z.getInputStream(e)) {
                    m.put(e.getName(), is.readAllBytes());
                }
            }
        }
        return m;
    }

    private static Map<String, byte[]> with(Map<String, byte[]> m, String name, byte[] content) {
        Map<String, byte[]> out = new LinkedHashMap<>(m);
        out.put(name, content);
        return out;
    }

    private static Map<String, byte[]> without(Map<String, byte[]> m, String name) {
        Map<String, byte[]> out = new LinkedHashMap<>(m);
        out.remove(name);
        return out;
    }

    private static void zip(Path target, Map<String, byte[]> entries) throws IOException {
        try (OutputStream os = Files.newOutputStream(target);
                ZipOutputStream out = new ZipOutputStream(os)) {
            writeEntries(out, entries);
        }
    }

    private static void writeEntries(ZipOutputStream out, Map<String, byte[]> entries) throws IOException {
        for (var e : entries.entrySet()) {
            out.putNextEntry(new ZipEntry(e.getKey()));
            out.write(e.getValue());
            out.closeEntry();
        }
    }

    /** The entries plus one that repeats {@code unit} to {@code bytes}; its declared size rewritten when {@code declare} ≥ 0. */
    private static void zipWithBomb(
            Path target, Map<String, byte[]> entries, String name, byte[] unit, long bytes, int declare)
            throws IOException {
        try (OutputStream os = Files.newOutputStream(target);
                ZipOutputStream out = new ZipOutputStream(os)) {
            writeEntries(out, entries);
            out.setLevel(Deflater.BEST_COMPRESSION);
            out.putNextEntry(new ZipEntry(name));
            byte[] chunk = new byte[(1 << 20) / unit.length * unit.length];
            for (int i = 0; i < chunk.length; i++) {
                chunk[i] = unit[i % unit.length];
            }
            for (long left = bytes; left > 0; left -= chunk.length) {
                out.write(chunk, 0, (int) Math.min(chunk.length, left));
            }
            out.closeEntry();
        }
        if (declare >= 0) {
            byte[] b = Files.readAllBytes(target);
            var buf = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
            byte[] wanted = name.getBytes(StandardCharsets.UTF_8);
            for (int i = 0; i + 46 < b.length; i++) {
                if (buf.getInt(i) == 0x02014b50
                        && buf.getShort(i + 28) == wanted.length
                        && Arrays.equals(b, i + 46, i + 46 + wanted.length, wanted, 0, wanted.length)) {
                    buf.putInt(i + 24, declare);
                }
            }
            Files.write(target, b);
        }
    }
}
