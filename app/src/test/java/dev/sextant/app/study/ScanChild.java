package dev.sextant.app.study;

import dev.sextant.model.job.CancellationToken;
import dev.sextant.workspaces.Workspace;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * A kept scan in a second JVM on the test class path, for {@link KilledScanTest}: {@code main(WS, PROJECT_ID, CORPUS)}
 * runs it, printing "P fraction" as it goes and "DONE" at the end; the parent kills it (SIGKILL) at a chosen fraction.
 */
final class ScanChild implements AutoCloseable {

    public static void main(String[] args) throws Exception {
        try (Workspace ws = Workspace.open(Path.of(args[0]))) {
            new ScanStudy(ws)
                    .start(
                            UUID.fromString(args[1]),
                            "killed",
                            KilledScanTest.SPEC,
                            KilledScanTest.items(),
                            List.of(Path.of(args[2])),
                            (fraction, message) -> {
                                System.out.println("P " + fraction);
                                System.out.flush();
                            },
                            CancellationToken.none());
        }
        System.out.println("DONE");
    }

    private final Process process;
    private final BufferedReader out;

    ScanChild(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                ScanChild.class.getName()));
        cmd.addAll(List.of(args));
        process = new ProcessBuilder(cmd)
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    }

    /**
     * Reads the child's progress lines until one reaches {@code fraction}, then kills it (SIGKILL: no shutdown hooks,
     * no clean close).
     *
     * @return the fraction it was killed at, or 1 when it finished first
     */
    double killAtProgress(double fraction) throws Exception {
        while (true) {
            String line = out.readLine();
            if (line == null) {
                throw new IllegalStateException("child exited with " + process.waitFor());
            }
            if (line.equals("DONE")) {
                process.waitFor();
                return 1;
            }
            if (line.startsWith("P ") && Double.parseDouble(line.substring(2)) >= fraction) {
                close();
                return Double.parseDouble(line.substring(2));
            }
        }
    }

    @Override
    public void close() throws Exception {
        if (process.isAlive()) {
            process.destroyForcibly();
            process.waitFor();
        }
    }
}
