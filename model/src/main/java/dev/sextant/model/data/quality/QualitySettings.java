package dev.sextant.model.data.quality;

import dev.sextant.model.InputError;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The thresholds and switches of every family: datatrove's defaults unless a preset or the user says otherwise. Keys
 * are {@code family.param}, e.g. {@code c4.min_num_sentences}. Immutable; {@link #with} gives a changed copy.
 */
public final class QualitySettings {

    /** The named sets of values a run may start from. */
    public enum Preset {
        /** datatrove's current defaults: what most pipelines run. */
        DATATROVE,
        /** The values the papers state (C4: 3 sentences, 5 words a line; FineWeb: 0.1 of characters in duplicated lines). */
        PAPER,
        /** As FineWeb's own pipeline ran C4 (examples/fineweb.py: the terminal-punctuation rule off), else datatrove. */
        FINEWEB_PIPELINE
    }

    private final Map<String, Double> values;
    private final Map<String, Double> languages;

    private QualitySettings(Map<String, Double> values) {
        this(values, Map.of());
    }

    private QualitySettings(Map<String, Double> values, Map<String, Double> languages) {
        this.values = values;
        this.languages = languages;
    }

    /**
     * The languages the {@code language} family keeps, each with its own threshold or NaN for the family's; empty:
     * any language, by its likeliest language's score.
     */
    public Map<String, Double> languages() {
        return languages;
    }

    /** The threshold a kept language needs: its own, else the family's (NaN: off, the likeliest language decides). */
    public double languageThreshold(String code) {
        Double own = languages.get(code);
        return own == null || Double.isNaN(own) ? get(LanguageFilter.NAME, "language_threshold") : own;
    }

    /**
     * A copy keeping these languages, as the user typed them: {@code en}, {@code en,de}, {@code en=0.5,de} (a language's
     * own threshold after {@code =}).
     */
    public QualitySettings withLanguages(String typed) {
        Map<String, Double> l = new LinkedHashMap<>();
        for (String part : typed.split(",")) {
            String p = part.strip();
            if (p.isEmpty()) {
                continue;
            }
            int eq = p.indexOf('=');
            String code = code((eq < 0 ? p : p.substring(0, eq)).strip());
            double t = eq < 0
                    ? Double.NaN
                    : param(LanguageFilter.NAME + ".language_threshold").parse(p.substring(eq + 1));
            l.put(code, t);
        }
        return new QualitySettings(values, Collections.unmodifiableMap(l));
    }

    public static QualitySettings defaults() {
        return of(Preset.DATATROVE);
    }

    public static QualitySettings of(Preset preset) {
        Map<String, Double> v = new LinkedHashMap<>();
        for (QualityFamily f : QualityFamilies.ALL) {
            for (QualityParam p : f.params()) {
                v.put(p.family() + "." + p.name(), preset == Preset.PAPER ? p.paper() : p.datatrove());
            }
        }
        if (preset == Preset.FINEWEB_PIPELINE) {
            v.put("c4.filter_no_terminal_punct", 0.0);
        }
        return new QualitySettings(v);
    }

    /** A preset by its name on the command line: {@code datatrove}, {@code paper}, {@code fineweb-pipeline}. */
    public static Preset preset(String name) {
        for (Preset p : Preset.values()) {
            if (p.name().toLowerCase(Locale.ROOT).replace('_', '-').equals(name)) {
                return p;
            }
        }
        throw new InputError("quality.preset", "unknown preset " + name + ": datatrove, paper or fineweb-pipeline");
    }

    /**
     * A language as a model labels it: ISO 639-1 (or 639-3) in lower case, as lid.176 labels ({@code en}), with a
     * script in title case after an underscore, as GlotLID labels ({@code eng_Latn}).
     */
    private static String code(String typed) {
        int us = typed.indexOf('_');
        String language = (us < 0 ? typed : typed.substring(0, us)).toLowerCase(Locale.ROOT);
        String script = us < 0 ? "" : typed.substring(us + 1).toLowerCase(Locale.ROOT);
        if (!language.matches("[a-z]{2,3}") || us >= 0 && !script.matches("[a-z]{4}")) {
            throw new InputError(
                    "quality.languages",
                    "not a language code: '" + typed
                            + "' (ISO 639-1 as lid.176 labels them, e.g. en, de, zh; or GlotLID's, e.g. eng_Latn)");
        }
        return us < 0 ? language : language + "_" + Character.toUpperCase(script.charAt(0)) + script.substring(1);
    }

    /**
     * The language family's threshold when the user gives none, as typed: datatrove's (0.65) for a fastText model, whose
     * scores are probabilities; off (the likeliest language decides) for OpenNLP's detector, whose confidences spread
     * over 103 languages and are not fastText's probabilities, so that a threshold made for fastText's would remove
     * most documents.
     */
    public static String defaultLanguageThreshold(boolean fastTextModel) {
        QualityParam p = param(LanguageFilter.NAME + ".language_threshold");
        return p.format(fastTextModel ? p.datatrove() : Double.NaN);
    }

    /** A copy with {@code key} ({@code family.param}) set from what the user typed; unknown keys are refused. */
    public QualitySettings with(String key, String value) {
        QualityParam p = param(key);
        Map<String, Double> v = new LinkedHashMap<>(values);
        v.put(key, p.parse(value));
        return new QualitySettings(v, languages);
    }

    /** The parameter a key names. */
    public static QualityParam param(String key) {
        int dot = key.indexOf('.');
        String family = dot < 0 ? key : key.substring(0, dot);
        QualityFamily f;
        try {
            f = QualityFamilies.byName(family, key);
        } catch (InputError e) {
            throw new InputError(key, key + ": " + e.getMessage());
        }
        if (dot < 0) {
            throw new InputError(
                    key,
                    "name a parameter as FAMILY.PARAM, e.g. " + family + "."
                            + f.params().get(0).name());
        }
        String name = key.substring(dot + 1);
        return QualityParam.find(f.params(), name)
                .orElseThrow(() -> new InputError(
                        key,
                        key + ": unknown parameter of " + family + ": one of "
                                + String.join(
                                        ", ",
                                        f.params().stream()
                                                .map(QualityParam::name)
                                                .toList())));
    }

    /** The value of {@code family.param} (NaN: off). */
    public double get(String family, String name) {
        Double v = values.get(family + "." + name);
        if (v == null) {
            throw new IllegalArgumentException("no parameter " + family + "." + name);
        }
        return v;
    }

    /** Whether a switch is on. */
    public boolean on(String family, String name) {
        double v = get(family, name);
        return !Double.isNaN(v) && v != 0;
    }

    /** Every value, by key, in the families' order. */
    public Map<String, Double> values() {
        return Map.copyOf(values);
    }

    /** The keys whose values differ from {@code other}'s. */
    public List<String> differences(QualitySettings other) {
        return values.keySet().stream()
                .filter(k -> !same(values.get(k), other.values.get(k)))
                .toList();
    }

    private static boolean same(Double a, Double b) {
        return a == null ? b == null : b != null && (a.equals(b) || a.isNaN() && b.isNaN());
    }
}
