package dev.sextant.model.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sextant.model.BadInputException;
import dev.sextant.model.evaluation.EvidenceFile;
import dev.sextant.model.evaluation.ItemScore;
import dev.sextant.model.gate.GatePolicy;
import dev.sextant.model.gate.Observations;
import dev.sextant.model.hardware.GpuSpec;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 13, parts 2 and 3: every reader refuses a second row with the same natural key, naming both lines, and every
 * number that cannot be (non-finite, out of range), naming the field; each message is one plain line.
 */
class InputChecksTest {

    @TempDir
    Path tmp;

    /** One bad file: how it is read and what the message must say. */
    private record Case(String file, String content, Consumer<Path> reader, String... expected) {}

    private static final String GPU =
            """
            {"id": "my-gpu", "bf16Tflops": 400, "memoryGB": 80, "hbmGBs": %s, "linkGBs": 200, "networkGbps": 400}
            """;
    private static final String POLICY =
            """
            {"name": "p", "confidence": %s, "checks": [
              {"name": "quality", "layer": "private", "metric": "accuracy", "higherIsBetter": true, "minimumEffect": 0.01,
               "margin": %s, "test": "paired", "role": "required-gain"},
              {"name": "%s", "layer": "regression", "metric": "accuracy", "higherIsBetter": true, "minimumEffect": 0,
               "margin": 0.02, "test": "paired", "role": "blocking"}]}
            """;
    private static final String HF =
            """
            {"model_type": "llama", "hidden_size": 4096, "num_hidden_layers": 32, "num_attention_heads": 32,
             "intermediate_size": 11008, "vocab_size": 32000%s}
            """;

    private static Consumer<Path> suite() {
        return f -> GateFiles.itemScores(f, GatePolicy.Layer.PRIVATE, "accuracy", null);
    }

    private static Consumer<Path> evidence() {
        return f -> EvidenceFiles.read(List.of(f), null, null, "m");
    }

    private static List<Case> cases() {
        String items = "model,benchmark,item_id,score\n";
        String samples = "samples_gsm8k_2026-01-01T00-00-00.jsonl";
        String results = "results_2026-01-01T00-00-00.json";
        return List.of(
                // gate suites: item + model
                new Case(
                        "suite.csv",
                        "item,model,score\nq12,gpt-x,1\nq13,gpt-x,0\nq12,gpt-x,0\n",
                        suite(),
                        "suite.csv:4: item, model: duplicate of line 2 ('q12', 'gpt-x')"),
                new Case(
                        "suite.jsonl",
                        "{\"item\": \"q1\", \"model\": \"m\", \"score\": 1}\n\n{\"item\": \"q1\", \"model\": \"m\", \"score\": 0}\n",
                        suite(),
                        "suite.jsonl:3: item, model: duplicate of line 1 ('q1', 'm')"),
                new Case(
                        "suite-inf.csv",
                        "item,model,score\nq1,m,1e999\n",
                        suite(),
                        "suite-inf.csv:2: score: must be a finite number"),
                new Case(
                        "suite-nan.csv",
                        "item,model,score\nq1,m,nan\n",
                        suite(),
                        "suite-nan.csv:2: score: expected a number, got 'nan'"),
                new Case(
                        "suite-inf.jsonl",
                        "{\"item\": \"q1\", \"model\": \"m\", \"score\": 1e999}\n",
                        suite(),
                        "suite-inf.jsonl:1: score: must be a finite number, got infinity"),
                new Case(
                        "suite-nan.jsonl",
                        "{\"item\": \"q1\", \"model\": \"m\", \"score\": NaN}\n",
                        suite(),
                        "suite-nan.jsonl:1: invalid JSON at column",
                        "NaN and infinities are not numbers JSON allows"),
                new Case(
                        "suite-nul.jsonl",
                        "{\"item\": \"q1\",\u0000 \"model\": \"m\", \"score\": 1}\n",
                        suite(),
                        "suite-nul.jsonl:1: invalid JSON at column 15: unexpected character NUL"),
                // replays: request_id + model
                new Case(
                        "replay.jsonl",
                        "{\"request_id\": \"r1\", \"model\": \"a\", \"quality\": 1}\n"
                                + "{\"request_id\": \"r1\", \"model\": \"b\", \"quality\": 1}\n"
                                + "{\"request_id\": \"r1\", \"model\": \"a\", \"quality\": 0}\n",
                        GateFiles::replay,
                        "replay.jsonl:3: request_id, model: duplicate of line 1 ('r1', 'a')"),
                new Case(
                        "replay-neg.jsonl",
                        "{\"request_id\": \"r1\", \"model\": \"a\", \"latency_ms\": -5}\n",
                        GateFiles::replay,
                        "replay-neg.jsonl:1: latency_ms: must not be negative, got -5"),
                // gate policies: check names; numbers by field
                new Case(
                        "policy-dup.json",
                        POLICY.formatted("0.95", "0.02", "Quality"),
                        GateFiles::policy,
                        "policy-dup.json: checks[1]: same name as checks[0] ('quality')"),
                new Case(
                        "policy-margin.json",
                        POLICY.formatted("0.95", "-0.1", "blocking"),
                        GateFiles::policy,
                        "policy-margin.json: checks[0].margin: must not be negative, got -0.1"),
                new Case(
                        "policy-conf.json",
                        POLICY.formatted("1e999", "0.02", "blocking"),
                        GateFiles::policy,
                        "policy-conf.json: confidence: must be a finite number, got infinity"),
                new Case(
                        "policy-conf2.json",
                        POLICY.formatted("1.5", "0.02", "blocking"),
                        GateFiles::policy,
                        "policy-conf2.json: confidence: must lie between 0.5 and 1"),
                new Case(
                        "policy-type.json",
                        POLICY.formatted("0.95", "\"wide\"", "blocking"),
                        GateFiles::policy,
                        "policy-type.json: checks[0].margin: expected a number"),
                new Case(
                        "policy-twice.json",
                        "{\"name\": \"p\", \"confidence\": 0.9,\n \"confidence\": 0.95, \"checks\": []}",
                        GateFiles::policy,
                        "policy-twice.json:2: invalid JSON at column",
                        "field 'confidence' appears twice in the same object"),
                // canary monitoring and judge samples: no key, values finite
                new Case(
                        "monitoring.csv",
                        "step,group,metric,value\n1,baseline,error,0.1\n1,canary,error,1e999\n",
                        GateFiles::monitoring,
                        "monitoring.csv:3: value: must be a finite number"),
                new Case(
                        "samples.csv",
                        "metric,value\nerror,0.1\nerror,NaN\n",
                        GateFiles::metricValues,
                        "samples.csv:3: value: must be a finite number, got NaN"),
                // arena battles: question_id + ordered pair (+ judge, turn)
                new Case(
                        "battles.csv",
                        "model_a,model_b,winner,question_id\na,b,model_a,q1\na,b,tie,q2\nb,a,tie,q1\na,b,model_b,q1\n",
                        ArenaBattles::read,
                        "battles.csv:5: question_id, model_a, model_b: duplicate of line 2 ('q1', 'a', 'b')"),
                new Case(
                        "battles.jsonl",
                        "{\"model_a\": \"a\", \"model_b\": \"b\", \"winner\": \"tie\", \"question_id\": 81, \"judge\": \"j1\"}\n"
                                + "{\"model_a\": \"a\", \"model_b\": \"b\", \"winner\": \"tie\", \"question_id\": 81, \"judge\": \"j2\"}\n"
                                + "{\"model_a\": \"a\", \"model_b\": \"b\", \"winner\": \"model_a\", \"question_id\": 81, \"judge\": \"j1\"}\n",
                        ArenaBattles::read,
                        "battles.jsonl:3: question_id, model_a, model_b, judge: duplicate of line 1 ('81', 'a', 'b', 'j1')"),
                // benchmark items: id
                new Case(
                        "bench.jsonl",
                        "{\"id\": 7, \"text\": \"a\"}\n{\"id\": 8, \"text\": \"b\"}\n{\"id\": 7, \"text\": \"c\"}\n",
                        f -> BenchmarkItemFiles.read(f, List.of(), null),
                        "bench.jsonl:3: id: duplicate of line 1 ('7')"),
                new Case(
                        "bench.csv",
                        "id,question\n1,a\n1,b\n",
                        f -> BenchmarkItemFiles.read(f, List.of(), null),
                        "bench.csv:3: id: duplicate of line 2 ('1')"),
                // GPU specs: each figure by name
                new Case(
                        "my-gpu.json",
                        GPU.formatted("0"),
                        GpuSpecFile::read,
                        "my-gpu.json: hbmGBs: must be positive, got 0"),
                new Case(
                        "inf-gpu.json",
                        GPU.formatted("1e999"),
                        GpuSpecFile::read,
                        "inf-gpu.json: hbmGBs: must be a finite number, got infinity"),
                new Case(
                        "neg-gpu.json",
                        GPU.formatted("-3350"),
                        GpuSpecFile::read,
                        "neg-gpu.json: hbmGBs: must be positive, got -3350"),
                // HF config.json: a key twice is refused, not resolved silently
                new Case(
                        "config.json",
                        HF.formatted(", \"vocab_size\": 128256"),
                        HfModelConfig::read,
                        "config.json:2: invalid JSON at column",
                        "field 'vocab_size' appears twice"),
                // index tables: benchmark; model + benchmark; category
                new Case(
                        "scores.csv",
                        "model,benchmark,score\nA,mmlu,0.7\nB,mmlu,0.6\nA,mmlu,0.8\n",
                        f -> IndexTablesCsv.readScores(f),
                        "scores.csv:4: model, benchmark: duplicate of line 2 ('A', 'mmlu')"),
                new Case(
                        "scores-se.csv",
                        "model,benchmark,score,se\nA,mmlu,0.7,-0.01\n",
                        f -> IndexTablesCsv.readScores(f),
                        "scores-se.csv:2: se: must not be negative, got -0.01"),
                new Case(
                        "weights.csv",
                        "benchmark,weight\na,1e999\n",
                        f -> IndexTablesCsv.readWeights(f),
                        "weights.csv:2: weight: must be a finite number"),
                new Case(
                        "mix.csv",
                        "category,share\ncoding,0.5\nchat,0.5\ncoding,0.1\n",
                        f -> IndexTablesCsv.readMix(f),
                        "mix.csv:4: category: duplicate of line 2 ('coding')"),
                new Case(
                        "mix-neg.csv",
                        "category,share\ncoding,-0.5\n",
                        f -> IndexTablesCsv.readMix(f),
                        "mix-neg.csv:2: share: must not be negative, got -0.5"),
                // per-item scores: model + benchmark + item (+ sample)
                new Case(
                        "items.csv",
                        "model,benchmark,item_id,score,sample\nA,b,1,1,0\nA,b,1,0,1\nA,b,1,1,0\n",
                        f -> ItemScoresCsv.read(f),
                        "items.csv:4: model, benchmark, item_id, sample: duplicate of line 2 ('A', 'b', '1', '0')"),
                new Case(
                        "items-t.csv",
                        "model,benchmark,item_id,score,temperature\nA,b,1,1,-0.7\n",
                        f -> ItemScoresCsv.read(f),
                        "items-t.csv:2: temperature: must not be negative, got -0.7"),
                new Case(
                        "items-inf.csv",
                        items + "A,b,1,-1e999\n",
                        f -> ItemScoresCsv.read(f),
                        "items-inf.csv:2: score: must be a finite number"),
                // lm-eval samples: doc_id (+ filter)
                new Case(
                        "s1/" + samples,
                        "{\"doc_id\": 0, \"filter\": \"none\", \"acc\": 1}\n{\"doc_id\": 0, \"filter\": \"none\", \"acc\": 0}\n",
                        evidence(),
                        samples + ":2: doc_id, filter: duplicate of line 1 ('0', 'none')"),
                new Case(
                        "s2/" + samples,
                        "{\"doc_id\": 0, \"acc\": 1e999}\n",
                        evidence(),
                        samples + ":1: acc: must be a finite number"),
                // lm-eval results: task (a JSON key), numbers by path
                new Case(
                        "r1/" + results,
                        "{\"results\": {\"gsm8k\": {\"acc,none\": 0.5, \"acc_stderr,none\": -0.1}}}",
                        evidence(),
                        results + ": results.gsm8k.acc_stderr,none: must not be negative, got -0.1"),
                new Case(
                        "r2/" + results,
                        "{\"results\": {\"gsm8k\": {\"acc,none\": 0.5},\n \"gsm8k\": {\"acc,none\": 0.6}}}",
                        evidence(),
                        results + ":2: invalid JSON at column",
                        "field 'gsm8k' appears twice"),
                new Case(
                        "r3/" + results,
                        "{\"results\": {\"gsm8k\": {\"acc,none\": 1e999}}}",
                        evidence(),
                        results + ": results.gsm8k.acc,none: must be a finite number"),
                // serving files: traffic by start; numbers finite and in range
                new Case(
                        "traffic.csv",
                        "start,rate\n08:00,5\n09:00,6\n8,7\n",
                        ServingFiles::traffic,
                        "traffic.csv:4: start: duplicate of line 2 ('08:00')"),
                new Case(
                        "traffic-nan.csv",
                        "start,rate\n08:00,NaN\n",
                        ServingFiles::traffic,
                        "traffic-nan.csv:2: rate: must be a finite number, got NaN"),
                new Case(
                        "traffic-neg.csv",
                        "start,rate\n08:00,-1\n",
                        ServingFiles::traffic,
                        "traffic-neg.csv:2: rate: must not be negative, got -1"),
                new Case(
                        "trace.csv",
                        "arrival,prompt,output\n0,10,10\nInfinity,10,10\n",
                        ServingFiles::trace,
                        "trace.csv:3: arrival: must be a finite number, got infinity"),
                new Case(
                        "trace-neg.csv",
                        "arrival,prompt,output\n-1,10,10\n",
                        ServingFiles::trace,
                        "trace-neg.csv:2: arrival: must not be negative, got -1"));
    }

    @TestFactory
    Stream<DynamicTest> everyReaderRefusesDuplicatesAndImpossibleNumbersNamingTheField() {
        return cases().stream()
                .map(c -> DynamicTest.dynamicTest(c.file(), () -> {
                    Path f = write(c.file(), c.content());
                    assertThatThrownBy(() -> c.reader().accept(f))
                            .isInstanceOf(BadInputException.class)
                            .satisfies(e -> {
                                String m = e.getMessage();
                                for (String part : c.expected()) {
                                    assertThat(m).contains(part);
                                }
                                plainOneLine(m);
                            });
                }));
    }

    /** One line, plain words: no parser class names, no source excerpts. */
    private static void plainOneLine(String m) {
        assertThat(m)
                .doesNotContain(
                        "\n", "\r", "com.fasterxml", "Exception", "Source:", "REDACTED", "`", "CTRL-CHAR", "Jackson");
    }

    private Path write(String name, String content) throws Exception {
        return TestFiles.write(tmp, name, content);
    }

    @Test
    void whatIsNotADuplicateIsKept() throws Exception {
        // the same item for another model; battles without an id; the same question
        // in the other order or by another judge
        assertThat(GateFiles.itemScores(
                        write("ok.csv", "item,model,score\nq1,a,1\nq1,b,0\n"),
                        GatePolicy.Layer.PRIVATE,
                        "accuracy",
                        null))
                .extracting(Observations::model)
                .containsExactly("a", "b");
        assertThat(ArenaBattles.read(write("nokey.csv", "model_a,model_b,winner\na,b,tie\na,b,tie\n")))
                .hasSize(2);
        assertThat(ArenaBattles.read(write(
                        "order.csv",
                        "model_a,model_b,winner,question_id,judge\na,b,tie,q1,j1\nb,a,tie,q1,j1\na,b,tie,q1,j2\n")))
                .hasSize(3);
        // repeat samples of one item are samples, not duplicates
        assertThat(ItemScoresCsv.read(write("rep.csv", "model,benchmark,item_id,score,sample\nA,b,1,1,0\nA,b,1,0,1\n")))
                .hasSize(2);
        // canary samples: a step holds many values per group and metric
        assertThat(GateFiles.monitoring(
                                write("mon.csv", "step,group,metric,value\n1,canary,error,0\n1,canary,error,0\n"))
                        .get("1")
                        .canary()
                        .get("error"))
                .hasSize(2);
    }

    @Test
    void lmEvalSamplesReadOneFilterSoThatNoDocumentCountsTwice() throws Exception {
        Path f = write(
                "out/m/samples_gsm8k_2026-01-01T00-00-00.jsonl",
                """
                {"doc_id": 0, "doc": {"q": "a"}, "filter": "strict-match", "exact_match": 0.0}
                {"doc_id": 1, "doc": {"q": "b"}, "filter": "strict-match", "exact_match": 1.0}
                {"doc_id": 0, "doc": {"q": "a"}, "filter": "flexible-extract", "exact_match": 1.0}
                {"doc_id": 1, "doc": {"q": "b"}, "filter": "flexible-extract", "exact_match": 1.0}
                """);
        assertThat(LmEvalSamples.read(f, "m", null))
                .extracting(ItemScore::score)
                .containsExactly(0.0, 1.0);
        assertThat(LmEvalSamples.read(f, "m", "exact_match,flexible-extract"))
                .extracting(ItemScore::score)
                .containsExactly(1.0, 1.0);
        assertThat(BenchmarkItemFiles.read(f, List.of(), null)).hasSize(2);
        assertThatThrownBy(() -> LmEvalSamples.read(f, "m", "exact_match,other"))
                .hasMessageEndingWith("filter: no line has filter 'other'");
    }

    @Test
    void duplicatesAcrossFilesReadTogetherNameBothFiles() throws Exception {
        Path a = write("a.csv", "model,benchmark,item_id,score\nA,b,1,1\nA,b,2,1\n");
        Path b = write("b.csv", "model,benchmark,item_id,score\nA,b,3,1\nA,b,2,0\n");
        assertThatThrownBy(() -> EvidenceFiles.read(List.of(a, b), null, null, null))
                .hasMessage(b + ":3: model, benchmark, item_id: duplicate of " + a + ":3 ('A', 'b', '2')");
        Path s = write("m/samples_b_2026-01-01T00-00-00.jsonl", "{\"doc_id\": 1, \"acc\": 1}\n");
        assertThatThrownBy(() -> EvidenceFiles.read(List.of(a, s), null, null, "A"))
                .hasMessage(s + ":1: model, benchmark, item_id: duplicate of " + a + ":2 ('A', 'b', '1')");
        Path w1 = write("w1.csv", "benchmark,weight\nmmlu,1\n");
        Path w2 = write("w2.csv", "benchmark,weight\ngsm8k,1\nmmlu,2\n");
        assertThatThrownBy(() -> EvidenceFiles.read(List.of(w1, w2), null, null, null))
                .hasMessage(w2 + ":3: benchmark: duplicate of " + w1 + ":2 ('mmlu')");
        Path r1 = write(
                "r1/results_2026-01-01T00-00-00.json",
                "{\"model_name\": \"m\", \"results\": {\"gsm8k\": {\"acc,none\": 0.5}}}");
        Path r2 = write(
                "r2/results_2026-01-02T00-00-00.json",
                "{\"model_name\": \"m\", \"results\": {\"gsm8k\": {\"acc,none\": 0.6}}}");
        assertThatThrownBy(() -> EvidenceFiles.read(List.of(r1, r2), null, null, null))
                .hasMessage(r2 + ": results.gsm8k: same model, task, metric as " + r1
                        + ": results.gsm8k ('m', 'gsm8k', 'acc,none')");
        assertThatThrownBy(() -> EvidenceFiles.read(List.of(a, a), null, null, null))
                .hasMessage(a + ": given twice; each file is read once");
        List<EvidenceFile> ok = EvidenceFiles.read(
                List.of(a, write("c.csv", "model,benchmark,item_id,score\nB,b,1,1\n")), null, null, null);
        assertThat(ok).hasSize(2);
    }

    @Test
    void calibrationProfilesAreCheckedFieldByField() throws Exception {
        ObjectNode demo;
        try (InputStream in = CalibrationFiles.class.getResourceAsStream(CalibrationFiles.DEMO)) {
            demo = (ObjectNode) Json.mapper().readTree(in);
        }
        List<String[]> cases = new ArrayList<>();
        ObjectNode neg = demo.deepCopy();
        ((ObjectNode) neg.get("memoryBandwidthGBs")).put("median", -2950);
        cases.add(new String[] {
            "neg.json", Json.write(neg), "neg.json: memoryBandwidthGBs.median: must be positive, got -2950"
        });
        ObjectNode zero = demo.deepCopy();
        ((ObjectNode) zero.get("launchLatencyMicros")).put("min", 0);
        cases.add(new String[] {
            "zero.json", Json.write(zero), "zero.json: launchLatencyMicros.min: must be positive, got 0"
        });
        ObjectNode spread = demo.deepCopy();
        ((ObjectNode) spread.get("hostToDeviceGBs")).put("min", 60);
        cases.add(new String[] {
            "spread.json",
            Json.write(spread),
            "spread.json: hostToDeviceGBs.min: must not exceed the median (55.1), got 60"
        });
        ObjectNode dup = demo.deepCopy();
        ArrayNode gemm = (ArrayNode) dup.get("gemm");
        gemm.add(gemm.get(0).deepCopy());
        cases.add(new String[] {
            "dup.json", Json.write(dup), "dup.json: gemm[" + (gemm.size() - 1) + "]: same m, n, k, dtype as gemm[0]"
        });
        ObjectNode tflops = demo.deepCopy();
        ((ObjectNode) tflops.get("gemm").get(1)).put("tflops", -1);
        cases.add(
                new String[] {"tflops.json", Json.write(tflops), "tflops.json: gemm[1].tflops: must be positive, got -1"
                });
        ObjectNode type = demo.deepCopy();
        ((ObjectNode) type.get("memoryBandwidthGBs")).put("median", "fast");
        cases.add(new String[] {"type.json", Json.write(type), "type.json: memoryBandwidthGBs.median: expected a number"
        });
        cases.add(new String[] {
            "inf.json",
            Json.write(demo).replace("\"median\":2950", "\"median\":1e999"),
            "inf.json: memoryBandwidthGBs.median: must be a finite number, got infinity"
        });
        ObjectNode missing = demo.deepCopy();
        missing.remove("launchLatencyMicros");
        cases.add(new String[] {"missing.json", Json.write(missing), "missing.json: launchLatencyMicros: missing"});
        for (String[] c : cases) {
            Path f = write(c[0], c[1]);
            assertThatThrownBy(() -> CalibrationFiles.read(f))
                    .isInstanceOf(BadInputException.class)
                    .satisfies(e -> {
                        assertThat(e.getMessage()).contains(c[2]);
                        plainOneLine(e.getMessage());
                    });
        }
        assertThat(CalibrationFiles.read(write("good.json", Json.write(demo)))
                        .memoryBandwidthGBs()
                        .median())
                .isEqualTo(2950);
    }

    @Test
    void gpuSpecsNameTheFieldEvenWhenBuiltInCode() {
        assertThatThrownBy(() -> new GpuSpec("my-gpu", "x", 400, Double.NaN, 80, 0, 200, "l", 400, "s", 132))
                .hasMessage("GPU my-gpu: hbmGBs must be a positive finite number, got 0.0");
        assertThatThrownBy(() -> new GpuSpec("my-gpu", "x", 400, -1, 80, 3000, 200, "l", 400, "s", 132))
                .hasMessageContaining("fp8Tflops");
        // no FP8 is stored as JSON null, which reads back as 0
        assertThat(new GpuSpec("my-gpu", "x", 400, 0, 80, 3000, 200, "l", 400, "s", 0).hasFp8())
                .isFalse();
        assertThatThrownBy(() -> new GpuSpec("my-gpu", "x", 400, 0, 80, 3000, 200, "l", 400, "s", -1))
                .hasMessageContaining("smCount");
    }

    /**
     * The SM count is optional in a GPU file: a copied catalog entry (same BF16 peak) keeps the catalog's, another GPU has
     * 0 (unknown, no wave quantization); when given, a whole number from 1.
     */
    @Test
    void gpuFileSmCountIsOptionalAndChecked() throws Exception {
        String base =
                "{\"id\": \"my-gpu\", \"bf16Tflops\": 400, \"memoryGB\": 80, \"hbmGBs\": 3000, \"linkGBs\": 200, \"networkGbps\": 400%s}";
        assertThat(GpuSpecFile.read(write("none.json", base.formatted(""))).smCount())
                .isZero();
        String a100 =
                "{\"id\": \"my-a100\", \"bf16Tflops\": 312, \"memoryGB\": 80, \"hbmGBs\": 2039, \"linkGBs\": 300, \"networkGbps\": 200}";
        assertThat(GpuSpecFile.read(write("a100.json", a100)).smCount()).isEqualTo(108);
        assertThat(GpuSpecFile.read(write("some.json", base.formatted(", \"smCount\": 132")))
                        .smCount())
                .isEqualTo(132);
        for (String bad : List.of("0", "-4", "13.5", "\"many\"")) {
            Path f = write("bad.json", base.formatted(", \"smCount\": " + bad));
            assertThatThrownBy(() -> GpuSpecFile.read(f))
                    .isInstanceOf(BadInputException.class)
                    .satisfies(e -> {
                        assertThat(e.getMessage()).contains("bad.json: smCount: expected a whole number");
                        plainOneLine(e.getMessage());
                    });
        }
    }

    @Test
    void jacksonWordingBecomesPlain() {
        assertThat(Json.plain("Unexpected character ('}' (code 125)): was expecting double-quote to start field name"))
                .isEqualTo("unexpected character '}'");
        assertThat(
                        Json.plain(
                                "Unrecognized token 'tru': was expecting (JSON String, Number, Array, Object or token 'null', 'true' or 'false')"))
                .isEqualTo("unexpected text 'tru'");
        assertThat(
                        Json.plain(
                                "Illegal character ((CTRL-CHAR, code 7)): only regular white space (\\r, \\n, \\t) is allowed between tokens"))
                .isEqualTo("unexpected control character (code 7)");
        assertThat(Json.plain("Something new in `com.fasterxml.jackson.core.Foo`\n at [Source: REDACTED; line: 1]"))
                .doesNotContain("com.fasterxml", "`", "Source");
        // the parser's read limits: deep nesting, long numbers, long text
        assertThat(
                        Json.plain(
                                "Document nesting depth (1001) exceeds the maximum allowed (1000, from `StreamReadConstraints.getMaxNestingDepth()`)"))
                .isEqualTo("nested deeper than 1,000 levels");
        assertThat(
                        Json.plain(
                                "Number value length (5001) exceeds the maximum allowed (1000, from `StreamReadConstraints.getMaxNumberLength()`)"))
                .isEqualTo("a number longer than 1,000 digits");
        assertThat(
                        Json.plain(
                                "String value length (20000001) exceeds the maximum allowed (20000000, from `StreamReadConstraints.getMaxStringLength()`)"))
                .isEqualTo("a text value longer than 20,000,000 characters");
    }
}
