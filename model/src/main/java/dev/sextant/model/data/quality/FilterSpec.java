package dev.sextant.model.data.quality;

/**
 * What a quality-filtering run reads and how it judges it.
 *
 * @param textField  the field with the text
 * @param idField    the field naming a document, or null (then file:line)
 * @param sourceField a metadata field to break the counts down by, or null
 * @param scoreField a numeric field each document carries for the {@code score} family (a dotted name is a path into
 *                   nested objects), or null
 * @param sample     at most this many documents, read from the start of every unit alike (0: all)
 */
public record FilterSpec(
        QualityFilter filter, String textField, String idField, String sourceField, String scoreField, int sample) {

    public FilterSpec(QualityFilter filter, String textField, String idField, String sourceField) {
        this(filter, textField, idField, sourceField, null, 0);
    }

    /** The same, on a sample of at most {@code n} documents (0: all). */
    public FilterSpec sample(int n) {
        return new FilterSpec(filter, textField, idField, sourceField, scoreField, n);
    }
}
