package dev.sextant.app.cli.eval;

import picocli.CommandLine.Option;

/** How lm-evaluation-harness files are read: which metric scores an item, and the model when the files do not say. */
public final class LmEvalOptions {

    @Option(
            names = "--metric",
            paramLabel = "NAME",
            description = "Metric of lm-evaluation-harness files (default: acc, exact_match, … whichever is there).")
    String metric;

    @Option(
            names = "--model",
            paramLabel = "NAME",
            description =
                    "Model name for samples files whose run's results file (same time) is not beside them and whose neighbours are of several models.")
    String model;
}
