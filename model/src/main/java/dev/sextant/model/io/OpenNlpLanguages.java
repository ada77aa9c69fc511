package dev.sextant.model.io;

import dev.sextant.model.data.language.LanguageIdentifier;
import dev.sextant.model.data.language.LanguageScores;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.MissingResourceException;
import opennlp.tools.langdetect.Language;
import opennlp.tools.langdetect.LanguageDetectorME;
import opennlp.tools.langdetect.LanguageDetectorModel;

/**
 * Apache OpenNLP's language detector with its published model (langdetect-183: 103 languages, a maximum-entropy model
 * over character n-grams trained on the Leipzig corpora; Maven {@code org.apache.opennlp:opennlp-models-langdetect}),
 * the identifier used when no fastText model is given. Its ISO 639-3 codes are given as ISO 639-1 where the language
 * has one, as fastText's labels are, so that {@code en} names English to both. Its confidences spread over all 103
 * languages and are not fastText's probabilities. Loaded once; a detector a thread (OpenNLP's is not thread-safe).
 */
public final class OpenNlpLanguages implements LanguageIdentifier {

    private static final String MODEL = "/langdetect-183.bin";

    private static volatile OpenNlpLanguages instance;

    private final LanguageDetectorModel model;
    private final List<String> codes;
    private final Map<String, Integer> index = new HashMap<>();
    private final ThreadLocal<LanguageDetectorME> detector;

    private OpenNlpLanguages(LanguageDetectorModel model) {
        this.model = model;
        this.detector = ThreadLocal.withInitial(() -> new LanguageDetectorME(model));
        List<String> c = new ArrayList<>();
        for (String iso3 : detector.get().getSupportedLanguages()) {
            String code = iso1(iso3);
            int at = c.indexOf(code);
            if (at < 0) {
                at = c.size();
                c.add(code);
            }
            index.put(iso3, at); // two varieties of one language (ekk and est) score as the language
        }
        this.codes = List.copyOf(c);
    }

    /** The shared identifier, its model read on first use (about half a second). */
    public static OpenNlpLanguages instance() {
        OpenNlpLanguages i = instance;
        if (i == null) {
            synchronized (OpenNlpLanguages.class) {
                i = instance;
                if (i == null) {
                    try (InputStream in = OpenNlpLanguages.class.getResourceAsStream(MODEL)) {
                        if (in == null) {
                            throw new IllegalStateException("OpenNLP's language model is not on the class path");
                        }
                        i = new OpenNlpLanguages(new LanguageDetectorModel(in));
                    } catch (IOException e) {
                        throw new UncheckedIOException("cannot read OpenNLP's language model", e);
                    }
                    instance = i;
                }
            }
        }
        return i;
    }

    @Override
    public String name() {
        return "Apache OpenNLP langdetect-183";
    }

    @Override
    public LanguageScores scores(String text) {
        double[] s = new double[codes.size()];
        for (Language l : detector.get().predictLanguages(text)) {
            Integer i = index.get(l.getLang());
            if (i != null) {
                s[i] += l.getConfidence();
            }
        }
        return new LanguageScores(codes, s);
    }

    /** ISO 639-3 to 639-1 where the language has a two-letter code (by the JDK's table); else as given. */
    static String iso1(String iso3) {
        return ISO1.getOrDefault(iso3, iso3);
    }

    private static final Map<String, String> ISO1 = new HashMap<>();

    static {
        for (String two : Locale.getISOLanguages()) {
            try {
                ISO1.put(Locale.forLanguageTag(two).getISO3Language(), two);
            } catch (MissingResourceException e) {
                // a code the JDK has no three-letter form of
            }
        }
        // the JDK's legacy codes for Hebrew, Indonesian and Yiddish; fastText's are the current ones
        ISO1.put("heb", "he");
        ISO1.put("ind", "id");
        ISO1.put("yid", "yi");
        // macrolanguage members fastText labels by the macrolanguage's code
        ISO1.put("cmn", "zh");
        ISO1.put("pes", "fa");
        ISO1.put("zsm", "ms");
        ISO1.put("arb", "ar");
        ISO1.put("ekk", "et");
        ISO1.put("lvs", "lv");
        ISO1.put("nob", "no");
        ISO1.put("swh", "sw");
        ISO1.put("uzn", "uz");
        ISO1.put("azj", "az");
        ISO1.put("khk", "mn");
        ISO1.put("npi", "ne");
        ISO1.put("plt", "mg");
        ISO1.put("ydd", "yi");
        ISO1.put("gug", "gn");
        ISO1.put("quz", "qu");
    }
}
