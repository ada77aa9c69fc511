package dev.sextant.workspaces.archive;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * {@code manifest.json} of a Sextant archive: what the archive holds and at which schema version its rows were
 * written, so that an import can load them at that version and migrate them forward.
 *
 * @param format        always {@value #FORMAT}
 * @param formatVersion layout of the zip itself; {@value #FORMAT_VERSION} so far
 * @param kind          a whole workspace, or one project
 * @param schemaVersion the workspace schema version the rows conform to
 * @param source        name of the workspace it came from
 * @param projectId     for a project archive, the exported project's id (it gets a new one on import)
 * @param projectName   for a project archive, its name
 * @param tables        tables in the archive, parents before children, with their row counts
 * @param files         number of workspace files (under {@code files/}) in the archive
 */
public record ArchiveManifest(
        String format,
        int formatVersion,
        Kind kind,
        int schemaVersion,
        Instant createdAt,
        String source,
        UUID projectId,
        String projectName,
        List<TableEntry> tables,
        int files) {

    public static final String FORMAT = "sextant-archive";
    public static final int FORMAT_VERSION = 1;
    public static final String FILE_EXTENSION = ".sextant.zip";

    public enum Kind {
        WORKSPACE,
        PROJECT
    }

    public record TableEntry(String name, long rows) {}

    public ArchiveManifest {
        tables = tables == null ? List.of() : List.copyOf(tables);
    }

    public long totalRows() {
        return tables.stream().mapToLong(TableEntry::rows).sum();
    }
}
