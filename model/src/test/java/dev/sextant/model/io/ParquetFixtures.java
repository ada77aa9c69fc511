package dev.sextant.model.io;

import com.github.luben.zstd.Zstd;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.BiConsumer;
import java.util.zip.GZIPOutputStream;
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
import org.xerial.snappy.Snappy;

/** Writes small Parquet files for tests with parquet-java's own writer, as pyarrow lays out Hugging Face datasets. */
final class ParquetFixtures {

    private ParquetFixtures() {}

    /**
     * @param schema   Parquet schema text, e.g. {@code message m { required binary text (STRING); }}
     * @param rows     rows to write
     * @param perGroup rows per row group
     * @param fill     fills row {@code i}
     */
    static Path write(
            Path file,
            String schema,
            int rows,
            int perGroup,
            CompressionCodecName codec,
            BiConsumer<Group, Integer> fill)
            throws IOException {
        Files.deleteIfExists(file);
        Files.createDirectories(file.toAbsolutePath().getParent());
        MessageType type = MessageTypeParser.parseMessageType(schema);
        SimpleGroupFactory groups = new SimpleGroupFactory(type);
        try (ParquetWriter<Group> w = ExampleParquetWriter.builder(new LocalOutputFile(file))
                .withConf(new PlainParquetConfiguration())
                .withType(type)
                .withCompressionCodec(codec)
                .withCodecFactory(new Compressors())
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

    /** The writing half of the codecs: test code only, as Sextant writes no Parquet. */
    static final class Compressors implements CompressionCodecFactory {
        @Override
        public BytesInputCompressor getCompressor(CompressionCodecName codec) {
            return new BytesInputCompressor() {
                @Override
                public BytesInput compress(BytesInput bytes) throws IOException {
                    byte[] b = bytes.toByteArray();
                    return BytesInput.from(
                            switch (codec) {
                                case UNCOMPRESSED -> b;
                                case SNAPPY -> Snappy.compress(b);
                                case ZSTD -> Zstd.compress(b);
                                case GZIP -> {
                                    ByteArrayOutputStream out = new ByteArrayOutputStream();
                                    try (GZIPOutputStream g = new GZIPOutputStream(out)) {
                                        g.write(b);
                                    }
                                    yield out.toByteArray();
                                }
                                default -> throw new IOException("not in tests: " + codec);
                            });
                }

                @Override
                public CompressionCodecName getCodecName() {
                    return codec;
                }

                @Override
                public void release() {}
            };
        }

        @Override
        public BytesInputDecompressor getDecompressor(CompressionCodecName codec) {
            return new ParquetCodecs().getDecompressor(codec);
        }

        @Override
        public void release() {}
    }
}
