package dev.sextant.model.contamination;

import dev.sextant.model.BadInputException;
import dev.sextant.model.io.CorpusFiles;
import dev.sextant.model.io.Json;
import dev.sextant.model.job.CancellationToken;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The documents of a corpus unit one by one, read as the scanner reads them: a JSON Lines line's text field (or a
 * chat line's messages) pulled from its bytes without building a tree, a Parquet row handed over whole. For the work
 * that acts on a corpus (deduplication, decontamination) and needs each document's own line to write it out again.
 */
public final class CorpusDocuments {

    /** Receives each document. */
    @FunctionalInterface
    public interface Sink {
        /**
         * @param index   its line (1-based) in a JSON Lines file read whole (in a byte range: its byte offset in the
         *                file), or its row in a Parquet file
         * @param line    the bytes holding the whole JSON line ({@code line[lineFrom, lineTo)}), or null for a row
         * @param text    its text, UTF-8 ({@code text[0, textLength)}); valid only during the call
         * @param fields  the id, source and score fields' values the caller asked for (each null when absent)
         */
        void document(
                long index, byte[] line, int lineFrom, int lineTo, byte[] text, int textLength, DocumentFields fields);

        /**
         * A JSON Lines line that is not blank but holds no document (not a JSON object, or without the text field and
         * not a chat): {@code line[from, to)}. Writers of a corpus pass it through; readers ignore it.
         */
        default void notADocument(long index, byte[] line, int from, int to) {}
    }

    private CorpusDocuments() {}

    /**
     * Hands every document of a unit to {@code sink}: a whole file, or a byte range of one (the lines that start in it,
     * the last read past its end to finish it), in order; lines that are not JSON objects with the text are skipped.
     * Line numbers are counted from the unit's first line (whole files: the file's).
     */
    public static long forEach(
            CorpusUnit unit,
            String textField,
            String idField,
            String sourceField,
            Sink sink,
            CancellationToken cancel) {
        return forEach(unit, textField, idField, sourceField, null, sink, cancel);
    }

    /** As the other, also handing over each document's value of {@code scoreField} (null: none asked for). */
    public static long forEach(
            CorpusUnit unit,
            String textField,
            String idField,
            String sourceField,
            String scoreField,
            Sink sink,
            CancellationToken cancel) {
        if (unit.format() == CorpusUnit.Format.DOCUMENTS) {
            long[] n = {0};
            unit.documents(textField, idField, sourceField, scoreField, (row, text, length, fields) -> {
                if ((row & 1023) == 0) {
                    cancel.throwIfCancelled();
                }
                if (text != null) {
                    n[0]++;
                    sink.document(row, null, 0, 0, text, length, fields);
                }
            });
            return n[0];
        }
        if (unit.format() != CorpusUnit.Format.JSONL) {
            throw BadInputException.of(
                    unit.file(),
                    "not JSON Lines or Parquet: deduplication, decontamination and mixtures read documents with a text field (plain text is one long text)");
        }
        byte[][] names = {
            textField.getBytes(StandardCharsets.UTF_8), bytes(idField), bytes(sourceField), bytes(scoreField)
        };
        JsonFields.Value[] values = new JsonFields.Value[names.length];
        for (int i = 0; i < names.length; i++) {
            values[i] = new JsonFields.Value();
        }
        JsonFields.Value chat = new JsonFields.Value();
        long documents = 0;
        try (CorpusUnit.CorpusStream in = unit.open()) {
            byte[] buf = new byte[1 << 20];
            int len = 0;
            int lineStart = 0;
            long lineNo = 0;
            boolean eof = false;
            long bufStart = unit.readFrom(); // stream offset of buf[0]
            boolean whole = unit.start() == 0 && unit.end() == Long.MAX_VALUE;
            if (unit.start() > 0) {
                // reading began at start − 1: skip through the first line break (the line that starts exactly at our
                // start follows the byte before it, which is then that break)
                int nl = -1;
                while (!eof && (nl = JsonFields.indexOf(buf, (byte) '\n', 0, len)) < 0) {
                    bufStart += len;
                    len = 0;
                    int r = in.read(buf, 0, buf.length);
                    if (r < 0) {
                        eof = true;
                    } else {
                        len = r;
                    }
                }
                lineStart = nl < 0 ? len : nl + 1;
            }
            while (true) {
                cancel.throwIfCancelled();
                if (!eof && len < buf.length) {
                    int r = in.read(buf, len, buf.length - len);
                    if (r < 0) {
                        eof = true;
                    } else {
                        len += r;
                    }
                }
                int nl;
                while ((nl = JsonFields.indexOf(buf, (byte) '\n', lineStart, len)) >= 0) {
                    if (bufStart + lineStart >= unit.end()) {
                        return documents;
                    }
                    lineNo++;
                    if (line(buf, lineStart, nl, whole ? lineNo : bufStart + lineStart, names, values, chat, sink)) {
                        documents++;
                    }
                    lineStart = nl + 1;
                }
                if (eof) {
                    if (lineStart < len && bufStart + lineStart < unit.end()) {
                        lineNo++;
                        if (line(
                                buf,
                                lineStart,
                                len,
                                whole ? lineNo : bufStart + lineStart,
                                names,
                                values,
                                chat,
                                sink)) {
                            documents++;
                        }
                    }
                    return documents;
                }
                if (lineStart == 0 && len == buf.length) {
                    buf = Arrays.copyOf(buf, buf.length * 2);
                } else {
                    System.arraycopy(buf, lineStart, buf, 0, len - lineStart);
                    bufStart += lineStart;
                    len -= lineStart;
                    lineStart = 0;
                }
            }
        } catch (IOException e) {
            throw new BadInputException(unit.file(), 0, null, "cannot read: " + CorpusFiles.readProblem(e), e);
        } catch (UncheckedIOException e) {
            throw new BadInputException(
                    unit.file(), 0, null, "cannot read: " + CorpusFiles.readProblem(e.getCause()), e);
        }
    }

    private static boolean line(
            byte[] buf,
            int from,
            int to,
            long lineNo,
            byte[][] names,
            JsonFields.Value[] values,
            JsonFields.Value chat,
            Sink sink) {
        int end = to > from && buf[to - 1] == '\r' ? to - 1 : to;
        int i = from;
        while (i < end && (buf[i] == ' ' || buf[i] == '\t')) {
            i++;
        }
        if (i == end) {
            return false;
        }
        if (!JsonFields.extract(buf, from, end, names, values)) {
            sink.notADocument(lineNo, buf, from, end);
            return false;
        }
        JsonFields.Value body = values[0];
        if (!body.found) {
            if (!JsonFields.chat(buf, from, end, chat)) {
                sink.notADocument(lineNo, buf, from, end);
                return false;
            }
            body = chat;
        }
        sink.document(
                lineNo,
                buf,
                from,
                end,
                body.bytes,
                body.length,
                new DocumentFields(
                        values[1].found ? values[1].text() : null,
                        values[2].found ? values[2].text() : null,
                        values[3].found ? values[3].text() : null));
        return true;
    }

    /**
     * A field of a document's JSON line as text (a string's value, a number or literal as written), or null when it is
     * absent or not a string, number or literal. A dotted name ({@code meta.source}) is a path into nested objects.
     */
    public static String field(byte[] line, int from, int to, String name) {
        if (name.indexOf('.') > 0) {
            return Json.textAt(line, from, to - from, name);
        }
        byte[][] names = {name.getBytes(StandardCharsets.UTF_8)};
        JsonFields.Value[] values = {new JsonFields.Value()};
        return JsonFields.extract(line, from, to, names, values) && values[0].found ? values[0].text() : null;
    }

    /**
     * The error for a corpus that gave no document: never an empty result read as "nothing found" (a JSON file whose
     * records lack the text field would otherwise pass as clean, or free of duplicates).
     *
     * @param file      the (first) corpus file, as the user named it
     * @param textField the field documents were looked for in
     * @param records   records read that were not documents, or −1 when not counted
     */
    public static BadInputException noDocuments(String file, String textField, long records) {
        if (records == 0) {
            return BadInputException.of(file, "no documents: the corpus holds no text");
        }
        return new BadInputException(
                file,
                0,
                "text field",
                "no documents: " + (records > 0 ? "none of the " + records + " records" : "no record")
                        + " has the text field '" + textField
                        + "' or chat messages (messages, conversations); name the field that holds the text");
    }

    /** A field name's bytes; a name no JSON key can have when the field is not asked for. */
    private static byte[] bytes(String field) {
        return field == null ? new byte[] {0} : field.getBytes(StandardCharsets.UTF_8);
    }
}
