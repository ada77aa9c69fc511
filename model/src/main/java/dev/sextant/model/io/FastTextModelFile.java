package dev.sextant.model.io;

import dev.sextant.model.BadInputException;
import dev.sextant.model.data.language.FastTextClassifier;
import dev.sextant.model.data.language.FastTextRows;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a fastText model file ({@code .bin}, or the quantized {@code .ftz}), format version 11 or 12 as fastText 0.9
 * writes it (little-endian): the magic number and version, the training arguments, the dictionary (each entry a
 * NUL-ended word, its count and its type; then the pruning map of a quantized model), the input matrix (dense, or
 * product-quantized codes with their quantizer and optional norm quantizer), and the output matrix likewise. Only
 * supervised models (classifiers such as lid.176 and GlotLID) with a softmax or hierarchical-softmax loss are taken.
 */
public final class FastTextModelFile {

    private static final int MAGIC = 793712314;
    private static final int SUPERVISED = 3;

    private FastTextModelFile() {}

    public static FastTextClassifier read(Path file) {
        String name = TextInput.name(file);
        try (InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16)) {
            return read(in, name, file.getFileName().toString());
        } catch (EOFException e) {
            throw BadInputException.of(name, "ends early: not a whole fastText model file");
        } catch (IOException e) {
            throw BadInputException.of(name, "cannot read: " + IoFailures.plain(e));
        }
    }

    static FastTextClassifier read(InputStream raw, String name, String label) throws IOException {
        LittleEndian in = new LittleEndian(raw);
        int magic = in.int32();
        int version = in.int32();
        if (magic != MAGIC) {
            throw BadInputException.of(name, "not a fastText model file (its first bytes are not fastText's mark)");
        }
        if (version != 11 && version != 12) {
            throw BadInputException.of(
                    name, "fastText model format version " + version + ", which Sextant does not read (11 or 12)");
        }
        int dim = in.int32();
        in.int32(); // ws
        in.int32(); // epoch
        in.int32(); // minCount
        in.int32(); // neg
        int wordNgrams = in.int32();
        int loss = in.int32();
        int model = in.int32();
        int bucket = in.int32();
        int minn = in.int32();
        int maxn = in.int32();
        in.int32(); // lrUpdateRate
        in.float64(); // t
        if (model != SUPERVISED) {
            throw BadInputException.of(
                    name,
                    "a fastText word-vector model, not a classifier: give a language identification model (lid.176.bin, GlotLID)");
        }
        FastTextClassifier.Loss lossName =
                switch (loss) {
                    case 1 -> FastTextClassifier.Loss.HS;
                    case 3 -> FastTextClassifier.Loss.SOFTMAX;
                    default -> throw BadInputException.of(
                            name,
                            "a fastText classifier trained with loss " + (loss == 2 ? "ns" : loss == 4 ? "ova" : loss)
                                    + ": Sextant reads models trained with softmax or hs");
                };
        if (version == 11) {
            maxn = 0; // fastText: old supervised models have no character n-grams
        }
        int size = in.int32();
        int nwords = in.int32();
        int nlabels = in.int32();
        in.int64(); // ntokens
        long pruneSize = in.int64();
        if (size < 0 || nwords < 0 || nlabels <= 0 || nwords + nlabels != size || dim <= 0 || bucket < 0) {
            throw BadInputException.of(name, "damaged fastText model: its dictionary sizes do not agree");
        }
        List<String> vocabulary = new ArrayList<>(size);
        long[] labelCounts = new long[nlabels];
        for (int i = 0; i < size; i++) {
            vocabulary.add(in.cString());
            long count = in.int64();
            in.int8(); // type: 0 word, 1 label (words come first)
            if (i >= nwords) {
                labelCounts[i - nwords] = count;
            }
        }
        Map<Integer, Integer> pruned = null;
        if (pruneSize >= 0) {
            pruned = new HashMap<>();
            for (long i = 0; i < pruneSize; i++) {
                pruned.put(in.int32(), in.int32());
            }
        }
        boolean quantInput = in.int8() != 0;
        FastTextClassifier.Rows input = matrix(in, quantInput, name);
        boolean qout = in.int8() != 0;
        FastTextClassifier.Rows output = matrix(in, quantInput && qout, name);
        if (output.rows() != nlabels) {
            throw BadInputException.of(
                    name, "damaged fastText model: " + output.rows() + " output rows for " + nlabels + " labels");
        }
        return new FastTextClassifier(
                "fastText " + label,
                dim,
                minn,
                maxn,
                bucket,
                wordNgrams,
                lossName,
                vocabulary,
                nwords,
                labelCounts,
                pruned,
                input,
                output);
    }

    private static FastTextClassifier.Rows matrix(LittleEndian in, boolean quantized, String name) throws IOException {
        if (!quantized) {
            long m = in.int64();
            long n = in.int64();
            if (m < 0 || n <= 0 || m * n > Integer.MAX_VALUE - 8) {
                throw BadInputException.of(name, "damaged fastText model: a matrix of " + m + " × " + n);
            }
            return FastTextRows.dense((int) m, (int) n, in.floats((int) (m * n)));
        }
        boolean qnorm = in.int8() != 0;
        long m = in.int64();
        in.int64(); // n
        int codeSize = in.int32();
        if (m < 0 || m > Integer.MAX_VALUE || codeSize < 0) {
            throw BadInputException.of(name, "damaged fastText model: a quantized matrix of " + m + " rows");
        }
        byte[] codes = in.bytes(codeSize);
        FastTextRows.Quantizer pq = quantizer(in, name);
        byte[] normCodes = null;
        FastTextRows.Quantizer norms = null;
        if (qnorm) {
            normCodes = in.bytes((int) m);
            norms = quantizer(in, name);
        }
        return FastTextRows.quantized((int) m, pq, codes, normCodes, norms);
    }

    private static FastTextRows.Quantizer quantizer(LittleEndian in, String name) throws IOException {
        int dim = in.int32();
        int nsubq = in.int32();
        int dsub = in.int32();
        int lastdsub = in.int32();
        if (dim <= 0 || nsubq <= 0 || dsub <= 0 || lastdsub <= 0 || dim > 1 << 16) {
            throw BadInputException.of(name, "damaged fastText model: a product quantizer of dimension " + dim);
        }
        return new FastTextRows.Quantizer(dim, nsubq, dsub, lastdsub, in.floats(dim * 256));
    }

    /** fastText's files are written in the machine's order, which is little-endian on every machine it runs on. */
    private static final class LittleEndian {
        private final DataInputStream in;
        private final byte[] eight = new byte[8];

        LittleEndian(InputStream in) {
            this.in = new DataInputStream(in);
        }

        int int8() throws IOException {
            return in.readByte();
        }

        int int32() throws IOException {
            in.readFully(eight, 0, 4);
            return ByteBuffer.wrap(eight, 0, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
        }

        long int64() throws IOException {
            in.readFully(eight, 0, 8);
            return ByteBuffer.wrap(eight).order(ByteOrder.LITTLE_ENDIAN).getLong();
        }

        double float64() throws IOException {
            return Double.longBitsToDouble(int64());
        }

        byte[] bytes(int n) throws IOException {
            byte[] b = new byte[n];
            in.readFully(b);
            return b;
        }

        float[] floats(int n) throws IOException {
            byte[] b = bytes(n * 4);
            float[] f = new float[n];
            ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer().get(f);
            return f;
        }

        String cString() throws IOException {
            ByteArrayOutputStream b = new ByteArrayOutputStream(16);
            for (int c = in.readByte(); c != 0; c = in.readByte()) {
                b.write(c);
            }
            return b.toString(StandardCharsets.UTF_8);
        }
    }
}
