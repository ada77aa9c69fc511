package dev.sextant.app.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.BiConsumer;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;

/** Small uncompressed Parquet files for the command-line tests, written with parquet-java's own writer. */
public final class ParquetWriting {

    private ParquetWriting() {}

    public static Path write(Path file, String schema, int rows, int perGroup, BiConsumer<Group, Integer> fill)
            throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        MessageType type = MessageTypeParser.parseMessageType(schema);
        SimpleGroupFactory groups = new SimpleGroupFactory(type);
        try (ParquetWriter<Group> w = ExampleParquetWriter.builder(new LocalOutputFile(file))
                .withConf(new PlainParquetConfiguration())
                .withType(type)
                .withCompressionCodec(CompressionCodecName.UNCOMPRESSED)
                .withCodecFactory(new Identity())
                .withRowGroupRowCountLimit(perGroup)
                .withPageRowCountLimit(Math.max(1, perGroup / 2))
                .build()) {
            for (int i = 0; i < rows; i++) {
                Group g = groups.newGroup();
                fill.accept(g, i);
                w.write(g);
            }
        }
        return file;
    }

    /** Pages as they are: no Hadoop codec classes in the tests either. */
    private static final class Identity implements CompressionCodecFactory {
        @Override
        public BytesInputCompressor getCompressor(CompressionCodecName codec) {
            return new BytesInputCompressor() {
                @Override
                public BytesInput compress(BytesInput bytes) {
                    return bytes;
                }

                @Override
                public CompressionCodecName getCodecName() {
                    return CompressionCodecName.UNCOMPRESSED;
                }

                @Override
                public void release() {}
            };
        }

        @Override
        public BytesInputDecompressor getDecompressor(CompressionCodecName codec) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void release() {}
    }
}
