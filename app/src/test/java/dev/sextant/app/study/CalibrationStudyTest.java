package dev.sextant.app.study;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.sextant.gpu.GpuProbe;
import dev.sextant.model.calibration.CalibrationProfile;
import dev.sextant.model.calibration.ProfileComparison;
import dev.sextant.model.io.CalibrationFiles;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.CapabilityUnavailableException;
import dev.sextant.model.job.ProgressListener;
import dev.sextant.model.project.Project;
import dev.sextant.workspaces.DemoSeed;
import dev.sextant.workspaces.SavedProfile;
import dev.sextant.workspaces.Workspace;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Calibration profiles probed, measured, kept and compared once for the GPU area and the gpu commands. */
class CalibrationStudyTest {

    @TempDir
    Path tmp;

    @Test
    void aCalibrationWithoutAUsableGpuSaysWhyAndOneWithAGpuMeasuresIt() {
        assertThat(CalibrationStudy.probe()).isEqualTo(GpuProbe.status());
        if (!CalibrationStudy.probe().available()) {
            assertThatThrownBy(
                            () -> CalibrationStudy.calibrate(true, 0, ProgressListener.NONE, CancellationToken.none()))
                    .isInstanceOf(CapabilityUnavailableException.class)
                    .hasMessage(GpuProbe.status().reason());
        } else {
            CalibrationProfile p = CalibrationStudy.calibrate(true, 0, ProgressListener.NONE, CancellationToken.none());
            assertThat(p.device().name())
                    .isEqualTo(GpuProbe.status().devices().get(0).name());
            assertThat(p.memoryBandwidthGBs().median()).isPositive();
            assertThat(p.fits()).isNotEmpty();
        }
    }

    @Test
    void profilesAreKeptImportedListedComparedAndDeletedInTheirProject() throws Exception {
        try (Workspace ws = Workspace.openOrCreate(tmp.resolve("default"))) {
            Project demo = ws.projects().list().get(0);
            CalibrationStudy study = new CalibrationStudy(ws, demo.id());
            SavedProfile seeded = study.find(DemoSeed.DEMO_PROFILE).orElseThrow();
            assertThat(study.profiles()).containsExactly(seeded);

            // the demo profile against its datasheet: 2,950 of the H100's 3,350 GB/s
            assertThat(CalibrationStudy.againstDatasheet(seeded.profile())).hasValueSatisfying(lines -> {
                assertThat(lines).isEqualTo(ProfileComparison.againstDatasheet(seeded.profile()));
                assertThat(lines.get(0).ratio()).isCloseTo(2950 / 3350.0, within(1e-9));
            });
            assertThat(CalibrationStudy.rates(seeded.profile())).isEqualTo(ProfileComparison.rates(seeded.profile()));

            // a profile measured elsewhere, from its JSON file, kept and compared with the first: the same numbers
            Path file = tmp.resolve("other.json");
            CalibrationFiles.write(file, CalibrationFiles.demo());
            CalibrationStudy.Kept kept = study.importFile(file, "Other H100");
            assertThat(kept.profile()).isEqualTo(CalibrationStudy.read(file));
            assertThat(study.find("Other H100"))
                    .hasValueSatisfying(s -> assertThat(s.id()).isEqualTo(kept.id()));
            assertThat(study.profiles()).hasSize(2);
            assertThat(CalibrationStudy.between(seeded.profile(), kept.profile()))
                    .allMatch(l -> l.ratio() == null || Math.abs(l.ratio() - 1) < 1e-12);

            // another project has none of them
            Project other = ws.projects().create("Other", "");
            assertThat(new CalibrationStudy(ws, other.id()).profiles()).isEmpty();
            assertThat(new CalibrationStudy(ws, other.id()).find("Other H100")).isEmpty();

            study.delete(kept.id());
            assertThat(study.profiles()).containsExactly(seeded);
        }
    }

    @Test
    void aGpuTheCatalogLacksHasNoDatasheetToCompareWith() {
        CalibrationProfile d = CalibrationFiles.demo();
        CalibrationProfile unknown = new CalibrationProfile(
                d.device(),
                null,
                d.driverVersion(),
                d.cudaVersion(),
                d.measuredAt(),
                d.source(),
                d.gemmBackend(),
                d.memoryBandwidthGBs(),
                d.copyBandwidthGBs(),
                d.hostToDeviceGBs(),
                d.hostToDevicePageableGBs(),
                d.deviceToHostGBs(),
                d.deviceToHostPageableGBs(),
                d.launchLatencyMicros(),
                d.fp32Tflops(),
                d.gemm(),
                d.fits());
        assertThat(CalibrationStudy.againstDatasheet(unknown)).isEmpty();
        assertThat(CalibrationStudy.againstDatasheet(d)).isPresent();
    }
}
