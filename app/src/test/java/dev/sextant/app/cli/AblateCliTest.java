package dev.sextant.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sextant.workspaces.WorkspaceHome;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code ablate fit} against its contract, on Chinchilla's published points. */
class AblateCliTest {

    @TempDir
    Path tmp;

    CliRun run(String... args) {
        return CliRun.of(new WorkspaceHome(tmp.resolve("home")), args);
    }

    @Test
    void fitGivesEveryParameterWithItsIntervalAndTheResiduals() throws Exception {
        Path sweep = tmp.resolve("chinchilla-figure4.csv");
        try (var in = AblateCliTest.class.getResourceAsStream("/scaling/chinchilla-figure4.csv")) {
            Files.copy(in, sweep);
        }
        CliRun r = run(
                "ablate",
                "fit",
                "--input",
                sweep.toString(),
                "--form",
                "chinchilla",
                "--exclude-highest",
                "5",
                "--bootstrap",
                "100",
                "--json");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode j = r.json();
        assertThat(j.get("form").asText()).isEqualTo("chinchilla");
        assertThat(j.get("points").asInt()).isEqualTo(240);
        assertThat(j.get("excluded")).hasSize(5);
        JsonNode p = j.get("parameters");
        // Besiroglu et al.'s fit on these points: E 1.82, α 0.3478, β 0.3658 (ours
        // within 0.01 / 0.002, see ChinchillaFitTest)
        assertThat(p.get("E").get("value").asDouble()).isBetween(1.81, 1.83);
        assertThat(p.get("alpha").get("value").asDouble()).isBetween(0.345, 0.350);
        for (String k : new String[] {"E", "A", "B", "alpha", "beta"}) {
            assertThat(p.get(k).get("low").asDouble())
                    .as(k)
                    .isLessThanOrEqualTo(p.get(k).get("value").asDouble());
            assertThat(p.get(k).get("high").asDouble())
                    .as(k)
                    .isGreaterThanOrEqualTo(p.get(k).get("value").asDouble());
        }
        JsonNode opt = j.get("optimal");
        assertThat(opt.get("a").get("value").asDouble()
                        + opt.get("b").get("value").asDouble())
                .isEqualTo(1.0, Assertions.within(1e-9));
        assertThat(j.get("residuals")).hasSize(240);
        // approach 2 on the same points: the profiles' optima grow about as the parametric fit's (Chinchilla: a ≈ 0.5)
        assertThat(j.get("isoFlop").get("a").asDouble()).isBetween(0.4, 0.6);
        assertThat(j.get("isoFlop").get("profiles").size()).isGreaterThanOrEqualTo(2);
        assertThat(j.get("notes").get(0).asText()).contains("taken from FLOPs as C / 6N");
        // a bad table is refused naming file, line and field; nothing is fitted
        Path bad = Files.writeString(tmp.resolve("bad.csv"), "run,params,tokens,loss\na,1e8,2e9,3.1\nb,2e8,4e9,-1\n");
        CliRun refused = run("ablate", "fit", "--input", bad.toString());
        assertThat(refused.code()).isEqualTo(2);
        assertThat(refused.err())
                .contains("bad.csv")
                .contains("3")
                .contains("loss")
                .contains("run 'b'")
                .doesNotContain("Exception");
        // too few runs for five parameters
        Path few = Files.writeString(tmp.resolve("few.csv"), "run,params,tokens,loss\na,1e8,2e9,3.1\nb,2e8,4e9,2.9\n");
        assertThat(run("ablate", "fit", "--input", few.toString()).err()).contains("at least 6 runs");
        // one exponent for both terms (Gadre et al.'s form)
        CliRun tied =
                run("ablate", "fit", "--input", sweep.toString(), "--form", "tied", "--bootstrap", "20", "--json");
        assertThat(tied.code()).as(tied.err()).isZero();
        assertThat(tied.json().get("form").asText()).isEqualTo("tied");
        assertThat(tied.json().get("parameters").get("alpha").get("value").asDouble())
                .isEqualTo(
                        tied.json().get("parameters").get("beta").get("value").asDouble());
        assertThat(run("ablate", "fit", "--input", sweep.toString(), "--form", "kaplan")
                        .err())
                .contains("unknown form 'kaplan'");
        // the user's own column names
        Path mine = Files.writeString(tmp.resolve("mine.csv"), "name,N,D,final\na,1e8,2e9,3.1\n");
        assertThat(run("ablate", "fit", "--input", mine.toString(), "--map", "run=name,params=N,tokens=D,loss=final")
                        .err())
                .contains("at least 6 runs");
    }

    @Test
    void predictAndOptimalSayHowFarBeyondTheRunsTheyReach() throws Exception {
        Path sweep = tmp.resolve("chinchilla-figure4.csv");
        try (var in = AblateCliTest.class.getResourceAsStream("/scaling/chinchilla-figure4.csv")) {
            Files.copy(in, sweep);
        }
        // Chinchilla itself, 70 B parameters on 1.4 T tokens: 45× the compute of the largest run in Figure 4
        CliRun p = run(
                "ablate",
                "predict",
                "--input",
                sweep.toString(),
                "--form",
                "chinchilla",
                "--exclude-highest",
                "5",
                "--bootstrap",
                "100",
                "--params",
                "70B",
                "--tokens",
                "1.4T",
                "--json");
        assertThat(p.code()).as(p.err()).isZero();
        JsonNode loss = p.json().get("loss");
        assertThat(loss.get("low").asDouble()).isLessThan(loss.get("value").asDouble());
        assertThat(loss.get("high").asDouble()).isGreaterThan(loss.get("value").asDouble());
        JsonNode fit = p.json().get("fitLoss");
        assertThat(loss.get("high").asDouble() - loss.get("low").asDouble())
                .isGreaterThan(fit.get("high").asDouble() - fit.get("low").asDouble());
        JsonNode x = p.json().get("extrapolation");
        assertThat(x.get("computeFactor").asDouble()).isBetween(30.0, 60.0);
        assertThat(x.get("warning").asText()).startsWith("beyond what the fit supports");
        // the compute-optimal model at Chinchilla's budget: about 20 tokens a parameter, as Chinchilla's rule
        CliRun o = run(
                "ablate",
                "optimal",
                "--input",
                sweep.toString(),
                "--exclude-highest",
                "5",
                "--bootstrap",
                "100",
                "--flops",
                "5.76e23",
                "--json");
        assertThat(o.code()).as(o.err()).isZero();
        JsonNode a = o.json().get("optimal");
        assertThat(a.get("tokensPerParameter").get("value").asDouble()).isBetween(10.0, 30.0);
        assertThat(a.get("params").get("value").asDouble()
                        * a.get("tokens").get("value").asDouble()
                        * 6)
                .isCloseTo(5.76e23, Assertions.withinPercentage(1e-6));
        assertThat(run("ablate", "predict", "--input", sweep.toString(), "--params", "lots", "--tokens", "1T")
                        .err())
                .contains("--params");
        assertThat(run("ablate", "optimal", "--input", sweep.toString(), "--flops", "-1")
                        .err())
                .contains("--flops");
    }

    @Test
    void importKeepsTablesAndLogsInTheProjectAndTheFitsReadThemBack() throws Exception {
        Path sweep = tmp.resolve("chinchilla-figure4.csv");
        try (var in = AblateCliTest.class.getResourceAsStream("/scaling/chinchilla-figure4.csv")) {
            Files.copy(in, sweep);
        }
        assertThat(run("project", "create", "Ablations").code()).isZero();
        CliRun imported = run(
                "ablate",
                "import",
                "--input",
                sweep.toString(),
                "--project",
                "Ablations",
                "--name",
                "figure 4",
                "--json");
        assertThat(imported.code()).as(imported.err()).isZero();
        assertThat(imported.json().get("runs").asInt()).isEqualTo(245);
        assertThat(imported.json().get("name").asText()).isEqualTo("figure 4");
        // the kept runs fit as the file does
        CliRun fromProject =
                run("ablate", "fit", "--project", "Ablations", "--exclude-highest", "5", "--bootstrap", "20", "--json");
        CliRun fromFile = run(
                "ablate", "fit", "--input", sweep.toString(), "--exclude-highest", "5", "--bootstrap", "20", "--json");
        assertThat(fromProject.code()).as(fromProject.err()).isZero();
        assertThat(fromProject.json().get("parameters"))
                .isEqualTo(fromFile.json().get("parameters"));
        // a real Megatron-DeepSpeed log: tokens from its consumed-token counter, parameters given once
        Path log = tmp.resolve("megatron.log");
        try (var in = AblateCliTest.class.getResourceAsStream("/trainlogs-real/megatron-deepspeed-500it.log")) {
            Files.copy(in, log);
        }
        CliRun fromLog = run(
                "ablate",
                "import",
                "--input",
                log.toString(),
                "--project",
                "Ablations",
                "--params",
                "7.6e9",
                "--points",
                "3",
                "--json");
        assertThat(fromLog.code()).as(fromLog.err()).isZero();
        JsonNode last =
                fromLog.json().get("rows").get(fromLog.json().get("rows").size() - 1);
        // 500 iterations × 16 sequences × 2,048 tokens
        assertThat(last.get("tokens").asDouble()).isEqualTo(500 * 16 * 2048.0);
        assertThat(last.get("loss").asDouble()).isBetween(5.0, 8.0);
        assertThat(fromLog.json().get("notes").get(0).asText())
                .contains("consumed-token counter")
                .contains("steps 481–500");
        // both kept sets together name the run in both; one set by name
        assertThat(run("ablate", "fit", "--project", "Ablations", "--runs", "figure 4", "--bootstrap", "10")
                        .code())
                .isZero();
        // a log without parameters, a log that counts no tokens (this real one logs
        // total_tokens: 0 throughout), both sources
        Path mistral = tmp.resolve("mistral.jsonl");
        try (var in = AblateCliTest.class.getResourceAsStream("/trainlogs-real/mistral-lora.trainer_log.jsonl")) {
            Files.copy(in, mistral);
        }
        assertThat(run("ablate", "import", "--input", mistral.toString(), "--project", "Ablations")
                        .err())
                .contains("mistral.jsonl")
                .contains("--params");
        CliRun noTokens =
                run("ablate", "import", "--input", mistral.toString(), "--project", "Ablations", "--params", "7.2e9");
        assertThat(noTokens.code()).isEqualTo(2);
        assertThat(noTokens.err()).contains("token counter never grows").contains("global batch × sequence length");
        assertThat(run("ablate", "fit", "--input", sweep.toString(), "--project", "Ablations")
                        .err())
                .contains("not both");
        // nothing half-kept: still two sets
        CliRun sets =
                run("ablate", "import", "--input", tmp.resolve("missing.csv").toString(), "--project", "Ablations");
        assertThat(sets.code()).isNotZero();
        assertThat(sets.err()).contains("missing.csv").doesNotContain("Exception");
    }

    @Test
    void hyperFitsTheDemoGridsLawsAndRecommendsTheBigRunsBatchAndRate() throws Exception {
        CliRun r = run("ablate", "hyper", "--flops", "1e20", "--json"); // the demo project's grid
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode j = r.json();
        // the demo grid is drawn around DeepSeek LLM's laws: B_opt ∝ C^0.3271,
        // η_opt ∝ C^−0.1250; the intervals hold them
        JsonNode b = j.get("batchSize").get("exponent");
        assertThat(0.3271).isBetween(b.get("low").asDouble(), b.get("high").asDouble());
        JsonNode lr = j.get("learningRate").get("exponent");
        assertThat(-0.125).isBetween(lr.get("low").asDouble(), lr.get("high").asDouble());
        JsonNode rec = j.get("recommendation");
        assertThat(0.2920 * Math.pow(1e20, 0.3271))
                .isBetween(
                        rec.get("batchSize").get("low").asDouble(),
                        rec.get("batchSize").get("high").asDouble());
        assertThat(rec.get("warning").asText()).contains("beyond what the grid supports");
        assertThat(j.get("notes").get(0).asText()).contains("left out, not a grid");
        // a table with no grid
        Path flat = Files.writeString(
                tmp.resolve("flat.csv"),
                "run,params,tokens,loss,batch_size,learning_rate\na,1e8,2e9,3.1,1e5,1e-3\n"
                        + "b,1e8,2e9,3.0,2e5,1e-3\nc,1e8,2e9,3.05,4e5,1e-3\n");
        CliRun sparse = run("ablate", "hyper", "--input", flat.toString());
        assertThat(sparse.code()).isEqualTo(2);
        assertThat(sparse.err()).contains("too sparse").contains("one learning rate tried");
        assertThat(run("ablate", "hyper", "--params", "7e9").err()).contains("--params and --tokens go together");
    }

    @Test
    void optimalInGpuHoursPlansEachSizeOnTheClusterAndKeepsTheOneOfLeastLoss() throws Exception {
        CliRun r = run(
                "ablate",
                "optimal",
                "--gpu-hours",
                "50000",
                "--gpu",
                "h100-sxm",
                "--gpus",
                "128",
                "--bootstrap",
                "20",
                "--json");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode h = r.json().get("hardware");
        // the tokens are what the planner's throughput buys in the hours: 50,000 GPU-hours on 128 GPUs is 390.6 hours
        assertThat(h.get("tokens").asDouble())
                .isCloseTo(
                        h.get("tokensPerSecond").asDouble() * 50_000 / 128 * 3600, Assertions.withinPercentage(1e-6));
        double best = h.get("loss").get("value").asDouble();
        for (JsonNode c : h.get("candidates")) {
            assertThat(c.get("loss").asDouble()).isGreaterThanOrEqualTo(best - 1e-9);
        }
        assertThat(h.get("mfu").asDouble()).isBetween(0.05, 1.0);
        assertThat(r.json().get("optimal").get("flops").asDouble())
                .isEqualTo(h.get("flops").asDouble(), Assertions.within(1.0));
        assertThat(run("ablate", "optimal", "--gpu-hours", "50000", "--gpu", "h100-sxm")
                        .err())
                .contains("--gpu-hours, --gpu and --gpus together");
        assertThat(run("ablate", "optimal").err()).contains("--flops C, or as --gpu-hours H");
    }

    @Test
    void schedulesAreComparedAtEqualShapesAndAWsdLogGivesOneRunACooldown() throws Exception {
        Path table = Files.writeString(
                tmp.resolve("schedules.csv"),
                "run,params,tokens,loss,schedule\na,1e8,2e9,3.00,cosine\nb,1e8,2e9,2.97,wsd\n"
                        + "c,4e8,8e9,2.50,cosine\nd,4e8,8e9,2.49,wsd\n");
        CliRun r = run("ablate", "schedules", "--input", table.toString(), "--json");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.json().get("reference").asText()).isEqualTo("cosine");
        assertThat(r.json().get("summary").get(0).get("mean").asDouble()).isEqualTo(-0.007, Assertions.within(1e-9));
        // a warmup-stable-decay log with two cool-downs: two runs, one run's budgets
        StringBuilder log = new StringBuilder();
        for (int s = 10; s <= 2000; s += 10) {
            double lr = s <= 800
                    ? 1e-3
                    : s <= 1000
                            ? 1e-3 * (1000 - s) / 200.0 + 1e-6
                            : s <= 1800 ? 1e-3 : 1e-3 * (2000 - s) / 200.0 + 1e-6;
            log.append(String.format(
                    Locale.ROOT, "{\"step\": %d, \"loss\": %.5f, \"lr\": %.8f}%n", s, 4 - 0.0005 * s, lr));
        }
        Path wsd = Files.writeString(tmp.resolve("wsd-run.jsonl"), log.toString());
        assertThat(run("project", "create", "Schedules").code()).isZero();
        CliRun imported = run(
                "ablate",
                "import",
                "--input",
                wsd.toString(),
                "--project",
                "Schedules",
                "--params",
                "1.2e8",
                "--tokens-per-step",
                "524288",
                "--cooldowns",
                "--json");
        assertThat(imported.code()).as(imported.err()).isZero();
        assertThat(imported.json().get("rows")).hasSize(2);
        assertThat(imported.json().get("rows").get(0).get("tokens").asDouble()).isEqualTo(1000 * 524288.0);
        assertThat(imported.json().get("rows").get(0).get("schedule").asText()).isEqualTo("wsd");
        assertThat(run("ablate", "schedules", "--project", "Schedules").err())
                .contains("no model size and token count was trained under");
    }

    @Test
    void aSavedFitAnswersPredictAndOptimalAsTheRunsDo() throws Exception {
        Path sweep = tmp.resolve("chinchilla-figure4.csv");
        try (var in = AblateCliTest.class.getResourceAsStream("/scaling/chinchilla-figure4.csv")) {
            Files.copy(in, sweep);
        }
        Path fit = tmp.resolve("law.json");
        CliRun saved = run(
                "ablate",
                "fit",
                "--input",
                sweep.toString(),
                "--exclude-highest",
                "5",
                "--bootstrap",
                "30",
                "--save-fit",
                fit.toString(),
                "--json");
        assertThat(saved.code()).as(saved.err()).isZero();
        assertThat(saved.json().get("grid").get("starts").asInt())
                .isEqualTo(saved.json().get("form").asText().equals("tied") ? 900 : 4500);
        // approach 1 on Figure 4's runs
        assertThat(saved.json().get("envelope").get("a").asDouble()).isBetween(0.3, 0.7);
        CliRun fromRuns = run(
                "ablate",
                "predict",
                "--input",
                sweep.toString(),
                "--exclude-highest",
                "5",
                "--bootstrap",
                "30",
                "--params",
                "70B",
                "--tokens",
                "1.4T",
                "--json");
        CliRun fromFit =
                run("ablate", "predict", "--fit", fit.toString(), "--params", "70B", "--tokens", "1.4T", "--json");
        assertThat(fromFit.code()).as(fromFit.err()).isZero();
        assertThat(fromFit.json().get("loss")).isEqualTo(fromRuns.json().get("loss"));
        assertThat(fromFit.json().get("notes").get(0).asText()).contains("the law saved in law.json");
        CliRun optimal = run("ablate", "optimal", "--fit", fit.toString(), "--flops", "1e23", "--json");
        assertThat(optimal.code()).as(optimal.err()).isZero();
        assertThat(run(
                                "ablate",
                                "predict",
                                "--fit",
                                fit.toString(),
                                "--input",
                                sweep.toString(),
                                "--params",
                                "7B",
                                "--tokens",
                                "1T")
                        .err())
                .contains("not both");
        Path notAFit = Files.writeString(tmp.resolve("other.json"), "{\"format\": \"x\"}");
        assertThat(run("ablate", "predict", "--fit", notAFit.toString(), "--params", "7B", "--tokens", "1T")
                        .err())
                .contains("other.json")
                .contains("not a scaling law saved by Sextant");
    }
}
