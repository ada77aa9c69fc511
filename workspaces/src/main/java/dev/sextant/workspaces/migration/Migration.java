package dev.sextant.workspaces.migration;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32;

/**
 * One versioned schema change: an SQL script on the class path under {@code dev/sextant/workspaces/migration/}.
 * Scripts are never edited once released; a change is a new version.
 */
public record Migration(int version, String description, String script) {

    static final String FOLDER = "dev/sextant/workspaces/migration/";

    public String classpathResource() {
        return FOLDER + script;
    }

    /** CRC32 of the script's bytes, recorded when applied so that an edited script is noticed. */
    public long checksum() {
        CRC32 crc = new CRC32();
        crc.update(bytes());
        return crc.getValue();
    }

    /**
     * The script's statements. Scripts follow one rule that keeps this split trivial: every statement ends with
     * {@code ;} at the end of a line, and comments are whole lines starting with {@code --}.
     */
    public List<String> statements() {
        List<String> out = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        for (String line : new String(bytes(), StandardCharsets.UTF_8).split("\\R")) {
            String t = line.strip();
            if (t.isEmpty() || t.startsWith("--")) {
                continue;
            }
            current.append(line).append('\n');
            if (t.endsWith(";")) {
                String sql = current.toString().strip();
                out.add(sql.substring(0, sql.length() - 1));
                current.setLength(0);
            }
        }
        if (!current.toString().isBlank()) {
            throw new IllegalStateException("migration " + script + " ends without ';'");
        }
        return out;
    }

    private byte[] bytes() {
        try (InputStream in = Migration.class.getClassLoader().getResourceAsStream(classpathResource())) {
            if (in == null) {
                throw new IllegalStateException("migration script missing from the build: " + classpathResource());
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
