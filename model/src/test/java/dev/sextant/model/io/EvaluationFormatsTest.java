package dev.sextant.model.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.sextant.model.BadInputException;
import dev.sextant.model.evaluation.ArenaAnalysis;
import dev.sextant.model.evaluation.ArenaResult;
import dev.sextant.model.evaluation.Battle;
import dev.sextant.model.evaluation.EvidenceFile;
import dev.sextant.model.evaluation.EvidenceFile.Kind;
import dev.sextant.model.evaluation.ItemScore;
import dev.sextant.model.evaluation.ReportedResult;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import dev.sextant.model.statistics.BradleyTerry;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 14, parts 1 and 2: the files people already have open whatever they are called. Fixtures are written here in
 * each real format: lm-evaluation-harness 0.3 (one line, as its own test data, and pretty-printed), 0.4 results with
 * configs, higher_is_better, groups and n-samples, renamed samples files, and FastChat's clean_battle JSON array.
 */
class EvaluationFormatsTest {

    @TempDir
    Path tmp;

    private Path write(String name, String content) throws Exception {
        return TestFiles.write(tmp, name, content);
    }

    private static EvidenceFile one(Path f) {
        List<EvidenceFile> files = EvidenceFiles.read(List.of(f), null, null, null);
        assertThat(files).hasSize(1);
        return files.get(0);
    }

    private static String results(String model, String task) {
        return "{\"results\": {\"" + task + "\": {\"acc,none\": 0.5, \"acc_stderr,none\": 0.05}}, \"model_name\": \""
                + model + "\", \"n-samples\": {\"" + task + "\": {\"original\": 2, \"effective\": 2}}}";
    }

    private static final String SAMPLES =
            "{\"doc_id\": 0, \"doc\": {\"q\": \"a\"}, \"metrics\": [\"acc\"], \"acc\": 1.0}\n"
                    + "{\"doc_id\": 1, \"doc\": {\"q\": \"b\"}, \"metrics\": [\"acc\"], \"acc\": 0.0}\n";

    /** Issue 33, part 2: two runs of two models in one folder; a samples file is its own run's, never a neighbour's. */
    @Test
    void samplesBelongToTheResultsFileOfTheSameRunNotToASiblingOfAnotherRun() throws Exception {
        write("runs/results_2026-07-01T10-00-00.000001.json", results("org/model-a", "arc_easy"));
        write("runs/results_2026-07-02T11-00-00.000002.json", results("org/model-b", "arc_easy"));
        Path b = write("runs/samples_arc_easy_2026-07-02T11-00-00.000002.jsonl", SAMPLES);
        assertThat(one(b).items()).extracting(ItemScore::model).containsOnly("org/model-b");
        Path a = write("runs/samples_arc_easy_2026-07-01T10-00-00.000001.jsonl", SAMPLES);
        assertThat(one(a).items()).extracting(ItemScore::model).containsOnly("org/model-a");
        // a third run whose results file is missing: two models beside it, none of its run: asked, not guessed
        Path orphan = write("runs/samples_arc_easy_2026-07-03T09-00-00.000003.jsonl", SAMPLES);
        assertThatThrownBy(() -> one(orphan))
                .isInstanceOf(BadInputException.class)
                .satisfies(e -> assertThat(((BadInputException) e).field()).contains("model"))
                .hasMessageContaining("no results file of the same run (results_2026-07-03T09-00-00.000003.json)")
                .hasMessageContaining("org/model-a (results_2026-07-01T10-00-00.000001.json) and org/model-b");
        assertThat(EvidenceFiles.read(List.of(orphan), null, null, "org/model-c")
                        .get(0)
                        .items())
                .extracting(ItemScore::model)
                .containsOnly("org/model-c");
        // one model beside it, of another run: taken, and the note says how
        write("solo/results_2026-07-01T10-00-00.000001.json", results("org/model-a", "arc_easy"));
        EvidenceFile solo = one(write("solo/samples_arc_easy_2026-07-05T00-00-00.000005.jsonl", SAMPLES));
        assertThat(solo.items()).extracting(ItemScore::model).containsOnly("org/model-a");
        assertThat(solo.notes()).anySatisfy(n -> assertThat(n)
                .contains("taken from results_2026-07-01T10-00-00.000001.json, the only model "
                        + "beside it with results for 'arc_easy' (no results file of the same run)"));
    }

    @Test
    void lmEval03OneLineIsResultsNotBattles() throws Exception {
        Path f = write(
                "fixtures/hellaswag-v0-res.json",
                "{\"results\": {\"hellaswag\": {\"acc\": 0.25, \"acc_stderr\": 0.0125, \"acc_norm\": 0.3, \"acc_norm_stderr\": 0.013}},"
                        + " \"versions\": {\"hellaswag\": 0}}");
        assertThat(EvidenceFiles.recognise(f)).isEqualTo(Kind.REPORTED);
        EvidenceFile e = one(f);
        ReportedResult r = e.reported().get(0);
        assertThat(r.model()).as("the file names no model: its folder").isEqualTo("fixtures");
        assertThat(r.benchmark()).isEqualTo("hellaswag");
        assertThat(r.metric()).isEqualTo("acc");
        assertThat(r.value()).isEqualTo(0.25);
        assertThat(r.se()).isEqualTo(0.0125);
        assertThat(r.n()).as("0.3 reports no n: unknown, not 0").isNull();
        assertThat(e.notes()).anySatisfy(n -> assertThat(n).contains("named 'fixtures' after its folder"));
        assertThat(e.notes()).anySatisfy(n -> assertThat(n)
                .contains("hellaswag")
                .contains("scored by accuracy (acc)")
                .contains("also reports length-normalised accuracy (acc_norm)"));
        assertThat(e.notes())
                .anySatisfy(n ->
                        assertThat(n).contains("does not say how many items").contains("n is shown as unknown"));
    }

    @Test
    void lmEval03PrettyPrintedNamesTheModelWithoutItsLocalPath() throws Exception {
        Path f = write(
                "run/eval.json",
                """
                {
                  "results": {
                    "lambada_openai": {"ppl": 3.5, "ppl_stderr": 0.07, "acc": 0.7, "acc_stderr": 0.006},
                    "piqa": {"acc": 0.76, "acc_stderr": 0.01, "acc_norm": 0.77, "acc_norm_stderr": 0.0098}
                  },
                  "versions": {"lambada_openai": 0, "piqa": 0},
                  "config": {"model": "hf-causal", "model_args": "pretrained=/home/me/ckpts/pythia-160m/,revision=step143000",
                             "num_fewshot": 0, "batch_size": null, "device": "cuda:0", "no_cache": false, "limit": null,
                             "bootstrap_iters": 100000, "description_dict": {}}
                }
                """);
        assertThat(EvidenceFiles.recognise(f)).isEqualTo(Kind.REPORTED);
        EvidenceFile e = one(f);
        assertThat(e.reported()).extracting(ReportedResult::model).containsOnly("pythia-160m");
        assertThat(e.reported()).extracting(ReportedResult::metric).containsExactly("acc", "acc");
        assertThat(e.notes()).noneMatch(n -> n.contains("folder"));
        assertThat(LmEvalResults.withoutLocalPath("meta-llama/Llama-3-8B")).isEqualTo("meta-llama/Llama-3-8B");
        assertThat(LmEvalResults.withoutLocalPath("C:\\models\\mistral-7b")).isEqualTo("mistral-7b");
        assertThat(LmEvalResults.withoutLocalPath("./out/phi-2")).isEqualTo("phi-2");
        assertThat(LmEvalResults.withoutLocalPath("runs/exp1/checkpoint-500"))
                .as("relative, more than org/name")
                .isEqualTo("checkpoint-500");
        assertThat(LmEvalResults.withoutLocalPath("gpt2/")).isEqualTo("gpt2");
        var adapter = Json.readLine(
                "{\"results\": {}, \"config\": {\"model_args\": \"pretrained=meta-llama/Llama-2-7b-hf,peft=/work/lora/my-adapter\"}}",
                "x",
                1);
        assertThat(LmEvalResults.modelName(adapter))
                .as("as the harness names it: the adapter, not its base")
                .isEqualTo("my-adapter");
        var dict = Json.readLine(
                "{\"results\": {}, \"config\": {\"model_args\": {\"pretrained\": \"EleutherAI/gpt-j-6b\", \"dtype\": \"float16\"}}}",
                "x",
                1);
        assertThat(LmEvalResults.modelName(dict)).isEqualTo("EleutherAI/gpt-j-6b");
    }

    static final String V04 =
            """
            {
              "results": {
                "mmlu": {"acc,none": 0.6, "acc_stderr,none": 0.004, "alias": "mmlu"},
                "leaderboard": {" ": " ", "alias": "leaderboard"},
                "hellaswag": {"alias": "hellaswag", "acc,none": 0.5, "acc_stderr,none": 0.005, "acc_norm,none": 0.66, "acc_norm_stderr,none": 0.0047},
                "lambada_openai": {"alias": "lambada_openai", "perplexity,none": 3.1, "perplexity_stderr,none": 0.06, "acc,none": 0.72, "acc_stderr,none": "N/A"}
              },
              "groups": {"mmlu": {"acc,none": 0.6, "acc_stderr,none": 0.004, "alias": "mmlu"}},
              "group_subtasks": {"mmlu": [], "hellaswag": [], "lambada_openai": [], "leaderboard": []},
              "configs": {
                "hellaswag": {"task": "hellaswag", "metric_list": [{"metric": "acc_norm", "aggregation": "mean", "higher_is_better": true},
                                                                 {"metric": "acc", "aggregation": "mean", "higher_is_better": true}]}
              },
              "versions": {"hellaswag": 1.0, "lambada_openai": 1.0, "mmlu": 2},
              "n-shot": {"hellaswag": 0, "lambada_openai": 0},
              "higher_is_better": {"hellaswag": {"acc": true, "acc_norm": true},
                                   "lambada_openai": {"perplexity": false, "acc": true}},
              "n-samples": {"hellaswag": {"original": 10042, "effective": 10042}, "lambada_openai": {"original": 5153, "effective": 100}},
              "config": {"model": "hf", "model_args": "pretrained=EleutherAI/pythia-70m,dtype=float16", "batch_size": "auto",
                         "random_seed": 0, "numpy_seed": 1234, "torch_seed": 1234, "fewshot_seed": 1234},
              "git_hash": "abc1234",
              "date": 1717000000.0,
              "lm_eval_version": "0.4.3"
            }
            """;

    @Test
    void lmEval04ChoosesTheHarnessMetricAndSaysSo() throws Exception {
        Path f = write("results/my-run.json", V04);
        assertThat(EvidenceFiles.recognise(f)).isEqualTo(Kind.REPORTED);
        EvidenceFile e = one(f);
        assertThat(e.reported())
                .extracting(ReportedResult::benchmark)
                .containsExactly("mmlu", "hellaswag", "lambada_openai");
        ReportedResult hs = e.reported().get(1);
        assertThat(hs.model()).isEqualTo("EleutherAI/pythia-70m");
        assertThat(hs.metric()).as("first of the task's metric_list").isEqualTo("acc_norm,none");
        assertThat(hs.value()).isEqualTo(0.66);
        assertThat(hs.n()).isEqualTo(10042);
        ReportedResult lambada = e.reported().get(2);
        assertThat(lambada.metric()).as("first in higher_is_better order").isEqualTo("perplexity,none");
        assertThat(lambada.n()).as("effective, not original").isEqualTo(100);
        assertThat(e.reported().get(0).n()).as("a group without n-samples").isNull();
        assertThat(e.notes())
                .anySatisfy(
                        n -> assertThat(n)
                                .isEqualTo(
                                        "hellaswag: scored by length-normalised accuracy (acc_norm), the task's main metric; the file also reports accuracy (acc)"));
        assertThat(e.notes())
                .anySatisfy(
                        n -> assertThat(n)
                                .isEqualTo(
                                        "lambada_openai: scored by perplexity, the first metric the file lists for it; the file also reports accuracy (acc)"));
        assertThat(e.notes()).anySatisfy(n -> assertThat(n).contains("not imported (their subtasks are): leaderboard"));

        List<ReportedResult> asked = LmEvalResults.read(f, "acc");
        assertThat(asked).extracting(ReportedResult::metric).containsExactly("acc,none", "acc,none", "acc,none");
        assertThat(e.runDate())
                .as("the harness's date, 1717000000 s = 2024-05-29T16:26:40Z")
                .isEqualTo(LocalDate.of(2024, 5, 29));
    }

    @Test
    void runDatesComeFromTheHarnessFileNameWhenTheFileHasNoDate() throws Exception {
        Path f = write("out/results_2024-03-07T09-15-02.123456.json", V04.replace("\"date\": 1717000000.0,", ""));
        assertThat(one(f).runDate()).isEqualTo(LocalDate.of(2024, 3, 7));
        Path plain = write("out2/my-run.json", V04.replace("\"date\": 1717000000.0,", ""));
        assertThat(one(plain).runDate()).isNull();
    }

    @Test
    void itemDatesAndCutoffsAreRecognisedByTheirHeaders() throws Exception {
        Path dates = write(
                "dates.csv",
                "benchmark,item_id,date\nlcb,p1,2024-01-05\nlcb,p2,2024-08-01T10:00:00Z\nmbpp,p1,2023-02-01\n");
        Path cutoffs = write("cutoffs.csv", "model,cutoff\nA,2024-04\nB,2023-12-31\n");
        assertThat(EvidenceFiles.recognise(dates)).isEqualTo(Kind.ITEM_DATES);
        assertThat(EvidenceFiles.recognise(cutoffs)).isEqualTo(Kind.CUTOFFS);
        EvidenceFile d = one(dates);
        assertThat(d.dates())
                .extracting(x -> x.benchmark() + "/" + x.itemId() + "@" + x.date())
                .containsExactly("lcb/p1@2024-01-05", "lcb/p2@2024-08-01", "mbpp/p1@2023-02-01");
        assertThat(one(cutoffs).cutoffs())
                .extracting(x -> x.model() + "@" + x.cutoff())
                .as("a month is its last day")
                .containsExactly("A@2024-04-30", "B@2023-12-31");
        Path twice = write("twice.csv", "model,cutoff\nA,2024-04\nA,2024-05\n");
        assertThatThrownBy(() -> one(twice))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("twice.csv")
                .hasMessageContaining("twice.csv:3: model:")
                .hasMessageContaining("second cut-off");
        Path bad = write("bad.csv", "item_id,date\np1,last tuesday\n");
        assertThatThrownBy(() -> one(bad))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("bad.csv:2: date:")
                .hasMessageContaining("'last tuesday' is not a date");
    }

    @Test
    void lmEval04GroupsWithSampleCountsAndNamesAreNotMetrics() throws Exception {
        Path f = write(
                "regression/out.json",
                """
                {
                  "group_subtasks": {"my_group": ["task_b", "task_a"]},
                  "groups": {"my_group": {"acc,none": 0.2, "acc_norm,none": 0.1, "acc_stderr,none": "N/A", "alias": "my_group",
                                          "name": "my_group", "sample_count": {"acc,none": 40}, "sample_len": 40}},
                  "higher_is_better": {"task_a": {"acc": true, "acc_norm": true}, "task_b": {"acc": true, "acc_norm": true},
                                       "my_group": {"acc": true, "acc_norm": true}},
                  "n-samples": {"task_a": {"effective": 20, "original": 500}, "task_b": {"effective": 20, "original": 900}},
                  "results": {
                    "task_a": {"acc,none": 0.25, "acc_norm,none": 0.15, "acc_stderr,none": "N/A", "acc_norm_stderr,none": "N/A",
                               "alias": "task_a", "name": "task_a", "sample_len": 20},
                    "task_b": {"acc,none": 0.15, "acc_norm,none": 0.05, "acc_stderr,none": 0.08, "acc_norm_stderr,none": 0.05,
                               "alias": "task_b", "name": "task_b", "sample_len": 20},
                    "my_group": {"acc,none": 0.2, "acc_norm,none": 0.1, "acc_stderr,none": "N/A", "acc_norm_stderr,none": "N/A",
                                 "alias": "my_group", "name": "my_group", "sample_count": {"acc,none": 40, "acc_norm,none": 40}, "sample_len": 40}
                  },
                  "versions": {"task_a": 1.0, "task_b": 1.0, "my_group": "1.0"}
                }
                """);
        EvidenceFile e = one(f);
        assertThat(e.reported()).extracting(ReportedResult::metric).containsOnly("acc,none");
        assertThat(e.reported()).extracting(ReportedResult::n).containsExactly(20, 20, 40);
        assertThat(e.reported().get(1).se()).isEqualTo(0.08);
        assertThat(e.notes())
                .anySatisfy(
                        n -> assertThat(n)
                                .isEqualTo(
                                        "task_a, task_b: scored by accuracy (acc), the first metric the file lists for it; the file also reports length-normalised accuracy (acc_norm)"));
        assertThat(e.notes())
                .anySatisfy(
                        n -> assertThat(n)
                                .isEqualTo(
                                        "my_group: scored by accuracy (acc), the metric its subtasks share; the file also reports length-normalised accuracy (acc_norm)"));
        assertThat(e.notes()).noneMatch(n -> n.contains("sample_len") || n.contains("n not reported"));
    }

    /**
     * Issue 33, part 3: the Open LLM Leaderboard v2 group (lm-evaluation-harness 0.4 {@code leaderboard} task) averages
     * acc_norm over BBH, exact_match over MATH, acc over MMLU-Pro and IFEval's prompt-level accuracy: no one number.
     */
    @Test
    void aLeaderboardGroupMixingMetricsIsMixedNotANumberAndAUniformGroupKeepsItsMetricAndN() throws Exception {
        Path f = write(
                "lb/results_2026-07-15T06-03-51.272611.json",
                """
                {
                  "results": {
                    "leaderboard": {"acc_norm,none": 0.48, "acc_norm_stderr,none": 0.005, "prompt_level_strict_acc,none": 1.0,
                                    "prompt_level_strict_acc_stderr,none": 0.0, "acc,none": 0.34, "acc_stderr,none": 0.004,
                                    "exact_match,none": 0.12, "exact_match_stderr,none": 0.008, "alias": "leaderboard"},
                    "leaderboard_bbh": {"acc_norm,none": 0.55, "acc_norm_stderr,none": 0.006, "alias": " - leaderboard_bbh"},
                    "leaderboard_bbh_boolean_expressions": {"acc_norm,none": 0.8, "acc_norm_stderr,none": 0.025, "alias": "  - boolean_expressions"},
                    "leaderboard_bbh_navigate": {"acc_norm,none": 0.3, "acc_norm_stderr,none": 0.029, "alias": "  - navigate"},
                    "leaderboard_ifeval": {"prompt_level_strict_acc,none": 1.0, "prompt_level_strict_acc_stderr,none": 0.0,
                                           "inst_level_strict_acc,none": 1.0, "alias": " - leaderboard_ifeval"},
                    "leaderboard_math_hard": {"exact_match,none": 0.12, "exact_match_stderr,none": 0.008, "alias": " - leaderboard_math_hard"},
                    "leaderboard_mmlu_pro": {"acc,none": 0.34, "acc_stderr,none": 0.004, "alias": " - leaderboard_mmlu_pro"}
                  },
                  "group_subtasks": {"leaderboard_bbh": ["leaderboard_bbh_boolean_expressions", "leaderboard_bbh_navigate"],
                                     "leaderboard": ["leaderboard_mmlu_pro", "leaderboard_math_hard", "leaderboard_ifeval", "leaderboard_bbh"]},
                  "configs": {
                    "leaderboard_bbh_boolean_expressions": {"metric_list": [{"metric": "acc_norm"}]},
                    "leaderboard_bbh_navigate": {"metric_list": [{"metric": "acc_norm"}]},
                    "leaderboard_ifeval": {"metric_list": [{"metric": "prompt_level_strict_acc"}, {"metric": "inst_level_strict_acc"}]},
                    "leaderboard_math_hard": {"metric_list": [{"metric": "exact_match"}]},
                    "leaderboard_mmlu_pro": {"metric_list": [{"metric": "acc"}]}
                  },
                  "n-samples": {"leaderboard_bbh_boolean_expressions": {"original": 250, "effective": 250},
                                "leaderboard_bbh_navigate": {"original": 250, "effective": 250},
                                "leaderboard_ifeval": {"original": 541, "effective": 541},
                                "leaderboard_math_hard": {"original": 1324, "effective": 1324},
                                "leaderboard_mmlu_pro": {"original": 12032, "effective": 12032}},
                  "model_name": "org/new-model"
                }
                """);
        EvidenceFile e = one(f);
        assertThat(e.reported())
                .extracting(ReportedResult::benchmark)
                .doesNotContain("leaderboard")
                .contains("leaderboard_bbh", "leaderboard_ifeval", "leaderboard_math_hard", "leaderboard_mmlu_pro");
        ReportedResult bbh = e.reported().stream()
                .filter(r -> r.benchmark().equals("leaderboard_bbh"))
                .findFirst()
                .orElseThrow();
        assertThat(bbh.metric()).isEqualTo("acc_norm,none");
        assertThat(bbh.n()).as("its subtasks' items").isEqualTo(500);
        assertThat(e.notes()).anySatisfy(n -> assertThat(n)
                .contains("subtasks use different metrics")
                .contains("leaderboard (accuracy (acc) on 1 subtask, "
                        + "length-normalised accuracy (acc_norm) on 2 subtasks, exact match (exact_match) on 1 subtask, "
                        + "prompt-level strict accuracy (prompt_level_strict_acc) on 1 subtask)"));
        // asked for one metric: the group is scored over the subtasks that report it, and says so
        List<ReportedResult> acc = LmEvalResults.read(f, "acc_norm");
        ReportedResult group = acc.stream()
                .filter(r -> r.benchmark().equals("leaderboard"))
                .findFirst()
                .orElseThrow();
        assertThat(group.n()).isEqualTo(500);
    }

    @Test
    void pythonsNaNInAResultsFileIsNoScoreAndNoStderr() throws Exception {
        Path f = write(
                "nan/results_2024-05-01T00-00-00.json",
                """
                {"results": {"boolq": {"alias": "boolq", "acc,none": 0.5, "acc_stderr,none": NaN},
                             "wikitext": {"alias": "wikitext", "word_perplexity,none": Infinity, "bits_per_byte,none": 0.9}},
                 "n-samples": {"boolq": {"original": 3270, "effective": 1}},
                 "config": {"model": "hf", "model_args": "pretrained=gpt2"}}
                """);
        EvidenceFile e = one(f);
        assertThat(e.reported()).extracting(ReportedResult::metric).containsExactly("acc,none", "bits_per_byte,none");
        assertThat(e.reported().get(0).se()).isNull();
        assertThat(e.reported().get(0).model()).isEqualTo("gpt2");
        assertThat(e.notes())
                .anySatisfy(n -> assertThat(n).contains("NaN or infinite").contains("wikitext.word_perplexity,none"));
        // elsewhere NaN stays refused
        Path battles =
                write("nan.jsonl", "{\"model_a\": \"a\", \"model_b\": \"b\", \"winner\": \"tie\", \"tstamp\": NaN}\n");
        assertThatThrownBy(() -> ArenaBattles.read(battles)).hasMessageContaining("nan.jsonl:1: invalid JSON");
    }

    @Test
    void samplesSkipPerItemValuesOfCorpusMetrics() throws Exception {
        Path f = write(
                "m/samples_boolq_2024-05-01T00-00-00.123.jsonl",
                """
                {"doc_id": 0, "doc": {}, "target": 1, "resps": [], "filtered_resps": [], "metrics": ["f1", "mcc", "acc"], "f1": [1, 1], "mcc": [1, 1], "acc": 1.0}
                {"doc_id": 1, "doc": {}, "target": 0, "resps": [], "filtered_resps": [], "metrics": ["f1", "mcc", "acc"], "f1": [0, 1], "mcc": [0, 1], "acc": 0.0}
                """);
        assertThat(LmEvalSamples.read(f, "m", null))
                .extracting(ItemScore::score)
                .containsExactly(1.0, 0.0);
    }

    @Test
    void renamedSamplesAndBattlesAreRecognisedByTheirFields() throws Exception {
        Path samples = write(
                "llama/gsm8k.jsonl",
                """
                {"doc_id": 0, "doc": {"question": "1+1?"}, "target": "2", "arguments": [], "resps": [["2"]], "filtered_resps": ["2"], "filter": "strict-match", "metrics": ["exact_match"], "exact_match": 1.0}
                {"doc_id": 1, "doc": {"question": "2+2?"}, "target": "4", "arguments": [], "resps": [["5"]], "filtered_resps": ["5"], "filter": "strict-match", "metrics": ["exact_match"], "exact_match": 0.0}
                """);
        assertThat(EvidenceFiles.recognise(samples)).isEqualTo(Kind.ITEM_SCORES);
        EvidenceFile e = one(samples);
        assertThat(e.items()).extracting(ItemScore::benchmark).containsOnly("gsm8k");
        assertThat(e.items()).extracting(ItemScore::model).containsOnly("llama");
        assertThat(e.notes()).anySatisfy(n -> assertThat(n).contains("after its folder"));

        Path oneBattle = write("votes.json", "{\"model_a\": \"a\", \"model_b\": \"b\", \"winner\": \"model_a\"}\n");
        assertThat(EvidenceFiles.recognise(oneBattle)).isEqualTo(Kind.BATTLES);
        Path odd = write("odd.json", "{\"name\": \"x\", \"value\": 1}");
        assertThatThrownBy(() -> EvidenceFiles.recognise(odd))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("odd.json:1: cannot tell what this JSON holds from its fields (name, value)")
                .hasMessageContaining("say which kind they are");
        // --kind forces a kind on a file that names nothing
        Path txt = write("votes.txt", "{\"model_a\": \"a\", \"model_b\": \"b\", \"winner\": \"tie\"}\n");
        assertThat(EvidenceFiles.read(List.of(txt), Kind.BATTLES, null, null)
                        .get(0)
                        .battles())
                .hasSize(1);
    }

    @Test
    void aFolderOfRenamedHarnessFilesIsRead() throws Exception {
        write("out/m/run1.json", V04);
        write("out/m/notes.json", "{\"model_a\": \"a\", \"model_b\": \"b\", \"winner\": \"model_a\"}");
        List<EvidenceFile> files = EvidenceFiles.read(List.of(tmp.resolve("out")), null, null, null);
        assertThat(files).singleElement().extracting(EvidenceFile::kind).isEqualTo(Kind.REPORTED);
    }

    static final String CLEAN_BATTLE =
            """
            [
              {
                "question_id": "8c1f2a",
                "model_a": "vicuna-13b",
                "model_b": "alpaca-13b",
                "winner": "model_a",
                "judge": "arena_user_1",
                "conversation_a": [{"role": "user", "content": "hi"}, {"role": "assistant", "content": "hello"}],
                "conversation_b": [{"role": "user", "content": "hi"}, {"role": "assistant", "content": "hey"}],
                "turn": 1,
                "anony": true,
                "language": "English",
                "tstamp": 1682351591.1322,
                "conv_metadata": {"sum_user_tokens": 1, "sum_assistant_a_tokens": 1},
                "category_tag": {"criteria_v0.1": {"specificity": false}, "math_v0.1": {"math": false}}
              },
              {
                "question_id": "9d2e3b",
                "model_a": "alpaca-13b",
                "model_b": "vicuna-13b",
                "winner": "tie (bothbad)",
                "judge": "arena_user_2",
                "turn": 1,
                "anony": true,
                "language": "German",
                "tstamp": 1682351600.5
              },
              {
                "question_id": "0a1b2c",
                "model_a": "koala-13b",
                "model_b": "vicuna-13b",
                "winner": "model_b",
                "judge": "arena_user_3",
                "turn": 1,
                "anony": false,
                "language": "English",
                "tstamp": 1682351700.0
              },
              {
                "question_id": "1b2c3d",
                "model_a": "gpt-4",
                "model_b": "claude-v1",
                "winner": "tie",
                "judge": "arena_user_4",
                "turn": 2,
                "anony": true,
                "language": "English",
                "tstamp": 1682351800.0,
                "category": "coding"
              }
            ]
            """;

    @Test
    void fastChatCleanBattleArray() throws Exception {
        Path f = write("clean_battle_20230425.json", CLEAN_BATTLE);
        assertThat(EvidenceFiles.recognise(f)).isEqualTo(Kind.BATTLES);
        List<Battle> b = one(f).battles();
        assertThat(b).as("the non-anonymous battle is left out").hasSize(3);
        assertThat(b)
                .extracting(Battle::winner)
                .containsExactly(Battle.Winner.MODEL_A, Battle.Winner.TIE_BOTHBAD, Battle.Winner.TIE);
        assertThat(b.get(0).category())
                .as("category_tag is an object of tags, not a category")
                .isNull();
        assertThat(b.get(2).category()).isEqualTo("coding");
        assertThat(b.get(0).questionId()).isEqualTo("8c1f2a");
        // one line, no whitespace at all
        Path compact = write("compact.json", Json.write(Json.readFile(f)));
        assertThat(ArenaBattles.read(compact)).hasSize(3);
    }

    @Test
    void cleanBattleBadInputNamesLineAndIndex() throws Exception {
        String good =
                "{\"question_id\": \"q%d\", \"model_a\": \"a\", \"model_b\": \"b\", \"winner\": \"model_a\", \"anony\": true}";
        expect(
                "bad-winner.json",
                "[\n" + String.format(good, 0) + ",\n"
                        + String.format(good, 1).replace("\"model_a\", \"anony\"", "\"nobody\", \"anony\"") + "\n]",
                "bad-winner.json:3: [1].winner: unknown value 'nobody'");
        expect(
                "dup.json",
                "[\n" + String.format(good, 0) + ",\n" + String.format(good, 0) + "\n]",
                "dup.json:3: question_id, model_a, model_b: duplicate of line 2 ('q0', 'a', 'b')");
        expect("cut.json", "[\n" + String.format(good, 0) + ",\n{\"model_a\": ", "cut.json:3: invalid JSON");
        expect(
                "unclosed.json",
                "[\n" + String.format(good, 0) + ",\n",
                "unclosed.json:3: invalid JSON at column 1: the text ends before the JSON does");
        expect(
                "twice.json",
                "[{\"model_a\": \"a\", \"model_a\": \"c\", \"model_b\": \"b\", \"winner\": \"tie\"}]",
                "twice.json:1: invalid JSON at column");
        expect("after.json", "[" + String.format(good, 0) + "] x", "after.json:1: invalid JSON");
        expect(
                "anony.json",
                "[" + String.format(good, 0).replace("true", "\"yes\"") + "]",
                "anony.json:1: [0].anony: expected true or false");
        expect(
                "turn.json",
                "[{\"model_a\": \"a\", \"model_b\": \"b\", \"winner\": \"tie\", \"turn\": \"one\"}]",
                "turn.json:1: [0].turn: expected a whole number of turns");
        expect(
                "half-turn.json",
                "[{\"model_a\": \"a\", \"model_b\": \"b\", \"winner\": \"tie\", \"turn\": 1.5}]",
                "half-turn.json:1: [0].turn: expected a whole number of turns, got 1.5");
        Path pandas = write(
                "pandas.json",
                "[{\"question_id\": \"q\", \"model_a\": \"a\", \"model_b\": \"b\", \"winner\": \"tie\", \"turn\": 1.0},"
                        + " {\"question_id\": \"q\", \"model_a\": \"a\", \"model_b\": \"b\", \"winner\": \"tie\", \"turn\": 1}]");
        assertThatThrownBy(() -> ArenaBattles.read(pandas))
                .as("1.0 is turn 1")
                .hasMessageContaining("pandas.json:1: question_id, model_a, model_b, turn: duplicate");
        expect("missing.json", "[{\"model_a\": \"a\", \"winner\": \"tie\"}]", "missing.json:1: [0].model_b: missing");
        expect("empty-array.json", "[]", "empty-array.json: no anonymous battles in the file");
    }

    private void expect(String name, String content, String message) throws Exception {
        Path f = write(name, content);
        assertThatThrownBy(() -> EvidenceFiles.read(List.of(f), null, null, null))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining(message)
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }

    @Test
    void modelsThatNeverMetAreRatedPerComponent() {
        List<Battle> battles = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            battles.add(new Battle("A", "B", Battle.Winner.MODEL_A, null, null));
            battles.add(new Battle("C", "D", Battle.Winner.MODEL_B, null, null));
        }
        battles.add(new Battle("A", "B", Battle.Winner.MODEL_B, null, null));
        battles.add(new Battle("D", "C", Battle.Winner.MODEL_B, null, null));
        battles.add(new Battle("E", "F", Battle.Winner.TIE, null, null));
        ArenaResult r =
                ArenaAnalysis.analyse(battles, 0, 1, null, 1000, ProgressListener.NONE, CancellationToken.none());
        assertThat(r.components()).hasSize(3);
        assertThat(r.disconnected()).isTrue();
        assertThat(r.components().get(0).models()).containsExactly("A", "B");
        assertThat(r.components().get(0).battles()).isEqualTo(4);
        assertThat(r.components().get(1).models()).containsExactly("C", "D");
        assertThat(r.components().get(2).battles()).isEqualTo(1);
        // two models, 3 wins to 1: a difference of 400·log10(3) on each component's own scale, centred at 1000
        double d = 400 * Math.log10(3);
        BradleyTerry.Rating a = rating(r, "A");
        BradleyTerry.Rating dd = rating(r, "D");
        assertThat(a.rating()).isCloseTo(1000 + d / 2, within(0.1));
        assertThat(dd.rating()).isCloseTo(1000 + d / 2, within(0.1));
        assertThat(a.component()).isZero();
        assertThat(dd.component()).isEqualTo(1);
        assertThat(a.rankLow()).isEqualTo(1);
        assertThat(dd.rankLow())
                .as("ranked within its own component, never across")
                .isEqualTo(1);
        assertThat(rating(r, "E").rating()).isCloseTo(1000, within(1e-6));
        assertThat(r.models()).extracting(BradleyTerry.Rating::component).isSorted();
        assertThat(r.componentsWarning())
                .contains("3 groups of models never met")
                .contains("not comparable");

        ArenaResult anchored =
                ArenaAnalysis.analyse(battles, 0, 1, "C", 800, ProgressListener.NONE, CancellationToken.none());
        assertThat(rating(anchored, "C").rating()).isCloseTo(800, within(1e-9));
        assertThat(rating(anchored, "A").rating())
                .as("other components keep their own centre")
                .isCloseTo(1000 + d / 2, within(0.1));

        List<Battle> connected = List.of(
                new Battle("A", "B", Battle.Winner.MODEL_A, null, null),
                new Battle("B", "C", Battle.Winner.MODEL_A, null, null),
                new Battle("C", "A", Battle.Winner.MODEL_A, null, null));
        ArenaResult one =
                ArenaAnalysis.analyse(connected, 0, 1, null, 1000, ProgressListener.NONE, CancellationToken.none());
        assertThat(one.components()).singleElement().satisfies(c -> assertThat(c.models())
                .containsExactly("A", "B", "C"));
        assertThat(one.componentsWarning()).isNull();
    }

    private static BradleyTerry.Rating rating(ArenaResult r, String model) {
        return r.models().stream()
                .filter(m -> m.model().equals(model))
                .findFirst()
                .orElseThrow();
    }
}
