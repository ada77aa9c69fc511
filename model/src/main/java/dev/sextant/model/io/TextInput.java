package dev.sextant.model.io;

import dev.sextant.model.BadInputException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * Opening the user's text files: strict UTF-8 (malformed bytes are an error, not replacement characters), a missing
 * or unreadable file is a {@link BadInputException} naming it.
 */
public final class TextInput {

    private TextInput() {}

    public static BufferedReader open(Path file) {
        CharsetDecoder decoder = StandardCharsets.UTF_8
                .newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        try {
            if (Files.isDirectory(file)) {
                throw BadInputException.of(name(file), "is a folder, not a file");
            }
            GitLfsPointer.refuse(file);
            return new BufferedReader(new InputStreamReader(Files.newInputStream(file), decoder), 1 << 16);
        } catch (NoSuchFileException e) {
            throw BadInputException.of(name(file), "no such file");
        } catch (IOException e) {
            throw BadInputException.of(name(file), "cannot read: " + IoFailures.plain(e));
        }
    }

    /** The problem an I/O failure at {@code line} means for the user. */
    public static BadInputException readError(Path file, long line, IOException e) {
        if (e instanceof CharacterCodingException) {
            // readers decode ahead of the line they parse, so find the line of the first bad byte in the file itself
            return new BadInputException(
                    name(file), lineOfFirstMalformedByte(file), null, "not valid UTF-8 text (save the file as UTF-8)");
        }
        return new BadInputException(name(file), line, null, "cannot read: " + IoFailures.plain(e));
    }

    /** 1-based line holding the first byte sequence that is not UTF-8 (the line after the end when there is none). */
    static long lineOfFirstMalformedByte(Path file) {
        CharsetDecoder decoder = StandardCharsets.UTF_8
                .newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        long line = 1;
        byte[] chunk = new byte[1 << 16];
        ByteBuffer bytes = ByteBuffer.allocate(chunk.length + 8);
        CharBuffer chars = CharBuffer.allocate(chunk.length * 2 + 16);
        try (InputStream in = Files.newInputStream(file)) {
            int n;
            while ((n = in.read(chunk)) > 0) {
                bytes.put(chunk, 0, n).flip();
                int start = bytes.position();
                CoderResult r = decoder.decode(bytes, chars, false);
                for (int i = start; i < bytes.position(); i++) {
                    if (bytes.get(i) == '\n') {
                        line++;
                    }
                }
                if (r.isError()) {
                    return line;
                }
                chars.clear();
                bytes.compact();
            }
        } catch (IOException e) {
            return 0;
        }
        return line;
    }

    /** How files are named in messages: as the user gave them. */
    public static String name(Path file) {
        return file.toString();
    }

    public static String stripBom(String s) {
        return s != null && !s.isEmpty() && s.charAt(0) == '\uFEFF' ? s.substring(1) : s;
    }
}
