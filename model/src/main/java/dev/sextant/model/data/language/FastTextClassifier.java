package dev.sextant.model.data.language;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A fastText supervised classifier (Joulin et al. 2017, "Bag of Tricks for Efficient Text Classification", EACL; the
 * language identifiers lid.176 and GlotLID are such models) predicting as fastText 0.9's {@code predict(text, k=-1)}
 * does, which is what datatrove's {@code LanguageFilter} calls: the text split at whitespace with an end-of-line token
 * after it, each word's vector the sum of its own row and its character n-grams' rows (hashed with 32-bit FNV-1a over
 * the bytes, signed, into {@code bucket} rows), the hidden vector their mean, then a softmax over the labels or, for
 * a hierarchical-softmax model, every leaf of its Huffman tree over the label counts; each probability read back as
 * {@code exp(log(p + 1e-5))}. Arithmetic in float, as fastText's {@code real}. The weights come from {@code
 * model.io.FastTextModelFile}.
 */
public final class FastTextClassifier implements LanguageIdentifier {

    /** fastText's losses ({@code loss_name}). */
    public enum Loss {
        HS,
        NS,
        SOFTMAX,
        OVA
    }

    /** A row source: fastText's dense or product-quantized matrix. */
    public interface Rows {
        /** {@code x += row(i)}. */
        void addRow(float[] x, int i);

        /** {@code row(i) · x}. */
        float dot(float[] x, int i);

        int rows();
    }

    private static final String EOS = "</s>";
    private static final String LABEL = "__label__";

    private final String name;
    private final int dim;
    private final int minn;
    private final int maxn;
    private final int bucket;
    private final int wordNgrams;
    private final Loss loss;
    private final Map<String, Integer> words = new HashMap<>();
    private final int[][] subwords; // a vocabulary word's rows: itself and its n-grams
    private final int nwords;
    private final String[] labels;
    private final List<String> codes;
    private final Map<Integer, Integer> pruned; // n-gram bucket → row, when the model was pruned (null: not pruned)
    private final Rows input;
    private final Rows output;
    private final int[] left;
    private final int[] right;

    /**
     * @param vocabulary the words in dictionary order (the first {@code nwords}), then the labels
     * @param labelCounts each label's count, for the hierarchical softmax's tree
     * @param pruned      n-gram bucket → row of a pruned (quantized with cutoff) model, or null
     */
    public FastTextClassifier(
            String name,
            int dim,
            int minn,
            int maxn,
            int bucket,
            int wordNgrams,
            Loss loss,
            List<String> vocabulary,
            int nwords,
            long[] labelCounts,
            Map<Integer, Integer> pruned,
            Rows input,
            Rows output) {
        this.name = name;
        this.dim = dim;
        this.minn = minn;
        this.maxn = maxn;
        this.bucket = bucket;
        this.wordNgrams = wordNgrams;
        this.loss = loss;
        this.nwords = nwords;
        this.pruned = pruned;
        this.input = input;
        this.output = output;
        subwords = new int[nwords][];
        for (int i = 0; i < nwords; i++) {
            String w = vocabulary.get(i);
            words.put(w, i);
            List<Integer> rows = new ArrayList<>();
            rows.add(i);
            if (!w.equals(EOS)) {
                ngrams("<" + w + ">", rows);
            }
            subwords[i] = rows.stream().mapToInt(Integer::intValue).toArray();
        }
        labels = new String[vocabulary.size() - nwords];
        for (int i = 0; i < labels.length; i++) {
            String l = vocabulary.get(nwords + i);
            labels[i] = l.startsWith(LABEL) ? l.substring(LABEL.length()) : l;
        }
        codes = List.of(labels);
        int osz = labels.length;
        left = new int[Math.max(0, 2 * osz - 1)];
        right = new int[left.length];
        if (loss == Loss.HS) {
            buildTree(labelCounts);
        }
    }

    @Override
    public String name() {
        return name;
    }

    public List<String> labels() {
        return List.of(labels);
    }

    /** fastText's {@code Dictionary::hash}: 32-bit FNV-1a over the bytes, each sign-extended as a C {@code int8_t}. */
    static int hash(byte[] b, int from, int to) {
        int h = 0x811C9DC5;
        for (int i = from; i < to; i++) {
            h ^= b[i]; // the byte sign-extended, as fastText's uint32_t(int8_t(c))
            h *= 16777619;
        }
        return h;
    }

    /** fastText's {@code computeSubwords}: the character n-grams (minn to maxn code points) of a bracketed word. */
    private void ngrams(String bracketed, List<Integer> rows) {
        if (maxn <= 0) {
            return;
        }
        byte[] w = bracketed.getBytes(StandardCharsets.UTF_8);
        for (int i = 0; i < w.length; i++) {
            if ((w[i] & 0xC0) == 0x80) {
                continue;
            }
            int j = i;
            for (int n = 1; j < w.length && n <= maxn; n++) {
                j++;
                while (j < w.length && (w[j] & 0xC0) == 0x80) {
                    j++;
                }
                if (n >= minn && !(n == 1 && (i == 0 || j == w.length))) {
                    push(rows, Integer.remainderUnsigned(hash(w, i, j), bucket));
                }
            }
        }
    }

    /** fastText's {@code pushHash}: an n-gram's row, through the pruning map when there is one. */
    private void push(List<Integer> rows, int id) {
        if (pruned != null) {
            Integer to = pruned.get(id);
            if (to == null) {
                return;
            }
            id = to;
        }
        rows.add(nwords + id);
    }

    /** The rows a line's words add up, as fastText's {@code getLine} collects them (no labels in the text). */
    int[] rows(String text) {
        List<Integer> rows = new ArrayList<>();
        List<Integer> hashes = new ArrayList<>();
        byte[] b = (text + "\n").getBytes(StandardCharsets.UTF_8);
        int i = 0;
        while (i < b.length) {
            // readWord: separators are space, \n, \r, \t, \v, \f and NUL; a \n alone is the end-of-line token
            int c = b[i];
            if (separator(c)) {
                i++;
                if (c == '\n') {
                    word(EOS, rows, hashes);
                    break;
                }
                continue;
            }
            int start = i;
            while (i < b.length && !separator(b[i])) {
                i++;
            }
            String token = new String(b, start, i - start, StandardCharsets.UTF_8);
            word(token, rows, hashes, b, start, i);
        }
        if (wordNgrams > 1) {
            for (int k = 0; k < hashes.size(); k++) {
                long h = Integer.toUnsignedLong(hashes.get(k));
                for (int j = k + 1; j < hashes.size() && j < k + wordNgrams; j++) {
                    h = h * 116049371L + Integer.toUnsignedLong(hashes.get(j)); // uint64 arithmetic
                    push(rows, (int) Long.remainderUnsigned(h, bucket));
                }
            }
        }
        return rows.stream().mapToInt(Integer::intValue).toArray();
    }

    private void word(String token, List<Integer> rows, List<Integer> hashes) {
        byte[] b = token.getBytes(StandardCharsets.UTF_8);
        word(token, rows, hashes, b, 0, b.length);
    }

    private void word(String token, List<Integer> rows, List<Integer> hashes, byte[] b, int from, int to) {
        if (token.startsWith(LABEL)) {
            return; // a label in the text: fastText takes it as the line's label, not a word
        }
        Integer id = words.get(token);
        if (id == null) {
            if (!token.equals(EOS)) {
                ngrams("<" + token + ">", rows);
            }
        } else {
            for (int r : subwords[id]) {
                rows.add(r);
            }
        }
        hashes.add(hash(b, from, to));
    }

    private static boolean separator(int c) {
        return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == 0x0B || c == '\f' || c == 0;
    }

    /** fastText's {@code std_log}. */
    private static float log(float x) {
        return (float) Math.log(x + 1e-5);
    }

    @Override
    public LanguageScores scores(String text) {
        int[] rows = rows(text);
        double[] p = new double[labels.length];
        if (rows.length == 0) {
            return new LanguageScores(codes, p);
        }
        float[] hidden = new float[dim];
        for (int r : rows) {
            input.addRow(hidden, r);
        }
        float scale = (float) (1.0 / rows.length);
        for (int j = 0; j < dim; j++) {
            hidden[j] *= scale;
        }
        float[] logp = new float[labels.length];
        Arrays.fill(logp, Float.NEGATIVE_INFINITY);
        if (loss == Loss.HS) {
            dfs(2 * labels.length - 2, 0f, hidden, logp);
        } else {
            softmax(hidden, logp);
        }
        for (int i = 0; i < p.length; i++) {
            p[i] = (float) Math.exp(logp[i]); // fastText's predictLine: exp of the kept log(p + 1e-5), as a float
        }
        return new LanguageScores(codes, p);
    }

    /** The softmax loss's output, each as fastText's {@code findKBest} keeps it: {@code log(p + 1e-5)}. */
    private void softmax(float[] hidden, float[] logp) {
        float[] o = new float[labels.length];
        float max = Float.NEGATIVE_INFINITY;
        for (int i = 0; i < o.length; i++) {
            o[i] = output.dot(hidden, i);
            max = Math.max(max, o[i]);
        }
        float z = 0;
        for (int i = 0; i < o.length; i++) {
            o[i] = (float) Math.exp(o[i] - max);
            z += o[i];
        }
        for (int i = 0; i < o.length; i++) {
            logp[i] = log(o[i] / z);
        }
    }

    private static final float FLOOR = log(0f);

    /** The hierarchical softmax's tree walked to every leaf (fastText's {@code dfs} with k unlimited, threshold 0). */
    private void dfs(int node, float score, float[] hidden, float[] logp) {
        if (score < FLOOR) {
            return; // fastText prunes below log(threshold + 1e-5) with the threshold 0: those languages score 0
        }
        if (left[node] == -1 && right[node] == -1) {
            logp[node] = score;
            return;
        }
        float f = output.dot(hidden, node - labels.length);
        f = (float) (1.0 / (1 + Math.exp(-f)));
        dfs(left[node], score + log((float) (1.0 - f)), hidden, logp);
        dfs(right[node], score + log(f), hidden, logp);
    }

    /** fastText's {@code HierarchicalSoftmaxLoss::buildTree}: a Huffman tree over the label counts (sorted, highest first). */
    private void buildTree(long[] counts) {
        int osz = labels.length;
        long[] count = new long[2 * osz - 1];
        Arrays.fill(count, (long) 1e15);
        Arrays.fill(left, -1);
        Arrays.fill(right, -1);
        System.arraycopy(counts, 0, count, 0, osz);
        int leaf = osz - 1;
        int node = osz;
        for (int i = osz; i < 2 * osz - 1; i++) {
            int[] mini = new int[2];
            for (int j = 0; j < 2; j++) {
                if (leaf >= 0 && count[leaf] < count[node]) {
                    mini[j] = leaf--;
                } else {
                    mini[j] = node++;
                }
            }
            left[i] = mini[0];
            right[i] = mini[1];
            count[i] = count[mini[0]] + count[mini[1]];
        }
    }
}
