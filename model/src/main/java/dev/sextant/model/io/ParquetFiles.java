package dev.sextant.model.io;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sextant.model.BadInputException;
import dev.sextant.model.contamination.CorpusUnit;
import dev.sextant.model.contamination.DocumentFields;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnReadStore;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.column.impl.ColumnReadStoreImpl;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.convert.GroupRecordConverter;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.io.ColumnIOFactory;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.RecordReader;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;

/**
 * Parquet files, the format Hugging Face datasets are stored in, read with parquet-java one row group at a time: as
 * corpora (one document per row, the text from a string column; one unit of scanning work per row group) and as
 * benchmark files (each row as a JSON object). Errors name the file and the row group or row, in plain words.
 */
public final class ParquetFiles {

    private static final byte[] MAGIC = "PAR1".getBytes(StandardCharsets.US_ASCII);

    private ParquetFiles() {}

    public static boolean matches(Path file) {
        return file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".parquet");
    }

    /** One unit per row group: row groups are Parquet's own unit of reading, and a worker's. */
    static List<CorpusUnit> units(Path file) {
        List<CorpusUnit> out = new ArrayList<>();
        try (ParquetFileReader r = open(file)) {
            long firstRow = 0;
            long accounted = 0;
            long size = Files.size(file);
            List<BlockMetaData> blocks = r.getFooter().getBlocks();
            for (int i = 0; i < blocks.size(); i++) {
                BlockMetaData b = blocks.get(i);
                // the last row group also accounts for the header and footer, so that
                // a scan's bytes are the file's size
                long bytes = i < blocks.size() - 1 ? Math.max(0, b.getCompressedSize()) : Math.max(0, size - accounted);
                out.add(new RowGroupUnit(file, i, firstRow, b.getRowCount(), bytes));
                firstRow += b.getRowCount();
                accounted += bytes;
            }
        } catch (IOException e) {
            throw footerProblem(file, e);
        }
        return out;
    }

    /** Receives a benchmark file's rows: each as a JSON object, with its 1-based row number. */
    public interface RowConsumer {
        void row(ObjectNode row, long number);
    }

    /** Every row of the file, in order, one row group in memory at a time. */
    static void forEachRow(Path file, RowConsumer consumer) {
        String name = TextInput.name(file);
        try (ParquetFileReader r = open(file)) {
            MessageType schema = r.getFooter().getFileMetaData().getSchema();
            long row = 0;
            for (int group = 0; group < r.getRowGroups().size(); group++) {
                PageReadStore pages = readRowGroup(r, file, group);
                RecordReader<Group> records = records(schema, pages);
                for (long k = 0; k < pages.getRowCount(); k++) {
                    Group g = record(records, file, group);
                    row++;
                    consumer.row(ParquetRows.row(g), row);
                }
            }
        } catch (IOException e) {
            throw footerProblem(file, e);
        }
    }

    /** Opens the file without Hadoop's file system or codecs; a file that is not Parquet is told apart first. */
    private static ParquetFileReader open(Path file) {
        String name = TextInput.name(file);
        checkMagic(file, name);
        ParquetReadOptions options = ParquetReadOptions.builder(new PlainParquetConfiguration())
                .withCodecFactory(new ParquetCodecs())
                .build();
        try {
            return ParquetFileReader.open(new LocalInputFile(file), options);
        } catch (IOException | RuntimeException e) {
            throw footerProblem(file, e);
        }
    }

    private static void checkMagic(Path file, String name) {
        if (GitLfsPointer.is(file)) {
            throw GitLfsPointer.error(name);
        }
        try (SeekableByteChannel ch = Files.newByteChannel(file)) {
            long size = ch.size();
            if (size < 12) {
                throw BadInputException.of(name, size == 0 ? "the file is empty" : "not a Parquet file (too short)");
            }
            byte[] head = read(ch, 0);
            byte[] tail = read(ch, size - 4);
            if (!Arrays.equals(head, MAGIC)) {
                throw BadInputException.of(name, "not a Parquet file (it does not start with PAR1)");
            }
            if (!Arrays.equals(tail, MAGIC)) {
                throw BadInputException.of(name, "not a whole Parquet file: it does not end with PAR1 (cut short?)");
            }
        } catch (IOException e) {
            throw BadInputException.of(name, "cannot read: " + CorpusFiles.readProblem(e));
        }
    }

    private static byte[] read(SeekableByteChannel ch, long at) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(4);
        ch.position(at);
        while (b.hasRemaining() && ch.read(b) > 0) {
            // fill
        }
        return b.array();
    }

    private static BadInputException footerProblem(Path file, Exception e) {
        if (e instanceof BadInputException b) {
            return b;
        }
        String name = TextInput.name(file);
        if (e instanceof NoSuchFileException || e instanceof AccessDeniedException) {
            return new BadInputException(name, 0, null, "cannot read: " + CorpusFiles.readProblem((IOException) e), e);
        }
        return new BadInputException(
                name, 0, null, "damaged Parquet footer (the file's schema and row groups cannot be read)", e);
    }

    private static PageReadStore readRowGroup(ParquetFileReader r, Path file, int group) {
        try {
            PageReadStore pages = r.readRowGroup(group);
            if (pages == null) {
                throw rowGroupProblem(file, group, null);
            }
            return pages;
        } catch (IOException | RuntimeException e) {
            throw rowGroupProblem(file, group, e);
        }
    }

    private static RecordReader<Group> records(MessageType schema, PageReadStore pages) {
        return new ColumnIOFactory().getColumnIO(schema).getRecordReader(pages, new GroupRecordConverter(schema));
    }

    private static Group record(RecordReader<Group> records, Path file, int group) {
        try {
            return records.read();
        } catch (RuntimeException e) {
            throw rowGroupProblem(file, group, e);
        }
    }

    private static BadInputException rowGroupProblem(Path file, int group, Exception e) {
        if (e instanceof BadInputException b) {
            return b;
        }
        String where = "row group " + (group + 1);
        Throwable c = e;
        while (c != null && !(c instanceof ParquetCodecs.UnsupportedCodec)) {
            c = c.getCause();
        }
        if (c instanceof ParquetCodecs.UnsupportedCodec u) {
            return new BadInputException(
                    TextInput.name(file),
                    0,
                    where,
                    "compressed with " + u.codec
                            + ", which Sextant does not read (it reads snappy, zstd, gzip and uncompressed Parquet)",
                    e);
        }
        if (e instanceof FileSystemException io) {
            return new BadInputException(
                    TextInput.name(file), 0, where, "cannot read: " + CorpusFiles.readProblem(io), e);
        }
        return new BadInputException(TextInput.name(file), 0, where, "damaged data (its pages cannot be decoded)", e);
    }

    /** The column plan of a corpus file: where the text and the id are. */
    private record Columns(MessageType projection, int text, int id, int source, int score, boolean chat) {}

    private static Columns columns(
            MessageType schema, String name, String textField, String idField, String sourceField, String scoreField) {
        List<Type> keep = new ArrayList<>();
        boolean chat = false;
        Type text = schema.containsField(textField) ? schema.getType(textField) : null;
        if (text == null) {
            for (String list : List.of("messages", "conversations")) {
                if (schema.containsField(list)) {
                    text = schema.getType(list);
                    chat = true;
                    break;
                }
            }
        }
        if (text == null) {
            List<String> names = schema.getFields().stream().map(Type::getName).toList();
            throw new BadInputException(name, 0, textField, "no such column; the file has " + String.join(", ", names));
        }
        if (!chat
                && (!text.isPrimitive()
                        || text.isRepetition(Type.Repetition.REPEATED)
                        || !ParquetRows.isText(text.asPrimitiveType()))) {
            throw new BadInputException(name, 0, textField, "not a text column");
        }
        keep.add(text);
        int id = -1;
        if (idField != null && schema.containsField(idField) && !idField.equals(text.getName())) {
            Type t = schema.getType(idField);
            if (t.isPrimitive() && !t.isRepetition(Type.Repetition.REPEATED)) {
                keep.add(t);
                id = 1;
            }
        }
        int source = metaColumn(schema, keep, sourceField);
        int score = metaColumn(schema, keep, scoreField);
        return new Columns(new MessageType(schema.getName(), keep), 0, id, source, score, chat);
    }

    /** A flat column to read beside the text and id (its index in {@code keep}), −1 when absent or not flat. */
    private static int metaColumn(MessageType schema, List<Type> keep, String field) {
        if (field == null || !schema.containsField(field)) {
            return -1;
        }
        for (int i = 0; i < keep.size(); i++) {
            if (keep.get(i).getName().equals(field)) {
                return i == 0 ? -1 : i; // the text column is no metadata; an id column is shared
            }
        }
        Type t = schema.getType(field);
        if (!t.isPrimitive() || t.isRepetition(Type.Repetition.REPEATED)) {
            return -1;
        }
        keep.add(t);
        return keep.size() - 1;
    }

    /** One row group of a Parquet corpus file. */
    private record RowGroupUnit(Path path, int group, long firstRow, long rows, long sizeBytes) implements CorpusUnit {

        @Override
        public String file() {
            return path.toString();
        }

        @Override
        public Format format() {
            return Format.DOCUMENTS;
        }

        @Override
        public long start() {
            return firstRow;
        }

        @Override
        public long end() {
            return firstRow + rows;
        }

        @Override
        public CorpusStream open() {
            throw new UnsupportedOperationException("a row group is read as documents");
        }

        @Override
        public void documents(
                String textField, String idField, String sourceField, String scoreField, DocumentSink sink) {
            String name = path.toString();
            try (ParquetFileReader r = ParquetFiles.open(path)) {
                MessageType schema = r.getFooter().getFileMetaData().getSchema();
                Columns c = columns(schema, name, textField, idField, sourceField, scoreField);
                r.setRequestedSchema(c.projection());
                PageReadStore pages = readRowGroup(r, path, group);
                if (c.chat()) {
                    RecordReader<Group> records = records(c.projection(), pages);
                    for (long k = 0; k < pages.getRowCount(); k++) {
                        Group g = record(records, path, group);
                        String id = c.id() < 0 || g.getFieldRepetitionCount(c.id()) == 0
                                ? null
                                : g.getValueToString(c.id(), 0);
                        chat(g, name, firstRow + k, id, value(g, c.source()), value(g, c.score()), sink);
                    }
                } else {
                    flat(r, c, pages, sink);
                }
            } catch (IOException e) {
                throw footerProblem(path, e);
            }
        }

        /**
         * Top-level text, id and metadata columns, read value by value without assembling records: a row's text is
         * handed over as the bytes of its page (or dictionary) value, every other column as text.
         */
        private void flat(ParquetFileReader r, Columns c, PageReadStore pages, DocumentSink sink) {
            MessageType p = c.projection();
            List<ColumnDescriptor> columns = p.getColumns();
            ColumnReader[] readers = new ColumnReader[columns.size()];
            try {
                ColumnReadStore store = new ColumnReadStoreImpl(
                        pages,
                        new GroupRecordConverter(p).getRootConverter(),
                        p,
                        r.getFooter().getFileMetaData().getCreatedBy());
                for (int i = 0; i < readers.length; i++) {
                    readers[i] = store.getColumnReader(columns.get(i));
                }
            } catch (RuntimeException e) {
                throw rowGroupProblem(path, group, e);
            }
            ColumnDescriptor textColumn = columns.get(c.text());
            ColumnReader text = readers[c.text()];
            String[] values = new String[readers.length];
            for (long k = 0; k < pages.getRowCount(); k++) {
                byte[] bytes;
                try {
                    bytes = text.getCurrentDefinitionLevel() == textColumn.getMaxDefinitionLevel()
                            ? text.getBinary().getBytesUnsafe()
                            : null;
                    text.consume();
                    for (int i = 0; i < readers.length; i++) {
                        if (i != c.text()) {
                            ColumnReader v = readers[i];
                            values[i] = v.getCurrentDefinitionLevel()
                                            == columns.get(i).getMaxDefinitionLevel()
                                    ? idText(v, columns.get(i))
                                    : null;
                            v.consume();
                        }
                    }
                } catch (RuntimeException e) {
                    throw rowGroupProblem(path, group, e);
                }
                sink.document(
                        firstRow + k,
                        bytes,
                        bytes == null ? 0 : bytes.length,
                        new DocumentFields(at(values, c.id()), at(values, c.source()), at(values, c.score())));
            }
        }

        private static String at(String[] values, int column) {
            return column < 0 ? null : values[column];
        }

        private static String value(Group g, int column) {
            return column < 0 || g.getFieldRepetitionCount(column) == 0 ? null : g.getValueToString(column, 0);
        }

        private static String idText(ColumnReader id, ColumnDescriptor column) {
            return switch (column.getPrimitiveType().getPrimitiveTypeName()) {
                case INT32 -> String.valueOf(id.getInteger());
                case INT64 -> String.valueOf(id.getLong());
                case BOOLEAN -> String.valueOf(id.getBoolean());
                case FLOAT -> String.valueOf(id.getFloat());
                case DOUBLE -> String.valueOf(id.getDouble());
                default -> id.getBinary().toStringUsingUTF8();
            };
        }

        private static void chat(
                Group g, String name, long row, String id, String source, String score, DocumentSink sink) {
            JsonNode node = ParquetRows.row(g);
            try {
                byte[] bytes = ChatText.of(node, name, row + 1).text().getBytes(StandardCharsets.UTF_8);
                sink.document(row, bytes, bytes.length, new DocumentFields(id, source, score));
            } catch (BadInputException e) {
                // a row whose messages are not a chat is skipped, as a JSONL line is
                sink.document(row, null, 0, new DocumentFields(id, source, score));
            }
        }
    }
}
