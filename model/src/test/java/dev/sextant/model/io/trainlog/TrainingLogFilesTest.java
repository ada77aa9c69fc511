package dev.sextant.model.io.trainlog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.sextant.model.BadInputException;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import dev.sextant.model.runhealth.MetricNames;
import dev.sextant.model.runhealth.MetricSeries;
import dev.sextant.model.runhealth.TrainingLog;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TrainingLogFilesTest {

    @TempDir
    Path dir;

    static TrainingLog read(Path... files) {
        return TrainingLogFiles.read(
                List.of(files), TrainingLogFormat.AUTO, ProgressListener.NONE, CancellationToken.none());
    }

    static String megatronLine(long step, String loss, double gradNorm) {
        return String.format(
                Locale.ROOT,
                "[2024-05-01 10:00:%02d] iteration %8d/  500000 | consumed samples: %12d | elapsed time per"
                        + " iteration (ms): 1520.3 | learning rate: 2.994E-04 | global batch size:   512 | lm loss: %s | loss scale: 1.0 |"
                        + " grad norm: %.3f | number of skipped iterations:   0 | number of nan iterations:   0 |",
                step % 60,
                step,
                step * 512,
                loss,
                gradNorm);
    }

    Path write(String name, String text) throws Exception {
        Path p = dir.resolve(name);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text, StandardCharsets.UTF_8);
        return p;
    }

    @Test
    void readsMegatronTrainingAndValidationLinesAmongTheOtherOutput() throws Exception {
        Path f = write(
                "train.log",
                String.join(
                        "\n",
                        "using world size: 64, data-parallel size: 8",
                        "> building GPT model ...",
                        megatronLine(10, "7.512345E+00", 3.2),
                        megatronLine(20, "6.912345E+00", 2.1),
                        "(min, max) time across ranks (ms):",
                        "-----------------------------------------------------------------------------------------------",
                        " validation loss at iteration 20 on validation set | lm loss value: 6.954321E+00 | lm loss PPL: 1.04E+03 | ",
                        megatronLine(30, "nan", 2.0),
                        ""));
        assertThat(TrainingLogFiles.detect(f)).isEqualTo(TrainingLogFormat.MEGATRON);
        TrainingLog log = read(f);
        assertThat(log.format()).isEqualTo("megatron");
        MetricSeries loss = log.metric(MetricNames.LOSS).orElseThrow();
        assertThat(loss.steps()).containsExactly(10, 20, 30);
        assertThat(loss.value(0)).isEqualTo(7.512345);
        assertThat(loss.value(2)).isNaN();
        assertThat(log.metric(MetricNames.GRAD_NORM).orElseThrow().value(1)).isEqualTo(2.1);
        assertThat(log.metric(MetricNames.STEP_TIME).orElseThrow().value(0)).isCloseTo(1.5203, within(1e-12)); // ms → s
        assertThat(log.metric(MetricNames.CONSUMED_SAMPLES).orElseThrow().value(1))
                .isEqualTo(20 * 512);
        assertThat(log.metric(MetricNames.VALIDATION_LOSS).orElseThrow().steps())
                .containsExactly(20);
        assertThat(log.metricNames())
                .contains(MetricNames.LOSS_SCALE, MetricNames.LEARNING_RATE, MetricNames.NAN_ITERATIONS);
    }

    @Test
    void readsNemoTwosIterationLines() throws Exception {
        Path f = write(
                "nemo.log",
                String.join(
                        "\n",
                        "[NeMo I 2024-06-01 10:00:00 nemo_logging:381] Setting up the trainer",
                        "Training epoch 0, iteration 98/4999 | lr: 2.998e-05 | global_batch_size: 512 | global_step: 98 | reduced_train_loss: 10.47"
                                + " | train_step_timing in s: 5.41 | consumed_samples: 50688",
                        "Training epoch 0, iteration 99/4999 | lr: 3e-05 | global_batch_size: 512 | global_step: 99 | reduced_train_loss: 10.45"
                                + " | train_step_timing in s: 5.4 | consumed_samples: 51200",
                        ""));
        assertThat(TrainingLogFiles.detect(f)).isEqualTo(TrainingLogFormat.MEGATRON);
        TrainingLog log = read(f);
        assertThat(log.metric(MetricNames.LOSS).orElseThrow().steps()).containsExactly(98, 99);
        assertThat(log.metric(MetricNames.LOSS).orElseThrow().value(1)).isEqualTo(10.45);
        assertThat(log.metric(MetricNames.STEP_TIME).orElseThrow().value(1)).isEqualTo(5.4);
        assertThat(log.metric(MetricNames.CONSUMED_SAMPLES).orElseThrow().value(0))
                .isEqualTo(50688);
    }

    @Test
    void readsNemoLightningProgressBars() throws Exception {
        // tqdm rewrites its line with carriage returns: one line of the file, several updates
        Path f = write(
                "nemo1.log",
                "[NeMo I 2024-06-01 10:00:00 exp_manager:396] Experiments will be logged at /results\n"
                        + "Epoch 0: :   1%|          | 98/10000 [01:40<2:48:00, reduced_train_loss=10.47, global_step=97.00, consumed_samples=50176.0,"
                        + " train_step_timing in s=1.02, lr=2.99e-5]\rEpoch 0: :   1%|          | 99/10000 [01:41<2:47:59, v_num=3, reduced_train_loss=10.45,"
                        + " global_step=98.00, consumed_samples=50688.0, train_step_timing in s=1.01, lr=3e-5]\n");
        assertThat(TrainingLogFiles.detect(f)).isEqualTo(TrainingLogFormat.MEGATRON);
        TrainingLog log = read(f);
        assertThat(log.metric(MetricNames.LOSS).orElseThrow().steps()).containsExactly(97, 98);
        assertThat(log.metric(MetricNames.LOSS).orElseThrow().value(1)).isEqualTo(10.45);
        assertThat(log.metric(MetricNames.STEP_TIME).orElseThrow().value(0)).isEqualTo(1.02);
        assertThat(log.metric(MetricNames.LEARNING_RATE).orElseThrow().value(1)).isEqualTo(3e-5);
        assertThat(log.metricNames()).doesNotContain("global_step", "v_num");
    }

    @Test
    void aMetricThatIsTextNamesFileLineAndField() throws Exception {
        Path f = write("bad.log", megatronLine(10, "7.5", 1) + "\n" + megatronLine(20, "seven", 1) + "\n");
        assertThatThrownBy(() -> read(f))
                .isInstanceOf(BadInputException.class)
                .hasMessageEndingWith("/bad.log:2: lm loss: 'seven' is not a number");
    }

    /** Issue 33, part 5: a job that resumed from a checkpoint and appended to its log restarts within the file. */
    @Test
    void stepsGoingBackWithinAFileAreARestartMergedAsAcrossFiles() throws Exception {
        StringBuilder sb = new StringBuilder();
        for (int s = 10; s <= 80; s += 10) {
            sb.append(megatronLine(s, "5.0", 1)).append('\n');
        }
        for (int s = 60; s <= 120; s += 10) {
            sb.append(megatronLine(s, "4.0", 1)).append('\n');
        }
        TrainingLog log = read(write("resumed.log", sb.toString()));
        MetricSeries loss = log.metric(MetricNames.LOSS).orElseThrow();
        assertThat(log.restarts()).isEqualTo(1);
        assertThat(loss.steps()).containsExactly(10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120);
        assertThat(loss.value(loss.indexAtOrBefore(50))).isEqualTo(5.0);
        assertThat(loss.value(loss.indexAtOrBefore(60))).isEqualTo(4.0);
    }

    /** Issue 33, part 5: real Megatron-LM stdout opens with far more than the 64 KiB looked at first, and prefixes ranks. */
    @Test
    void megatronStdoutIsRecognisedAfterALongArgumentDump() throws Exception {
        StringBuilder sb = new StringBuilder("using world size: 512, data-parallel size: 64, context-parallel size: 1\n"
                + "------------------------ arguments ------------------------\n");
        for (int i = 0; sb.length() < 200_000; i++) {
            sb.append("  argument_")
                    .append(i)
                    .append(" ........................................ ")
                    .append(i % 7 == 0 ? "None" : "True")
                    .append('\n');
        }
        sb.append("-------------------- end of arguments ---------------------\n");
        for (int s = 1; s <= 20; s++) {
            sb.append("55:  [2026-07-15 06:03:51.272611] iteration ")
                    .append(s)
                    .append("/ 15535 | consumed samples: ")
                    .append(s * 512)
                    .append(
                            " | elapsed time per iteration (ms): 10512.3 | learning rate: 1.5E-04 | global batch size: 512 | lm loss: ")
                    .append(String.format(Locale.ROOT, "%.6E", 11.0 - s * 0.1))
                    .append(
                            " | loss scale: 1.0 | grad norm: 3.2 | number of skipped iterations: 0 | number of nan iterations: 0 |\n");
        }
        Path f = write("slurm-4242.out", sb.toString());
        assertThat(TrainingLogFiles.detect(f)).isEqualTo(TrainingLogFormat.MEGATRON);
        assertThat(read(f).metric(MetricNames.LOSS).orElseThrow().size()).isEqualTo(20);
    }

    @Test
    void aRestartsLogReplacesTheStepsItRanAgain() throws Exception {
        StringBuilder first = new StringBuilder();
        for (int s = 10; s <= 200; s += 10) {
            first.append(megatronLine(s, "5.0", 1)).append('\n');
        }
        StringBuilder second = new StringBuilder();
        for (int s = 160; s <= 300; s += 10) {
            second.append(megatronLine(s, "4.0", 1)).append('\n');
        }
        write("run/attempt-2.log", second.toString());
        write("run/attempt-1.log", first.toString());
        write("run/notes.txt", "nothing to see here\n");
        TrainingLog log = read(dir.resolve("run"));
        MetricSeries loss = log.metric(MetricNames.LOSS).orElseThrow();
        assertThat(log.restarts()).isEqualTo(1);
        assertThat(log.files()).hasSize(2);
        assertThat(loss.firstStep()).isEqualTo(10);
        assertThat(loss.lastStep()).isEqualTo(300);
        assertThat(loss.size()).isEqualTo(30); // 10..150 from the first, 160..300 from the restart
        assertThat(loss.value(loss.indexAtOrBefore(150))).isEqualTo(5.0);
        assertThat(loss.value(loss.indexAtOrBefore(160))).isEqualTo(4.0);
    }

    @Test
    void readsTrainerStateLogHistoryWithPythonsNaN() throws Exception {
        Path f = write(
                "checkpoint-30/trainer_state.json",
                """
                {
                  "best_metric": null,
                  "epoch": 0.3,
                  "global_step": 30,
                  "log_history": [
                    {"epoch": 0.1, "grad_norm": 1.9, "learning_rate": 4.9e-05, "loss": 2.31, "step": 10},
                    {"epoch": 0.2, "grad_norm": NaN, "learning_rate": 4.8e-05, "loss": NaN, "step": 20},
                    {"epoch": 0.2, "eval_loss": 2.2, "eval_runtime": 3.1, "step": 20},
                    {"epoch": 0.3, "grad_norm": 1.5, "learning_rate": 4.7e-05, "loss": 2.05, "step": 30},
                    {"epoch": 0.3, "step": 30, "total_flos": 1.2e17, "train_loss": 2.4, "train_runtime": 100.0}
                  ],
                  "max_steps": 30
                }
                """);
        assertThat(TrainingLogFiles.detect(f)).isEqualTo(TrainingLogFormat.HF_TRAINER);
        TrainingLog log = read(f);
        MetricSeries loss = log.metric(MetricNames.LOSS).orElseThrow();
        assertThat(loss.steps()).containsExactly(10, 20, 30);
        assertThat(loss.value(1)).isNaN();
        assertThat(loss.value(2)).isEqualTo(2.05); // not the summary's average train_loss
        assertThat(log.metric(MetricNames.VALIDATION_LOSS).orElseThrow().value(0))
                .isEqualTo(2.2);
        assertThat(log.metric(MetricNames.LEARNING_RATE)).isPresent();
        assertThat(log.metricNames()).doesNotContain("epoch", "total_flos");
    }

    /** Issue 33, part 7: a real trainer_state.json ends with entries of the whole run that have no step. */
    @Test
    void trainerStateEntriesWithoutAStepAreRunLevelNotRefused() throws Exception {
        Path f = write(
                "trainer_state.json",
                """
                {"log_history": [
                 {"loss": 2.0, "step": 1},
                 {"loss": 1.9, "step": 2},
                 {"train_loss": 1.95, "train_samples_per_second": 10.0},
                 {"eval_loss": 1.8, "eval_runtime": 2.0, "epoch": 1.0},
                 {"predict_loss": 1.7, "step": null}
                ]}
                """);
        TrainingLog log = read(f);
        assertThat(log.metric(MetricNames.LOSS).orElseThrow().steps()).containsExactly(1, 2);
        assertThat(log.metricNames()).doesNotContain("predict_loss", "train_samples_per_second");
        Path none = write("none/trainer_state.json", "{\"log_history\": [{\"train_loss\": 1.0}]}");
        assertThatThrownBy(() -> read(none))
                .hasMessageEndingWith("trainer_state.json: log_history: none of its 1 entries has a step: "
                        + "nothing to follow over training");
        Path bad = write(
                "bad/trainer_state.json",
                "{\"log_history\": [\n {\"loss\": 2.0, \"step\": 1},\n {\"loss\": 1.9, \"step\": \"two\"}\n]}\n");
        assertThatThrownBy(() -> read(bad))
                .hasMessageEndingWith(
                        "/trainer_state.json:3: log_history[1].step: expected a whole step number, got \"two\"");
    }

    @Test
    void crc32cMatchesTheRfc3720CheckValues() {
        // RFC 3720 (iSCSI) B.4: 32 bytes of zeros → 0x8A9136AA, 32 bytes of 0xFF → 0x62A8AB43
        assertThat(TfRecords.crc32c(new byte[32], 0, 32)).isEqualTo(0x8A9136AA);
        byte[] ones = new byte[32];
        Arrays.fill(ones, (byte) 0xFF);
        assertThat(TfRecords.crc32c(ones, 0, 32)).isEqualTo(0x62A8AB43);
    }

    @Test
    void readsTensorBoardScalarsOfPyTorchAndTensorFlowAndSkipsOtherPlugins() throws Exception {
        EventFileWriter w = new EventFileWriter().fileVersion();
        for (int s = 1; s <= 5; s++) {
            w.simple(s, 1.7e9 + s, "train/loss", 3.0f - 0.1f * s);
            w.tensor(s, 1.7e9 + s, "train/grad_norm", 1.5f, "scalars");
            w.tensor(s, 1.7e9 + s, "weights/hist", 9f, "histograms");
        }
        Path f = dir.resolve("events.out.tfevents.1714557600.host.123.0");
        Files.write(f, w.bytes());
        assertThat(TrainingLogFiles.detect(f)).isEqualTo(TrainingLogFormat.TENSORBOARD);
        TrainingLog log = read(f);
        assertThat(log.metric(MetricNames.LOSS).orElseThrow().steps()).containsExactly(1, 2, 3, 4, 5);
        assertThat(log.metric(MetricNames.LOSS).orElseThrow().value(0)).isCloseTo(2.9, within(1e-6));
        assertThat(log.metric(MetricNames.GRAD_NORM).orElseThrow().value(4)).isEqualTo(1.5);
        assertThat(log.metricNames()).doesNotContain("weights/hist");
        assertThat(log.metric(MetricNames.WALL_TIME).orElseThrow().value(0)).isEqualTo(1.7e9 + 1);
    }

    @Test
    void aCorruptedOrTruncatedEventFileNamesTheRecord() throws Exception {
        byte[] good = new EventFileWriter()
                .fileVersion()
                .simple(1, 1, "loss", 2f)
                .simple(2, 2, "loss", 1.9f)
                .bytes();
        byte[] corrupt = good.clone();
        corrupt[corrupt.length - 6] ^= 0x40; // a bit of the last record's data
        Path c = dir.resolve("events.out.tfevents.corrupt");
        Files.write(c, corrupt);
        assertThatThrownBy(() -> read(c))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("/events.out.tfevents.corrupt:3: the data's checksum does not match");
        Path t = dir.resolve("events.out.tfevents.truncated");
        Files.write(t, Arrays.copyOf(good, good.length - 3));
        assertThatThrownBy(() -> read(t))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("/events.out.tfevents.truncated:3: the file ends inside the record");
    }

    @Test
    void readsWandbWideAndMlflowLongCsv() throws Exception {
        Path wide = write(
                "wandb.csv",
                """
                Step,run-7 - train/loss,run-7 - train/loss__MIN,run-7 - train/loss__MAX,run-7 - train/grad_norm,_timestamp
                10,2.5,2.4,2.6,1.1,1714557600
                20,2.4,2.3,2.5,,1714557610
                30,2.3,2.2,2.4,0.9,1714557620
                """);
        assertThat(TrainingLogFiles.detect(wide)).isEqualTo(TrainingLogFormat.CSV);
        TrainingLog w = read(wide);
        assertThat(w.metric(MetricNames.LOSS).orElseThrow().steps()).containsExactly(10, 20, 30);
        assertThat(w.metric(MetricNames.GRAD_NORM).orElseThrow().steps()).containsExactly(10, 30);
        assertThat(w.metric(MetricNames.WALL_TIME)).isPresent();
        assertThat(w.metricNames()).containsExactly(MetricNames.LOSS, MetricNames.GRAD_NORM, MetricNames.WALL_TIME);

        Path longForm = write(
                "mlflow.csv",
                "key,value,step,timestamp\nloss,2.5,10,1\nloss,2.4,20,2\ngrad_norm,1.0,10,1\ngrad_norm,1.2,20,2\n");
        TrainingLog l = read(longForm);
        assertThat(l.metric(MetricNames.LOSS).orElseThrow().value(1)).isEqualTo(2.4);
        assertThat(l.metric(MetricNames.GRAD_NORM).orElseThrow().value(1)).isEqualTo(1.2);

        Path text = write("text.csv", "step,loss\n1,2.5\n2,n/a\n");
        assertThatThrownBy(() -> read(text)).hasMessageEndingWith("/text.csv:3: loss: 'n/a' is not a number");
    }

    @Test
    void readsJsonLinesOfMetrics() throws Exception {
        Path f = write(
                "metrics.jsonl",
                "{\"step\": 1, \"loss\": 3.0, \"run\": \"a\"}\n{\"step\": 2, \"loss\": NaN, \"run\": \"a\"}\n\n{\"step\": 3, \"loss\": 2.8}\n");
        assertThat(TrainingLogFiles.detect(f)).isEqualTo(TrainingLogFormat.JSONL);
        TrainingLog log = read(f);
        assertThat(log.metric(MetricNames.LOSS).orElseThrow().steps()).containsExactly(1, 2, 3);
        assertThat(log.metricNames()).containsExactly(MetricNames.LOSS);
        Path bad = write("bad.jsonl", "{\"step\": 1, \"loss\": 3.0}\n{\"step\": 2, \"loss\": \"high\"}\n");
        assertThatThrownBy(() -> read(bad)).hasMessageEndingWith("/bad.jsonl:2: loss: 'high' is not a number");
    }

    @Test
    void somethingElseIsRefusedWithAHint() throws Exception {
        Path f = write("readme.md", "# not a log\n");
        assertThatThrownBy(() -> read(f)).isInstanceOf(BadInputException.class).hasMessageContaining("give --format");
        assertThatThrownBy(() -> read(dir.resolve("missing.log"))).hasMessageEndingWith("/missing.log: no such file");
    }
}
