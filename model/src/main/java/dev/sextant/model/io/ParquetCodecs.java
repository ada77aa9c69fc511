package dev.sextant.model.io;

import com.github.luben.zstd.Zstd;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Locale;
import java.util.zip.GZIPInputStream;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.xerial.snappy.Snappy;

/**
 * Decompresses Parquet pages without Hadoop's codec classes (which need a Hadoop configuration and its XML parser):
 * uncompressed, Snappy (the Hugging Face default), zstd and gzip, through snappy-java, zstd-jni and the JDK. Reading
 * only: Sextant writes no Parquet.
 */
final class ParquetCodecs implements CompressionCodecFactory {

    /** A page compressed with a codec this factory does not read; its name is the codec's. */
    static final class UnsupportedCodec extends IOException {
        private static final long serialVersionUID = 1L;
        final String codec;

        UnsupportedCodec(CompressionCodecName codec) {
            super(codec.name());
            this.codec = codec.name().toLowerCase(Locale.ROOT);
        }
    }

    @Override
    public BytesInputCompressor getCompressor(CompressionCodecName codec) {
        throw new UnsupportedOperationException("reading only");
    }

    @Override
    public BytesInputDecompressor getDecompressor(CompressionCodecName codec) {
        return new BytesInputDecompressor() {
            @Override
            public BytesInput decompress(BytesInput bytes, int uncompressedSize) throws IOException {
                return BytesInput.from(ParquetCodecs.decompress(codec, bytes.toByteArray(), uncompressedSize));
            }

            @Override
            public void decompress(ByteBuffer input, int compressedSize, ByteBuffer output, int uncompressedSize)
                    throws IOException {
                byte[] in = new byte[compressedSize];
                input.get(in);
                output.put(ParquetCodecs.decompress(codec, in, uncompressedSize));
            }

            @Override
            public void release() {}
        };
    }

    static byte[] decompress(CompressionCodecName codec, byte[] in, int uncompressedSize) throws IOException {
        byte[] out =
                switch (codec) {
                    case UNCOMPRESSED -> in;
                    case SNAPPY -> Snappy.uncompress(in);
                    case ZSTD -> Zstd.decompress(in, uncompressedSize);
                    case GZIP -> {
                        try (GZIPInputStream g = new GZIPInputStream(new ByteArrayInputStream(in))) {
                            yield g.readNBytes(uncompressedSize);
                        }
                    }
                    default -> throw new UnsupportedCodec(codec);
                };
        if (out.length != uncompressedSize) {
            throw new IOException("page size differs from its header");
        }
        return out;
    }

    @Override
    public void release() {}
}
