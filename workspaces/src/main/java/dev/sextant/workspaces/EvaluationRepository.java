package dev.sextant.workspaces;

import dev.sextant.model.evaluation.Battle;
import dev.sextant.model.evaluation.BenchmarkWeight;
import dev.sextant.model.evaluation.EvaluationEvidence;
import dev.sextant.model.evaluation.EvidenceFile;
import dev.sextant.model.evaluation.EvidenceFile.Kind;
import dev.sextant.model.evaluation.ItemDate;
import dev.sextant.model.evaluation.ItemScore;
import dev.sextant.model.evaluation.ModelScore;
import dev.sextant.model.evaluation.ReportedResult;
import dev.sextant.model.evaluation.ResultDate;
import dev.sextant.model.io.FieldChecks;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import java.sql.Connection;
import java.sql.Date;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * Evaluation evidence in a project: imported files ({@link EvidenceSource}) and their rows. An import of several
 * files is one transaction: all of them or none.
 */
public final class EvaluationRepository {

    private static final int BATCH = 1000;

    private final Workspace workspace;

    EvaluationRepository(Workspace workspace) {
        this.workspace = workspace;
    }

    public List<EvidenceSource> importFiles(
            UUID projectId,
            List<EvidenceFile> files,
            boolean demo,
            ProgressListener progress,
            CancellationToken cancel) {
        long total = Math.max(1, files.stream().mapToLong(EvidenceFile::rows).sum());
        files.forEach(EvaluationRepository::requireWidths);
        return workspace.transaction(c -> {
            ProjectRows.changing(c, projectId);
            refuseDuplicateItems(c, projectId, files);
            refuseDuplicateReported(c, projectId, files);
            refuseBattlesAgain(c, projectId, files);
            List<EvidenceSource> out = new ArrayList<>();
            long[] done = {0};
            for (EvidenceFile f : files) {
                cancel.throwIfCancelled();
                EvidenceSource s = new EvidenceSource(
                        Ids.newId(),
                        projectId,
                        f.kind(),
                        f.name(),
                        f.origin(),
                        f.rows(),
                        demo,
                        Instant.now().truncatedTo(ChronoUnit.MILLIS),
                        f.holdsResults() ? f.runDate() : null);
                try (PreparedStatement ps = c.prepareStatement(
                        "INSERT INTO EVAL_SOURCE(ID, PROJECT_ID, KIND, NAME, ORIGIN, ROW_COUNT, DEMO, "
                                + "IMPORTED_AT, RUN_DATE) VALUES (?,?,?,?,?,?,?,?,?)")) {
                    ps.setObject(1, s.id());
                    ps.setObject(2, projectId);
                    ps.setString(3, s.kind().name());
                    ps.setString(4, truncate(s.name(), 400));
                    ps.setString(5, truncate(s.origin(), 4000));
                    ps.setLong(6, s.rows());
                    ps.setBoolean(7, demo);
                    ps.setObject(8, s.importedAt().atOffset(ZoneOffset.UTC));
                    ps.setDate(9, s.runDate() == null ? null : Date.valueOf(s.runDate()));
                    ps.executeUpdate();
                }
                Runnable tick = () -> {
                    if (++done[0] % BATCH == 0) {
                        cancel.throwIfCancelled();
                        progress.progress((double) done[0] / total, "importing " + f.name());
                    }
                };
                insertRows(c, s.id(), f, tick);
                out.add(s);
            }
            progress.progress(1, "imported " + files.size() + " file(s)");
            return out;
        });
    }

    /**
     * The same item (model, benchmark, item id, sample) imported twice would read as two samples of it; refuse, naming
     * the file that already holds it.
     */
    private static void refuseDuplicateItems(Connection c, UUID projectId, List<EvidenceFile> files)
            throws SQLException {
        Map<String, String> seen = new HashMap<>(); // key -> file it came from
        Set<String> loadedPairs = new HashSet<>();
        for (EvidenceFile f : files) {
            for (ItemScore x : f.items()) {
                String pair = x.model() + '\u0000' + x.benchmark();
                if (loadedPairs.add(pair)) {
                    try (PreparedStatement ps = c.prepareStatement(
                            "SELECT S.ITEM_ID, S.SAMPLE_INDEX, X.NAME FROM EVAL_ITEM_SCORE S "
                                    + "JOIN EVAL_SOURCE X ON S.SOURCE_ID = X.ID WHERE X.PROJECT_ID = ? AND S.MODEL = ? AND S.BENCHMARK = ?")) {
                        ps.setObject(1, projectId);
                        ps.setString(2, x.model());
                        ps.setString(3, x.benchmark());
                        try (ResultSet rs = ps.executeQuery()) {
                            while (rs.next()) {
                                seen.put(
                                        pair + '\u0000' + rs.getString(1) + '\u0000' + rs.getObject(2),
                                        rs.getString(3));
                            }
                        }
                    }
                }
                String key = pair + '\u0000' + x.itemId() + '\u0000' + x.sample();
                String other = seen.putIfAbsent(key, f.name());
                if (other != null) {
                    throw new WorkspaceException(f.name() + ": item '" + x.itemId() + "'"
                            + (x.sample() == null ? "" : " sample " + x.sample())
                            + " of model '" + x.model() + "' on '" + x.benchmark()
                            + "' is already in this project (from " + other
                            + "); remove that source first to replace it");
                }
            }
        }
    }

    /** The same reported result (model, benchmark, metric) twice would show as two results of one run; refuse, as for items. */
    private static void refuseDuplicateReported(Connection c, UUID projectId, List<EvidenceFile> files)
            throws SQLException {
        if (files.stream().allMatch(f -> f.reported().isEmpty())) {
            return;
        }
        Map<String, String> seen = new HashMap<>();
        try (PreparedStatement ps =
                c.prepareStatement("SELECT S.MODEL, S.BENCHMARK, S.METRIC, X.NAME FROM EVAL_REPORTED S "
                        + "JOIN EVAL_SOURCE X ON S.SOURCE_ID = X.ID WHERE X.PROJECT_ID = ?")) {
            ps.setObject(1, projectId);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    seen.put(
                            rs.getString(1) + '\u0000' + rs.getString(2) + '\u0000' + rs.getString(3), rs.getString(4));
                }
            }
        }
        for (EvidenceFile f : files) {
            for (ReportedResult r : f.reported()) {
                String other = seen.putIfAbsent(r.model() + '\u0000' + r.benchmark() + '\u0000' + r.metric(), f.name());
                if (other != null) {
                    throw new WorkspaceException(f.name() + ": the result of model '" + r.model() + "' on '"
                            + r.benchmark() + "' (" + r.metric() + ") is already in this project (from " + other
                            + "); remove that source first to replace it");
                }
            }
        }
    }

    /**
     * Battles carry no key the project keeps (judge and turn are not stored), so the same battles file imported again
     * is refused by its origin: every battle in it would count twice.
     */
    private static void refuseBattlesAgain(Connection c, UUID projectId, List<EvidenceFile> files) throws SQLException {
        for (EvidenceFile f : files) {
            if (f.kind() != Kind.BATTLES || f.origin() == null) {
                continue;
            }
            try (PreparedStatement ps = c.prepareStatement(
                    "SELECT NAME FROM EVAL_SOURCE WHERE PROJECT_ID = ? AND KIND = ? AND ORIGIN = ?")) {
                ps.setObject(1, projectId);
                ps.setString(2, Kind.BATTLES.name());
                ps.setString(3, truncate(f.origin(), 4000));
                try (ResultSet rs = ps.executeQuery()) {
                    if (rs.next()) {
                        throw new WorkspaceException(
                                f.name() + ": these battles are already in this project (imported as " + rs.getString(1)
                                        + "); remove that source first to replace it");
                    }
                }
            }
        }
    }

    private static void insertRows(Connection c, UUID source, EvidenceFile f, Runnable tick) throws SQLException {
        switch (f.kind()) {
            case ITEM_SCORES -> batch(
                    c,
                    "INSERT INTO EVAL_ITEM_SCORE(ID, SOURCE_ID, MODEL, BENCHMARK, ITEM_ID, SCORE, CLUSTER_ID, "
                            + "SAMPLE_INDEX, TEMPERATURE, TOP_P, SEED) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
                    f.items(),
                    (ps, x) -> {
                        ps.setString(3, x.model());
                        ps.setString(4, x.benchmark());
                        ps.setString(5, x.itemId());
                        ps.setDouble(6, x.score());
                        ps.setString(7, x.clusterId());
                        setInt(ps, 8, x.sample());
                        setDouble(ps, 9, x.temperature());
                        setDouble(ps, 10, x.topP());
                        if (x.seed() == null) {
                            ps.setNull(11, Types.BIGINT);
                        } else {
                            ps.setLong(11, x.seed());
                        }
                    },
                    source,
                    tick);
            case REPORTED -> batch(
                    c,
                    "INSERT INTO EVAL_REPORTED(ID, SOURCE_ID, MODEL, BENCHMARK, METRIC, SCORE, SE, N, SAMPLING_CONFIG) "
                            + "VALUES (?,?,?,?,?,?,?,?,?)",
                    f.reported(),
                    (ps, x) -> {
                        ps.setString(3, x.model());
                        ps.setString(4, x.benchmark());
                        ps.setString(5, x.metric());
                        ps.setDouble(6, x.value());
                        setDouble(ps, 7, x.se());
                        setInt(ps, 8, x.n());
                        ps.setString(9, truncate(x.samplingConfig(), 1000));
                    },
                    source,
                    tick);
            case BATTLES -> batch(
                    c,
                    "INSERT INTO EVAL_BATTLE(ID, SOURCE_ID, MODEL_A, MODEL_B, WINNER, QUESTION_ID, CATEGORY) "
                            + "VALUES (?,?,?,?,?,?,?)",
                    f.battles(),
                    (ps, x) -> {
                        ps.setString(3, x.modelA());
                        ps.setString(4, x.modelB());
                        ps.setString(5, x.winner().label());
                        ps.setString(6, x.questionId());
                        ps.setString(7, x.category());
                    },
                    source,
                    tick);
            case WEIGHTS -> batch(
                    c,
                    "INSERT INTO EVAL_WEIGHT(ID, SOURCE_ID, BENCHMARK, WEIGHT, CATEGORY, DESCRIPTION, RELEASED, "
                            + "REFRESHED, HELD_OUT, REFERENCE, BASELINE) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
                    f.weights(),
                    (ps, x) -> {
                        ps.setString(3, x.benchmark());
                        ps.setDouble(4, x.weight());
                        ps.setString(5, x.category());
                        ps.setString(6, x.description());
                        ps.setDate(7, x.released() == null ? null : Date.valueOf(x.released()));
                        ps.setDate(8, x.refreshed() == null ? null : Date.valueOf(x.refreshed()));
                        setDouble(ps, 9, x.heldOut());
                        ps.setString(10, x.source());
                        setDouble(ps, 11, x.baseline());
                    },
                    source,
                    tick);
            case MODEL_SCORES -> batch(
                    c,
                    "INSERT INTO EVAL_MODEL_SCORE(ID, SOURCE_ID, MODEL, BENCHMARK, SCORE, SE, TOKENS) "
                            + "VALUES (?,?,?,?,?,?,?)",
                    f.scores(),
                    (ps, x) -> {
                        ps.setString(3, x.model());
                        ps.setString(4, x.benchmark());
                        ps.setDouble(5, x.score());
                        setDouble(ps, 6, x.se());
                        setDouble(ps, 7, x.tokens());
                    },
                    source,
                    tick);
            case ITEM_DATES -> batch(
                    c,
                    "INSERT INTO EVAL_ITEM_DATE(ID, SOURCE_ID, BENCHMARK, ITEM_ID, ITEM_DATE) VALUES (?,?,?,?,?)",
                    f.dates(),
                    (ps, x) -> {
                        ps.setString(3, x.benchmark());
                        ps.setString(4, x.itemId());
                        ps.setDate(5, Date.valueOf(x.date()));
                    },
                    source,
                    tick);
            case CUTOFFS -> batch(
                    c,
                    "INSERT INTO EVAL_CUTOFF(ID, SOURCE_ID, MODEL, CUTOFF) VALUES (?,?,?,?)",
                    f.cutoffs(),
                    (ps, x) -> {
                        ps.setString(3, x.model());
                        ps.setDate(4, Date.valueOf(x.cutoff()));
                    },
                    source,
                    tick);
            case MIX -> batch(
                    c,
                    "INSERT INTO EVAL_MIX(ID, SOURCE_ID, CATEGORY, SHARE) VALUES (?,?,?,?)",
                    new ArrayList<>(f.mix().entrySet()),
                    (ps, x) -> {
                        ps.setString(3, x.getKey());
                        ps.setDouble(4, x.getValue());
                    },
                    source,
                    tick);
        }
    }

    @FunctionalInterface
    private interface Binder<T> {
        void bind(PreparedStatement ps, T row) throws SQLException;
    }

    private static <T> void batch(Connection c, String sql, List<T> rows, Binder<T> binder, UUID source, Runnable tick)
            throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            int n = 0;
            for (T row : rows) {
                ps.setObject(1, Ids.newId());
                ps.setObject(2, source);
                binder.bind(ps, row);
                ps.addBatch();
                if (++n % BATCH == 0) {
                    ps.executeBatch();
                }
                tick.run();
            }
            ps.executeBatch();
        }
    }

    /** The project's imported files, newest first. */
    public List<EvidenceSource> sources(UUID projectId) {
        return workspace.read(c -> {
            try (PreparedStatement ps =
                    c.prepareStatement("SELECT ID, PROJECT_ID, KIND, NAME, ORIGIN, ROW_COUNT, DEMO, IMPORTED_AT, "
                            + "RUN_DATE FROM EVAL_SOURCE WHERE PROJECT_ID = ? ORDER BY IMPORTED_AT DESC, ID DESC")) {
                ps.setObject(1, projectId);
                try (ResultSet rs = ps.executeQuery()) {
                    List<EvidenceSource> out = new ArrayList<>();
                    while (rs.next()) {
                        out.add(new EvidenceSource(
                                rs.getObject(1, UUID.class),
                                rs.getObject(2, UUID.class),
                                Kind.valueOf(rs.getString(3)),
                                rs.getString(4),
                                rs.getString(5),
                                rs.getLong(6),
                                rs.getBoolean(7),
                                rs.getObject(8, OffsetDateTime.class).toInstant(),
                                rs.getDate(9) == null ? null : rs.getDate(9).toLocalDate()));
                    }
                    return out;
                }
            }
        });
    }

    /** Dates an imported file's results (null: unknown); refused for files that hold no results. */
    public void setRunDate(UUID sourceId, LocalDate date) {
        List<Kind> dated =
                Arrays.stream(Kind.values()).filter(Kind::holdsResults).toList();
        String kinds = String.join(",", Collections.nCopies(dated.size(), "?"));
        workspace.transaction(c -> {
            try (PreparedStatement ps = c.prepareStatement(
                    "UPDATE EVAL_SOURCE SET RUN_DATE = ? WHERE ID = ? AND KIND IN (" + kinds + ")")) {
                ps.setDate(1, date == null ? null : Date.valueOf(date));
                ps.setObject(2, sourceId);
                for (int i = 0; i < dated.size(); i++) {
                    ps.setString(3 + i, dated.get(i).name());
                }
                if (ps.executeUpdate() != 1) {
                    throw new WorkspaceException("no imported results file " + sourceId + " to date");
                }
                return null;
            }
        });
    }

    public void deleteSource(UUID sourceId) {
        workspace.transaction(c -> {
            try (PreparedStatement ps = c.prepareStatement("DELETE FROM EVAL_SOURCE WHERE ID = ?")) {
                ps.setObject(1, sourceId);
                return ps.executeUpdate();
            }
        });
    }

    /** Everything the project holds, read in one consistent snapshot. */
    public EvaluationEvidence load(UUID projectId) {
        return workspace.read(c -> {
            List<ItemScore> items = new ArrayList<>();
            query(
                    c,
                    "SELECT S.MODEL, S.BENCHMARK, S.ITEM_ID, S.SCORE, S.CLUSTER_ID, S.SAMPLE_INDEX, S.TEMPERATURE, S.TOP_P, S.SEED "
                            + "FROM EVAL_ITEM_SCORE S JOIN EVAL_SOURCE X ON S.SOURCE_ID = X.ID WHERE X.PROJECT_ID = ? ORDER BY S.ID",
                    projectId,
                    rs -> items.add(new ItemScore(
                            rs.getString(1),
                            rs.getString(2),
                            rs.getString(3),
                            rs.getDouble(4),
                            rs.getString(5),
                            (Integer) rs.getObject(6),
                            (Double) rs.getObject(7),
                            (Double) rs.getObject(8),
                            (Long) rs.getObject(9))));
            List<ReportedResult> reported = new ArrayList<>();
            query(
                    c,
                    "SELECT S.MODEL, S.BENCHMARK, S.METRIC, S.SCORE, S.SE, S.N, S.SAMPLING_CONFIG FROM EVAL_REPORTED S "
                            + "JOIN EVAL_SOURCE X ON S.SOURCE_ID = X.ID WHERE X.PROJECT_ID = ? ORDER BY S.ID",
                    projectId,
                    rs -> reported.add(new ReportedResult(
                            rs.getString(1),
                            rs.getString(2),
                            rs.getString(3),
                            rs.getDouble(4),
                            (Double) rs.getObject(5),
                            (Integer) rs.getObject(6),
                            rs.getString(7))));
            List<Battle> battles = new ArrayList<>();
            query(
                    c,
                    "SELECT S.MODEL_A, S.MODEL_B, S.WINNER, S.QUESTION_ID, S.CATEGORY FROM EVAL_BATTLE S "
                            + "JOIN EVAL_SOURCE X ON S.SOURCE_ID = X.ID WHERE X.PROJECT_ID = ? ORDER BY S.ID",
                    projectId,
                    rs -> battles.add(new Battle(
                            rs.getString(1),
                            rs.getString(2),
                            Battle.Winner.of(rs.getString(3)),
                            rs.getString(4),
                            rs.getString(5))));
            UUID weightsSource = latest(c, projectId, Kind.WEIGHTS);
            List<BenchmarkWeight> weights = null;
            if (weightsSource != null) {
                List<BenchmarkWeight> w = new ArrayList<>();
                query(
                        c,
                        "SELECT BENCHMARK, WEIGHT, CATEGORY, DESCRIPTION, RELEASED, REFRESHED, HELD_OUT, REFERENCE, BASELINE FROM EVAL_WEIGHT "
                                + "WHERE SOURCE_ID = ? ORDER BY ID",
                        weightsSource,
                        rs -> w.add(new BenchmarkWeight(
                                rs.getString(1),
                                rs.getDouble(2),
                                rs.getString(3),
                                rs.getString(4),
                                rs.getDate(5) == null ? null : rs.getDate(5).toLocalDate(),
                                rs.getDate(6) == null ? null : rs.getDate(6).toLocalDate(),
                                (Double) rs.getObject(7),
                                rs.getString(8),
                                (Double) rs.getObject(9))));
                weights = w;
            }
            UUID scoresSource = latest(c, projectId, Kind.MODEL_SCORES);
            List<ModelScore> scores = null;
            if (scoresSource != null) {
                List<ModelScore> s = new ArrayList<>();
                query(
                        c,
                        "SELECT MODEL, BENCHMARK, SCORE, SE, TOKENS FROM EVAL_MODEL_SCORE WHERE SOURCE_ID = ? ORDER BY ID",
                        scoresSource,
                        rs -> s.add(new ModelScore(
                                rs.getString(1), rs.getString(2), rs.getDouble(3), (Double) rs.getObject(4), (Double)
                                        rs.getObject(5))));
                scores = s;
            }
            UUID mixSource = latest(c, projectId, Kind.MIX);
            Map<String, Double> mix = null;
            if (mixSource != null) {
                Map<String, Double> m = new LinkedHashMap<>();
                query(
                        c,
                        "SELECT CATEGORY, SHARE FROM EVAL_MIX WHERE SOURCE_ID = ? ORDER BY ID",
                        mixSource,
                        rs -> m.put(rs.getString(1), rs.getDouble(2)));
                mix = m;
            }
            return new EvaluationEvidence(items, reported, battles, weights, scores, mix, dating(c, projectId));
        });
    }

    /**
     * Items' dates and cut-offs from every file of those kinds, a later import overriding an earlier one for the same
     * item or model; and each result file's date per benchmark: its run date, else its import date (a lower bound on age).
     */
    private static EvaluationEvidence.Dating dating(Connection c, UUID projectId) throws SQLException {
        Map<String, ItemDate> items = new LinkedHashMap<>();
        query(
                c,
                "SELECT S.BENCHMARK, S.ITEM_ID, S.ITEM_DATE FROM EVAL_ITEM_DATE S JOIN EVAL_SOURCE X ON S.SOURCE_ID = X.ID "
                        + "WHERE X.PROJECT_ID = ? ORDER BY X.IMPORTED_AT, X.ID, S.ID",
                projectId,
                rs -> {
                    ItemDate d = new ItemDate(
                            rs.getString(1), rs.getString(2), rs.getDate(3).toLocalDate());
                    items.put(d.benchmark() + "\u0000" + d.itemId(), d);
                });
        Map<String, LocalDate> cutoffs = new LinkedHashMap<>();
        query(
                c,
                "SELECT S.MODEL, S.CUTOFF FROM EVAL_CUTOFF S JOIN EVAL_SOURCE X ON S.SOURCE_ID = X.ID "
                        + "WHERE X.PROJECT_ID = ? ORDER BY X.IMPORTED_AT, X.ID, S.ID",
                projectId,
                rs -> cutoffs.put(rs.getString(1), rs.getDate(2).toLocalDate()));
        List<ResultDate> results = new ArrayList<>();
        String perSource =
                "SELECT X.NAME, R.BENCHMARK, X.RUN_DATE, X.IMPORTED_AT FROM EVAL_SOURCE X JOIN (%s) R ON R.SOURCE_ID = X.ID "
                        + "WHERE X.PROJECT_ID = ? ORDER BY X.IMPORTED_AT, X.ID, R.BENCHMARK";
        String benchmarks =
                "SELECT DISTINCT SOURCE_ID, BENCHMARK FROM EVAL_ITEM_SCORE UNION SELECT DISTINCT SOURCE_ID, BENCHMARK "
                        + "FROM EVAL_REPORTED UNION SELECT DISTINCT SOURCE_ID, BENCHMARK FROM EVAL_MODEL_SCORE "
                        + "UNION SELECT DISTINCT SOURCE_ID, '" + EvaluationEvidence.ARENA + "' FROM EVAL_BATTLE";
        query(c, String.format(perSource, benchmarks), projectId, rs -> {
            Date run = rs.getDate(3);
            results.add(new ResultDate(
                    rs.getString(1),
                    rs.getString(2),
                    run != null
                            ? run.toLocalDate()
                            : rs.getObject(4, OffsetDateTime.class).toLocalDate(),
                    run != null));
        });
        return new EvaluationEvidence.Dating(List.copyOf(items.values()), cutoffs, results);
    }

    private static UUID latest(Connection c, UUID projectId, Kind kind) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT ID FROM EVAL_SOURCE WHERE PROJECT_ID = ? AND KIND = ? "
                + "ORDER BY IMPORTED_AT DESC, ID DESC LIMIT 1")) {
            ps.setObject(1, projectId);
            ps.setString(2, kind.name());
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getObject(1, UUID.class) : null;
            }
        }
    }

    @FunctionalInterface
    private interface RowReader {
        void read(ResultSet rs) throws SQLException;
    }

    private static void query(Connection c, String sql, UUID param, RowReader reader) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setObject(1, param);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    reader.read(rs);
                }
            }
        }
    }

    private static void setDouble(PreparedStatement ps, int i, Double v) throws SQLException {
        if (v == null) {
            ps.setNull(i, Types.DOUBLE);
        } else {
            ps.setDouble(i, v);
        }
    }

    private static void setInt(PreparedStatement ps, int i, Integer v) throws SQLException {
        if (v == null) {
            ps.setNull(i, Types.INTEGER);
        } else {
            ps.setInt(i, v);
        }
    }

    /**
     * Every id and name fits its column: a reader names the line where it can; this catches what came from elsewhere
     * (a results file's model name, a task key), naming the file and the field rather than failing inside the database.
     */
    private static void requireWidths(EvidenceFile f) {
        FieldChecks at = FieldChecks.at(f.name(), 0);
        for (var x : f.items()) {
            at.identifier("model", x.model());
            at.identifier("benchmark", x.benchmark());
            at.identifier("item_id", x.itemId());
            at.identifier("cluster_id", x.clusterId());
        }
        for (var x : f.reported()) {
            at.identifier("model", x.model());
            at.identifier("task", x.benchmark());
            at.text("metric", x.metric(), 200);
        }
        for (var x : f.battles()) {
            at.identifier("model_a", x.modelA());
            at.identifier("model_b", x.modelB());
            at.identifier("question_id", x.questionId());
            at.identifier("category", x.category());
        }
        for (var x : f.weights()) {
            at.identifier("benchmark", x.benchmark());
            at.identifier("category", x.category());
            at.text("description", x.description(), FieldChecks.MAX_TEXT);
        }
        for (var x : f.scores()) {
            at.identifier("model", x.model());
            at.identifier("benchmark", x.benchmark());
        }
        f.mix().keySet().forEach(k -> at.identifier("category", k));
        for (var x : f.dates()) {
            at.identifier("benchmark", x.benchmark());
            at.identifier("item_id", x.itemId());
        }
        f.cutoffs().forEach(x -> at.identifier("model", x.model()));
    }

    private static String truncate(String s, int max) {
        return s == null || s.length() <= max ? s : s.substring(0, max);
    }
}
