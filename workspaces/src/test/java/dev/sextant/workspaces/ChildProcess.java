package dev.sextant.workspaces;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Starts {@link WorkspaceChild} in a separate JVM on the test class path and waits for its first line. */
public final class ChildProcess implements AutoCloseable {

    public final Process process;

    public ChildProcess(String... args) throws Exception {
        this(List.of(), args);
    }

    /** A child with extra JVM options (e.g. a small heap). */
    public ChildProcess(List<String> jvmOptions, String... args) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(jvmOptions);
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(WorkspaceChild.class.getName());
        cmd.addAll(List.of(args));
        process = new ProcessBuilder(cmd)
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
    }

    private BufferedReader out;

    public String firstLine() throws Exception {
        return nextLine();
    }

    /** The child's next line of output; throws when it exits without one. */
    public String nextLine() throws Exception {
        if (out == null) {
            out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        }
        String line = out.readLine();
        if (line == null) {
            throw new IllegalStateException("child exited with " + process.waitFor());
        }
        return line;
    }

    /**
     * Reads the child's "P fraction" progress lines until one reaches {@code fraction}, then kills it (SIGKILL).
     *
     * @return the fraction it was killed at, or 1 when it finished first
     */
    public double killAtProgress(double fraction) throws Exception {
        while (true) {
            String line = nextLine();
            if (line.equals("DONE")) {
                process.waitFor();
                return 1;
            }
            if (line.startsWith("P ") && Double.parseDouble(line.substring(2)) >= fraction) {
                kill();
                return Double.parseDouble(line.substring(2));
            }
        }
    }

    public void kill() throws Exception {
        process.destroyForcibly(); // SIGKILL: no shutdown hooks, no clean close
        process.waitFor();
    }

    @Override
    public void close() throws Exception {
        if (process.isAlive()) {
            kill();
        }
    }
}
