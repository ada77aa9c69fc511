package dev.sextant.model.io.trainlog;

import dev.sextant.model.BadInputException;
import dev.sextant.model.io.GitLfsPointer;
import dev.sextant.model.io.IoFailures;
import dev.sextant.model.io.Json;
import dev.sextant.model.io.TextInput;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import dev.sextant.model.runhealth.TrainingLog;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * A training run's logs from the files and folders given: each file's format told by its content (or forced), each
 * read streaming, and the files of one run (restarts, HF checkpoints' cumulative states) merged by step
 * ({@link TrainingLog#merge}). A folder is searched for log files; a folder holding several formats of the same run
 * (an HF output folder has {@code trainer_state.json} files and TensorBoard events) is read in the first of Megatron,
 * HF Trainer, TensorBoard, JSON Lines, CSV.
 */
public final class TrainingLogFiles {

    /** How much of a file's start is looked at to tell its format. */
    static final int SNIFF_BYTES = 64 * 1024;

    private TrainingLogFiles() {}

    public static TrainingLog read(
            List<Path> inputs, TrainingLogFormat format, ProgressListener progress, CancellationToken cancel) {
        if (inputs.isEmpty()) {
            throw BadInputException.of("--input", "no log files given");
        }
        Map<TrainingLogFormat, List<Path>> found = new LinkedHashMap<>();
        for (Path in : inputs) {
            if (Files.isDirectory(in)) {
                for (Path f : filesUnder(in)) {
                    TrainingLogFormat d = detect(f);
                    if (d != null && (format == TrainingLogFormat.AUTO || d == format)) {
                        found.computeIfAbsent(d, k -> new ArrayList<>()).add(f);
                    }
                }
            } else {
                TrainingLogFormat d = format != TrainingLogFormat.AUTO ? format : detect(in);
                if (d == null) {
                    if (!Files.exists(in)) {
                        throw BadInputException.of(TextInput.name(in), "no such file");
                    }
                    GitLfsPointer.refuse(in);
                    throw BadInputException.of(
                            TextInput.name(in),
                            "not a training log this reads (Megatron-LM/NeMo stdout, trainer_state.json,"
                                    + " TensorBoard events, CSV or JSON Lines of metrics); give --format to force one");
                }
                found.computeIfAbsent(d, k -> new ArrayList<>()).add(in);
            }
        }
        if (found.isEmpty()) {
            throw BadInputException.of(
                    TextInput.name(inputs.get(0)),
                    "no training logs found"
                            + (format == TrainingLogFormat.AUTO ? "" : " in the " + format.id() + " format"));
        }
        TrainingLogFormat chosen = null;
        for (TrainingLogFormat f : List.of(
                TrainingLogFormat.MEGATRON,
                TrainingLogFormat.HF_TRAINER,
                TrainingLogFormat.TENSORBOARD,
                TrainingLogFormat.JSONL,
                TrainingLogFormat.CSV)) {
            if (found.containsKey(f)) {
                chosen = f;
                break;
            }
        }
        List<Path> files = found.get(chosen);
        List<TrainingLog.Segment> segments = new ArrayList<>();
        for (int i = 0; i < files.size(); i++) {
            cancel.throwIfCancelled();
            Path f = files.get(i);
            progress.progress((double) i / files.size(), "reading " + TextInput.name(f));
            segments.addAll(readOne(f, chosen, cancel));
        }
        progress.progress(1, "merged " + files.size() + " file" + (files.size() == 1 ? "" : "s"));
        TrainingLog log = TrainingLog.merge(chosen.id(), segments);
        if (log.metrics().isEmpty()) {
            throw BadInputException.of(
                    TextInput.name(files.get(0)),
                    "no metrics found in " + (files.size() == 1 ? "the file" : "the " + files.size() + " files"));
        }
        return log;
    }

    static List<TrainingLog.Segment> readOne(Path f, TrainingLogFormat format, CancellationToken cancel) {
        GitLfsPointer.refuse(f);
        return switch (format) {
            case MEGATRON -> MegatronLogReader.read(f, cancel);
            case HF_TRAINER -> TrainerStateReader.read(f, cancel);
            case TENSORBOARD -> TensorBoardReader.read(f, cancel);
            case CSV -> MetricsCsvReader.read(f, cancel);
            case JSONL -> MetricsJsonlReader.read(f, cancel);
            case AUTO -> throw new IllegalArgumentException("a format must be chosen");
        };
    }

    private static List<Path> filesUnder(Path dir) {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(Files::isRegularFile).sorted().toList();
        } catch (IOException e) {
            throw BadInputException.of(TextInput.name(dir), "cannot list the folder: " + IoFailures.plain(e));
        } catch (UncheckedIOException e) {
            throw BadInputException.of(
                    TextInput.name(dir), "cannot list the folder: " + IoFailures.plain(e.getCause()));
        }
    }

    /** The format of a file by its content, or null when it is none of them (or cannot be read). */
    public static TrainingLogFormat detect(Path file) {
        byte[] head = new byte[SNIFF_BYTES];
        int n;
        try (InputStream in = Files.newInputStream(file)) {
            n = in.readNBytes(head, 0, head.length);
        } catch (NoSuchFileException e) {
            return null;
        } catch (IOException e) {
            return null;
        }
        if (n == 0) {
            return null;
        }
        if (TfRecords.looksLikeTfRecord(head, n)) {
            return TrainingLogFormat.TENSORBOARD;
        }
        String text = utf8Prefix(head, n);
        if (text == null) {
            return null;
        }
        String first = firstNonBlankLine(text);
        if (first == null) {
            return null;
        }
        if (first.startsWith("{")) {
            if (Json.peek(file).fields().contains("log_history")) {
                return TrainingLogFormat.HF_TRAINER;
            }
            return first.endsWith("}") ? TrainingLogFormat.JSONL : null;
        }
        try (BufferedReader r = new BufferedReader(new StringReader(text))) {
            String line;
            while ((line = r.readLine()) != null) {
                if (MegatronLogReader.matches(line)) {
                    return TrainingLogFormat.MEGATRON;
                }
            }
        } catch (IOException e) {
            return null;
        }
        if (first.contains(",") && StepColumns.find(List.of(first.split(","))).isPresent()) {
            return TrainingLogFormat.CSV;
        }
        // real Megatron-LM stdout opens with thousands of lines of arguments, NCCL and build output before the first
        // iteration line: the content decides, however far in it starts
        return n == SNIFF_BYTES && hasMegatronLine(file) ? TrainingLogFormat.MEGATRON : null;
    }

    /** Whether any line of a text file is one the Megatron reader takes, read leniently (a stray byte is no reason to stop). */
    private static boolean hasMegatronLine(Path file) {
        CharsetDecoder lenient = StandardCharsets.UTF_8
                .newDecoder()
                .onMalformedInput(CodingErrorAction.REPLACE)
                .onUnmappableCharacter(CodingErrorAction.REPLACE);
        try (BufferedReader r =
                new BufferedReader(new InputStreamReader(Files.newInputStream(file), lenient), 1 << 16)) {
            String line;
            while ((line = r.readLine()) != null) {
                if (line.indexOf("iteration") >= 0 || line.indexOf("global_step=") >= 0) {
                    if (MegatronLogReader.matches(line)) {
                        return true;
                    }
                }
            }
        } catch (IOException | UncheckedIOException e) {
            return false;
        }
        return false;
    }

    /** The text of the bytes (a multi-byte character cut at the end is dropped), or null when they are not UTF-8 text. */
    private static String utf8Prefix(byte[] head, int n) {
        for (int i = 0; i < n; i++) {
            if (head[i] == 0) {
                return null;
            }
        }
        int end = n;
        // back off a character cut by the buffer's end
        while (end > 0 && end > n - 4 && (head[end - 1] & 0xC0) == 0x80) {
            end--;
        }
        if (end > 0 && (head[end - 1] & 0x80) != 0 && n == SNIFF_BYTES) {
            end--;
        }
        try {
            return StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(head, 0, end))
                    .toString();
        } catch (CharacterCodingException e) {
            return null;
        }
    }

    private static String firstNonBlankLine(String text) {
        for (String line : text.split("\n", 50)) {
            String t = TextInput.stripBom(line).strip();
            if (!t.isEmpty()) {
                return t;
            }
        }
        return null;
    }
}
