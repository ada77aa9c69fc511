package dev.sextant.workspaces;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sextant.model.contamination.BenchmarkItem;
import dev.sextant.model.contamination.CorpusFingerprint;
import dev.sextant.model.contamination.FileResult;
import dev.sextant.model.contamination.Normalization;
import dev.sextant.model.contamination.ScanResult;
import dev.sextant.model.contamination.ScanSpec;
import dev.sextant.model.io.Json;
import dev.sextant.model.project.Project;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Scans kept before spans were recorded still open. (That spans and place counts of a run survive the workspace is
 * tested where kept scans run: the app's {@code ScanStudyTest}.)
 */
class ScanSpansRepositoryTest {

    @TempDir
    Path tmp;

    static final String FIRST = "Weng earns twelve dollars an hour for babysitting children in the quiet town";
    static final String SECOND = "Yesterday she just did fifty minutes of babysitting and wondered how much she earned";
    static final String ITEM = FIRST + " zebra quartz violin " + SECOND;

    @Test
    void aScanKeptBeforeSpansWereRecordedStillOpens() throws Exception {
        Path dir = tmp.resolve("old");
        ScanSpec spec = new ScanSpec(8, 0.8, Normalization.defaults(), "text", "id", 1, 3);
        UUID scan;
        try (Workspace ws = Workspace.create(dir, 9)) {
            Project p = ws.projects().create("Scans", "");
            scan = ws.scans()
                    .create(
                            p.id(),
                            "old scan",
                            spec,
                            new CorpusFingerprint(List.of()),
                            List.of(new BenchmarkItem("gsm", "q", ITEM)),
                            false);
            ScanResult.Summary summary = new ScanResult.Summary(
                    1, 0, 0, 1, 0, 10, 1, 1, 1, 1, 0, 0, 8, 0.8, 1, 1, 0, List.of(), List.of(), List.of());
            ws.transaction(c -> {
                // what version 9's repository wrote
                try (PreparedStatement ps =
                        c.prepareStatement("UPDATE SCAN_ITEM SET TOKENS = 30, NGRAMS = 23, MATCHED_NGRAMS = 23, "
                                + "TOKEN_FRACTION = 1.0, LONGEST_MATCH = 30, STATUS = 'DIRTY' WHERE SCAN_ID = ?")) {
                    ps.setObject(1, scan);
                    ps.executeUpdate();
                }
                try (PreparedStatement ps = c.prepareStatement(
                        "INSERT INTO SCAN_MATCH(ID, SCAN_ITEM_ID, FILE, BYTE_OFFSET, DOCUMENT_ID, "
                                + "SNIPPET) SELECT RANDOM_UUID(), ID, 'web.jsonl', 0, 'd1', '[weng earns twelve] …' FROM SCAN_ITEM WHERE SCAN_ID = ?")) {
                    ps.setObject(1, scan);
                    ps.executeUpdate();
                }
                try (PreparedStatement ps =
                        c.prepareStatement("INSERT INTO SCAN_FILE(ID, SCAN_ID, PATH, MATCHES, LOCATIONS, COUNTERS) "
                                + "VALUES (RANDOM_UUID(), ?, 'web.jsonl', ?, ?, '[10, 1, 1, 0, 0]')")) {
                    BitSet b = new BitSet();
                    b.set(0, 23);
                    ps.setObject(1, scan);
                    ps.setBytes(2, ScanRepository.encode(Map.of(0, b)));
                    ps.setString(
                            3,
                            Json.write(Map.of(0, List.of(new ScanResult.Location("web.jsonl", 0, "d1", "[weng] …")))));
                    ps.executeUpdate();
                }
                try (PreparedStatement ps =
                        c.prepareStatement("UPDATE SCAN SET STATE = 'COMPLETE', SUMMARY = ? WHERE ID = ?")) {
                    ps.setString(1, Json.write(summary));
                    ps.setObject(2, scan);
                    ps.executeUpdate();
                }
                return null;
            });
        }
        try (Workspace ws = Workspace.open(dir)) {
            assertThat(ws.schemaVersion()).isGreaterThanOrEqualTo(10);
            ScanResult.ItemResult item = ws.scans().result(scan).items().get(0);
            assertThat(item.tokenFraction()).isEqualTo(1.0);
            assertThat(item.spansRecorded()).isFalse();
            assertThat(item.spans()).isNull();
            assertThat(item.moreLocations()).isZero();
            assertThat(item.locations()).singleElement().satisfies(l -> assertThat(l.documentId())
                    .isEqualTo("d1"));
            List<FileResult> files = ws.scans().files(scan);
            assertThat(files).singleElement().satisfies(f -> assertThat(f.places())
                    .containsEntry(0, 1L));
        }
    }
}
