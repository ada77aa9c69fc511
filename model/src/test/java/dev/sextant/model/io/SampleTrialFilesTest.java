package dev.sextant.model.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sextant.model.evaluation.RepeatedSamples;
import dev.sextant.model.job.CancellationToken;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SampleTrialFilesTest {

    @TempDir
    Path tmp;

    HfTokenizerFile tiny() throws Exception {
        Path p = tmp.resolve("tokenizer.json");
        try (var in = getClass().getResourceAsStream("/tokenizers/tiny-bpe.json")) {
            Files.copy(in, p);
        }
        return HfTokenizerFile.open(p);
    }

    /**
     * Two runs of the harness (one file each) are two trials; the answers' tokens are counted by the model's tokenizer
     * (the tiny BPE of HfTokenizerFileTest, by hand: "abc cd" is abc + cd, 2 tokens; "ab d" 2; "x" an unknown, 1);
     * thinking up to {@code </think>} is counted apart: "<think>ab</think> cd" → reasoning "<think>ab</think>", output
     * "cd" (1 token).
     */
    @Test
    void harnessRunsAreTrialsAndTheirAnswersAreCountedByTheModelsTokenizer() throws Exception {
        Path run1 = tmp.resolve("run1");
        Path run2 = tmp.resolve("run2");
        Files.createDirectories(run1);
        Files.createDirectories(run2);
        Path a = Files.writeString(
                run1.resolve("samples_gsm8k_2026-01-01T00-00-00.000000.jsonl"),
                """
                {"doc_id": 0, "resps": [["abc cd"]], "filtered_resps": ["6"], "filter": "strict-match", "metrics": ["exact_match"], "exact_match": 1.0}
                {"doc_id": 1, "resps": [["<think>ab</think> cd"]], "filtered_resps": ["4"], "filter": "strict-match", "metrics": ["exact_match"], "exact_match": 0.0}
                """);
        Files.writeString(
                run1.resolve("results_2026-01-01T00-00-00.000000.json"),
                """
                {"results": {"gsm8k": {"exact_match,strict-match": 0.5}}, "config": {"model": "hf", "model_args": "pretrained=org/m7", "random_seed": 0,
                 "gen_kwargs": "temperature=0.6,top_p=0.95"}, "configs": {"gsm8k": {"generation_kwargs": {"until": ["Q:"], "do_sample": true,
                 "temperature": 0.2, "max_gen_toks": 512}}}, "model_name": "org/m7"}
                """);
        Path b = Files.writeString(
                run2.resolve("samples_gsm8k_2026-01-02T00-00-00.000000.jsonl"),
                """
                {"doc_id": 0, "resps": [["ab d"]], "filtered_resps": ["6"], "filter": "strict-match", "metrics": ["exact_match"], "exact_match": 1.0}
                {"doc_id": 1, "resps": [["x"]], "filtered_resps": ["5"], "filter": "strict-match", "metrics": ["exact_match"], "exact_match": 1.0}
                """);
        Files.writeString(
                run2.resolve("results_2026-01-02T00-00-00.000000.json"),
                """
                {"results": {"gsm8k": {"exact_match,strict-match": 1.0}}, "config": {"model": "hf", "model_args": "pretrained=org/m7", "random_seed": 1,
                 "gen_kwargs": "temperature=0.6,top_p=0.95"}, "configs": {"gsm8k": {"generation_kwargs": {"until": ["Q:"], "do_sample": true,
                 "temperature": 0.2, "max_gen_toks": 512}}}, "model_name": "org/m7"}
                """);
        HfTokenizerFile t = tiny();
        SampleTrialFiles.Read read = SampleTrialFiles.read(List.of(a, b), null, null, t);
        assertThat(read.trials())
                .hasSize(4)
                .allMatch(x -> x.model().equals("org/m7") && x.benchmark().equals("gsm8k"));
        // the command line's gen_kwargs override the task's: temperature 0.6, top_p 0.95; max tokens from the task
        assertThat(read.trials().get(0).sampling().describe()).isEqualTo("temperature=0.6, top_p=0.95, max_tokens=512");
        assertThat(read.trials()).extracting(RepeatedSamples.Trial::seed).containsExactly(0L, 0L, 1L, 1L);
        assertThat(read.trials().get(0).outputTokens()).isEqualTo(2);
        assertThat(read.trials().get(1).outputTokens()).isEqualTo(1);
        assertThat(read.trials().get(1).reasoningTokens()).isEqualTo(count(t, "<think>ab</think>"));
        assertThat(read.trials().get(3).outputTokens()).isEqualTo(1);
        RepeatedSamples.Row row = RepeatedSamples.summarize(
                        read.trials(), List.of(1, 2), RepeatedSamples.Prices.NONE, 1, CancellationToken.none())
                .get(0);
        assertThat(row.samplesPerItem()).isEqualTo(2);
        assertThat(row.seeds()).containsExactly(0L, 1L);
        assertThat(row.passHat().get(2).value()).isEqualTo(0.5); // doc 0 both runs, doc 1 one
        // the harness's extracted answers vote: doc 0 "6" twice (right); doc 1 "4" (wrong)
        // and "5" (right), a tie to the first → wrong
        assertThat(read.trials()).extracting(RepeatedSamples.Trial::answer).containsExactly("6", "4", "6", "5");
        assertThat(row.majority().value()).isEqualTo(0.5);
        assertThat(row.notes()).anyMatch(n -> n.contains("final answers"));
        // without a tokenizer there are no counts, and a cost cannot be made: said, naming how many answers lack one
        SampleTrialFiles.Read bare = SampleTrialFiles.read(List.of(a, b), null, null);
        assertThatThrownBy(() -> RepeatedSamples.summarize(
                        bare.trials(), List.of(1), new RepeatedSamples.Prices(1, 2), 1, CancellationToken.none()))
                .hasMessageContaining("4 of its 4 answers have none");
    }

    static double count(HfTokenizerFile t, String s) throws Exception {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        try (var c = t.newCounter()) {
            return c.count(b, b.length);
        }
    }

    @Test
    void aCsvsResponsesAreCountedWhereItGivesNoCount() throws Exception {
        Path f = Files.writeString(
                tmp.resolve("trials.csv"),
                "model,benchmark,item_id,sample,score,response,output_tokens\n"
                        + "m,b,q1,0,1,abc cd,\nm,b,q1,1,0,abc,7\n");
        SampleTrialFiles.Read read = SampleTrialFiles.read(List.of(f), null, null, tiny());
        // counted; the file's own count kept
        assertThat(read.trials())
                .extracting(RepeatedSamples.Trial::outputTokens)
                .containsExactly(2.0, 7.0);
        Path bad = Files.writeString(
                tmp.resolve("bad.csv"), "model,benchmark,item_id,sample,score,output_tokens\nm,b,q1,0,1,-3\n");
        assertThatThrownBy(() -> SampleTrialFiles.read(List.of(bad), null, null))
                .hasMessageContaining("bad.csv")
                .hasMessageContaining("output_tokens")
                .hasMessageContaining("negative");
    }
}
