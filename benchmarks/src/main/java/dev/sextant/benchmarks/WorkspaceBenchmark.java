package dev.sextant.benchmarks;

import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import dev.sextant.model.project.Project;
import dev.sextant.workspaces.Ids;
import dev.sextant.workspaces.Workspace;
import dev.sextant.workspaces.archive.WorkspaceArchive;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.util.Comparator;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The costs of the workspace foundation: a durable single-row write (one transaction, WRITE_DELAY=0), opening a
 * workspace, and moving a project of {@code rows} bulk rows through an archive (export, import with fresh ids).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class WorkspaceBenchmark {

    @Param({"100000"})
    public int rows;

    private Path tmp;
    private Workspace ws;
    private Project project;
    private Path archive;
    private long counter;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        tmp = Files.createTempDirectory("sextant-bench");
        ws = Workspace.create(tmp.resolve("ws"));
        project = ws.projects().create("Bench", "");
        ws.transaction(c -> {
            try (Statement s = c.createStatement()) {
                s.execute(
                        "CREATE TABLE BENCH_ITEM (ID UUID PRIMARY KEY, PROJECT_ID UUID NOT NULL REFERENCES PROJECT(ID) "
                                + "ON DELETE CASCADE, ITEM VARCHAR(40), SCORE DOUBLE PRECISION)");
            }
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO BENCH_ITEM VALUES (?, ?, ?, ?)")) {
                for (int i = 0; i < rows; i++) {
                    ps.setObject(1, Ids.newId());
                    ps.setObject(2, project.id());
                    ps.setString(3, "item-" + i);
                    ps.setDouble(4, (i % 100) / 100.0);
                    ps.addBatch();
                    if (i % 1000 == 999) {
                        ps.executeBatch();
                    }
                }
                ps.executeBatch();
            }
            return null;
        });
        archive = tmp.resolve("bench.sextant.zip");
        WorkspaceArchive.exportProject(ws, project.id(), archive, ProgressListener.NONE, CancellationToken.none());
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        ws.close();
        try (Stream<Path> walk = Files.walk(tmp)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    /** One user action that writes: a project update in its own durable transaction. */
    @Benchmark
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    public Project durableSingleRowWrite() {
        return ws.projects().update(project.id(), "Bench", "update " + (counter++));
    }

    /** Export of a project with {@code rows} bulk rows to a zip archive. */
    @Benchmark
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    public Object exportProject() {
        return WorkspaceArchive.exportProject(
                ws, project.id(), tmp.resolve("out.sextant.zip"), ProgressListener.NONE, CancellationToken.none());
    }

    /** Import of that archive as a new project (fresh ids for every row), then its deletion. */
    @Benchmark
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    public UUID importAndDeleteProject() {
        Project p = WorkspaceArchive.importProject(ws, archive, ProgressListener.NONE, CancellationToken.none());
        ws.projects().delete(p.id());
        return p.id();
    }
}
