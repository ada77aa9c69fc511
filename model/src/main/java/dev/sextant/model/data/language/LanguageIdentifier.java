package dev.sextant.model.data.language;

/**
 * Says which language a text is in: a score for each language it knows, by code (ISO 639-1 where the language has one,
 * as fastText's labels are: {@code en}, {@code de}; otherwise ISO 639-3). Thread-safe.
 */
public interface LanguageIdentifier {

    /** What it is, for results and messages: {@code fastText lid.176.bin}, {@code Apache OpenNLP langdetect-183}. */
    String name();

    /**
     * Every language's score for the text. A fastText model's are its probabilities as datatrove reads them (each plus
     * fastText's 1e-5); a library's are its own confidences.
     */
    LanguageScores scores(String text);
}
