package dev.sextant.model.io;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Test fixtures written as the user would have them: a file (and its folders) under a temporary folder. */
final class TestFiles {

    private TestFiles() {}

    static Path write(Path dir, String name, String content) throws IOException {
        Path p = dir.resolve(name);
        Files.createDirectories(p.getParent());
        Files.writeString(p, content);
        return p;
    }
}
