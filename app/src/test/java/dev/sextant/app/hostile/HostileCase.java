package dev.sextant.app.hostile;

import java.nio.file.Path;

/**
 * One hostile input: the command to run ({@code {T}} stands for the corpus folder, {@code {W}} for the workspace) and
 * what its one-line error must contain (the file and, where there is one, its line, field or entry).
 */
record HostileCase(String name, String expected, String... args) {

    String[] args(Path tmp, Path workspace) {
        String[] out = new String[args.length];
        for (int i = 0; i < args.length; i++) {
            out[i] = args[i].replace("{T}", tmp.toString()).replace("{W}", workspace.toString());
        }
        return out;
    }

    String expected(Path tmp, Path workspace) {
        return expected.replace("{T}", tmp.toString()).replace("{W}", workspace.toString());
    }

    @Override
    public String toString() {
        return name;
    }
}
