package dev.sextant.model.data.quality;

import dev.sextant.model.data.language.LanguageIdentifier;
import java.io.Serializable;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

/**
 * A quality filter as plain values, from which the same filter is built again elsewhere: on a cluster's worker, or
 * when a run kept in a project is resumed. Every setting is kept (not only those changed from a preset), with the
 * languages as typed and the fastText model's path, so that the filter built again judges as the first did.
 *
 * @param families      the chosen families' names
 * @param values        every {@code family.param} as typed ({@code 0.65}, {@code off}, {@code true})
 * @param languages     the kept languages as typed ({@code en,de=0.8}), or empty for any language
 * @param languageModel the fastText model file the language family reads, or null for OpenNLP's detector
 */
public record FilterRecipe(
        List<String> families,
        Map<String, String> values,
        String languages,
        String languageModel,
        String textField,
        String idField,
        String sourceField,
        String scoreField)
        implements Serializable {

    private static final long serialVersionUID = 1L;

    public FilterRecipe {
        families = List.copyOf(families);
        values = Map.copyOf(values);
        languages = languages == null ? "" : languages;
    }

    /** The recipe of a spec whose language identifier (if any) was read from {@code languageModel}. */
    public static FilterRecipe of(FilterSpec spec, String languageModel) {
        QualitySettings s = spec.filter().settings();
        Map<String, String> values = new LinkedHashMap<>();
        s.values().forEach((k, v) -> values.put(k, QualitySettings.param(k).format(v)));
        StringJoiner typed = new StringJoiner(",");
        s.languages().forEach((code, t) -> typed.add(Double.isNaN(t) ? code : code + "=" + t));
        return new FilterRecipe(
                spec.filter().families().stream().map(QualityFamily::name).toList(),
                values,
                typed.toString(),
                languageModel,
                spec.textField(),
                spec.idField(),
                spec.sourceField(),
                spec.scoreField());
    }

    /** Whether the filter asks a language identifier (the language family is chosen). */
    public boolean identifiesLanguages() {
        return families.contains(LanguageFilter.NAME);
    }

    /** The settings: datatrove's defaults with every value of the recipe, and its languages. */
    public QualitySettings settings() {
        QualitySettings s = QualitySettings.defaults();
        for (Map.Entry<String, String> e : values.entrySet()) {
            s = s.with(e.getKey(), e.getValue());
        }
        return languages.isEmpty() ? s : s.withLanguages(languages);
    }

    /**
     * The filter built again, over the whole of every unit.
     *
     * @param identifier the identifier read from {@link #languageModel} (null when languages are not identified)
     */
    public FilterSpec spec(LanguageIdentifier identifier) {
        List<QualityFamily> chosen = families.stream()
                .map(n -> QualityFamilies.byName(n, "quality.rules"))
                .toList();
        QualityFilter filter = new QualityFilter(
                chosen, settings(), SpacyEnglishWords.instance(), identifiesLanguages() ? identifier : null);
        return new FilterSpec(filter, textField, idField, sourceField, scoreField, 0);
    }
}
