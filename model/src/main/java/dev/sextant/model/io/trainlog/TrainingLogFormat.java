package dev.sextant.model.io.trainlog;

import dev.sextant.model.BadInputException;
import java.util.Arrays;
import java.util.Locale;

/** The log formats read, by the names the command line uses. */
public enum TrainingLogFormat {
    AUTO("auto"),
    MEGATRON("megatron"),
    HF_TRAINER("hf-trainer"),
    TENSORBOARD("tensorboard"),
    CSV("csv"),
    JSONL("jsonl");

    private final String id;

    TrainingLogFormat(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }

    public static TrainingLogFormat of(String id) {
        String key = id == null ? "" : id.strip().toLowerCase(Locale.ROOT);
        for (TrainingLogFormat f : values()) {
            if (f.id.equals(key)) {
                return f;
            }
        }
        throw BadInputException.of(
                "--format",
                "unknown format '" + id + "'; expected one of "
                        + Arrays.stream(values()).map(TrainingLogFormat::id).toList());
    }
}
