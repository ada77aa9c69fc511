package dev.sextant.model.evaluation;

import java.time.LocalDate;

/**
 * When an imported file's results of one benchmark were produced.
 *
 * @param source the file's name
 * @param run    true when the file (or the user at import) says when the results were run; false when only the import
 *               date is known, which bounds the results' age from below
 */
public record ResultDate(String source, String benchmark, LocalDate date, boolean run) {}
