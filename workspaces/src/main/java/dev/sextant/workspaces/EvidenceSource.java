package dev.sextant.workspaces;

import dev.sextant.model.evaluation.EvidenceFile;
import java.time.Instant;
import java.time.LocalDate;
import java.util.UUID;

/**
 * One imported evaluation file as the workspace keeps it.
 *
 * @param runDate when its results were produced, when the file or the user said; null when unknown
 */
public record EvidenceSource(
        UUID id,
        UUID projectId,
        EvidenceFile.Kind kind,
        String name,
        String origin,
        long rows,
        boolean demo,
        Instant importedAt,
        LocalDate runDate) {}
