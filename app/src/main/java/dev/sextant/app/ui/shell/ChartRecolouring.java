package dev.sextant.app.ui.shell;

import dev.sextant.app.ui.charts.Charts;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import javafx.animation.AnimationTimer;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TabPane;
import org.jfree.chart.fx.ChartViewer;

/**
 * Brings the charts of an area to the current theme without holding the FX thread. A chart's canvas redraws in full
 * when it is re-coloured (5–40 ms each, more on a loaded machine), so re-colouring every chart of every area at once
 * froze the window for seconds. Here only the area on screen is re-coloured, charts the user can see first, a few per
 * pulse so that input and rendering go on in between; an area off screen is re-coloured when it is next shown. Each
 * chart remembers the theme it was last re-coloured for, so that showing an area redraws only charts that need it
 * (those drawn before a switch, and those an area drew while off screen, where it cannot tell the theme).
 */
final class ChartRecolouring {

    /** Work per pulse: leaves most of a 16 ms frame to input, layout and rendering. One chart always goes. */
    private static final long SLICE_NANOS = 8_000_000L;

    private static final String THEME_KEY = ChartRecolouring.class.getName() + ".theme";

    private final LinkedHashSet<ChartViewer> pending = new LinkedHashSet<>();
    private final AnimationTimer pulse = new AnimationTimer() {
        @Override
        public void handle(long now) {
            if (skipPulse) {
                skipPulse = false; // that pulse also does the CSS and layout of the switch or of the area just shown
                return;
            }
            recolourSlice();
        }
    };
    private Theme theme;
    private boolean running;
    private boolean skipPulse;

    ChartRecolouring(Theme theme) {
        this.theme = theme;
    }

    /** The theme changed while {@code shown} is on screen: re-colour it now (in slices), the others when shown. */
    void themeChanged(Theme newTheme, Node shown) {
        theme = newTheme;
        if (shown != null) {
            shown(shown);
        }
    }

    /** {@code area} is on screen: queues those of its charts not yet coloured for the current theme. */
    void shown(Node area) {
        List<ChartViewer> charts = new ArrayList<>();
        collect(area, charts);
        charts.removeIf(c -> c.getProperties().get(THEME_KEY) == theme);
        charts.stream().filter(ChartRecolouring::onScreen).forEach(pending::add);
        pending.addAll(charts);
        if (!pending.isEmpty() && !running) {
            running = true;
            skipPulse = true;
            pulse.start();
        }
    }

    private void recolourSlice() {
        long start = System.nanoTime();
        var it = pending.iterator();
        while (it.hasNext()) {
            ChartViewer chart = it.next();
            it.remove();
            Charts.restyle(chart, theme == Theme.DARK);
            chart.getProperties().put(THEME_KEY, theme);
            if (System.nanoTime() - start > SLICE_NANOS) {
                break;
            }
        }
        if (pending.isEmpty()) {
            running = false;
            pulse.stop();
        }
    }

    /** Every chart under {@code node}, also in tabs, split panes and scroll panes whose skins are not built yet. */
    private static void collect(Node node, List<ChartViewer> into) {
        if (node instanceof ChartViewer viewer) {
            into.add(viewer);
            return;
        }
        List<Node> children = new ArrayList<>();
        if (node instanceof TabPane tabs) {
            tabs.getTabs().forEach(t -> children.add(t.getContent()));
        } else if (node instanceof SplitPane split) {
            children.addAll(split.getItems());
        } else if (node instanceof ScrollPane scroll) {
            children.add(scroll.getContent());
        } else if (node instanceof Parent parent) {
            children.addAll(parent.getChildrenUnmodifiable());
        }
        for (Node child : children) {
            if (child != null) {
                collect(child, into);
            }
        }
    }

    /** In a scene and not inside a hidden tab or pane: the user sees it now. */
    private static boolean onScreen(Node node) {
        if (node.getScene() == null) {
            return false;
        }
        for (Node n = node; n != null; n = n.getParent()) {
            if (!n.isVisible()) {
                return false;
            }
        }
        return true;
    }
}
