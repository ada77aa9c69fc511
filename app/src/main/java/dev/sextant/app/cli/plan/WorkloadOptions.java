package dev.sextant.app.cli.plan;

import dev.sextant.model.InputError;
import dev.sextant.model.io.ServingFiles;
import dev.sextant.model.serving.Workload;
import picocli.CommandLine.Option;

/** The workload, latency targets and price the goodput-based serving commands share. */
public final class WorkloadOptions {

    @Option(
            names = "--prompt-tokens",
            defaultValue = "lognormal:1000:500",
            paramLabel = "DIST",
            description = "Prompt lengths (default: ${DEFAULT-VALUE}).")
    String promptTokens;

    @Option(
            names = "--output-tokens",
            defaultValue = "lognormal:200:100",
            paramLabel = "DIST",
            description = "Output lengths (default: ${DEFAULT-VALUE}).")
    String outputTokens;

    @Option(
            names = "--slo-ttft",
            required = true,
            paramLabel = "S",
            description = "P99 time-to-first-token target, seconds.")
    double sloTtft;

    @Option(
            names = "--slo-tpot",
            required = true,
            paramLabel = "S",
            description = "P99 time-per-output-token target, seconds.")
    double sloTpot;

    @Option(
            names = "--seed",
            defaultValue = "1",
            paramLabel = "N",
            description = "Random seed (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(
            names = "--price-per-gpu-hour",
            defaultValue = "0",
            paramLabel = "P",
            description = "Price of a GPU-hour, for costs (default: none).")
    double price;

    /** The workload; bad distributions, targets or price are input errors about their inputs. */
    Workload workload() {
        InputError.require(price >= 0, "serving.price", "the price per GPU-hour must not be negative");
        return new Workload(
                ServingFiles.distribution("serving.promptTokens", promptTokens),
                ServingFiles.distribution("serving.outputTokens", outputTokens),
                sloTtft,
                sloTpot,
                seed);
    }
}
