package dev.sextant.workspaces;

import dev.sextant.model.contamination.CorpusFingerprint;
import dev.sextant.model.contamination.ScanResult;
import dev.sextant.model.contamination.ScanSpec;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * A contamination scan kept in a project.
 *
 * @param state        where it stands in the kept runs' one lifecycle ({@link RunState}); all but COMPLETE resume
 *                     from their completed files
 * @param summary      the totals once complete, else null
 * @param failedFile   the corpus file a FAILED scan stopped on, or null (a failure not tied to a file)
 * @param failure      why a FAILED scan stopped, in words, else null
 * @param skippedFiles files skipped on resume, with the reason; they are not read
 */
public record SavedScan(
        UUID id,
        UUID projectId,
        String name,
        RunState state,
        ScanSpec spec,
        CorpusFingerprint fingerprint,
        ScanResult.Summary summary,
        boolean demo,
        Instant createdAt,
        Instant updatedAt,
        int filesDone,
        String failedFile,
        String failure,
        List<ScanResult.SkippedFile> skippedFiles) {

    public SavedScan {
        skippedFiles = skippedFiles == null ? List.of() : List.copyOf(skippedFiles);
    }

    /** Whether a resume (the app's {@code ScanStudy.resume}) can go on with it (a complete scan just shows its results). */
    public boolean resumable() {
        return state.resumable();
    }

    /** The corpus files it will have read or skipped once complete. */
    public int files() {
        return fingerprint.files().size();
    }

    /** Its state in words: "failed on FILE: REASON", "interrupted (2 of 3 files done)", "complete (1 file skipped)". */
    public String describe() {
        String s = state.word();
        String skipped = skippedFiles.isEmpty()
                ? ""
                : skippedFiles.size() + (skippedFiles.size() == 1 ? " file" : " files") + " skipped";
        if (state == RunState.FAILED) {
            return s + (failedFile == null ? ": " : " on " + failedFile + ": ") + failure;
        }
        if (state == RunState.COMPLETE) {
            return skipped.isEmpty() ? s : s + " (" + skipped + ")";
        }
        return s + " (" + filesDone + " of " + files() + " files done" + (skipped.isEmpty() ? "" : ", " + skipped)
                + ")";
    }
}
