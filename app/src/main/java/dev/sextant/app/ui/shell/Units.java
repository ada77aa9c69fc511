package dev.sextant.app.ui.shell;

import javafx.scene.control.Labeled;
import javafx.scene.control.Tooltip;

/**
 * The units the workbench shows, said once: memory in GiB (2³⁰ bytes, as the planners compute it and as runtimes
 * report it), bandwidth in GB/s (10⁹ bytes per second, decimal, as datasheets state it).
 */
public final class Units {

    public static final String BANDWIDTH_NOTE = "GB/s: 10⁹ bytes per second (decimal), as datasheets state bandwidth. "
            + "Memory is shown in GiB (2³⁰ bytes).";
    public static final String MEMORY_NOTE = "GiB: 2³⁰ bytes, as the planners compute memory and runtimes report it. "
            + "Bandwidth is shown in GB/s (10⁹ bytes per second).";

    private Units() {}

    /** A tooltip on a label that names GB/s or GiB, saying which is which; others are left alone. */
    public static void explain(Labeled label) {
        String note = note(label.getText());
        if (note != null && label.getTooltip() == null) {
            label.setTooltip(new Tooltip(note));
        }
    }

    static String note(String text) {
        if (text == null) {
            return null;
        }
        return text.contains("GB/s") ? BANDWIDTH_NOTE : text.contains("GiB") ? MEMORY_NOTE : null;
    }
}
