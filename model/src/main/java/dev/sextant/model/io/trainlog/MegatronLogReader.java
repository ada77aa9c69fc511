package dev.sextant.model.io.trainlog;

import dev.sextant.model.io.TextInput;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.runhealth.MetricNames;
import dev.sextant.model.runhealth.TrainingLog;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Megatron-LM (and NeMo's Megatron core) stdout: the training lines
 * {@code iteration 100/ 500000 | consumed samples: 51200 | elapsed time per iteration (ms): 1234.5 | learning rate: 1.5E-04
 * | global batch size: 512 | lm loss: 7.12E+00 | loss scale: 65536.0 | grad norm: 1.234 | number of skipped iterations: 0
 * | number of nan iterations: 0 |} (megatron/training/training.py {@code training_log}), NeMo 2's
 * {@code Training epoch 0, iteration 99/4999 | lr: 3e-05 | global_step: 99 | reduced_train_loss: 10.45 |
 * train_step_timing in s: 5.4 | consumed_samples: 51200}, and NeMo's Lightning progress bars
 * ({@code Epoch 0: 10%|█| 100/1000 [00:10<01:30, reduced_train_loss=2.34, global_step=99.0, consumed_samples=25600.0,
 * train_step_timing in s=1.23]}, each carriage-return update at its global step), whatever precedes
 * {@code iteration} on the line (timestamps, rank prefixes), and the validation lines
 * {@code validation loss at iteration 1000 | lm loss value: 2.3E+00 | lm loss PPL: 10.4 |}. Every other line (warnings,
 * timers, stack traces) is passed over.
 */
final class MegatronLogReader {

    static final Pattern ITERATION = Pattern.compile("\\biteration\\s+(\\d+)\\s*/\\s*(\\d+)\\s*\\|");
    static final Pattern VALIDATION = Pattern.compile("validation loss at iteration\\s+(\\d+)[^|]*\\|");
    /** A PyTorch Lightning progress bar as NeMo prints it: {@code … [00:10<01:30, reduced_train_loss=2.34, global_step=99.0, …]}. */
    static final Pattern LIGHTNING_STEP = Pattern.compile("\\bglobal_step=(\\d+)(?:\\.0+)?\\b");

    static final Pattern LIGHTNING_FIELD = Pattern.compile("([A-Za-z_][\\w./ -]*?)=\\s*([^,\\]\\s]+)");

    private MegatronLogReader() {}

    /** Whether {@code line} is one of the lines this reader takes. */
    static boolean matches(String line) {
        return ITERATION.matcher(line).find()
                || VALIDATION.matcher(line).find()
                || LIGHTNING_STEP.matcher(line).find();
    }

    static List<TrainingLog.Segment> read(Path file, CancellationToken cancel) {
        SegmentBuilder b = new SegmentBuilder(TextInput.name(file));
        long lineNo = 0;
        try (BufferedReader r = TextInput.open(file)) {
            String line;
            while ((line = r.readLine()) != null) {
                lineNo++;
                if ((lineNo & 0xFFFF) == 0) {
                    cancel.throwIfCancelled();
                }
                Matcher m = ITERATION.matcher(line);
                if (m.find()) {
                    long step = Long.parseLong(m.group(1));
                    fields(b, line.substring(m.end()), step, lineNo, false);
                    continue;
                }
                Matcher v = VALIDATION.matcher(line);
                if (v.find()) {
                    fields(b, line.substring(v.end()), Long.parseLong(v.group(1)), lineNo, true);
                    continue;
                }
                if (line.indexOf("global_step=") >= 0) {
                    lightning(b, line, lineNo);
                }
            }
        } catch (IOException e) {
            throw TextInput.readError(file, lineNo + 1, e);
        }
        return b.build();
    }

    /**
     * A progress-bar line (tqdm rewrites itself with carriage returns, so one line of the file can hold many updates):
     * each update's {@code key=value} pairs at its {@code global_step}.
     */
    private static void lightning(SegmentBuilder b, String line, long lineNo) {
        for (String update : line.split("\r")) {
            Matcher step = LIGHTNING_STEP.matcher(update);
            if (!step.find()) {
                continue;
            }
            long s = Long.parseLong(step.group(1));
            int open = update.lastIndexOf('[');
            Matcher f = LIGHTNING_FIELD.matcher(open >= 0 ? update.substring(open + 1) : update);
            while (f.find()) {
                String key = f.group(1).strip();
                if (!key.equals("global_step") && !key.startsWith("v_num")) {
                    b.addText(key, s, f.group(2), lineNo);
                }
            }
        }
    }

    /** The {@code key: value |} fields after the step; on a validation line only the loss. */
    private static void fields(SegmentBuilder b, String rest, long step, long lineNo, boolean validation) {
        for (String part : rest.split("\\|")) {
            int colon = part.lastIndexOf(':');
            if (colon <= 0) {
                continue;
            }
            String key = part.substring(0, colon).strip();
            String value = part.substring(colon + 1).strip();
            int space = value.indexOf(' ');
            if (space > 0) {
                value = value.substring(0, space);
            }
            if (validation) {
                if (MetricNames.canonical(key).name().equals(MetricNames.VALIDATION_LOSS)) {
                    b.addText(key, step, value, lineNo);
                }
                continue;
            }
            b.addText(key, step, value, lineNo);
        }
    }
}
