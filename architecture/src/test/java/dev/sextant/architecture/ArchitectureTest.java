package dev.sextant.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaCall;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.Arrays;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The arrows between modules (docs/decisions and the module READMEs): app → {workspaces, gpu, model}; workspaces, gpu,
 * scale → model. Checked over the classes of every module, in a module of its own that depends on all of them.
 */
class ArchitectureTest {

    static JavaClasses classes;

    @BeforeAll
    static void importClasses() {
        classes = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.sextant");
    }

    @Test
    void modelHasNoUiDatabaseOrCuda() {
        noClasses()
                .that()
                .resideInAPackage("dev.sextant.model..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        "javafx..",
                        "java.sql..",
                        "jcuda..",
                        "org.h2..",
                        "picocli..",
                        "dev.sextant.workspaces..",
                        "dev.sextant.gpu..",
                        "dev.sextant.app..")
                .because("the model is pure domain and calculation code")
                .check(classes);
    }

    @Test
    void onlyTheModelsReadersParseFiles() {
        noClasses()
                .that()
                .resideInAPackage("dev.sextant.model..")
                .and()
                .resideOutsideOfPackage("dev.sextant.model.io..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        "com.fasterxml.jackson.databind..",
                        "com.fasterxml.jackson.core..",
                        "org.apache.commons.csv..",
                        "java.nio.file..",
                        "org.apache.parquet..",
                        "org.apache.hadoop..",
                        "org.xerial.snappy..",
                        "com.google.protobuf..",
                        "opennlp..")
                .because("engines work on records; reading the user's files (and a library's model) is model.io's job")
                .check(classes);
    }

    /**
     * Parquet comes through parquet-java, whose reader still loads classes from two Hadoop jars (docs/decisions/0008-parquet.md);
     * Sextant's own code touches no Hadoop class, so that none of Hadoop's file system, configuration or codecs is in play —
     * except the Spark engine's one door to HDFS ({@code HadoopStore}), in its own module.
     */
    @Test
    void onlyTheSparkEnginesStoreUsesHadoop() {
        noClasses()
                .that()
                .resideOutsideOfPackage("dev.sextant.scale..")
                .should()
                .dependOnClassesThat()
                .resideInAPackage("org.apache.hadoop..")
                .because("Parquet files are opened as local files with parquet-java's own configuration, not Hadoop's")
                .check(classes);
        noClasses()
                .that()
                .resideInAPackage("dev.sextant.scale..")
                .and()
                .doNotHaveSimpleName("HadoopStore")
                .should()
                .dependOnClassesThat()
                .resideInAPackage("org.apache.hadoop..")
                .because("the scale engine reaches HDFS through HadoopStore alone")
                .check(classes);
    }

    /** The Spark engine is a module of its own: the desktop app runs without Spark or Scala on its class path. */
    @Test
    void sparkStaysInTheScaleModule() {
        noClasses()
                .that()
                .resideOutsideOfPackage("dev.sextant.scale..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("dev.sextant.scale..", "org.apache.spark..", "scala..")
                .check(classes);
        noClasses()
                .that()
                .resideInAPackage("dev.sextant.scale..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        "dev.sextant.app..", "dev.sextant.workspaces..", "dev.sextant.gpu..", "javafx..", "java.sql..")
                .because(
                        "the engine runs the model's calculations on a cluster; it has no UI, workspace or GPU of its own")
                .check(classes);
    }

    @Test
    void workspacesAndGpuHaveNoUi() {
        noClasses()
                .that()
                .resideInAnyPackage("dev.sextant.workspaces..", "dev.sextant.gpu..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("javafx..", "dev.sextant.app..", "picocli..")
                .check(classes);
    }

    @Test
    void workspacesAndGpuDoNotKnowEachOther() {
        noClasses()
                .that()
                .resideInAPackage("dev.sextant.workspaces..")
                .should()
                .dependOnClassesThat()
                .resideInAPackage("dev.sextant.gpu..")
                .allowEmptyShould(true)
                .check(classes);
        noClasses()
                .that()
                .resideInAPackage("dev.sextant.gpu..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("dev.sextant.workspaces..", "java.sql..", "org.h2..")
                .allowEmptyShould(true) // the gpu module fills in with GPU calibration
                .check(classes);
    }

    @Test
    void theCommandLineDoesNotTouchJavaFx() {
        noClasses()
                .that()
                .resideInAPackage("dev.sextant.app.cli..")
                .and()
                .doNotHaveSimpleName("GuiCommand")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("javafx..", "dev.sextant.app.ui..")
                .because("headless commands must run without a display")
                .check(classes);
    }

    @Test
    void oneLoggingApi() {
        noClasses()
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("java.util.logging..", "org.apache.log4j..", "org.apache.logging..")
                .because("everything logs through SLF4J")
                .check(classes);
    }

    @Test
    void noGrabBagClasses() {
        noClasses()
                .should()
                .haveSimpleNameEndingWith("Util")
                .orShould()
                .haveSimpleNameEndingWith("Utils")
                .orShould()
                .haveSimpleNameEndingWith("Helper")
                .orShould()
                .haveSimpleNameEndingWith("Manager")
                .because("names say what a thing is in the domain (no grab-bag utility classes)")
                .check(classes);
    }

    /** GPUs, clusters and model architectures are facts both planners share; they know neither planner. */
    @Test
    void hardwareAndArchitecturesKnowNoPlanner() {
        noClasses()
                .that()
                .resideInAnyPackage("dev.sextant.model.hardware..", "dev.sextant.model.architecture..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        "dev.sextant.model.training..",
                        "dev.sextant.model.serving..",
                        "dev.sextant.model.calibration..")
                .because("the training and serving planners (and calibration) build on one catalog of GPUs and models")
                .check(classes);
    }

    /** Use cases (architecture.md, "Use cases: one truth per result") work for every face, so they know none of them. */
    @Test
    void useCasesKnowNoFace() {
        noClasses()
                .that()
                .resideInAPackage("dev.sextant.app.study..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        "javafx..",
                        "picocli..",
                        "dev.sextant.app.ui..",
                        "dev.sextant.app.cli..",
                        "dev.sextant.app.report..")
                .because("the GUI, the command line and the reports all call the same use case")
                .check(classes);
    }

    /**
     * The gate's evidence, decision and canary defaults are worked out in {@code GateStudy} only, so that the Rollout
     * area, {@code gate decide}, {@code gate canary-plan} and the rollout report cannot disagree.
     */
    @Test
    void facesDecideTheGateThroughItsUseCase() {
        noClasses()
                .that()
                .resideInAnyPackage(
                        "dev.sextant.app.ui..",
                        "dev.sextant.app.cli..",
                        "dev.sextant.app.report..",
                        "dev.sextant.workspaces..")
                .should()
                .dependOnClassesThat()
                .haveFullyQualifiedName("dev.sextant.model.gate.EvidenceAssembler")
                .orShould()
                .dependOnClassesThat()
                .haveFullyQualifiedName("dev.sextant.model.gate.CanaryDefaults")
                .orShould()
                .callMethod(
                        "dev.sextant.model.gate.GateDecision",
                        "decide",
                        "dev.sextant.model.gate.GatePolicy",
                        "java.util.List")
                .because("one use case per capability computes what every face shows")
                .check(classes);
    }

    /**
     * Training plans are costed and searched in {@code TrainingStudy} only, and serving plans (memory, the whole
     * analysis, capacity over a day, the levers, simulated runs) are worked out in {@code ServingStudy} only, so that
     * the Training and Serving areas, {@code plan train|serve|capacity|levers|list} and {@code simulate serve} cannot
     * disagree. {@code ServingAnalysis.concurrencyByContext}, a pure derivation of a memory plan the Serving area
     * charts, is not an engine and stays open to faces.
     */
    @Test
    void facesPlanTrainingAndServingThroughTheirUseCases() {
        noClasses()
                .that()
                .resideInAnyPackage(
                        "dev.sextant.app.ui..",
                        "dev.sextant.app.cli..",
                        "dev.sextant.app.report..",
                        "dev.sextant.workspaces..")
                .should()
                .callCodeUnitWhere(engine("dev.sextant.model.training.LayoutSearch", "search"))
                .orShould()
                .callCodeUnitWhere(engine("dev.sextant.model.training.TrainingRequest", "search", "planner"))
                .orShould()
                .callCodeUnitWhere(engine("dev.sextant.model.training.TrainingPlanner", "<init>", "plan"))
                .orShould()
                .callCodeUnitWhere(engine("dev.sextant.model.training.Sensitivity", "of"))
                .orShould()
                .callCodeUnitWhere(engine("dev.sextant.model.serving.ServingAnalysis", "run"))
                .orShould()
                .callCodeUnitWhere(engine("dev.sextant.model.serving.ServingMemory", "plan"))
                .orShould()
                .callCodeUnitWhere(engine("dev.sextant.model.serving.PrefixCaching", "of"))
                .orShould()
                .callCodeUnitWhere(engine("dev.sextant.model.serving.Capacity", "plan", "goodput"))
                .orShould()
                .callCodeUnitWhere(engine("dev.sextant.model.serving.Workload", "goodput"))
                .orShould()
                .callCodeUnitWhere(engine("dev.sextant.model.serving.ServingLevers", "standard", "compare"))
                .orShould()
                .callCodeUnitWhere(engine("dev.sextant.model.serving.BatchingSimulator", "run", "poisson", "gamma"))
                .orShould()
                .callCodeUnitWhere(
                        engine("dev.sextant.model.serving.ServingReplica", "simulate", "scheduler", "memory"))
                .because("one use case per capability computes what every face shows")
                .check(classes);
    }

    /** {@code DemoSeed} in the workspace keeps the demo project's plans; the faces keep and list them through the use cases. */
    @Test
    void facesKeepAndListPlansThroughTheirUseCases() {
        noClasses()
                .that()
                .resideInAnyPackage("dev.sextant.app.ui..", "dev.sextant.app.cli..", "dev.sextant.app.report..")
                .should()
                .callMethod("dev.sextant.workspaces.Workspace", "trainingPlans")
                .orShould()
                .callMethod("dev.sextant.workspaces.Workspace", "servingPlans")
                .because("training and serving plans are kept and listed through their use cases")
                .check(classes);
    }

    /**
     * How a kept run (a scan, a deduplication run) ends is recorded by its one lifecycle, {@code app.study.KeptRun}: no
     * face claims runs, marks them active or records them cancelled or failed, so that every kind resumes alike.
     */
    @Test
    void onlyTheLifecycleRecordsHowKeptRunsEnd() {
        noClasses()
                .that()
                .resideInAnyPackage("dev.sextant.app.ui..", "dev.sextant.app.cli..", "dev.sextant.app.report..")
                .should()
                .dependOnClassesThat()
                .haveFullyQualifiedName("dev.sextant.workspaces.ActiveRuns")
                .orShould()
                .callCodeUnitWhere(engine("dev.sextant.workspaces.ScanRepository", "cancelled", "failed", "setState"))
                .orShould()
                .callCodeUnitWhere(
                        engine("dev.sextant.workspaces.DedupRunRepository", "cancelled", "failed", "resumed"))
                .orShould()
                .callCodeUnitWhere(engine("dev.sextant.workspaces.KeptRunStore", "cancelled", "failed"))
                .because("kept runs share one lifecycle (KeptRun), so cancelled and failed runs resume by construction")
                .check(classes);
    }

    /** A call of one of {@code names} (a constructor is {@code <init>}) on {@code owner}. */
    private static DescribedPredicate<JavaCall<?>> engine(String owner, String... names) {
        Set<String> wanted = Set.of(names);
        return DescribedPredicate.describe(
                owner.substring(owner.lastIndexOf('.') + 1) + "." + String.join("|", names),
                call -> call.getTargetOwner().getName().equals(owner) && wanted.contains(call.getName()));
    }

    /** The faces of the app and the persistence module: what may not run a capability's engines itself. */
    private static final String[] FACES = {
        "dev.sextant.app.ui..", "dev.sextant.app.cli..", "dev.sextant.app.report..", "dev.sextant.workspaces.."
    };

    /**
     * Contamination scans (reading benchmark items and corpora, the scanner, the clean-subset re-score) run in
     * {@code ScanStudy} only, so that a scan kept from the Contamination area and one kept by {@code scan --project}
     * are run, saved, failed and resumed alike.
     */
    @Test
    void facesScanThroughTheScanUseCase() {
        facesDoNotUse(
                "one use case runs, keeps and resumes contamination scans for every face",
                "dev.sextant.model.contamination.CorpusScanner",
                "dev.sextant.model.contamination.NgramIndex",
                "dev.sextant.model.contamination.CleanSubsetRescore",
                "dev.sextant.model.io.BenchmarkItemFiles",
                "dev.sextant.model.io.CorpusFiles");
    }

    /**
     * Training logs are read and analysed, and failure studies simulated, in {@code RunHealthStudy} only, so that the
     * Run health area and the {@code trainlog} and {@code plan failures} commands give the same answers and keep alike.
     */
    @Test
    void facesReadLogsAndSimulateFailuresThroughTheRunHealthUseCase() {
        facesDoNotUse(
                "one use case reads training logs, analyses them and simulates failures for every face",
                "dev.sextant.model.io.trainlog.TrainingLogFiles",
                "dev.sextant.model.runhealth.AnomalyDetector",
                "dev.sextant.model.runhealth.FailureSimulation",
                "dev.sextant.model.runhealth.FailurePolicies",
                "dev.sextant.model.runhealth.RunComparison");
    }

    /** Tables of small runs are read and scaling laws fitted in {@code AblationStudy} only, so that every face fits alike. */
    @Test
    void facesFitScalingLawsThroughTheAblationUseCase() {
        facesDoNotUse(
                "one use case reads ablation runs and fits scaling laws for every face",
                "dev.sextant.model.io.AblationRunsFile",
                "dev.sextant.model.ablation.ChinchillaFit");
    }

    /** Corpora are deduplicated, filtered, decontaminated and counted for a mixture, and their output written, in {@code DataStudy} only. */
    @Test
    void facesWorkOnCorporaThroughTheDataUseCase() {
        facesDoNotUse(
                "one use case deduplicates, decontaminates and counts corpora for every face",
                "dev.sextant.model.data.Deduplicator",
                "dev.sextant.model.io.DedupOutput",
                "dev.sextant.model.io.FilteredCorpus",
                "dev.sextant.model.io.FastTextModelFile",
                "dev.sextant.model.io.OpenNlpLanguages",
                "dev.sextant.model.io.LanguageIdentifiers",
                "dev.sextant.model.io.DecontaminatedCorpus",
                "dev.sextant.model.data.CorpusMix",
                "dev.sextant.model.io.HfTokenizerFile",
                "dev.sextant.model.io.CorpusLookup");
    }

    /**
     * Evaluation files are read and analysed (summaries, paired comparison, composite index, arena ratings, scorecard)
     * in {@code EvaluationStudy} only, so that the Evaluation area and the {@code eval} commands give the same numbers
     * for the same evidence. Not named: {@code statistics.Power}, a closed-form calculator over numbers the user types
     * (no files, no project), which the Evaluation area's power fields and {@code eval power} call directly.
     */
    @Test
    void facesAnalyseEvaluationsThroughTheEvaluationUseCase() {
        facesDoNotUse(
                "one use case reads and analyses evaluation evidence for every face",
                "dev.sextant.model.evaluation.ScoreSummarizer",
                "dev.sextant.model.evaluation.CompositeIndex",
                "dev.sextant.model.evaluation.ArenaAnalysis",
                "dev.sextant.model.evaluation.CredibilityAssessor",
                "dev.sextant.model.io.EvidenceFiles",
                "dev.sextant.model.io.IndexTablesCsv");
    }

    /**
     * The GPU is probed and calibrated, profile files read, and profiles compared, in {@code CalibrationStudy} only
     * ({@code plan --profile FILE.json} reads its file through the use cases' {@code PlanInputs}).
     */
    @Test
    void facesCalibrateThroughTheCalibrationUseCase() {
        facesDoNotUse(
                "one use case probes, calibrates and compares GPU profiles for every face",
                "dev.sextant.gpu.GpuProbe",
                "dev.sextant.gpu.CudaCalibrator",
                "dev.sextant.model.calibration.ProfileComparison");
        // the demo seed (workspaces) keeps the bundled demo profile; the faces read profile files through the use cases
        noClasses()
                .that()
                .resideInAnyPackage("dev.sextant.app.ui..", "dev.sextant.app.cli..", "dev.sextant.app.report..")
                .should()
                .dependOnClassesThat()
                .haveFullyQualifiedName("dev.sextant.model.io.CalibrationFiles")
                .because("profile files are read through the use cases")
                .check(classes);
    }

    /** No face (nor the persistence module) depends on the engine classes named; their nested result records are free to show. */
    private static void facesDoNotUse(String because, String... engines) {
        String exactly = Arrays.stream(engines).map(Pattern::quote).collect(Collectors.joining("|"));
        noClasses()
                .that()
                .resideInAnyPackage(FACES)
                .should()
                .dependOnClassesThat()
                .haveNameMatching(exactly)
                .because(because)
                .check(classes);
    }
}
