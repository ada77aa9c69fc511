package dev.sextant.model.io;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Locale;
import java.util.Set;

/**
 * What an I/O failure means, in words: the JDK's own messages are often just the path ({@code NoSuchFileException})
 * or carry class names; the user needs "no such file", "permission denied", "disk full".
 */
public final class IoFailures {

    private IoFailures() {}

    public static String plain(IOException e) {
        if (isDiskFull(e)) {
            return "disk full";
        }
        if (e instanceof NoSuchFileException) {
            return "no such file or folder";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof FileAlreadyExistsException) {
            return "a file of that name already exists";
        }
        if (e instanceof NotDirectoryException) {
            return "not a folder";
        }
        if (e instanceof DirectoryNotEmptyException) {
            return "the folder is not empty";
        }
        if (e instanceof FileSystemException fs && fs.getReason() != null) {
            return fs.getReason().toLowerCase(Locale.ROOT).contains("is a directory")
                    ? "is a folder, not a file"
                    : fs.getReason();
        }
        String m = e.getMessage();
        if (m == null || m.isBlank()) {
            return "input/output error";
        }
        m = m.lines().findFirst().orElse(m).strip();
        return m.equalsIgnoreCase("Is a directory") ? "is a folder, not a file" : m;
    }

    /**
     * True when the operating system said the device is full: in {@code t}, a cause or a suppressed exception. Some
     * libraries (the database) link their exceptions in cycles, so each is looked at once.
     */
    public static boolean isDiskFull(Throwable t) {
        Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        ArrayDeque<Throwable> todo = new ArrayDeque<>();
        if (t != null) {
            todo.add(t);
        }
        while (!todo.isEmpty() && seen.size() < 200) {
            Throwable c = todo.poll();
            if (!seen.add(c)) {
                continue;
            }
            String m = c.getMessage();
            if (m != null) {
                String lower = m.toLowerCase(Locale.ROOT);
                if (lower.contains("no space left on device")
                        || lower.contains("disk quota exceeded")
                        || lower.contains("not enough space on the disk")) {
                    return true;
                }
            }
            if (c.getCause() != null) {
                todo.add(c.getCause());
            }
            todo.addAll(Arrays.asList(c.getSuppressed()));
        }
        return false;
    }
}
