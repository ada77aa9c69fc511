package dev.sextant.model;

import java.util.Locale;

/**
 * The one way the catalogs read a name a user typed (a model, GPU, software stack or MoE dispatcher): surrounding
 * blanks dropped, case folded, and "_" and " " read as "-", so that "Megatron_Core" and "h100 sxm" find their entries.
 */
public final class CatalogKey {

    private CatalogKey() {}

    /** The normalised key of {@code name} ("" for null). */
    public static String of(String name) {
        return name == null
                ? ""
                : name.strip().toLowerCase(Locale.ROOT).replace('_', '-').replace(' ', '-');
    }
}
