package dev.sextant.app.ui.shell;

import java.util.function.Supplier;
import javafx.scene.Node;
import org.kordamp.ikonli.Ikon;

/**
 * One area of the workbench in the navigation (Projects now; Evaluation, Contamination, Training, Serving, GPU and
 * Gate as they arrive). The view is built on first visit.
 */
public record Area(String id, String title, String subtitle, Ikon icon, Supplier<Node> view) {}
