package dev.sextant.app.cli;

import dev.sextant.app.study.Engine;
import dev.sextant.model.BadInputException;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine.Option;

/** {@code --engine local|spark}, {@code --master URL} and {@code --spark-conf K=V}: where corpus work runs. */
public final class EngineOptions {

    @Option(
            names = "--engine",
            defaultValue = "local",
            paramLabel = "local|spark",
            description = "Where to read the corpus: this machine's threads (default), or Apache Spark (--master).")
    String engine;

    @Option(
            names = "--master",
            defaultValue = "local[*]",
            paramLabel = "URL",
            description =
                    "With --engine spark: local[N], spark://HOST:PORT, yarn or k8s://… (default: ${DEFAULT-VALUE}).")
    String master;

    @Option(
            names = "--spark-conf",
            paramLabel = "K=V",
            description = "With --engine spark: a Spark setting (repeatable).")
    Map<String, String> sparkConf = new LinkedHashMap<>();

    public Engine engine() {
        return switch (engine.strip().toLowerCase(Locale.ROOT)) {
            case "local" -> Engine.LOCAL;
            case "spark" -> Engine.spark(master, sparkConf);
            default -> throw BadInputException.of("--engine", "expected local or spark, got '" + engine + "'");
        };
    }
}
