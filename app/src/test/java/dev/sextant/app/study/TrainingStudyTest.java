package dev.sextant.app.study;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sextant.model.InputError;
import dev.sextant.model.architecture.ModelCatalog;
import dev.sextant.model.calibration.Calibration;
import dev.sextant.model.hardware.GpuCatalog;
import dev.sextant.model.hardware.Precision;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import dev.sextant.model.project.Project;
import dev.sextant.model.training.FaultTolerance;
import dev.sextant.model.training.LayoutSearch;
import dev.sextant.model.training.Recompute;
import dev.sextant.model.training.TrainingLayout;
import dev.sextant.model.training.TrainingPlan;
import dev.sextant.model.training.TrainingRequest;
import dev.sextant.model.training.validation.PredictionIntervals;
import dev.sextant.workspaces.SavedTrainingPlan;
import dev.sextant.workspaces.Workspace;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Training plans worked out once for both faces, kept in a real workspace seeded with the demo project. */
class TrainingStudyTest {

    @TempDir
    Path tmp;

    private static TrainingRequest llama7bOn8(String gpu, LayoutSearch.Fixed fixed, double tokens) {
        var g = GpuCatalog.get(gpu);
        return new TrainingRequest(
                ModelCatalog.get("llama-2-7b"), g, 8, 8, g.networkGbps(), g.linkGBs(), 4096, 32, tokens, fixed);
    }

    private static LayoutSearch.Fixed degrees(Integer tp, Integer pp, Integer cp, Integer microBatch) {
        return new LayoutSearch.Fixed(tp, pp, cp, null, null, microBatch, null, null, null, Precision.BF16, true);
    }

    @Test
    void everyDegreeFixedCostsTheOneLayoutWithDefaultsWhileTheAreasSearchKeepsZeroAndRecomputeOpen() {
        TrainingStudy study = new TrainingStudy();
        TrainingRequest fixed = llama7bOn8("a100-sxm-80gb", degrees(2, 1, 1, 1), 0);
        TrainingStudy.Plans one = study.plan(fixed, null, CancellationToken.none());
        assertThat(one.searched()).isEqualTo(1);
        assertThat(one.plans()).hasSize(1);
        TrainingLayout l = one.plans().get(0).layout();
        assertThat(List.of(l.tp(), l.pp(), l.dp(), l.cp(), l.microBatch(), l.zeroStage()))
                .containsExactly(2, 1, 4, 1, 1, 1);
        assertThat(l.recompute()).isEqualTo(Recompute.SELECTIVE);
        assertThat(one.sensitivity()).isNull();
        assertThat(one.plans().get(0).efficiency()).startsWith("catalog defaults");

        // the area asks the same request as a search over ZeRO and recompute: the one layout's degrees, ranked variants
        TrainingStudy.Plans searched = study.search(fixed, null, ProgressListener.NONE, CancellationToken.none());
        assertThat(searched.problem()).isNull();
        assertThat(searched.searched()).isGreaterThan(1);
        assertThat(searched.plans()).allSatisfy(p -> assertThat(
                        List.of(p.layout().tp(), p.layout().pp(), p.layout().microBatch()))
                .containsExactly(2, 1, 1));
        assertThat(searched.plans().get(0).stepTimeSeconds())
                .isLessThanOrEqualTo(one.plans().get(0).stepTimeSeconds() * (1 + 1e-12));
        assertThat(searched.sensitivity().tensorParallel()).isNotEmpty();

        // nothing fixed: plan train ranks the search, best first
        TrainingStudy.Plans ranked =
                study.plan(llama7bOn8("a100-sxm-80gb", LayoutSearch.Fixed.none(), 0), null, CancellationToken.none());
        assertThat(ranked.searched()).isGreaterThan(1);
        assertThat(ranked.valid()).isPositive().isLessThanOrEqualTo(ranked.searched());
        List<Double> steps = ranked.plans().stream()
                .filter(TrainingPlan::fits)
                .map(TrainingPlan::stepTimeSeconds)
                .toList();
        assertThat(steps).isSortedAccordingTo(Double::compare);
    }

    @Test
    void everyPlanCarriesThePredictionIntervalOfItsClassContainingItsPointEstimate() {
        TrainingStudy study = new TrainingStudy();
        TrainingRequest dense = llama7bOn8("h100-sxm", LayoutSearch.Fixed.none(), 1e12);
        TrainingStudy.Plans ranked = study.plan(dense, null, CancellationToken.none());
        var interval = ranked.interval();
        // asked for its own class (the request's stack included); too few sources there, so dense · Hopper's interval
        assertThat(interval.asked().label()).isEqualTo("dense · Hopper · megatron-core");
        assertThat(interval.basis().label()).isEqualTo("dense · Hopper");
        assertThat(interval.level()).isEqualTo(0.8);
        assertThat(interval.coverage()).isBetween(0.0, 1.0);
        for (TrainingPlan p : ranked.plans()) {
            double[] step = interval.stepSeconds(p.stepTimeSeconds());
            assertThat(p.stepTimeSeconds()).isBetween(step[0], step[1]);
            double[] tflops = interval.rate(p.tflopsPerGpu());
            assertThat(p.tflopsPerGpu()).isBetween(tflops[0], tflops[1]);
            double[] days = interval.days(p.trainingDays());
            assertThat(p.trainingDays()).isBetween(days[0], days[1]);
        }
        assertThat(step(interval, ranked)).as("an interval, not a point").isGreaterThan(0);
        // the best layouts within the ranking spread of the best (narrower than the interval): at least the best itself
        int k = ranked.indistinguishable();
        assertThat(k).isBetween(1, ranked.plans().size());
        double best = ranked.plans().get(0).stepTimeSeconds();
        assertThat(Math.log(ranked.plans().get(k - 1).stepTimeSeconds() / best)).isLessThan(interval.ranking());
        if (k < ranked.plans().size()) {
            assertThat(Math.log(ranked.plans().get(k).stepTimeSeconds() / best))
                    .isGreaterThanOrEqualTo(interval.ranking());
        }
        // the same factors for the area's search and for one fixed layout; a MoE model on A100 is of another class
        assertThat(study.search(dense, null, ProgressListener.NONE, CancellationToken.none())
                        .interval())
                .isEqualTo(interval);
        TrainingStudy.Plans one =
                study.plan(llama7bOn8("h100-sxm", degrees(1, 1, 1, 1), 0), null, CancellationToken.none());
        assertThat(one.interval()).isEqualTo(interval);
        assertThat(one.indistinguishable()).isEqualTo(1);
        var moe = TrainingStudy.interval(new TrainingRequest(
                ModelCatalog.get("mixtral-8x7b"),
                GpuCatalog.get("a100-sxm-80gb"),
                64,
                8,
                200,
                300,
                4096,
                64,
                0,
                LayoutSearch.Fixed.none()));
        assertThat(moe.asked().moe()).isTrue();
        assertThat(moe.asked().generation()).isEqualTo("A100");
        assertThat(TrainingStudy.intervals()).as("worked out once per process").isSameAs(TrainingStudy.intervals());
    }

    private static double step(PredictionIntervals.Interval i, TrainingStudy.Plans plans) {
        double[] s = i.stepSeconds(plans.plans().get(0).stepTimeSeconds());
        return s[1] - s[0];
    }

    @Test
    void anInvalidLayoutIsRefusedByPlanAndAnsweredWithItsReasonBySearch() {
        TrainingStudy study = new TrainingStudy();
        var g = GpuCatalog.get("a100-sxm-80gb");
        TrainingRequest heads = new TrainingRequest(
                ModelCatalog.get("llama-2-7b"),
                g,
                24,
                8,
                g.networkGbps(),
                g.linkGBs(),
                4096,
                24,
                0,
                degrees(3, 1, 1, 1));
        assertThatThrownBy(() -> study.plan(heads, null, CancellationToken.none()))
                .isInstanceOf(InputError.class)
                .hasMessageContaining("TP (3) must divide the 32 attention heads")
                .satisfies(e -> assertThat(((InputError) e).field()).isEqualTo("training.tp"));
        TrainingStudy.Plans none = study.search(heads, null, ProgressListener.NONE, CancellationToken.none());
        assertThat(none.plans()).isEmpty();
        assertThat(none.sensitivity()).isNull();
        assertThat(none.problem().getMessage())
                .isEqualTo("no valid layout; most often: TP (3) must divide the 32 attention heads");
        assertThat(none.problem().field()).isEqualTo("training.tp");
    }

    @Test
    void aCalibrationProfileKeptInTheProjectCostsThePlansAndOneOfAnotherGpuIsRefused() {
        try (Workspace ws = Workspace.openOrCreate(tmp.resolve("default"))) {
            Project demo = ws.projects().list().get(0);
            String name = ws.profiles().list(demo.id()).get(0).name();
            Calibration profile = PlanInputs.keptProfile(ws, demo.id(), name).orElseThrow();
            assertThat(PlanInputs.keptProfile(ws, demo.id(), "no such profile")).isEmpty();
            assertThat(PlanInputs.profileFile(name)).isEmpty();
            TrainingStudy study = new TrainingStudy(ws, demo.id());
            String measured = profile.profile().catalogGpu();
            TrainingStudy.Plans plans =
                    study.plan(llama7bOn8(measured, degrees(1, 1, 1, 1), 0), profile, CancellationToken.none());
            assertThat(plans.plans().get(0).efficiency()).startsWith("calibration profile “" + name + "”");
            String other = measured.equals("a100-sxm-80gb") ? "h100-sxm" : "a100-sxm-80gb";
            assertThatThrownBy(() -> study.search(
                            llama7bOn8(other, LayoutSearch.Fixed.none(), 0),
                            profile,
                            ProgressListener.NONE,
                            CancellationToken.none()))
                    .isInstanceOf(InputError.class)
                    .hasMessageContaining("was measured on")
                    .satisfies(e -> assertThat(((InputError) e).field()).isEqualTo("calibration.profile"));
        }
    }

    @Test
    void plansAreKeptListedAndDeletedInTheProjectAndComparedByTheirDays() {
        try (Workspace ws = Workspace.openOrCreate(tmp.resolve("default"))) {
            Project demo = ws.projects().list().get(0);
            TrainingStudy study = new TrainingStudy(ws, demo.id());
            assertThat(study.kept()).isNotEmpty().allMatch(SavedTrainingPlan::demo);
            TrainingRequest r = llama7bOn8("a100-sxm-80gb", degrees(1, 1, 1, 1), 2e11);
            TrainingPlan best =
                    study.plan(r, null, CancellationToken.none()).plans().get(0);
            UUID id = study.keep("7B on 8", r, best, null);
            SavedTrainingPlan kept = study.kept().stream()
                    .filter(s -> s.id().equals(id))
                    .findFirst()
                    .orElseThrow();
            assertThat(kept.plan().stepTimeSeconds()).isEqualTo(best.stepTimeSeconds());
            assertThat(kept.faults()).isEqualTo(FaultTolerance.Spec.defaults());
            assertThat(TrainingStudy.days(kept.request(), kept.plan()))
                    .isCloseTo(2e11 / best.tokensPerSecond() / 86400, Assertions.within(1e-9));
            assertThat(TrainingStudy.days(llama7bOn8("a100-sxm-80gb", LayoutSearch.Fixed.none(), 0), best))
                    .isNaN();
            // another project does not see it
            Project other = ws.projects().create("Other", "");
            assertThat(new TrainingStudy(ws, other.id()).kept()).isEmpty();
            study.delete(id);
            assertThat(study.kept()).noneMatch(s -> s.id().equals(id));
        }
        assertThatThrownBy(() -> new TrainingStudy().kept())
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("workspace");
    }
}
