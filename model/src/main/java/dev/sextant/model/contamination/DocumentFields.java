package dev.sextant.model.contamination;

/**
 * What a document carries besides its text, as a reader hands it over: the values of the fields the caller named (its
 * id, the source to break counts down by, a score), each as written — a string's value, a number's digits — or null when
 * the field was not asked for or the document lacks it.
 */
public record DocumentFields(String id, String source, String score) {}
