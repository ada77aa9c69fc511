package dev.sextant.model.serving.validation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sextant.model.architecture.ModelArchitecture;
import dev.sextant.model.hardware.GpuCatalog;
import dev.sextant.model.hardware.GpuSpec;
import dev.sextant.model.io.ServingRunsCsv;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.serving.BatchingSimulator;
import dev.sextant.model.serving.Disaggregation;
import dev.sextant.model.serving.EngineProfile;
import dev.sextant.model.serving.ServingReplica;
import dev.sextant.model.serving.ServingSpec;
import dev.sextant.model.serving.ServingSpecBuilder;
import dev.sextant.model.serving.WeightStorage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * Whole disaggregated runs against dstack's published prefill/decode ratio sweep (gpt-oss-120b, SGLang, 8 × H200, every
 * worker TP 2; {@code validation/dstack-pd-gpt-oss-120b.csv} names the source): each row's pools and closed-loop client
 * through {@link Disaggregation#closedLoop}. Nothing is fitted to these rows. Writes
 * {@code target/disaggregated-runs-validation.md}.
 */
class DisaggregatedRunsValidationTest {

    record Row(
            int prefill,
            int decode,
            int concurrency,
            int prompt,
            int output,
            int requests,
            double outputTps,
            double ttftMs,
            double tpotMs) {}

    record Result(Row row, Disaggregation.Run run) {
        double error() {
            return run.outputTokensPerSecond() / row.outputTps() - 1;
        }

        double mean(double[] v) {
            double s = 0;
            for (double x : v) {
                s += x;
            }
            return v.length == 0 ? 0 : s / v.length;
        }
    }

    static List<Row> rows() throws Exception {
        List<Row> out = new ArrayList<>();
        for (String line : Files.readAllLines(Path.of(DisaggregatedRunsValidationTest.class
                .getResource("/validation/dstack-pd-gpt-oss-120b.csv")
                .toURI()))) {
            if (line.startsWith("#") || line.startsWith("prefill")) {
                continue;
            }
            String[] c = line.split(",");
            out.add(new Row(
                    Integer.parseInt(c[0]),
                    Integer.parseInt(c[1]),
                    Integer.parseInt(c[2]),
                    Integer.parseInt(c[3]),
                    Integer.parseInt(c[4]),
                    Integer.parseInt(c[5]),
                    Double.parseDouble(c[6]),
                    Double.parseDouble(c[7]),
                    Double.parseDouble(c[8])));
        }
        return out;
    }

    static Result run(Row r) throws Exception {
        ModelArchitecture m = ServingRunsCsv.model("gpt-oss-120b").orElseThrow();
        GpuSpec h200 = GpuCatalog.get("h200-sxm");
        EngineProfile sglang = EngineProfile.SGLANG;
        int len = r.prompt() + r.output() + 16;
        ServingSpec spec = ServingSpecBuilder.of(m, h200)
                .engine(sglang)
                .parallel(2, 1, 1)
                .weights(WeightStorage.mxfp4Experts("the checkpoint's MXFP4 experts"))
                .maxModelLen(len)
                .build();
        ServingReplica worker = new ServingReplica(spec, true, null, null, sglang);
        List<BatchingSimulator.Request> requests = new ArrayList<>();
        for (int i = 0; i < r.requests(); i++) {
            requests.add(new BatchingSimulator.Request(0, r.prompt(), r.output()));
        }
        return new Result(
                r,
                Disaggregation.closedLoop(
                        worker,
                        r.prefill(),
                        worker,
                        r.decode(),
                        Disaggregation.KvLink.between(h200, 2, 2),
                        requests,
                        r.concurrency(),
                        CancellationToken.none()));
    }

    @Test
    void dstacksRatioSweepReport() throws Exception {
        List<Result> results = new ArrayList<>();
        for (Row r : rows()) {
            results.add(run(r));
        }
        StringBuilder md = new StringBuilder(
                "# Disaggregated runs: dstack's gpt-oss-120b P:D sweep on 8 × H200 against the simulator\n\n"
                        + "Written by `DisaggregatedRunsValidationTest`. Output tokens/s of the whole node; mean TTFT and TPOT.\n\n"
                        + "| P:D | prompt/output | concurrency | published tok/s | predicted | error | TTFT ms published / predicted | TPOT ms published / predicted |\n"
                        + "|---|---|---:|---:|---:|---:|---|---|\n");
        double sum = 0;
        double prefillBound = 0;
        int prefillBoundRows = 0;
        for (Result x : results) {
            Row r = x.row();
            md.append(String.format(
                    Locale.ROOT,
                    "| %dP%dD | %d/%d | %d | %,.0f | %,.0f | %+.1f %% | %,.0f / %,.0f | %.1f / %.1f |%n",
                    r.prefill(),
                    r.decode(),
                    r.prompt(),
                    r.output(),
                    r.concurrency(),
                    r.outputTps(),
                    x.run().outputTokensPerSecond(),
                    100 * x.error(),
                    r.ttftMs(),
                    1e3 * x.mean(x.run().ttft()),
                    r.tpotMs(),
                    1e3 * x.mean(x.run().tpot())));
            sum += Math.abs(x.error());
            if (r.prefill() == 1 && r.prompt() > 30_000) {
                prefillBound += Math.abs(x.error());
                prefillBoundRows++;
            }
        }
        md.append(String.format(
                Locale.ROOT,
                "%nMean absolute error %.1f %% over %d runs; the prefill-bound runs (one prefill worker, "
                        + "32,784-token prompts) %.1f %%.%n",
                100 * sum / results.size(),
                results.size(),
                100 * prefillBound / prefillBoundRows));
        Files.createDirectories(Path.of("target"));
        Files.writeString(Path.of("target", "disaggregated-runs-validation.md"), md.toString());
        assertThat(results).hasSize(42);
        // where the one prefill worker bounds the node, its throughput is reproduced within 20 %
        assertThat(prefillBound / prefillBoundRows).as(md.toString()).isLessThan(0.20);
        // over the sweep, within 25 % on average (nothing fitted to these runs)
        assertThat(sum / results.size()).as(md.toString()).isLessThan(0.25);
    }
}
