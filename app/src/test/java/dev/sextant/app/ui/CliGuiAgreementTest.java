package dev.sextant.app.ui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sextant.app.cli.CliRun;
import dev.sextant.app.ui.contamination.ContaminationViewModel;
import dev.sextant.app.ui.data.DataViewModel;
import dev.sextant.app.ui.runhealth.RunHealthViewModel;
import dev.sextant.app.ui.serving.ServingViewModel;
import dev.sextant.app.ui.training.TrainingViewModel;
import dev.sextant.model.architecture.ModelCatalog;
import dev.sextant.model.contamination.ScanResult;
import dev.sextant.model.data.DedupSummary;
import dev.sextant.model.hardware.GpuCatalog;
import dev.sextant.model.io.DemoDataCorpus;
import dev.sextant.model.runhealth.FailureStudy;
import dev.sextant.model.serving.Capacity;
import dev.sextant.model.serving.ServingMemory;
import dev.sextant.model.serving.SimulationSummary;
import dev.sextant.model.training.TrainingLayout;
import dev.sextant.model.training.TrainingPlan;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The same question gets the same answer from the command line and from the workbench: each capability asked through
 * {@code sextant … --json} and through its area's view model, with the same inputs and every other setting left at its
 * default, must agree. A default that differs between the two paths fails here.
 */
class CliGuiAgreementTest extends DemoWorkspaceTest {

    private CliRun cli(String... args) {
        return CliRun.of(shell.home(), args);
    }

    private int projects;

    private ServingViewModel serving(String model, String gpu, String engine, int tp) {
        shell.createProject("Agreement " + ++projects, "");
        ServingViewModel vm = new ServingViewModel(shell);
        vm.modelProperty().set(ModelCatalog.get(model));
        vm.gpuProperty().set(GpuCatalog.get(gpu));
        vm.engineProperty().set(engine);
        vm.textInputs().get("tp").set(String.valueOf(tp));
        return vm;
    }

    @Test
    void theServingMemoryPlanAgrees() throws Exception {
        for (String[] c : new String[][] {
            {"llama-3-8b", "h100-sxm", "vllm", "1"},
            {"llama-3-70b", "a100-sxm-80gb", "trtllm", "4"},
            {"qwen3-32b", "h100-sxm", "sglang", "2"}
        }) {
            ServingMemory gui = serving(c[0], c[1], c[2], Integer.parseInt(c[3]))
                    .memoryProperty()
                    .get();
            CliRun run = cli("plan", "serve", "--model", c[0], "--gpu", c[1], "--engine", c[2], "--tp", c[3], "--json");
            assertThat(run.code()).as(run.err()).isZero();
            JsonNode j = run.json();
            String what = String.join(" ", c);
            assertThat(j.get("maxModelLen").asInt())
                    .as(what)
                    .isEqualTo(gui.spec().maxModelLen());
            assertThat(j.get("maxNumSeqs").asInt())
                    .as(what)
                    .isEqualTo(gui.spec().maxNumSeqs());
            assertThat(j.get("maxNumBatchedTokens").asInt())
                    .as(what)
                    .isEqualTo(gui.spec().maxNumBatchedTokens());
            assertThat(j.get("gpuMemoryUtilization").asDouble())
                    .as(what)
                    .isEqualTo(gui.spec().gpuMemoryUtilization());
            assertThat(j.get("kvTokens").asLong()).as(what).isEqualTo(gui.kvTokens());
            assertThat(j.get("activationPeakBytes").asDouble()).as(what).isEqualTo(gui.activationPeakBytes());
        }
        assertThat(failures).isEmpty();
    }

    /** A day's capacity at the area's own default workload and traffic, against plan capacity given the same. */
    @Test
    void theDaysCapacityAgrees() throws Exception {
        ServingViewModel vm = serving("llama-3-8b", "h100-sxm", "vllm", 1);
        Path traffic = Files.writeString(
                tmp.resolve("traffic.csv"), vm.textInputs().get("traffic").get());
        vm.plan();
        assertThat(failures).isEmpty();
        Capacity.Plan gui = vm.studyProperty().get().day();
        JsonNode j = cli(
                        "plan",
                        "capacity",
                        "--model",
                        "llama-3-8b",
                        "--gpu",
                        "h100-sxm",
                        "--traffic",
                        traffic.toString(),
                        "--prompt-tokens",
                        vm.textInputs().get("promptTokens").get(),
                        "--output-tokens",
                        vm.textInputs().get("outputTokens").get(),
                        "--slo-ttft",
                        vm.textInputs().get("sloTtft").get(),
                        "--slo-tpot",
                        vm.textInputs().get("sloTpot").get(),
                        "--seed",
                        vm.textInputs().get("seed").get(),
                        "--price-per-gpu-hour",
                        vm.textInputs().get("price").get(),
                        "--headroom",
                        vm.textInputs().get("headroom").get(),
                        "--scale-up-minutes",
                        vm.textInputs().get("scaleUpMinutes").get(),
                        "--json")
                .json();
        assertThat(j.get("goodputPerReplica").asDouble()).isCloseTo(gui.goodputPerReplica(), within(1e-9));
        assertThat(j.get("gpuHours").asDouble()).isCloseTo(gui.gpuHours(), within(1e-9));
        assertThat(j.get("costPerDay").asDouble()).isCloseTo(gui.costPerDay(), within(1e-9));
    }

    /** The Run health area's failure form at its defaults, against plan failures given the form's values. */
    @Test
    void theFailureSimulationAgrees() throws Exception {
        shell.createProject("Failures", "");
        RunHealthViewModel vm = new RunHealthViewModel(shell);
        vm.simulate();
        assertThat(failures).isEmpty();
        FailureStudy gui = vm.outcomesProperty().get().get(0).study();
        CliRun run = cli(
                "plan",
                "failures",
                "--gpus",
                String.valueOf(gui.scenario().gpus()),
                "--step-seconds",
                String.valueOf(gui.scenario().stepSeconds()),
                "--steps",
                String.valueOf(gui.scenario().steps()),
                "--checkpoint-seconds",
                String.valueOf(gui.scenario().checkpointSeconds()),
                "--json");
        assertThat(run.code()).as(run.err()).isZero();
        JsonNode j = run.json();
        assertThat(j.get("runs").asInt()).isEqualTo(gui.runs());
        assertThat(j.get("goodput").asDouble()).isCloseTo(gui.goodput(), within(1e-12));
        assertThat(j.get("completionHours").get("mean").asDouble())
                .isCloseTo(gui.completionHours().mean(), within(1e-9));
        assertThat(j.get("failures").get("mean").asDouble()).isCloseTo(gui.failuresMean(), within(1e-12));
    }

    /** The Training area's search at its defaults on a model and GPU, against plan train given the form's values. */
    @Test
    void theTrainingSearchAgrees() throws Exception {
        shell.createProject("Training", "");
        TrainingViewModel vm = new TrainingViewModel(shell);
        vm.modelProperty().set(ModelCatalog.get("llama-3-8b"));
        vm.gpuProperty().set(GpuCatalog.get("h100-sxm"));
        vm.search();
        assertThat(failures).isEmpty();
        TrainingPlan gui = vm.plans().get(0);
        CliRun run = cli(
                "plan",
                "train",
                "--model",
                "llama-3-8b",
                "--gpu",
                "h100-sxm",
                "--gpus",
                vm.form().gpusProperty().get(),
                "--gpus-per-node",
                vm.form().gpusPerNodeProperty().get(),
                "--seq-len",
                vm.form().seqLenProperty().get(),
                "--global-batch",
                vm.form().globalBatchProperty().get(),
                "--tokens",
                "1e12",
                "--json");
        assertThat(run.code()).as(run.err()).isZero();
        JsonNode best = run.json().get("plans").get(0);
        TrainingLayout l = gui.layout();
        assertThat(List.of(
                        best.get("tp").asInt(),
                        best.get("pp").asInt(),
                        best.get("dp").asInt(),
                        best.get("cp").asInt(),
                        best.get("microBatch").asInt(),
                        best.get("zeroStage").asInt()))
                .isEqualTo(List.of(l.tp(), l.pp(), l.dp(), l.cp(), l.microBatch(), l.zeroStage()));
        assertThat(best.get("stepTimeSeconds").asDouble()).isCloseTo(gui.stepTimeSeconds(), within(1e-12));
        assertThat(best.get("mfu").asDouble()).isCloseTo(gui.mfu(), within(1e-12));
        assertThat(best.get("trainingDays").asDouble()).isCloseTo(gui.trainingDays(), within(1e-9));
    }

    /**
     * The Serving area's run at the chosen rate (PP 2, so the pipeline degree reaches both paths), against simulate
     * serve given the area's workload, rate, seed and request count.
     */
    @Test
    void theSimulationAtTheRateAgrees() throws Exception {
        ServingViewModel vm = serving("llama-3-8b", "h100-sxm", "vllm", 1);
        vm.textInputs().get("pp").set("2");
        vm.plan();
        assertThat(failures).isEmpty();
        SimulationSummary gui = vm.studyProperty().get().atRate();
        double rate = Double.parseDouble(vm.textInputs().get("rate").get());
        int requests = (int) Math.max(2000, Math.min(100_000, rate * 600)); // ten minutes of traffic, as the area runs
        CliRun run = cli(
                "simulate",
                "serve",
                "--model",
                "llama-3-8b",
                "--gpu",
                "h100-sxm",
                "--pp",
                "2",
                "--rate",
                String.valueOf(rate),
                "--requests",
                String.valueOf(requests),
                "--prompt-tokens",
                vm.textInputs().get("promptTokens").get(),
                "--output-tokens",
                vm.textInputs().get("outputTokens").get(),
                "--slo-ttft",
                vm.textInputs().get("sloTtft").get(),
                "--slo-tpot",
                vm.textInputs().get("sloTpot").get(),
                "--seed",
                vm.textInputs().get("seed").get(),
                "--json");
        assertThat(run.code()).as(run.err()).isZero();
        JsonNode j = run.json();
        assertThat(j.get("kvBlocks").asLong())
                .isEqualTo(vm.memoryProperty().get().kvBlocks());
        assertThat(j.get("ttftSeconds").get("p99").asDouble())
                .isCloseTo(gui.ttft().p99(), within(1e-12));
        assertThat(j.get("tpotSeconds").get("p50").asDouble())
                .isCloseTo(gui.tpot().p50(), within(1e-12));
        assertThat(j.get("throughputTokensPerSecond").asDouble())
                .isCloseTo(gui.throughputTokensPerSecond(), within(1e-9));
        assertThat(j.get("sloAttainment").asDouble()).isCloseTo(gui.sloAttainment(), within(1e-12));
    }

    /** The demo data files: the crawl, the benchmark, the target mix. */
    private List<Path> demoData() {
        return DemoDataCorpus.write(tmp.resolve("data"));
    }

    /** The Contamination area's kept scan at its defaults, against scan (not kept) with only the files given. */
    @Test
    void theContaminationScanAgrees() throws Exception {
        List<Path> demo = demoData();
        shell.createProject("Scan", "");
        ContaminationViewModel vm = new ContaminationViewModel(shell);
        vm.benchmarkFiles().add(demo.get(1));
        vm.corpusPaths().add(demo.get(0));
        vm.run();
        assertThat(failures).isEmpty();
        ScanResult gui = vm.resultProperty().get();
        CliRun run = cli(
                "scan",
                "--benchmark",
                demo.get(1).toString(),
                "--corpus",
                demo.get(0).toString(),
                "--json");
        assertThat(run.code()).as(run.err()).isZero();
        JsonNode summary = run.json().get("summary");
        assertThat(gui.summary().dirty()).isPositive();
        assertThat(List.of(
                        summary.get("items").asInt(),
                        summary.get("clean").asInt(),
                        summary.get("partial").asInt(),
                        summary.get("dirty").asInt(),
                        summary.get("n").asInt()))
                .isEqualTo(List.of(
                        gui.summary().items(),
                        gui.summary().clean(),
                        gui.summary().partial(),
                        gui.summary().dirty(),
                        gui.summary().n()));
        assertThat(summary.get("documents").asLong()).isEqualTo(gui.summary().documents());
        assertThat(summary.get("hashHits").asLong()).isEqualTo(gui.summary().hashHits());
    }

    /** The Data area's kept deduplication at its defaults, against dedup (not kept) with only the corpus given. */
    @Test
    void theDeduplicationAgrees() throws Exception {
        List<Path> demo = demoData();
        shell.createProject("Dedup", "");
        DataViewModel vm = new DataViewModel(shell);
        vm.corpus().setAll(demo.get(0));
        vm.runDedup();
        assertThat(failures).isEmpty();
        DedupSummary gui = vm.shownRunProperty().get().summary();
        CliRun run = cli("dedup", "--corpus", demo.get(0).toString(), "--json");
        assertThat(run.code()).as(run.err()).isZero();
        JsonNode j = run.json();
        assertThat(gui.duplicates()).isPositive();
        assertThat(List.of(
                        j.get("documents").asLong(),
                        j.get("duplicates").asLong(),
                        j.get("clusters").asLong(),
                        j.get("tokens").asLong()))
                .isEqualTo(List.of(gui.documents(), gui.duplicates(), gui.clusters(), gui.tokens()));
        assertThat(j.get("bands").asInt()).isEqualTo(gui.bands().bands());
        assertThat(j.get("rows").asInt()).isEqualTo(gui.bands().rows());
    }
}
