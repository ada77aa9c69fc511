package dev.sextant.scale;

import dev.sextant.model.contamination.CorpusSplit;
import dev.sextant.model.data.quality.FilterRecipe;
import dev.sextant.model.data.quality.FilterSpec;
import dev.sextant.model.io.CorpusFiles;
import dev.sextant.model.io.FilteredCorpus;
import dev.sextant.model.io.LanguageIdentifiers;
import dev.sextant.model.job.CancellationToken;
import java.io.Serializable;
import java.nio.file.Paths;

/**
 * What an executor needs to judge a corpus unit for quality: the run's filter as plain values ({@link FilterRecipe}),
 * from which it builds the filter the driver built, reading the language model at its path on the worker.
 */
final class FilterTask implements Serializable {

    private static final long serialVersionUID = 1L;

    final FilterRecipe recipe;

    FilterTask(FilterRecipe recipe) {
        this.recipe = recipe;
    }

    /** Unit number {@code u} of {@code units} judged as the local engine judges it; its counts as a run keeps them. */
    byte[] judge(int u, int units, CorpusSplit split, String folder) {
        FilterSpec spec = recipe.spec(
                recipe.identifiesLanguages()
                        ? LanguageIdentifiers.of(
                                recipe.languageModel() == null ? null : Paths.get(recipe.languageModel()))
                        : null);
        return FilteredCorpus.judgeUnit(
                CorpusFiles.unit(HadoopStore.of(split.path()), split),
                u,
                units,
                spec,
                folder,
                CancellationToken.none());
    }
}
