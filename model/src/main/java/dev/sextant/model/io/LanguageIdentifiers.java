package dev.sextant.model.io;

import dev.sextant.model.data.language.LanguageIdentifier;
import java.nio.file.Path;

/**
 * The language identifier a quality run asks: the fastText model the user gives (lid.176, GlotLID: datatrove's scores),
 * else Apache OpenNLP's bundled detector. A model file is read once a process and kept while it is unchanged (an
 * executor of a cluster run reads it once for all its tasks).
 */
public final class LanguageIdentifiers {

    private static String key;
    private static LanguageIdentifier kept;

    private LanguageIdentifiers() {}

    /** @param fastTextModel a fastText model file, or null for OpenNLP's detector */
    public static LanguageIdentifier of(Path fastTextModel) {
        if (fastTextModel == null) {
            return OpenNlpLanguages.instance();
        }
        String k = fastTextModel.toAbsolutePath() + "@"
                + fastTextModel.toFile().lastModified() + ":"
                + fastTextModel.toFile().length();
        synchronized (LanguageIdentifiers.class) {
            if (!k.equals(key)) {
                kept = null; // one model at a time: lid.176.bin holds 130 MB
                kept = FastTextModelFile.read(fastTextModel);
                key = k;
            }
            return kept;
        }
    }
}
