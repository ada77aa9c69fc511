package dev.sextant.app.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sextant.workspaces.WorkspaceHome;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The catalog and plan commands' JSON contracts (issue 5). */
class PlanCliTest {

    @TempDir
    Path tmp;

    CliRun run(String... args) {
        return CliRun.of(new WorkspaceHome(tmp.resolve("home")), args);
    }

    static List<String> ids(JsonNode array) {
        List<String> ids = new ArrayList<>();
        array.forEach(n -> ids.add(n.get("id").asText()));
        return ids;
    }

    @Test
    void catalogsListTheSlugsTheIssueNames() throws Exception {
        CliRun gpus = run("catalog", "gpus", "--json");
        assertThat(gpus.code()).isZero();
        assertThat(ids(gpus.json().get("gpus")))
                .contains(
                        "a100-sxm-40gb",
                        "a100-sxm-80gb",
                        "h100-sxm",
                        "h100-pcie",
                        "h200-sxm",
                        "b200",
                        "mi300x",
                        "l40s",
                        "rtx-4090");
        JsonNode a100 = gpus.json().get("gpus").get(0);
        assertThat(a100.get("bf16Tflops").asDouble()).isEqualTo(312);
        assertThat(a100.get("fp8Tflops").isNull()).as("no FP8 on A100").isTrue();

        CliRun models = run("catalog", "models", "--json");
        assertThat(models.code()).isZero();
        assertThat(ids(models.json().get("models")))
                .contains(
                        "llama-2-7b",
                        "llama-2-13b",
                        "llama-2-70b",
                        "llama-3-8b",
                        "llama-3-70b",
                        "llama-3.1-405b",
                        "mixtral-8x7b",
                        "qwen2.5-72b",
                        "deepseek-v3");
        for (JsonNode m : models.json().get("models")) {
            if (m.get("id").asText().equals("mixtral-8x7b")) {
                assertThat(m.get("params").asLong()).isEqualTo(46_702_792_704L);
                assertThat(m.get("activeParams").asLong()).isEqualTo(12_879_925_248L);
                assertThat(m.get("kvHeads").asInt()).isEqualTo(8);
            }
        }
        assertThat(run("catalog", "models").out()).contains("llama-3.1-405b").contains("405.85B");
    }

    @Test
    void checkpointContractAndTheSeedsExample() throws Exception {
        CliRun r = run(
                "plan",
                "checkpoint",
                "--gpus",
                "10000",
                "--failures-per-gpu-day",
                "0.001",
                "--checkpoint-seconds",
                "120",
                "--json");
        assertThat(r.code()).isZero();
        JsonNode j = r.json();
        assertThat(j.get("mtbfHours").asDouble()).isCloseTo(2.4, within(1e-9)); // ~10 failures a day
        assertThat(j.get("youngIntervalSeconds").asDouble()).isCloseTo(1440, within(1e-6)); // √(2 · 120 · 8640)
        assertThat(j.get("dalyIntervalSeconds").asDouble()).isCloseTo(1361.1, within(0.5));
        assertThat(j.get("goodput").asDouble()).isBetween(0.7, 0.8);
        assertThat(run("plan", "checkpoint", "--gpus", "16384", "--checkpoint-seconds", "60", "--json")
                        .code())
                .isZero();
    }

    @Test
    void anInputErrorIsReportedAtItsFlagWithExitTwo() {
        // the model says which input (serving.tp) and what is wrong; the command line names its flag and its help
        CliRun serve = run("plan", "serve", "--model", "llama-2-7b", "--gpu", "h100-sxm", "--tp", "3", "--json");
        assertThat(serve.code()).isEqualTo(2);
        assertThat(serve.out()).isEmpty();
        assertThat(serve.err().strip())
                .isEqualTo("error: --tp: TP (3) must divide the 32 attention heads (see 'sextant plan serve --help')");
        CliRun train = run(
                "plan",
                "train",
                "--model",
                "llama-2-7b",
                "--gpu",
                "a100-sxm-80gb",
                "--gpus",
                "24",
                "--seq-len",
                "4096",
                "--global-batch",
                "24",
                "--tp",
                "3",
                "--pp",
                "1",
                "--cp",
                "1",
                "--micro-batch",
                "1");
        assertThat(train.code()).isEqualTo(2);
        assertThat(train.err().strip())
                .isEqualTo("error: --tp: TP (3) must divide the 32 attention heads (see 'sextant plan train --help')");
        // the same key in a search that finds no valid layout
        CliRun searched = run(
                "plan",
                "train",
                "--model",
                "llama-2-7b",
                "--gpu",
                "a100-sxm-80gb",
                "--gpus",
                "24",
                "--seq-len",
                "4096",
                "--global-batch",
                "24",
                "--tp",
                "3");
        assertThat(searched.code()).isEqualTo(2);
        assertThat(searched.err())
                .startsWith("error: --tp: no valid layout; most often: TP (3) must divide the 32 attention heads");
        CliRun share = run(
                "plan",
                "serve",
                "--model",
                "llama-3-8b",
                "--gpu",
                "h100-sxm",
                "--prefix-tokens",
                "500",
                "--prefix-share",
                "2");
        assertThat(share.code()).isEqualTo(2);
        assertThat(share.err()).startsWith("error: --prefix-share: the prefix share must lie in [0, 1]");
        CliRun checkpoint = run("plan", "checkpoint", "--gpus", "8", "--checkpoint-seconds", "0");
        assertThat(checkpoint.err()).startsWith("error: --checkpoint-seconds: the checkpoint time must be positive");
    }

    @Test
    void everyKeyMapsToAFlagOfSomeCommand() {
        // a key whose flag no command has would print without a flag everywhere: a typo in the map, or a renamed option
        picocli.CommandLine cli = Cli.commandLine(new WorkspaceHome(tmp.resolve("home")));
        Set<String> flags = new HashSet<>();
        collectFlags(cli, flags);
        assertThat(CliFields.keys()).contains("training.tp", "serving.tp", "serving.prefixShare", "model", "gpu");
        for (String key : CliFields.keys()) {
            assertThat(flags).as(key + " → " + CliFields.flagOf(key)).contains(CliFields.flagOf(key));
        }
    }

    private static void collectFlags(picocli.CommandLine c, Set<String> flags) {
        c.getCommandSpec().options().forEach(o -> flags.addAll(List.of(o.names())));
        c.getSubcommands().values().forEach(s -> collectFlags(s, flags));
    }

    @Test
    void badArgumentsExitTwoNamingTheOption() {
        CliRun r = run("plan", "checkpoint", "--gpus", "0", "--checkpoint-seconds", "120", "--json");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("--gpus");
        assertThat(r.out()).isEmpty();
        assertThat(run("catalog").code()).isEqualTo(2);
    }

    @Test
    void aFixedLayoutIsCostedAndMatchesKorthikantiWithinFifteenPercent() throws Exception {
        // Korthikanti et al. (arXiv 2205.05198) Tables 3 and 5: GPT-3 175B on 64 A100s, TP 8, PP 8, v 3, batch 64,
        // selective recompute with sequence parallelism: 13.75 s per iteration
        CliRun r = run(
                "plan",
                "train",
                "--model",
                "gpt-175b",
                "--gpu",
                "a100-sxm-80gb",
                "--gpus",
                "64",
                "--seq-len",
                "2048",
                "--global-batch",
                "64",
                "--tp",
                "8",
                "--pp",
                "8",
                "--cp",
                "1",
                "--vpp",
                "3",
                "--micro-batch",
                "1",
                "--recompute",
                "selective",
                "--sequence-parallel",
                "true",
                "--attention",
                "unfused",
                "--tokens",
                "3e11",
                "--json");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode j = r.json();
        assertThat(j.get("model").get("params").asLong()).isEqualTo(174_615_846_912L);
        assertThat(j.get("plans")).hasSize(1);
        JsonNode plan = j.get("plans").get(0);
        assertThat(plan.get("dp").asInt()).isEqualTo(1);
        assertThat(plan.get("microBatches").asInt()).isEqualTo(64);
        assertThat(plan.get("bubbleFraction").asDouble()).isCloseTo(7.0 / (3 * 64), within(1e-12));
        assertThat(plan.get("stepTimeSeconds").asDouble()).isCloseTo(13.75, within(13.75 * 0.15));
        for (String k : new String[] {"weights", "gradients", "optimizer", "activations", "total"}) {
            assertThat(plan.get("memoryBytes").get(k).asDouble()).as(k).isPositive();
        }
        for (String k : new String[] {"tp", "pp", "dp", "cp", "ep"}) {
            assertThat(plan.get("commBytes").has(k)).as(k).isTrue();
        }
        assertThat(plan.get("fits").asBoolean()).isTrue();
        assertThat(plan.get("trainingDays").asDouble()).isPositive();
        // MFU is model FLOPs over the dense peak: consistent with the step time
        double modelFlops =
                72.0 * 64 * 2048 * 96 * 12288.0 * 12288 * (1 + 2048 / (6.0 * 12288) + 51200 / (12.0 * 96 * 12288));
        assertThat(plan.get("mfu").asDouble())
                .isCloseTo(modelFlops / plan.get("stepTimeSeconds").asDouble() / 64 / 312e12, within(1e-9));
    }

    @Test
    void theSearchRanksFittingPlansBestFirst() throws Exception {
        CliRun r = run(
                "plan",
                "train",
                "--model",
                "llama-2-7b",
                "--gpu",
                "a100-sxm-80gb",
                "--gpus",
                "16",
                "--seq-len",
                "4096",
                "--global-batch",
                "64",
                "--top",
                "5",
                "--json");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode plans = r.json().get("plans");
        assertThat(plans).hasSize(5);
        assertThat(r.json().get("searched").asInt()).isGreaterThan(100);
        double previous = 0;
        for (JsonNode p : plans) {
            assertThat(p.get("fits").asBoolean()).isTrue();
            assertThat(p.get("tp").asInt()
                            * p.get("pp").asInt()
                            * p.get("dp").asInt()
                            * p.get("cp").asInt())
                    .isEqualTo(16);
            assertThat(p.get("stepTimeSeconds").asDouble()).isGreaterThanOrEqualTo(previous);
            previous = p.get("stepTimeSeconds").asDouble();
        }
        // the best plan's 80 % prediction interval, and how many layouts the model cannot rank within it
        JsonNode interval = r.json().get("interval");
        JsonNode best = plans.get(0);
        assertThat(interval.get("level").asDouble()).isEqualTo(0.8);
        assertThat(interval.get("stepSeconds").get(0).asDouble())
                .isLessThanOrEqualTo(best.get("stepTimeSeconds").asDouble());
        assertThat(interval.get("stepSeconds").get(1).asDouble())
                .isGreaterThan(best.get("stepTimeSeconds").asDouble());
        assertThat(interval.get("tflopsPerGpu").get(0).asDouble())
                .isLessThan(best.get("tflopsPerGpu").asDouble());
        assertThat(interval.get("tflopsPerGpu").get(1).asDouble())
                .isGreaterThanOrEqualTo(best.get("tflopsPerGpu").asDouble());
        assertThat(interval.get("days").isNull()).as("no token budget").isTrue();
        assertThat(interval.get("stepSeconds").get(1).asDouble()
                        / best.get("stepTimeSeconds").asDouble())
                .isCloseTo(interval.get("factors").get(1).asDouble(), within(1e-9));
        assertThat(interval.get("basis").asText())
                .startsWith("dense · A100")
                .contains(" runs from ")
                .contains(" sources");
        assertThat(interval.get("coverage").asDouble()).isBetween(0.0, 1.0);
        assertThat(r.json().get("indistinguishable").asInt()).isPositive();

        CliRun text = run(
                "plan",
                "train",
                "--model",
                "llama-2-7b",
                "--gpu",
                "a100-sxm-80gb",
                "--gpus",
                "16",
                "--seq-len",
                "4096",
                "--global-batch",
                "64",
                "--top",
                "5",
                "--tokens",
                "1e11");
        assertThat(text.code()).as(text.err()).isZero();
        assertThat(text.out())
                .contains("% interval ")
                .contains("days for 1.00e+11 tokens (")
                .contains("Interval from the planner's held-out errors on dense · A100");
    }

    @Test
    void theBestPlanIsSetAgainstALayoutMeasuredInPublic() throws Exception {
        // NVIDIA's dgxc-benchmarking measured Llama 3 70B on 64 H100 at 8k tokens (run D7 of the bundled set)
        CliRun r = run(
                "plan",
                "train",
                "--model",
                "llama-3-70b",
                "--gpu",
                "h100-sxm",
                "--gpus",
                "64",
                "--seq-len",
                "8192",
                "--global-batch",
                "128",
                "--precision",
                "bf16",
                "--json");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode published = r.json().get("published");
        assertThat(published.get("run").asText()).isEqualTo("D7");
        assertThat(published.get("gpus").asInt()).isEqualTo(64);
        assertThat(published.get("layout").asText()).startsWith("TP 4, PP 4");
        double measured = published.get("measuredTokensPerGpu").asDouble();
        double predicted = published.get("predictedTokensPerGpu").asDouble();
        assertThat(predicted)
                .isCloseTo(r.json().get("plans").get(0).get("tokensPerSecond").asDouble() / 64, within(1e-6));
        assertThat(published.get("gain").asDouble()).isCloseTo(predicted / measured - 1, within(1e-9));
        assertThat(published.get("verdict").asText()).isIn("not-faster", "within-interval", "unmeasured-gain");
        // faster by more than the interval's slow end allows is what "unmeasured" means
        double slowEnd =
                predicted / r.json().get("interval").get("factors").get(1).asDouble();
        assertThat(published.get("verdict").asText())
                .isEqualTo(
                        predicted <= measured
                                ? "not-faster"
                                : slowEnd <= measured ? "within-interval" : "unmeasured-gain");
        assertThat(published.get("plannerOnPublishedTokensPerGpu").asDouble()).isPositive();
        CliRun text = run(
                "plan",
                "train",
                "--model",
                "llama-3-70b",
                "--gpu",
                "h100-sxm",
                "--gpus",
                "64",
                "--seq-len",
                "8192",
                "--global-batch",
                "128",
                "--precision",
                "bf16");
        assertThat(text.out()).contains("Published: D7 (").contains("for the published layout itself");
        // nothing published for Llama 2 7B on 16 A100 at 4k tokens
        CliRun none = run(
                "plan",
                "train",
                "--model",
                "llama-2-7b",
                "--gpu",
                "a100-sxm-80gb",
                "--gpus",
                "16",
                "--seq-len",
                "4096",
                "--global-batch",
                "64",
                "--json");
        assertThat(none.json().get("published").isNull()).isTrue();
    }

    @Test
    void theMoeDispatcherIsAnInput() throws Exception {
        // DeepSeek-V3's published layout on 1,024 H100 (dgxc-benchmarking): EP 64 spans 8 nodes, where DeepEP sends a
        // token once per remote node instead of once per expert
        String[] layout = {
            "plan",
            "train",
            "--model",
            "deepseek-v3",
            "--gpu",
            "h100-sxm",
            "--gpus",
            "1024",
            "--seq-len",
            "4096",
            "--global-batch",
            "8192",
            "--tp",
            "2",
            "--pp",
            "16",
            "--cp",
            "1",
            "--ep",
            "64",
            "--micro-batch",
            "1",
            "--stack",
            "nemo",
            "--json"
        };
        CliRun a2a = run(layout);
        assertThat(a2a.code()).as(a2a.err()).isZero();
        assertThat(a2a.json().get("moeDispatcher").asText()).isEqualTo("alltoall");
        String[] withDeepep = Arrays.copyOf(layout, layout.length + 2);
        withDeepep[layout.length] = "--moe-dispatcher";
        withDeepep[layout.length + 1] = "deepep";
        CliRun deepep = run(withDeepep);
        assertThat(deepep.code()).as(deepep.err()).isZero();
        assertThat(deepep.json().get("moeDispatcher").asText()).isEqualTo("deepep");
        assertThat(deepep.json()
                        .get("plans")
                        .get(0)
                        .get("commSeconds")
                        .get("ep")
                        .asDouble())
                .isLessThan(a2a.json()
                        .get("plans")
                        .get(0)
                        .get("commSeconds")
                        .get("ep")
                        .asDouble());
        withDeepep[layout.length + 1] = "pigeons";
        CliRun bad = run(withDeepep);
        assertThat(bad.code()).isEqualTo(2);
        assertThat(bad.err()).contains("--moe-dispatcher").contains("unknown MoE dispatcher 'pigeons'");
    }

    @Test
    void theSoftwareStackIsAnInputAndComesBackInTheJson() throws Exception {
        String[] layout = {
            "plan",
            "train",
            "--model",
            "llama-2-7b",
            "--gpu",
            "a100-sxm-80gb",
            "--gpus",
            "32",
            "--seq-len",
            "4096",
            "--global-batch",
            "64",
            "--tp",
            "1",
            "--pp",
            "1",
            "--cp",
            "1",
            "--micro-batch",
            "1",
            "--zero",
            "0",
            "--json"
        };
        CliRun core = run(layout);
        assertThat(core.code()).as(core.err()).isZero();
        assertThat(core.json().get("stack").asText()).isEqualTo("megatron-core");
        String[] old = Arrays.copyOf(layout, layout.length + 2);
        old[layout.length] = "--stack";
        old[layout.length + 1] = "megatron-lm";
        CliRun lm = run(old);
        assertThat(lm.code()).as(lm.err()).isZero();
        assertThat(lm.json().get("stack").asText()).isEqualTo("megatron-lm");
        // Megatron-LM 2021 does not overlap the gradient all-reduce: the same
        // layout is slower and its DP time all shows
        assertThat(lm.json().get("plans").get(0).get("stepTimeSeconds").asDouble())
                .isGreaterThan(
                        core.json().get("plans").get(0).get("stepTimeSeconds").asDouble());
        old[layout.length + 1] = "jax";
        CliRun bad = run(old);
        assertThat(bad.code()).isEqualTo(2);
        assertThat(bad.err()).contains("--stack").contains("unknown software stack 'jax'");
    }

    @Test
    void impossibleLayoutsAndModelsThatFitNowhereSayWhy() {
        CliRun heads = run(
                "plan",
                "train",
                "--model",
                "llama-2-7b",
                "--gpu",
                "a100-sxm-80gb",
                "--gpus",
                "24",
                "--gpus-per-node",
                "8",
                "--seq-len",
                "4096",
                "--global-batch",
                "24",
                "--tp",
                "3",
                "--pp",
                "1",
                "--cp",
                "1",
                "--micro-batch",
                "1",
                "--json");
        assertThat(heads.code()).isEqualTo(2);
        assertThat(heads.err()).contains("TP (3) must divide the 32 attention heads");
        CliRun huge = run(
                "plan",
                "train",
                "--model",
                "llama-3.1-405b",
                "--gpu",
                "rtx-4090",
                "--gpus",
                "8",
                "--seq-len",
                "4096",
                "--global-batch",
                "8",
                "--json");
        assertThat(huge.code()).isEqualTo(2);
        assertThat(huge.err()).contains("no layout fits").contains("GiB per GPU");
        CliRun batch = run(
                "plan",
                "train",
                "--model",
                "llama-2-7b",
                "--gpu",
                "a100-sxm-80gb",
                "--gpus",
                "8",
                "--seq-len",
                "4096",
                "--global-batch",
                "12",
                "--tp",
                "1",
                "--pp",
                "1",
                "--cp",
                "1",
                "--micro-batch",
                "1",
                "--json");
        assertThat(batch.code()).isEqualTo(2);
        assertThat(batch.err()).contains("global batch 12 is not divisible");
    }

    @Test
    void theBestPlanCanBeKeptAndListed() throws Exception {
        CliRun r = run(
                "plan",
                "train",
                "--model",
                "llama-2-7b",
                "--gpu",
                "a100-sxm-80gb",
                "--gpus",
                "8",
                "--seq-len",
                "4096",
                "--global-batch",
                "32",
                "--save",
                "7B on 8",
                "--json");
        assertThat(r.code()).as(r.err()).isZero();
        String id = r.json().get("savedId").asText();
        CliRun list = run("plan", "list", "--json");
        assertThat(list.code()).as(list.err()).isZero();
        JsonNode plans = list.json().get("plans");
        double step = r.json().get("plans").get(0).get("stepTimeSeconds").asDouble();
        assertThat(plans)
                .anyMatch(p -> p.get("id").asText().equals(id)
                        && p.get("name").asText().equals("7B on 8")
                        && p.get("stepTimeSeconds").asDouble() == step);
        assertThat(plans).anyMatch(p -> p.get("demo").asBoolean());
        // the demo's serving plan, with its goodput and the day's capacity
        assertThat(list.json().get("servingPlans"))
                .anyMatch(p -> p.get("demo").asBoolean()
                        && p.get("goodputPerReplica").asDouble() > 0
                        && p.get("peakReplicas").asInt() > 0
                        && p.get("tp").asInt() == 4);
    }

    @Test
    void aConfigJsonIsAModelAndABrokenOneIsBadInput() throws Exception {
        Path config = Files.writeString(
                tmp.resolve("config.json"),
                """
                {"model_type": "mistral", "hidden_size": 4096, "intermediate_size": 14336, "num_hidden_layers": 32,
                 "num_attention_heads": 32, "num_key_value_heads": 8, "vocab_size": 32000, "max_position_embeddings": 32768}
                """);
        CliRun r = run(
                "plan",
                "train",
                "--model",
                config.toString(),
                "--gpu",
                "h100-sxm",
                "--gpus",
                "8",
                "--seq-len",
                "4096",
                "--global-batch",
                "64",
                "--top",
                "1",
                "--json");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.json().get("model").get("params").asLong()).isEqualTo(7_241_732_096L); // Mistral 7B
        Path broken = Files.writeString(tmp.resolve("broken.json"), "{\"model_type\": \"llama\"}");
        CliRun bad = run(
                "plan",
                "train",
                "--model",
                broken.toString(),
                "--gpu",
                "h100-sxm",
                "--gpus",
                "8",
                "--seq-len",
                "4096",
                "--global-batch",
                "64",
                "--json");
        assertThat(bad.code()).isEqualTo(2);
        assertThat(bad.err()).contains("broken.json").contains("hidden_size").doesNotContain("Exception");
        assertThat(run(
                                "plan",
                                "train",
                                "--model",
                                "gpt-9",
                                "--gpu",
                                "h100-sxm",
                                "--gpus",
                                "8",
                                "--seq-len",
                                "4096",
                                "--global-batch",
                                "64")
                        .err())
                .contains("unknown model 'gpt-9'");
    }

    @Test
    void aUserDefinedGpuAndClusterLinks() throws Exception {
        Path gpu = Files.writeString(
                tmp.resolve("gpu.json"),
                """
                {"id": "my-h100", "name": "My H100", "bf16Tflops": 989, "memoryGB": 80, "hbmGBs": 3350, "linkGBs": 450, "networkGbps": 400}
                """);
        CliRun mine = run(
                "plan",
                "train",
                "--model",
                "llama-2-13b",
                "--gpu",
                gpu.toString(),
                "--gpus",
                "16",
                "--seq-len",
                "4096",
                "--global-batch",
                "64",
                "--top",
                "1",
                "--json");
        CliRun catalog = run(
                "plan",
                "train",
                "--model",
                "llama-2-13b",
                "--gpu",
                "h100-sxm",
                "--gpus",
                "16",
                "--seq-len",
                "4096",
                "--global-batch",
                "64",
                "--top",
                "1",
                "--json");
        assertThat(mine.code()).as(mine.err()).isZero();
        assertThat(mine.json().get("plans").get(0).get("stepTimeSeconds").asDouble())
                .isEqualTo(catalog.json()
                        .get("plans")
                        .get(0)
                        .get("stepTimeSeconds")
                        .asDouble());
        // a slower NVLink makes a tensor-parallel layout slower
        String[] fixed = {
            "plan",
            "train",
            "--model",
            "llama-2-13b",
            "--gpu",
            "h100-sxm",
            "--gpus",
            "16",
            "--seq-len",
            "4096",
            "--global-batch",
            "64",
            "--tp",
            "8",
            "--pp",
            "1",
            "--cp",
            "1",
            "--micro-batch",
            "1",
            "--json"
        };
        double fast =
                run(fixed).json().get("plans").get(0).get("stepTimeSeconds").asDouble();
        String[] slowLink = Arrays.copyOf(fixed, fixed.length + 2);
        slowLink[fixed.length] = "--intra-node-gbs";
        slowLink[fixed.length + 1] = "25";
        assertThat(run(slowLink)
                        .json()
                        .get("plans")
                        .get(0)
                        .get("stepTimeSeconds")
                        .asDouble())
                .isGreaterThan(fast);
        Path bad = Files.writeString(tmp.resolve("bad-gpu.json"), "{\"id\": \"x\", \"bf16Tflops\": \"lots\"}");
        CliRun r = run(
                "plan",
                "train",
                "--model",
                "llama-2-13b",
                "--gpu",
                bad.toString(),
                "--gpus",
                "16",
                "--seq-len",
                "4096",
                "--global-batch",
                "64",
                "--json");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("bad-gpu.json").contains("bf16Tflops");
    }

    @Test
    void serveMemoryPlanContract() throws Exception {
        // the published vLLM start-up log: Llama-3.1-8B on a 23.58 GiB card, torch peak 17.06 GiB, non-torch 0.35 GiB
        double weightsGib = 2.0 * (8_030_261_248L - 4096) / (1L << 30);
        CliRun r = run(
                "plan",
                "serve",
                "--model",
                "llama-3-8b",
                "--gpu",
                "rtx-4090",
                "--gpu-memory-gib",
                "23.58",
                "--max-model-len",
                "8192",
                "--activation-peak-gib",
                String.valueOf(17.06 - weightsGib),
                "--overhead-gib",
                "0.35",
                "--json");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode j = r.json();
        for (String k : new String[] {
            "weightsBytesPerGpu",
            "kvBytesPerToken",
            "kvBytesPerTokenPerGpu",
            "activationPeakBytes",
            "kvCacheBytesPerGpu",
            "blockBytes",
            "kvBlocks",
            "kvTokens",
            "maxConcurrency"
        }) {
            assertThat(j.has(k)).as(k).isTrue();
        }
        assertThat(j.get("kvBytesPerToken").asDouble()).isEqualTo(131072);
        assertThat(j.get("kvBlocks").asLong()).isBetween(1951L, 1952L);
        assertThat(j.get("maxConcurrency").asDouble())
                .isCloseTo(j.get("kvTokens").asDouble() / 8192, within(1e-9));

        CliRun tooBig = run("plan", "serve", "--model", "llama-3-70b", "--gpu", "h100-sxm", "--json");
        assertThat(tooBig.code()).isEqualTo(2);
        assertThat(tooBig.err()).contains("does not fit").contains("GiB short").contains("larger TP");
        assertThat(run("plan", "serve", "--model", "llama-3-8b", "--gpu", "h100-sxm", "--block-size", "0", "--json")
                        .code())
                .isEqualTo(2);
        assertThat(run("plan", "serve", "--model", "llama-3-8b", "--gpu", "h100-sxm", "--gpu-memory-utilization", "1.5")
                        .err())
                .contains("--gpu-memory-utilization");
    }

    @Test
    void serveUsesTheCheckpointsQuantizationUnlessTold() throws Exception {
        // DeepSeek-V3's published hyperparameters and quantization_config (FP8, 128 × 128 blocks)
        Path v3 = Files.writeString(
                tmp.resolve("deepseek-v3.json"),
                "{\"model_type\": \"deepseek_v3\", \"hidden_size\": 7168,"
                        + " \"intermediate_size\": 18432, \"moe_intermediate_size\": 2048, \"num_hidden_layers\": 61, \"num_attention_heads\": 128,"
                        + " \"num_key_value_heads\": 128, \"n_routed_experts\": 256, \"n_shared_experts\": 1, \"num_experts_per_tok\": 8,"
                        + " \"first_k_dense_replace\": 3, \"q_lora_rank\": 1536, \"kv_lora_rank\": 512, \"qk_nope_head_dim\": 128,"
                        + " \"qk_rope_head_dim\": 64, \"v_head_dim\": 128, \"vocab_size\": 129280, \"max_position_embeddings\": 163840,"
                        + " \"topk_method\": \"noaux_tc\", \"quantization_config\": {\"quant_method\": \"fp8\", \"fmt\": \"e4m3\","
                        + " \"activation_scheme\": \"dynamic\", \"weight_block_size\": [128, 128]}}");
        CliRun fp8 = run(
                "plan",
                "serve",
                "--model",
                v3.toString(),
                "--gpu",
                "h200-sxm",
                "--tp",
                "8",
                "--max-model-len",
                "32768",
                "--json");
        assertThat(fp8.code()).as(fp8.err()).isZero();
        JsonNode j = fp8.json();
        assertThat(j.get("weightFormat").asText()).isEqualTo("fp8");
        assertThat(j.get("weightSource").asText()).isEqualTo("quantization_config (fp8, blocks of 128×128)");
        assertThat(j.get("bytesPerWeight").asDouble()).isEqualTo(1 + 4.0 / 16_384);
        assertThat(j.get("weightsBytesPerGpu").asDouble() * 8 / 1e9)
                .as("about 671 GB over 8 GPUs")
                .isCloseTo(675, within(10.0));
        CliRun bf16 = run(
                "plan",
                "serve",
                "--model",
                v3.toString(),
                "--gpu",
                "h200-sxm",
                "--tp",
                "8",
                "--weight-dtype",
                "bf16",
                "--json");
        assertThat(bf16.code())
                .as("1.3 TB of BF16 weights do not fit 8 × 141 GB")
                .isEqualTo(2);
        CliRun int4 = run(
                "plan",
                "serve",
                "--model",
                v3.toString(),
                "--gpu",
                "h200-sxm",
                "--tp",
                "8",
                "--weight-dtype",
                "int4",
                "--max-model-len",
                "32768",
                "--json");
        assertThat(int4.json().get("weightSource").asText()).isEqualTo("--weight-dtype");
        CliRun text = run(
                "plan",
                "serve",
                "--model",
                v3.toString(),
                "--gpu",
                "h200-sxm",
                "--tp",
                "8",
                "--max-model-len",
                "32768");
        assertThat(text.out()).contains("from quantization_config (fp8, blocks of 128×128)");
        // the simulator plans the same replica: in FP8 it fits, so it runs
        CliRun sim = run(
                "simulate",
                "serve",
                "--model",
                v3.toString(),
                "--gpu",
                "h200-sxm",
                "--tp",
                "8",
                "--rate",
                "1",
                "--requests",
                "20",
                "--prompt-tokens",
                "const:500",
                "--output-tokens",
                "const:20",
                "--json");
        assertThat(sim.code()).as(sim.err()).isZero();
        assertThat(run(
                                "simulate",
                                "serve",
                                "--model",
                                v3.toString(),
                                "--gpu",
                                "h200-sxm",
                                "--tp",
                                "8",
                                "--weight-dtype",
                                "bf16",
                                "--rate",
                                "1",
                                "--requests",
                                "20",
                                "--prompt-tokens",
                                "const:500",
                                "--output-tokens",
                                "const:20",
                                "--json")
                        .code())
                .isEqualTo(2);
    }

    @Test
    void simulateServeAndCapacityTakeAnEngineAndSayWhichRatesTheyUsed() throws Exception {
        CliRun v = run(
                "simulate",
                "serve",
                "--model",
                "llama-3-8b",
                "--gpu",
                "h100-sxm",
                "--rate",
                "5",
                "--requests",
                "100",
                "--prompt-tokens",
                "const:1000",
                "--output-tokens",
                "const:100",
                "--json");
        CliRun t = run(
                "simulate",
                "serve",
                "--model",
                "llama-3-8b",
                "--gpu",
                "h100-sxm",
                "--rate",
                "5",
                "--requests",
                "100",
                "--prompt-tokens",
                "const:1000",
                "--output-tokens",
                "const:100",
                "--engine",
                "trtllm",
                "--json");
        assertThat(v.code()).as(v.err()).isZero();
        assertThat(t.code()).as(t.err()).isZero();
        // KV blocks as plan serve counts them (not once per layer)
        CliRun memory = run(
                "plan",
                "serve",
                "--model",
                "llama-3-8b",
                "--gpu",
                "h100-sxm",
                "--max-num-seqs",
                "1024",
                "--max-num-batched-tokens",
                "8192",
                "--json");
        assertThat(v.json().get("kvBlocks").asLong())
                .isEqualTo(memory.json().get("kvBlocks").asLong());
        // the engines' own defaults: vLLM's V1 server on an H100 1,024 sequences and 8,192 tokens; TensorRT-LLM 2,048
        assertThat(v.json().get("engine").get("id").asText()).isEqualTo("vllm");
        assertThat(v.json().get("maxNumSeqs").asInt()).isEqualTo(1024);
        assertThat(t.json().get("engine").get("id").asText()).isEqualTo("trtllm");
        assertThat(t.json().get("maxNumSeqs").asInt()).isEqualTo(2048);
        assertThat(t.json().get("fittedConstants").get("hopperCompute").asDouble())
                .isPositive();
        // TensorRT-LLM's C++ host costs less a step than vLLM's: faster tokens at this light load
        assertThat(t.json().get("tpotSeconds").get("p50").asDouble())
                .isLessThan(v.json().get("tpotSeconds").get("p50").asDouble());
        CliRun bad = run(
                "simulate",
                "serve",
                "--model",
                "llama-3-8b",
                "--gpu",
                "h100-sxm",
                "--rate",
                "5",
                "--requests",
                "10",
                "--prompt-tokens",
                "const:100",
                "--output-tokens",
                "const:8",
                "--engine",
                "tgi");
        assertThat(bad.code()).isEqualTo(2);
        assertThat(bad.err()).contains("--engine").contains("tgi").contains("sglang");
    }

    @Test
    void expertParallelismSpreadsExpertsAndDataParallelAttentionCountsItsGpus() throws Exception {
        CliRun wide = run(
                "plan",
                "serve",
                "--model",
                "deepseek-v3",
                "--gpu",
                "h200-sxm",
                "--tp",
                "1",
                "--ep",
                "8",
                "--weight-dtype",
                "fp8",
                "--max-model-len",
                "8192",
                "--json");
        assertThat(wide.code()).as(wide.err()).isZero();
        assertThat(wide.json().get("ep").asInt()).isEqualTo(8);
        assertThat(wide.json().get("attentionReplicas").asInt()).isEqualTo(8);
        assertThat(wide.json().get("gpusPerReplica").asInt()).isEqualTo(8);
        CliRun tp8 = run(
                "plan",
                "serve",
                "--model",
                "deepseek-v3",
                "--gpu",
                "h200-sxm",
                "--tp",
                "8",
                "--weight-dtype",
                "fp8",
                "--max-model-len",
                "8192",
                "--json");
        // every attention replica holds the attention and dense layers whole: more weights a GPU than TP 8
        assertThat(wide.json().get("weightsBytesPerGpu").asDouble())
                .isGreaterThan(tp8.json().get("weightsBytesPerGpu").asDouble());
        CliRun dense = run("plan", "serve", "--model", "llama-3-8b", "--gpu", "h100-sxm", "--ep", "2", "--json");
        assertThat(dense.code()).isEqualTo(2);
        assertThat(dense.err()).contains("--ep").contains("mixtures of experts");
        CliRun sim = run(
                "simulate",
                "serve",
                "--model",
                "qwen3-30b-a3b",
                "--gpu",
                "h100-sxm",
                "--tp",
                "1",
                "--ep",
                "4",
                "--rate",
                "20",
                "--requests",
                "200",
                "--prompt-tokens",
                "const:500",
                "--output-tokens",
                "const:50",
                "--json");
        assertThat(sim.code()).as(sim.err()).isZero();
        // four attention replicas, one simulated for all
        assertThat(sim.json().get("completed").asInt()).isEqualTo(200);
    }

    @Test
    void serveCountsSlidingWindowLayersApart() throws Exception {
        // Gemma 2 9B: 21 sliding-window (4096) and 21 global layers
        Path g = Files.writeString(
                tmp.resolve("gemma-2-9b.json"),
                "{\"model_type\": \"gemma2\", \"hidden_size\": 3584,"
                        + " \"intermediate_size\": 14336, \"num_hidden_layers\": 42, \"num_attention_heads\": 16, \"num_key_value_heads\": 8,"
                        + " \"head_dim\": 256, \"vocab_size\": 256000, \"sliding_window\": 4096, \"max_position_embeddings\": 8192}");
        CliRun r = run(
                "plan", "serve", "--model", g.toString(), "--gpu", "h100-sxm", "--max-model-len", "32768", "--json");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode j = r.json();
        assertThat(j.get("attentionLayers").asText()).isEqualTo("sliding window 4096 × 21, full × 21");
        // 21 × 32,768 + 21 × 4,112 token-layers against 42 × 32,768
        assertThat(j.get("maxConcurrency").asDouble())
                .isCloseTo(j.get("kvTokens").asDouble() / 32_768 * 1_376_256 / 774_480, within(1e-9));
        assertThat(j.get("weightSource").asText()).isEqualTo("default");
        Path mamba = Files.writeString(tmp.resolve("config.json"), "{\"model_type\": \"mamba\"}");
        CliRun bad = run("plan", "serve", "--model", mamba.toString(), "--gpu", "h100-sxm", "--json");
        assertThat(bad.code()).isEqualTo(2);
        assertThat(bad.err().strip().lines().count()).isEqualTo(1);
        assertThat(bad.err())
                .contains("unsupported architecture 'mamba'")
                .contains("gemma3")
                .contains("gpt_oss");
    }

    @Test
    void simulateServeContract() throws Exception {
        CliRun r = run(
                "simulate",
                "serve",
                "--model",
                "llama-3-8b",
                "--gpu",
                "h100-sxm",
                "--rate",
                "5",
                "--requests",
                "400",
                "--prompt-tokens",
                "uniform:100:1000",
                "--output-tokens",
                "const:64",
                "--chunked-prefill",
                "--slo-ttft",
                "2",
                "--slo-tpot",
                "0.1",
                "--seed",
                "3",
                "--json");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode j = r.json();
        assertThat(j.get("requests").asInt()).isEqualTo(400);
        assertThat(j.get("completed").asInt()).isEqualTo(400);
        for (String k : new String[] {"ttftSeconds", "tpotSeconds", "e2eSeconds"}) {
            assertThat(j.get(k).get("p50").asDouble())
                    .as(k)
                    .isPositive()
                    .isLessThanOrEqualTo(j.get(k).get("p99").asDouble());
        }
        assertThat(j.get("sloAttainment").asDouble()).isBetween(0.9, 1.0); // a light load on one H100
        assertThat(j.get("throughputTokensPerSecond").asDouble()).isPositive();
        assertThat(j.has("simulatedSeconds") && j.has("wallSeconds")).isTrue();
        CliRun again = run(
                "simulate",
                "serve",
                "--model",
                "llama-3-8b",
                "--gpu",
                "h100-sxm",
                "--rate",
                "5",
                "--requests",
                "400",
                "--prompt-tokens",
                "uniform:100:1000",
                "--output-tokens",
                "const:64",
                "--chunked-prefill",
                "--slo-ttft",
                "2",
                "--slo-tpot",
                "0.1",
                "--seed",
                "3",
                "--json");
        assertThat(again.json().get("ttftSeconds")).isEqualTo(j.get("ttftSeconds"));

        Path lengths = Files.writeString(tmp.resolve("lengths.txt"), "128\n256\nlots\n");
        CliRun bad = run(
                "simulate",
                "serve",
                "--model",
                "llama-3-8b",
                "--gpu",
                "h100-sxm",
                "--rate",
                "5",
                "--requests",
                "10",
                "--prompt-tokens",
                "file:" + lengths,
                "--output-tokens",
                "const:8",
                "--json");
        assertThat(bad.code()).isEqualTo(2);
        assertThat(bad.err()).contains("lengths.txt:3").contains("lots");
        assertThat(run(
                                "simulate",
                                "serve",
                                "--model",
                                "llama-3-8b",
                                "--gpu",
                                "h100-sxm",
                                "--rate",
                                "5",
                                "--requests",
                                "10",
                                "--prompt-tokens",
                                "gauss:5",
                                "--output-tokens",
                                "const:8")
                        .err())
                .contains("--prompt-tokens")
                .contains("unknown distribution");
        assertThat(run(
                                "simulate",
                                "serve",
                                "--model",
                                "llama-3-8b",
                                "--gpu",
                                "h100-sxm",
                                "--rate",
                                "1000",
                                "--duration",
                                "86400",
                                "--prompt-tokens",
                                "const:10",
                                "--output-tokens",
                                "const:8")
                        .err())
                .contains("reasonable time");
    }

    @Test
    void capacityContract() throws Exception {
        Path traffic =
                Files.writeString(tmp.resolve("hourly.csv"), "start,rate\n00:00,1\n08:00,6\n12:00,12\n20:00,3\n");
        CliRun r = run(
                "plan",
                "capacity",
                "--model",
                "llama-3-8b",
                "--gpu",
                "h100-sxm",
                "--traffic",
                traffic.toString(),
                "--slo-ttft",
                "1",
                "--slo-tpot",
                "0.05",
                "--price-per-gpu-hour",
                "2",
                "--json");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode j = r.json();
        assertThat(j.get("windows")).hasSize(4);
        JsonNode first = j.get("windows").get(0);
        assertThat(first.get("start").asText()).isEqualTo("00:00");
        assertThat(first.get("rate").asDouble()).isEqualTo(1);
        double gpuHours = 0;
        double[] hours = {8, 4, 8, 4};
        for (int i = 0; i < 4; i++) {
            JsonNode w = j.get("windows").get(i);
            assertThat(w.get("replicas").asInt()).isPositive();
            assertThat(w.get("gpus").asInt()).isEqualTo(w.get("replicas").asInt());
            gpuHours += w.get("gpus").asInt() * hours[i];
        }
        assertThat(j.get("gpuHours").asDouble()).isCloseTo(gpuHours, within(1e-9));
        assertThat(j.get("costPerDay").asDouble()).isCloseTo(2 * gpuHours, within(1e-9));

        Path bad = Files.writeString(tmp.resolve("bad.csv"), "start,rate\n00:00,1\n25:00,3\n");
        CliRun b = run(
                "plan",
                "capacity",
                "--model",
                "llama-3-8b",
                "--gpu",
                "h100-sxm",
                "--traffic",
                bad.toString(),
                "--slo-ttft",
                "1",
                "--slo-tpot",
                "0.05",
                "--json");
        assertThat(b.code()).isEqualTo(2);
        assertThat(b.err()).contains("bad.csv:3").contains("start");
    }

    @Test
    void simulateServeFromATraceAndWithBurstyArrivals() throws Exception {
        Path trace = Files.writeString(
                tmp.resolve("trace.csv"), "arrival,prompt_tokens,output_tokens\n0.0,100,10\n0.5,200,20\n0.6,300,5\n");
        CliRun r = run(
                "simulate",
                "serve",
                "--model",
                "llama-3-8b",
                "--gpu",
                "h100-sxm",
                "--arrivals",
                "trace:" + trace,
                "--json");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.json().get("requests").asInt()).isEqualTo(3);
        assertThat(r.json().get("completed").asInt()).isEqualTo(3);
        CliRun bursty = run(
                "simulate",
                "serve",
                "--model",
                "llama-3-8b",
                "--gpu",
                "h100-sxm",
                "--rate",
                "5",
                "--requests",
                "200",
                "--prompt-tokens",
                "const:300",
                "--output-tokens",
                "const:30",
                "--arrivals",
                "gamma:2.5",
                "--json");
        assertThat(bursty.code()).as(bursty.err()).isZero();
        assertThat(run("simulate", "serve", "--model", "llama-3-8b", "--gpu", "h100-sxm", "--json")
                        .err())
                .contains("--rate");
        Path backwards = Files.writeString(tmp.resolve("back.csv"), "1.0,10,10\n0.5,10,10\n");
        CliRun b = run(
                "simulate",
                "serve",
                "--model",
                "llama-3-8b",
                "--gpu",
                "h100-sxm",
                "--arrivals",
                "trace:" + backwards,
                "--json");
        assertThat(b.code()).isEqualTo(2);
        assertThat(b.err()).contains("back.csv:2");
    }

    @Test
    void prefixCachingRaisesConcurrency() throws Exception {
        CliRun plain =
                run("plan", "serve", "--model", "llama-3-8b", "--gpu", "h100-sxm", "--max-model-len", "4096", "--json");
        CliRun shared = run(
                "plan",
                "serve",
                "--model",
                "llama-3-8b",
                "--gpu",
                "h100-sxm",
                "--max-model-len",
                "4096",
                "--prefix-tokens",
                "1000",
                "--prefix-share",
                "0.8",
                "--json");
        assertThat(shared.code()).as(shared.err()).isZero();
        assertThat(plain.json().get("prefixCaching").isNull()).isTrue();
        JsonNode p = shared.json().get("prefixCaching");
        assertThat(p.get("sharedTokens").asInt()).isEqualTo(992);
        assertThat(p.get("maxConcurrency").asDouble())
                .isGreaterThan(plain.json().get("maxConcurrency").asDouble());
        assertThat(run(
                                "plan",
                                "serve",
                                "--model",
                                "llama-3-8b",
                                "--gpu",
                                "h100-sxm",
                                "--prefix-tokens",
                                "100",
                                "--prefix-share",
                                "2")
                        .code())
                .isEqualTo(2);
    }

    @Test
    void leversSideBySide() throws Exception {
        CliRun r = run(
                "plan",
                "levers",
                "--model",
                "llama-3-8b",
                "--gpu",
                "l40s",
                "--slo-ttft",
                "2",
                "--slo-tpot",
                "0.08",
                "--prompt-tokens",
                "const:800",
                "--output-tokens",
                "const:150",
                "--price-per-gpu-hour",
                "1.2",
                "--speculative",
                "0.7:4:0.05",
                "--json");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode levers = r.json().get("levers");
        assertThat(levers.get(0).get("name").asText()).isEqualTo("Baseline");
        assertThat(levers.get(0).get("costVersusBaseline").asDouble()).isEqualTo(1.0);
        JsonNode int4 = null;
        for (JsonNode l : levers) {
            if (l.get("name").asText().equals("INT4 weights")) {
                int4 = l;
            }
        }
        assertThat(int4).isNotNull();
        assertThat(int4.get("weightsBytesPerGpu").asDouble())
                .isLessThan(levers.get(0).get("weightsBytesPerGpu").asDouble() / 2.5);
        assertThat(int4.get("accuracyRisk").asText()).startsWith("moderate");
        assertThat(levers)
                .anyMatch(l -> l.get("name").asText().equals("Speculative decoding")
                        && l.get("singleStreamTpotSeconds").asDouble()
                                < levers.get(0).get("singleStreamTpotSeconds").asDouble());
        // the table for people
        CliRun text = run(
                "plan",
                "levers",
                "--model",
                "llama-3-8b",
                "--gpu",
                "l40s",
                "--slo-ttft",
                "2",
                "--slo-tpot",
                "0.08",
                "--prompt-tokens",
                "const:800",
                "--output-tokens",
                "const:150");
        assertThat(text.out()).contains("LEVER").contains("FP8 KV cache").contains("Twice the token budget");
        assertThat(run(
                                "plan",
                                "levers",
                                "--model",
                                "llama-3-8b",
                                "--gpu",
                                "l40s",
                                "--slo-ttft",
                                "2",
                                "--slo-tpot",
                                "0.08",
                                "--speculative",
                                "0.7:x")
                        .err())
                .contains("--speculative");
        assertThat(run(
                                "plan",
                                "levers",
                                "--model",
                                "llama-3-70b",
                                "--gpu",
                                "l40s",
                                "--slo-ttft",
                                "2",
                                "--slo-tpot",
                                "0.08")
                        .err())
                .contains("does not fit");
    }

    @Test
    void enginesSideBySideEachAtItsOwnDefaults() throws Exception {
        CliRun r = run(
                "plan",
                "engines",
                "--model",
                "llama-3-8b",
                "--gpu",
                "l40s",
                "--slo-ttft",
                "2",
                "--slo-tpot",
                "0.08",
                "--prompt-tokens",
                "const:800",
                "--output-tokens",
                "const:150",
                "--price-per-gpu-hour",
                "1.2",
                "--json");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode engines = r.json().get("engines");
        assertThat(r.json().get("engineIds"))
                .extracting(JsonNode::asText)
                .containsExactly("vllm", "vllm-v0", "sglang", "trtllm", "lmdeploy");
        assertThat(engines).hasSize(5);
        assertThat(engines.get(0).get("costVersusBaseline").asDouble()).isEqualTo(1.0);
        // an L40S is not a large card for vLLM: 256 sequences and 2,048 tokens a step;
        // TensorRT-LLM keeps its own 2,048 sequences
        assertThat(engines.get(0).get("change").asText()).startsWith("max_num_seqs 256, 2,048 tokens a step");
        assertThat(engines.get(3).get("change").asText())
                .startsWith("max_num_seqs 2048")
                .contains("kv_cache_free_gpu_mem_fraction");
        for (JsonNode e : engines) {
            assertThat(e.get("problem").isNull()).as(e.toString()).isTrue();
            assertThat(e.get("goodputPerGpu").asDouble()).isPositive();
        }
        CliRun text = run(
                "plan",
                "engines",
                "--model",
                "llama-3-8b",
                "--gpu",
                "l40s",
                "--slo-ttft",
                "2",
                "--slo-tpot",
                "0.08",
                "--prompt-tokens",
                "const:800",
                "--output-tokens",
                "const:150");
        assertThat(text.out())
                .contains("ENGINE")
                .contains("COST VS VLLM")
                .contains("TensorRT-LLM")
                .contains("LMDeploy");
        // a model no engine holds on the card: every row says so, and the command still answers
        CliRun big = run(
                "plan",
                "engines",
                "--model",
                "llama-3-70b",
                "--gpu",
                "l40s",
                "--slo-ttft",
                "2",
                "--slo-tpot",
                "0.08",
                "--json");
        assertThat(big.code()).as(big.err()).isZero();
        assertThat(big.json().get("engines"))
                .allMatch(e -> e.get("problem").asText().startsWith("does not fit"));
        assertThat(run(
                                "plan",
                                "engines",
                                "--model",
                                "llama-3-8b",
                                "--gpu",
                                "l40s",
                                "--slo-ttft",
                                "0",
                                "--slo-tpot",
                                "0.08")
                        .err())
                .contains("TTFT");
    }

    @Test
    void disaggContractSideBySideWithAggregated() throws Exception {
        CliRun r = run(
                "plan",
                "disagg",
                "--model",
                "llama-3.1-8b",
                "--gpu",
                "h100-sxm",
                "--slo-ttft",
                "1",
                "--slo-tpot",
                "0.03",
                "--prompt-tokens",
                "2000",
                "--output-tokens",
                "const:200",
                "--tp",
                "1",
                "--prefill-tp",
                "1",
                "--decode-tp",
                "1",
                "--price-per-gpu-hour",
                "2",
                "--json");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode j = r.json();
        JsonNode agg = j.get("aggregated");
        assertThat(agg.get("gpusPerReplica").asInt()).isEqualTo(1);
        assertThat(agg.get("goodputPerGpu").asDouble()).isPositive();
        assertThat(agg.get("costPerMillionOutputTokens").asDouble())
                .isCloseTo(2 * 1e6 / (agg.get("goodputPerGpu").asDouble() * 200 * 3600), within(1e-6));
        JsonNode dis = j.get("disaggregated");
        for (String pool : new String[] {"prefill", "decode"}) {
            assertThat(dis.get(pool).get("tp").asInt()).isEqualTo(1);
            assertThat(dis.get(pool).get("ep").asInt()).isEqualTo(1);
            assertThat(dis.get(pool).get("gpus").asInt())
                    .isEqualTo(dis.get(pool).get("instances").asInt());
        }
        assertThat(dis.get("ratio").asDouble())
                .isCloseTo(
                        dis.get("prefill").get("instances").asDouble()
                                / dis.get("decode").get("instances").asDouble(),
                        within(1e-9));
        assertThat(dis.get("goodputPerGpu").asDouble()).isPositive();
        assertThat(dis.get("kvTransferSecondsPerRequest").asDouble())
                .isPositive()
                .isLessThan(0.1);
        assertThat(dis.get("costPerMillionOutputTokens").asDouble()).isPositive();
        // every prediction with its 80 % interval from the held-out errors
        assertThat(dis.get("goodputPerGpuInterval").get(0).asDouble())
                .isLessThan(dis.get("goodputPerGpu").asDouble());
        assertThat(dis.get("goodputPerGpuInterval").get(1).asDouble())
                .isGreaterThan(dis.get("goodputPerGpu").asDouble());
        assertThat(agg.get("costPerMillionOutputTokensInterval").get(1).asDouble())
                .isGreaterThan(agg.get("costPerMillionOutputTokens").asDouble());
        assertThat(j.get("better").asText())
                .isEqualTo(
                        dis.get("goodputPerGpu").asDouble()
                                        > agg.get("goodputPerGpu").asDouble()
                                ? "disaggregated"
                                : "aggregated");
        // a slower link makes each transfer longer
        CliRun slow = run(
                "plan",
                "disagg",
                "--model",
                "llama-3.1-8b",
                "--gpu",
                "h100-sxm",
                "--slo-ttft",
                "1",
                "--slo-tpot",
                "0.03",
                "--prompt-tokens",
                "2000",
                "--output-tokens",
                "const:200",
                "--tp",
                "1",
                "--prefill-tp",
                "1",
                "--decode-tp",
                "1",
                "--kv-link-gbs",
                "1",
                "--json");
        assertThat(slow.json()
                        .get("disaggregated")
                        .get("kvTransferSecondsPerRequest")
                        .asDouble())
                .isGreaterThan(10 * dis.get("kvTransferSecondsPerRequest").asDouble());
        // each pool's own batch limits
        CliRun limits = run(
                "plan",
                "disagg",
                "--model",
                "llama-3.1-8b",
                "--gpu",
                "h100-sxm",
                "--slo-ttft",
                "1",
                "--slo-tpot",
                "0.03",
                "--prompt-tokens",
                "2000",
                "--output-tokens",
                "const:200",
                "--tp",
                "1",
                "--prefill-tp",
                "1",
                "--decode-tp",
                "1",
                "--decode-max-num-seqs",
                "16",
                "--prefill-max-num-batched-tokens",
                "4096",
                "--json");
        assertThat(limits.code()).as(limits.err()).isZero();
        assertThat(limits.json()
                        .get("disaggregated")
                        .get("decode")
                        .get("maxNumSeqs")
                        .asInt())
                .isEqualTo(16);
        assertThat(limits.json()
                        .get("disaggregated")
                        .get("prefill")
                        .get("maxNumBatchedTokens")
                        .asInt())
                .isEqualTo(4096);
        assertThat(run(
                                "plan",
                                "disagg",
                                "--model",
                                "llama-3.1-8b",
                                "--gpu",
                                "h100-sxm",
                                "--slo-ttft",
                                "1",
                                "--slo-tpot",
                                "0.03",
                                "--decode-max-num-seqs",
                                "0")
                        .err())
                .contains("--decode-max-num-seqs");
        // the text for people
        CliRun text = run(
                "plan",
                "disagg",
                "--model",
                "llama-3.1-8b",
                "--gpu",
                "h100-sxm",
                "--slo-ttft",
                "1",
                "--slo-tpot",
                "0.03",
                "--prompt-tokens",
                "2000",
                "--output-tokens",
                "const:200",
                "--tp",
                "1",
                "--prefill-tp",
                "1",
                "--decode-tp",
                "1");
        assertThat(text.out())
                .contains("Aggregated:")
                .contains("Disaggregated:")
                .contains("Better:");
        // bad input names its flag
        assertThat(run(
                                "plan",
                                "disagg",
                                "--model",
                                "llama-3.1-8b",
                                "--gpu",
                                "h100-sxm",
                                "--slo-ttft",
                                "1",
                                "--slo-tpot",
                                "0.03",
                                "--decode-tp",
                                "3")
                        .err())
                .contains("--decode-tp")
                .contains("divide");
        assertThat(run(
                                "plan",
                                "disagg",
                                "--model",
                                "llama-3.1-8b",
                                "--gpu",
                                "h100-sxm",
                                "--slo-ttft",
                                "1",
                                "--slo-tpot",
                                "0.03",
                                "--kv-link-gbs",
                                "0",
                                "--tp",
                                "1",
                                "--prefill-tp",
                                "1",
                                "--decode-tp",
                                "1")
                        .err())
                .contains("--kv-link-gbs");
        assertThat(run(
                                "plan",
                                "disagg",
                                "--model",
                                "llama-3.1-70b",
                                "--gpu",
                                "l40s",
                                "--slo-ttft",
                                "1",
                                "--slo-tpot",
                                "0.03",
                                "--prefill-tp",
                                "1")
                        .err())
                .contains("--prefill-tp")
                .contains("does not fit");
    }

    @Test
    void planTrainCalibratedFromSmallClusterRunsSaysTheFactorTheIntervalAndWhatTheRunsSettle() throws Exception {
        Path measured = Files.writeString(
                tmp.resolve("small.csv"),
                "run,gpus,tp,pp,micro_batch,global_batch,seq_len,"
                        + "tokens_per_gpu_per_second\nsmall-tp1,16,1,1,1,256,4096,6000\nsmall-tp2,16,2,1,1,256,4096,4500\n");
        CliRun r = run(
                "plan",
                "train",
                "--model",
                "llama-3-8b",
                "--gpu",
                "h100-sxm",
                "--gpus",
                "256",
                "--seq-len",
                "4096",
                "--global-batch",
                "1024",
                "--top",
                "1",
                "--calibrate-from",
                measured.toString(),
                "--json");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode c = r.json().get("calibration");
        assertThat(c.get("runs")).hasSize(2);
        double factor = c.get("factor").asDouble();
        // the factor applied is the geometric mean of the runs' own
        assertThat(factor)
                .isCloseTo(
                        Math.sqrt(c.get("runs").get(0).get("factor").asDouble()
                                * c.get("runs").get(1).get("factor").asDouble()),
                        within(1e-9));
        // measured slower than planned
        assertThat(c.get("tokensPerGpu").asDouble())
                .isLessThan(c.get("uncalibratedTokensPerGpu").asDouble());
        assertThat(c.get("tokensPerGpuInterval").get(0).asDouble())
                .isLessThan(c.get("tokensPerGpu").asDouble());
        assertThat(c.get("tokensPerGpuInterval").get(1).asDouble())
                .isGreaterThan(c.get("tokensPerGpu").asDouble());
        // 6,000 against 4,500 on the same 16 GPUs: 33 % apart, beyond the planner's ranking spread
        assertThat(c.get("settled").get(0).asText())
                .contains("TP1 PP1 DP16 ran 33 % faster than TP2 PP1 DP8")
                .contains("settled");
        assertThat(r.json().get("plans").get(0).get("efficiency").asText())
                .contains("from a measured small-cluster run");
        // a measured file with a mistake is refused naming it
        Path bad = Files.writeString(
                tmp.resolve("bad.csv"), "gpus,tp,pp,micro_batch,global_batch,seq_len\n16,2,1,1,256,4096\n");
        CliRun refused = run(
                "plan",
                "train",
                "--model",
                "llama-3-8b",
                "--gpu",
                "h100-sxm",
                "--gpus",
                "256",
                "--seq-len",
                "4096",
                "--global-batch",
                "1024",
                "--calibrate-from",
                bad.toString());
        assertThat(refused.code()).isEqualTo(2);
        assertThat(refused.err()).contains("bad.csv").contains("seconds a step");
    }

    /**
     * A closed loop: 256 requests of 1,000 in / 200 out through 8 in flight and through 64 in flight; more in flight
     * streams more tokens a second, every request completes, and giving a rate too is a usage error.
     */
    @Test
    void simulateServeRunsAClosedLoopAtAConcurrency() throws Exception {
        String[] base = {
            "simulate",
            "serve",
            "--model",
            "llama-3-8b",
            "--gpu",
            "h100-sxm",
            "--requests",
            "256",
            "--prompt-tokens",
            "const:1000",
            "--output-tokens",
            "const:200",
            "--json"
        };
        CliRun eight = run(concat(base, "--concurrency", "8"));
        CliRun sixtyFour = run(concat(base, "--concurrency", "64"));
        assertThat(eight.code()).as(eight.err()).isZero();
        assertThat(sixtyFour.code()).as(sixtyFour.err()).isZero();
        assertThat(eight.json().get("requests").asInt()).isEqualTo(256);
        assertThat(eight.json().get("completed").asInt()).isEqualTo(256);
        assertThat(sixtyFour.json().get("throughputTokensPerSecond").asDouble())
                .isGreaterThan(3 * eight.json().get("throughputTokensPerSecond").asDouble());
        assertThat(sixtyFour.json().get("tpotSeconds").get("p50").asDouble())
                .isGreaterThan(eight.json().get("tpotSeconds").get("p50").asDouble());
        CliRun both = run(concat(base, "--concurrency", "8", "--rate", "2"));
        assertThat(both.code()).isEqualTo(2);
        assertThat(both.err()).contains("--concurrency C runs a closed loop");
        CliRun none = run(concat(base, "--concurrency", "0"));
        assertThat(none.err()).contains("--concurrency: the requests in flight must be at least 1");
    }

    private static String[] concat(String[] a, String... b) {
        String[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
