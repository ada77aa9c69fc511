package dev.sextant.model.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sextant.model.BadInputException;
import dev.sextant.model.evaluation.Battle;
import dev.sextant.model.evaluation.EvaluationEvidence;
import dev.sextant.model.evaluation.ItemScore;
import dev.sextant.model.evaluation.ReportedResult;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every reader against good files and the bad input the issue lists; messages name file, line and field. */
class EvaluationReadersTest {

    @TempDir
    Path tmp;

    private Path write(String name, String content) throws Exception {
        return TestFiles.write(tmp, name, content);
    }

    @Test
    void itemScoresWithOptionalColumnsQuotesAndBom() throws Exception {
        Path f = write(
                "items.csv",
                "\uFEFFModel,benchmark,item_id,score,cluster_id,sample,temperature,top_p,seed\n"
                        + "\"llama, 70b\",gsm8k,q1,1,p1,0,0.7,0.95,42\n"
                        + "\"llama, 70b\",gsm8k,q1,0,p1,1,0.7,0.95,42\n\n"
                        + "\"llama, 70b\",gsm8k,q2,0.5,,,,,\n");
        List<ItemScore> s = ItemScoresCsv.read(f);
        assertThat(s).hasSize(3);
        assertThat(s.get(0).model()).isEqualTo("llama, 70b");
        assertThat(s.get(0).samplingConfig()).isEqualTo("temperature=0.7, top_p=0.95, seed=42");
        assertThat(s.get(2).clusterId()).isNull();
        assertThat(s.get(2).samplingConfig()).isEqualTo("undisclosed");
    }

    @Test
    void itemScoresBadInput() throws Exception {
        String header = "model,benchmark,item_id,score\n";
        expect(write("empty.csv", ""), "empty.csv: the file is empty");
        expect(write("header-only.csv", header), "header-only.csv: no rows after the header");
        expect(
                write("missing.csv", "model,benchmark,score\nA,b,1\n"),
                "missing.csv:1: item_id: missing required column");
        expect(
                write("extra.csv", "model,benchmark,item_id,score,colour\nA,b,1,1,red\n"),
                "extra.csv:1: colour: unknown column");
        expect(write("fields.csv", header + "A,b,1\n"), "fields.csv:2: has 3 fields, the header has 4");
        expect(
                write("nonnum.csv", header + "A,b,1,1\nA,b,2,high\n"),
                "nonnum.csv:3: score: expected a number, got 'high'");
        expect(write("nan.csv", header + "A,b,1,NaN\n"), "nan.csv:2: score: must be a finite number, got 'NaN'");
        expect(
                write("dup.csv", header + "A,b,1,1\nA,b,2,0\nA,b,1,0\n"),
                "dup.csv:4: model, benchmark, item_id: duplicate of line 2 ('A', 'b', '1')");
        expect(write("empty-field.csv", header + "A,,1,1\n"), "empty-field.csv:2: benchmark: empty");
        Path latin1 = tmp.resolve("latin1.csv");
        byte[] head = (header + "A,b,1,1\n").getBytes(StandardCharsets.UTF_8);
        byte[] bad = "A,caf\u00e9,2,1\n".getBytes(StandardCharsets.ISO_8859_1);
        byte[] all = new byte[head.length + bad.length];
        System.arraycopy(head, 0, all, 0, head.length);
        System.arraycopy(bad, 0, all, head.length, bad.length);
        Files.write(latin1, all);
        expect(latin1, "latin1.csv:3: not valid UTF-8 text");
        expect(tmp.resolve("nope.csv"), "nope.csv: no such file");
    }

    @Test
    void lmEvalSamplesAndResults() throws Exception {
        Path dir = tmp.resolve("out/meta-llama__Llama-3-8B");
        write(
                "out/meta-llama__Llama-3-8B/results_2026-01-02T03-04-05.678.json",
                """
                {"results": {"gsm8k": {"alias": "gsm8k", "exact_match,strict-match": 0.5, "exact_match_stderr,strict-match": 0.1,
                                       "exact_match,flexible-extract": 0.6, "exact_match_stderr,flexible-extract": "N/A"},
                             "arc_easy": {"acc,none": 0.8, "acc_stderr,none": "N/A", "acc_norm,none": 0.78}},
                 "n-samples": {"gsm8k": {"original": 1319, "effective": 3}, "arc_easy": {"original": 2376, "effective": 2376}},
                 "config": {"model": "hf", "model_args": "pretrained=meta-llama/Llama-3-8B,dtype=bfloat16", "random_seed": 0,
                            "numpy_seed": 1234, "torch_seed": 1234, "fewshot_seed": 1234},
                 "model_name": "meta-llama/Llama-3-8B"}
                """);
        Path samples = write(
                "out/meta-llama__Llama-3-8B/samples_gsm8k_2026-01-02T03-04-05.678.jsonl",
                """
                {"doc_id": 0, "doc": {"question": "1+1?"}, "target": "2", "resps": [["2", "2"]], "filter": "strict-match", "metrics": ["exact_match"], "exact_match": 1.0}
                {"doc_id": 1, "doc": {"question": "2+2?"}, "target": "4", "resps": [["5"]], "filter": "strict-match", "metrics": ["exact_match"], "exact_match": 0.0}
                {"doc_id": 2, "doc": {"question": "3+3?"}, "target": "6", "resps": [["6"]], "filter": "strict-match", "metrics": ["exact_match"], "exact_match": true}
                """);
        assertThat(LmEvalSamples.task(samples)).isEqualTo("gsm8k");
        List<ItemScore> items = LmEvalSamples.read(samples, null, null);
        assertThat(items).extracting(ItemScore::score).containsExactly(1.0, 0.0, 1.0);
        assertThat(items)
                .allMatch(i -> i.model().equals("meta-llama/Llama-3-8B")
                        && i.benchmark().equals("gsm8k"));

        List<ReportedResult> results = LmEvalResults.read(dir.resolve("results_2026-01-02T03-04-05.678.json"), null);
        ReportedResult gsm = results.stream()
                .filter(r -> r.benchmark().equals("gsm8k"))
                .findFirst()
                .orElseThrow();
        assertThat(gsm.metric()).isEqualTo("exact_match,strict-match");
        assertThat(gsm.se()).isEqualTo(0.1);
        assertThat(gsm.n()).isEqualTo(3);
        ReportedResult arc = results.stream()
                .filter(r -> r.benchmark().equals("arc_easy"))
                .findFirst()
                .orElseThrow();
        assertThat(arc.metric()).isEqualTo("acc,none");
        assertThat(arc.se()).as("N/A stderr").isNull();
        assertThat(arc.samplingConfig()).contains("random_seed=0");
        assertThat(LmEvalResults.read(
                        dir.resolve("results_2026-01-02T03-04-05.678.json"), "exact_match,flexible-extract"))
                .singleElement()
                .satisfies(r -> assertThat(r.se()).isNull());

        var loaded = EvaluationEvidence.of(EvidenceFiles.read(List.of(tmp.resolve("out")), null, null, null));
        assertThat(loaded.items()).hasSize(3);
        assertThat(loaded.reported())
                .as("samples make the aggregate of the same run redundant")
                .isEmpty();
    }

    @Test
    void lmEvalBadInput() throws Exception {
        expect(
                write("m/results_2026-01-01T00-00-00.json", "{\"results\": {\"gsm8k\": {\"acc,none\": 0.5"),
                "results_2026-01-01T00-00-00.json:1: invalid JSON");
        expect(write("m2/results_2026-01-01T00-00-00.json", ""), "the file is empty");
        expect(
                write(
                        "m3/samples_gsm8k_2026-01-01T00-00-00.jsonl",
                        "{\"doc_id\": 0, \"metrics\": [\"acc\"], \"acc\": 1}\n{\"doc_id\": 1, \"metrics\": [\"acc\"], \"acc\": 1\n"),
                "samples_gsm8k_2026-01-01T00-00-00.jsonl:2: invalid JSON");
        expect(
                write(
                        "m4/samples_gsm8k_2026-01-01T00-00-00.jsonl",
                        "{\"doc_id\": 0, \"metrics\": [\"acc\"], \"acc\": 1}\n{\"doc_id\": 0, \"metrics\": [\"acc\"], \"acc\": 0}\n"),
                "samples_gsm8k_2026-01-01T00-00-00.jsonl:2: doc_id: duplicate of line 1 ('0')");
        expect(
                write(
                        "m5/samples_gsm8k_2026-01-01T00-00-00.jsonl",
                        "{\"doc_id\": 0, \"metrics\": [\"acc\"], \"acc\": \"yes\"}\n"),
                "samples_gsm8k_2026-01-01T00-00-00.jsonl:1: acc: not a number");
        expect(write("m6/samples_gsm8k_2026-01-01T00-00-00.jsonl", ""), "the file is empty");
        expect(write("notes.txt", "hello"), "notes.txt: not a recognised evaluation file");
    }

    @Test
    void arenaBattlesJsonlAndCsv() throws Exception {
        Path jsonl = write(
                "b.jsonl",
                """
                {"question_id": "q1", "model_a": "gpt", "model_b": "llama", "winner": "model_a", "anony": true}
                {"question_id": "q2", "model_a": "gpt", "model_b": "llama", "winner": "tie (bothbad)", "category": "coding"}
                {"question_id": "q3", "model_a": "gpt", "model_b": "llama", "winner": "model_b", "anony": false}
                """);
        List<Battle> b = ArenaBattles.read(jsonl);
        assertThat(b).extracting(Battle::winner).containsExactly(Battle.Winner.MODEL_A, Battle.Winner.TIE_BOTHBAD);
        assertThat(b.get(1).category()).isEqualTo("coding");
        Path csv = write("b.csv", "model_a,model_b,winner\ngpt,llama,tie\n");
        assertThat(ArenaBattles.read(csv))
                .singleElement()
                .extracting(Battle::winner)
                .isEqualTo(Battle.Winner.TIE);

        expect(
                write("w.jsonl", "{\"model_a\": \"a\", \"model_b\": \"b\", \"winner\": \"draw\"}\n"),
                "w.jsonl:1: winner: unknown value 'draw'");
        expect(write("w.csv", "model_a,model_b,winner\na,b,model_c\n"), "w.csv:2: winner: unknown value 'model_c'");
        expect(
                write("self.jsonl", "{\"model_a\": \"a\", \"model_b\": \"a\", \"winner\": \"tie\"}\n"),
                "self.jsonl:1: model_b: same model");
        expect(write("miss.jsonl", "{\"model_a\": \"a\", \"winner\": \"tie\"}\n"), "miss.jsonl:1: model_b: missing");
        expect(write("arr.jsonl", "[1, 2]\n"), "arr.jsonl:1: [0]: expected a JSON object");
        expect(write("none.jsonl", "\n\n"), "none.jsonl: no JSON objects in the file");
    }

    @Test
    void indexTablesAndTheirBadInput() throws Exception {
        var w = IndexTablesCsv.readWeights(write(
                "w.csv",
                "benchmark,weight,category,released,refreshed,held_out\n"
                        + "mmlu,2,knowledge,2020-09,2024-06-01,no\ngsm8k,1,math,2021,,30\n"));
        assertThat(w).hasSize(2);
        assertThat(w.get(0).released()).hasToString("2020-09-01");
        assertThat(w.get(1).heldOut()).isEqualTo(0.3);
        expect(write("neg.csv", "benchmark,weight\na,1\nb,-1\n"), "neg.csv:3: weight: must not be negative");
        expect(write("zero.csv", "benchmark,weight\na,0\nb,0\n"), "zero.csv: weight: all weights are zero");
        expect(write("dupw.csv", "benchmark,weight\na,1\na,2\n"), "dupw.csv:3: benchmark: duplicate of line 2 ('a')");
        expect(write("date.csv", "benchmark,weight,released\na,1,last year\n"), "date.csv:2: released: not a date");

        var s = IndexTablesCsv.readScores(write("s.csv", "model,benchmark,score,se\nA,mmlu,0.8,0.01\nA,gsm8k,0.6,\n"));
        assertThat(s.get(1).se()).isNull();
        expect(write("s2.csv", "model,benchmark,score\nA,mmlu,Infinity\n"), "s2.csv:2: score: must be a finite number");
        expect(write("s3.csv", "model,benchmark\nA,mmlu\n"), "s3.csv:1: score: missing required column");

        assertThat(IndexTablesCsv.readMix(write("m.csv", "category,share\ncoding,70\nmath,30\n")))
                .containsEntry("coding", 70.0);
        expect(write("m0.csv", "category,share\ncoding,0\n"), "m0.csv: share: all shares are zero");
        expect(write("m1.csv", "category,share,note\ncoding,1,x\n"), "m1.csv:1: note: unknown column");
    }

    private static void expect(Path file, String message) {
        assertThatThrownBy(() -> {
                    String n = file.getFileName().toString();
                    if (n.contains("results") || n.startsWith("samples") || n.equals("notes.txt")) {
                        EvidenceFiles.read(List.of(file), null, null, "m");
                    } else if (n.endsWith(".jsonl")
                            || n.startsWith("w.")
                            || n.startsWith("self")
                            || n.startsWith("b.")) {
                        ArenaBattles.read(file);
                    } else if (n.startsWith("neg")
                            || n.startsWith("zero")
                            || n.startsWith("dupw")
                            || n.startsWith("date")) {
                        IndexTablesCsv.readWeights(file);
                    } else if (n.startsWith("s2") || n.startsWith("s3")) {
                        IndexTablesCsv.readScores(file);
                    } else if (n.startsWith("m0") || n.startsWith("m1")) {
                        IndexTablesCsv.readMix(file);
                    } else {
                        ItemScoresCsv.read(file);
                    }
                })
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining(message);
    }
}
