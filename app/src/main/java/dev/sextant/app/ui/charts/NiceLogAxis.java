package dev.sextant.app.ui.charts;

import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.util.ArrayList;
import java.util.List;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberTick;
import org.jfree.chart.axis.TickType;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.Range;

/**
 * A logarithmic axis ticked at 1-2-5 per decade with SI labels ({@link LogTicks}), instead of {@link LogAxis}'s evenly
 * spaced exponents (31.623, 3.162, 398.1). How many labels fit is measured on the axis as drawn: its length against a
 * label's height (left or right) or its widest label plus a gap (top or bottom). Minor ticks are drawn unlabelled.
 */
public class NiceLogAxis extends LogAxis {

    /** Space between two labels along a horizontal axis, pixels. */
    private static final double GAP_PX = 14;

    public NiceLogAxis(String label) {
        super(label);
        setMinorTickMarksVisible(true);
        setMinorTickMarkOutsideLength(2f);
        setTickMarkOutsideLength(4f);
    }

    @Override
    protected List refreshTicksHorizontal(Graphics2D g2, Rectangle2D dataArea, RectangleEdge edge) {
        Range r = visibleRange();
        g2.setFont(getTickLabelFont());
        FontMetrics fm = g2.getFontMetrics();
        double widest = 0;
        for (String label : LogTicks.labels(r.getLowerBound(), r.getUpperBound(), Integer.MAX_VALUE)) {
            widest = Math.max(widest, fm.stringWidth(label));
        }
        int fit = (int) Math.floor(dataArea.getWidth() / (widest + GAP_PX));
        return ticks(r, fit, edge == RectangleEdge.TOP ? TextAnchor.BOTTOM_CENTER : TextAnchor.TOP_CENTER);
    }

    @Override
    protected List refreshTicksVertical(Graphics2D g2, Rectangle2D dataArea, RectangleEdge edge) {
        Range r = visibleRange();
        Font font = getTickLabelFont();
        double lineHeight = font.getSize2D() * 1.25;
        int fit = (int) Math.floor(dataArea.getHeight() / (2 * lineHeight)); // a label's height of space between two
        TextAnchor anchor = edge == RectangleEdge.RIGHT ? TextAnchor.CENTER_LEFT : TextAnchor.CENTER_RIGHT;
        return ticks(r, fit, anchor);
    }

    /** The ticks for this axis's current range with at most {@code fit} labels, as JFreeChart draws them. */
    private List<NumberTick> ticks(Range r, int fit, TextAnchor anchor) {
        List<NumberTick> out = new ArrayList<>();
        for (LogTicks.Tick t : LogTicks.of(r.getLowerBound(), r.getUpperBound(), fit)) {
            out.add(new NumberTick(
                    t.major() ? TickType.MAJOR : TickType.MINOR,
                    t.value(),
                    t.major() ? t.label() : "",
                    anchor,
                    anchor,
                    0.0));
        }
        return out;
    }

    /** The range on screen, its lower bound kept above zero as {@link LogAxis} does for the scale. */
    private Range visibleRange() {
        Range r = getRange();
        return new Range(Math.max(getSmallestValue(), r.getLowerBound()), r.getUpperBound());
    }

    /** The labels drawn for this axis's current range at the given number of labels that fit (for tests and reports). */
    public List<String> labelsFor(int fit) {
        Range r = visibleRange();
        return LogTicks.labels(r.getLowerBound(), r.getUpperBound(), fit);
    }
}
