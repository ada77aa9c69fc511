package dev.sextant.model.data.language;

/**
 * fastText's two matrix forms: dense rows of floats ({@code DenseMatrix}), and rows stored as product-quantization codes
 * ({@code QuantMatrix}, the {@code .ftz} models: each row split into sub-vectors, each sub-vector one of 256 centroids,
 * optionally scaled by a quantized norm; Jégou et al. 2011, as fastText.zip, Joulin et al. 2016, arXiv 1612.03651).
 */
public final class FastTextRows {

    private FastTextRows() {}

    /** Dense rows, row-major. */
    public static FastTextClassifier.Rows dense(int rows, int columns, float[] data) {
        return new FastTextClassifier.Rows() {
            @Override
            public void addRow(float[] x, int i) {
                int at = i * columns;
                for (int j = 0; j < columns; j++) {
                    x[j] += data[at + j];
                }
            }

            @Override
            public float dot(float[] x, int i) {
                int at = i * columns;
                float d = 0;
                for (int j = 0; j < columns; j++) {
                    d += data[at + j] * x[j];
                }
                return d;
            }

            @Override
            public int rows() {
                return rows;
            }
        };
    }

    /** A product quantizer: {@code nsubq} sub-vectors of {@code dsub} values (the last {@code lastdsub}), 256 centroids each. */
    public record Quantizer(int dim, int nsubq, int dsub, int lastdsub, float[] centroids) {

        static final int KSUB = 256;

        /** Where centroid {@code c} of sub-quantizer {@code m} starts in {@code centroids}. */
        int at(int m, int c) {
            return m == nsubq - 1 ? m * KSUB * dsub + c * lastdsub : (m * KSUB + c) * dsub;
        }

        void add(float[] x, byte[] codes, int row, float alpha) {
            int d = dsub;
            int code = nsubq * row;
            for (int m = 0; m < nsubq; m++) {
                int c = at(m, codes[code + m] & 0xFF);
                if (m == nsubq - 1) {
                    d = lastdsub;
                }
                for (int n = 0; n < d; n++) {
                    x[m * dsub + n] += alpha * centroids[c + n];
                }
            }
        }

        float mul(float[] x, byte[] codes, int row, float alpha) {
            float res = 0;
            int d = dsub;
            int code = nsubq * row;
            for (int m = 0; m < nsubq; m++) {
                int c = at(m, codes[code + m] & 0xFF);
                if (m == nsubq - 1) {
                    d = lastdsub;
                }
                for (int n = 0; n < d; n++) {
                    res += x[m * dsub + n] * centroids[c + n];
                }
            }
            return res * alpha;
        }
    }

    /**
     * Quantized rows: {@code codes} holds each row's sub-quantizer codes; with {@code normCodes}, each row scaled by its
     * norm's centroid in {@code norms} (a one-dimensional quantizer).
     */
    public static FastTextClassifier.Rows quantized(
            int rows, Quantizer pq, byte[] codes, byte[] normCodes, Quantizer norms) {
        return new FastTextClassifier.Rows() {
            private float norm(int i) {
                return normCodes == null ? 1f : norms.centroids()[norms.at(0, normCodes[i] & 0xFF)];
            }

            @Override
            public void addRow(float[] x, int i) {
                pq.add(x, codes, i, norm(i));
            }

            @Override
            public float dot(float[] x, int i) {
                return pq.mul(x, codes, i, norm(i));
            }

            @Override
            public int rows() {
                return rows;
            }
        };
    }
}
