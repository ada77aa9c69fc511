package dev.sextant.app.cli;

import dev.sextant.app.Failures;
import dev.sextant.model.InputError;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import picocli.CommandLine.Model.CommandSpec;

/**
 * The one place where the model's input keys meet the command line's flags. The model names the input a problem is
 * about in its own words ({@code serving.tp}, {@code training.globalBatch}, see {@link InputError}); the command line
 * says which flag that is. Flags are the same in every command that has them, so one map serves all; a key whose
 * flag the failing command does not have (the value came from a file, a default or another input) is reported
 * without a flag.
 */
public final class CliFields {

    private static final Map<String, String> FLAGS = Map.ofEntries(
            // inputs every planner shares
            Map.entry("model", "--model"),
            Map.entry("gpu", "--gpu"),
            // training (plan train, plan checkpoint)
            Map.entry("training.gpus", "--gpus"),
            Map.entry("training.gpusPerNode", "--gpus-per-node"),
            Map.entry("training.network", "--inter-node-gbps"),
            Map.entry("training.intra", "--intra-node-gbs"),
            Map.entry("training.seqLen", "--seq-len"),
            Map.entry("training.globalBatch", "--global-batch"),
            Map.entry("training.tokens", "--tokens"),
            Map.entry("training.tp", "--tp"),
            Map.entry("training.pp", "--pp"),
            Map.entry("training.cp", "--cp"),
            Map.entry("training.ep", "--ep"),
            Map.entry("training.virtualStages", "--vpp"),
            Map.entry("training.microBatch", "--micro-batch"),
            Map.entry("training.zero", "--zero"),
            Map.entry("training.precision", "--precision"),
            Map.entry("training.stack", "--stack"),
            Map.entry("training.moeDispatcher", "--moe-dispatcher"),
            Map.entry("training.failures", "--failures-per-gpu-day"),
            Map.entry("training.checkpointSeconds", "--checkpoint-seconds"),
            Map.entry("training.restartSeconds", "--restart-seconds"),
            // a whole run under failures (plan failures)
            Map.entry("failures.gpus", "--gpus"),
            Map.entry("failures.gpusPerNode", "--gpus-per-node"),
            Map.entry("failures.stepSeconds", "--step-seconds"),
            Map.entry("failures.steps", "--steps"),
            Map.entry("failures.rate", "--failures-per-gpu-day"),
            Map.entry("failures.checkpointInterval", "--checkpoint-every-minutes"),
            Map.entry("failures.checkpointSeconds", "--checkpoint-seconds"),
            Map.entry("failures.restartSeconds", "--restart-minutes"),
            Map.entry("failures.spareNodes", "--spare-nodes"),
            Map.entry("failures.repairHours", "--repair-hours"),
            Map.entry("failures.gpusPerReplica", "--gpus-per-replica"),
            Map.entry("failures.memorySnapshot", "--memory-snapshot-minutes"),
            Map.entry("failures.correlatedShare", "--correlated-share"),
            Map.entry("failures.correlatedNodes", "--correlated-nodes"),
            Map.entry("failures.runs", "--runs"),
            // deduplication (dedup)
            Map.entry("dedup.threshold", "--threshold"),
            // quality filtering (filter)
            Map.entry("quality.rules", "--rules"),
            Map.entry("quality.preset", "--preset"),
            Map.entry("quality.scoreField", "--score-field"),
            Map.entry("score.min", "--min-score"),
            Map.entry("quality.languages", "--language"),
            Map.entry("language.language_threshold", "--language-threshold"),
            Map.entry("score.max", "--max-score"),
            Map.entry("dedup.ngram", "--ngram"),
            Map.entry("dedup.permutations", "--permutations"),
            Map.entry("dedup.bands", "--bands"),
            Map.entry("dedup.rows", "--rows"),
            Map.entry("dedup.textField", "--text-field"),
            Map.entry("decontaminate.threads", "--threads"),
            Map.entry("mix.by", "--by"),
            Map.entry("mix.textField", "--text-field"),
            Map.entry("mix.budget", "--budget-tokens"),
            Map.entry("mix.phases", "--phases"),
            Map.entry("mix.target", "--target"),
            Map.entry("mix.tokensPerWord", "--tokens-per-word"),
            // a run's logs (trainlog analyze)
            Map.entry("trainlog.window", "--window"),
            Map.entry("trainlog.threshold", "--threshold"),
            Map.entry("trainlog.sensitivity", "--sensitivity"),
            Map.entry("trainlog.checkpointEvery", "--checkpoint-every"),
            Map.entry("trainlog.checkpoints", "--checkpoints"),
            Map.entry("policy.metric", "--policy-metric"),
            Map.entry("policy.threshold", "--policy-threshold"),
            Map.entry("policy.patience", "--policy-patience"),
            // serving (plan serve, plan capacity, plan levers, simulate serve)
            Map.entry("serving.tp", "--tp"),
            Map.entry("serving.prefillTp", "--prefill-tp"),
            Map.entry("serving.decodeTp", "--decode-tp"),
            Map.entry("serving.kvLinkGbs", "--kv-link-gbs"),
            Map.entry("serving.prefillMaxNumBatchedTokens", "--prefill-max-num-batched-tokens"),
            Map.entry("serving.decodeMaxNumSeqs", "--decode-max-num-seqs"),
            Map.entry("serving.prefillEp", "--prefill-ep"),
            Map.entry("serving.decodeEp", "--decode-ep"),
            Map.entry("serving.engine", "--engine"),
            Map.entry("serving.ep", "--ep"),
            Map.entry("serving.pp", "--pp"),
            Map.entry("serving.kvDtype", "--kv-dtype"),
            Map.entry("serving.maxModelLen", "--max-model-len"),
            Map.entry("serving.maxNumSeqs", "--max-num-seqs"),
            Map.entry("serving.maxNumBatchedTokens", "--max-num-batched-tokens"),
            Map.entry("serving.gpuMemoryUtilization", "--gpu-memory-utilization"),
            Map.entry("serving.blockSize", "--block-size"),
            Map.entry("serving.gpuMemoryGib", "--gpu-memory-gib"),
            Map.entry("serving.activationPeakGib", "--activation-peak-gib"),
            Map.entry("serving.overheadGib", "--overhead-gib"),
            Map.entry("serving.promptTokens", "--prompt-tokens"),
            Map.entry("serving.outputTokens", "--output-tokens"),
            Map.entry("serving.sloTtft", "--slo-ttft"),
            Map.entry("serving.sloTpot", "--slo-tpot"),
            Map.entry("serving.rate", "--rate"),
            Map.entry("serving.concurrency", "--concurrency"),
            Map.entry("serving.duration", "--duration"),
            Map.entry("serving.requests", "--requests"),
            Map.entry("serving.arrivals", "--arrivals"),
            Map.entry("serving.seed", "--seed"),
            Map.entry("serving.traffic", "--traffic"),
            Map.entry("serving.headroom", "--headroom"),
            Map.entry("serving.scaleUpMinutes", "--scale-up-minutes"),
            Map.entry("serving.price", "--price-per-gpu-hour"),
            Map.entry("serving.prefixTokens", "--prefix-tokens"),
            Map.entry("serving.prefixShare", "--prefix-share"),
            Map.entry("serving.specAcceptance", "--speculative"),
            Map.entry("serving.specTokens", "--speculative"),
            Map.entry("serving.specCost", "--speculative"),
            Map.entry("serving.smallShare", "--small-share"),
            // evaluation (eval summary, compare, index, arena)
            Map.entry("evaluation.modelA", "--a"),
            Map.entry("evaluation.modelB", "--b"),
            Map.entry("evaluation.benchmark", "--benchmark"),
            Map.entry("evaluation.runDate", "--run-date"),
            Map.entry("evaluation.bootstrap", "--bootstrap"),
            Map.entry("evaluation.alpha", "--alpha"),
            Map.entry("evaluation.scores", "--scores"),
            Map.entry("evaluation.samples", "--samples"),
            Map.entry("evaluation.concentration", "--concentration"),
            Map.entry("evaluation.topK", "--top-k"),
            Map.entry("evaluation.baseline", "--baseline"),
            Map.entry("evaluation.anchor", "--anchor"),
            // statistics (eval power, eval compare)
            Map.entry("statistics.alpha", "--alpha"),
            Map.entry("statistics.power", "--power"),
            Map.entry("statistics.sdDiff", "--sd-diff"),
            Map.entry("statistics.sdWithin", "--sd-within"),
            Map.entry("statistics.k", "--k"),
            Map.entry("statistics.n", "--n"),
            Map.entry("statistics.effect", "--effect"),
            Map.entry("statistics.confidence", "--confidence"),
            // contamination (scan)
            Map.entry("contamination.ngram", "--ngram"),
            Map.entry("contamination.dirty", "--dirty"),
            Map.entry("contamination.threads", "--threads"),
            Map.entry("contamination.locations", "--locations"),
            Map.entry("contamination.textField", "--text-field"),
            // calibration profiles (the planners' --profile)
            Map.entry("calibration.profile", "--profile"),
            // the rollout gate (gate decide, gate canary-plan, gate judge, report rollout)
            Map.entry("gate.candidate", "--candidate"),
            Map.entry("gate.incumbent", "--incumbent"),
            Map.entry("canary.rate", "--rate"),
            Map.entry("canary.steps", "--steps"),
            Map.entry("canary.stepWeight", "--step-weight"),
            Map.entry("canary.interval", "--interval-minutes"),
            Map.entry("canary.alpha", "--alpha"),
            Map.entry("canary.power", "--power"),
            Map.entry("canary.errorRate", "--error-rate"),
            Map.entry("canary.errorRateIncrease", "--error-rate-increase"),
            Map.entry("canary.refusalRate", "--refusal-rate"),
            Map.entry("canary.refusalRateIncrease", "--refusal-rate-increase"),
            Map.entry("canary.latencyP99", "--latency-p99-ms"),
            Map.entry("canary.latencyIncrease", "--latency-increase"),
            Map.entry("canary.latencyTail", "--latency-tail"),
            Map.entry("canary.qualityMean", "--quality-mean"),
            Map.entry("canary.qualitySd", "--quality-sd"),
            Map.entry("canary.qualityDrop", "--quality-drop"),
            Map.entry("judge.confidence", "--confidence"),
            Map.entry("judge.tolerance", "--tolerance"),
            Map.entry("judge.direction", "--direction"),
            Map.entry("judge.critical", "--critical"),
            Map.entry("judge.thresholds", "--pass-threshold"),
            // eval samples
            Map.entry("samples.k", "--k"),
            Map.entry("samples.tokens", "--tokenizer"),
            Map.entry("samples.input", "--input"),
            Map.entry("samples.fold", "--trials"),
            // eval by-date
            Map.entry("bydate.dates", "--dates"),
            Map.entry("scorecard.staleMonths", "--stale-after"),
            Map.entry("bydate.cutoff", "--cutoff"),
            Map.entry("bydate.model", "--model"),
            // monitor watch
            Map.entry("monitor.rollback", "--rollback"),
            Map.entry("monitor.qualityProxy", "--quality-proxy"),
            // projects (project create, project edit)
            Map.entry("project.name", "--name"),
            Map.entry("project.description", "--description"));

    /** What to run, for inputs that no flag of the failing command gives (they are kept in the project). */
    private static final Map<String, String> HINTS = Map.of(
            "gate.policy", "set one with 'sextant gate policy --set FILE.json'",
            "canary.thresholds", "give --error-rate, --refusal-rate, --latency-p99-ms or --quality-mean");

    private CliFields() {}

    /** The keys the command line has a flag for. */
    static Set<String> keys() {
        return FLAGS.keySet();
    }

    /** The flag that gives the input {@code key} in the commands that have it, or null when none does. */
    static String flagOf(String key) {
        return FLAGS.get(key);
    }

    /** The flag of {@code command} that gives the input {@code key}, or empty when the command has no such flag. */
    public static Optional<String> flag(String key, CommandSpec command) {
        String flag = FLAGS.get(key);
        return flag != null && command.findOption(flag) != null ? Optional.of(flag) : Optional.empty();
    }

    /**
     * The one line the command line prints for an input error, after {@code error: }: the flag at fault when the
     * command has it, the problem, and where to read about the flags, e.g.
     * {@code --tp: TP (3) must divide the 32 attention heads (see 'sextant plan serve --help')}.
     */
    public static String describe(InputError e, CommandSpec command) {
        String where = flag(e.field(), command).map(f -> f + ": ").orElse("");
        String hint = HINTS.getOrDefault(e.field(), "see '" + command.qualifiedName() + " --help'");
        return Failures.oneLine(where + e.getMessage()) + " (" + hint + ")";
    }
}
