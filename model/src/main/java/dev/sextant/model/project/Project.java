package dev.sextant.model.project;

import dev.sextant.model.InputError;
import java.time.Instant;
import java.util.Objects;
import java.util.UUID;

/**
 * A project groups everything in a workspace that belongs to one piece of work: imported results, weight tables,
 * scans, plans, calibrations and gate decisions.
 *
 * @param demo true for the seeded demonstration project, so that the UI can mark its data as such
 */
public record Project(UUID id, String name, String description, boolean demo, Instant createdAt, Instant updatedAt) {

    public static final int MAX_NAME_LENGTH = 120;
    public static final int MAX_DESCRIPTION_LENGTH = 4000;

    public Project {
        Objects.requireNonNull(id, "id");
        name = validName(name);
        description = description == null ? "" : description.strip();
        if (description.length() > MAX_DESCRIPTION_LENGTH) {
            throw new InputError(
                    "project.description", "description is longer than " + MAX_DESCRIPTION_LENGTH + " characters");
        }
        Objects.requireNonNull(createdAt, "createdAt");
        Objects.requireNonNull(updatedAt, "updatedAt");
    }

    /**
     * Checks a name the user typed; returns it stripped of surrounding blanks.
     *
     * @throws InputError about {@code project.name}, with a message fit to show the user
     */
    public static String validName(String name) {
        String n = name == null ? "" : name.strip();
        if (n.isEmpty()) {
            throw new InputError("project.name", "project name is empty");
        }
        if (n.length() > MAX_NAME_LENGTH) {
            throw new InputError("project.name", "project name is longer than " + MAX_NAME_LENGTH + " characters");
        }
        if (n.chars().anyMatch(Character::isISOControl)) {
            throw new InputError("project.name", "project name contains control characters");
        }
        return n;
    }
}
