package dev.sextant.app.ui.charts;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.util.ArrayList;
import java.util.Collection;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.Axis;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.block.BlockBorder;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.Marker;
import org.jfree.chart.plot.Plot;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.AbstractRenderer;
import org.jfree.chart.renderer.xy.XYBarRenderer;
import org.jfree.chart.title.LegendTitle;
import org.jfree.chart.title.PaintScaleLegend;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.title.Title;
import org.jfree.chart.ui.HorizontalAlignment;
import org.jfree.chart.ui.Layer;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.RectangleInsets;
import org.jfree.data.Range;

/**
 * How every chart of the workbench looks, in one place: fonts, paddings, the light and dark palettes, and the split of
 * a long title into a headline and a detail line. Applying it twice changes nothing, so a theme switch re-applies it to
 * charts already on screen ({@link Charts#restyle}).
 *
 * <p>No text is smaller than {@link #MIN_FONT_PT} points: charts are read from across a room when a team lead presents.
 * Colours of text come from the theme, never from a series, except that of a limit (a target, a capacity), which takes
 * the theme's danger colour — a red that keeps 4.5:1 contrast on its background.
 */
public final class ChartTheme {

    /** The smallest text a chart draws, points. */
    public static final int MIN_FONT_PT = 11;

    static final Font TITLE = new Font(Font.SANS_SERIF, Font.BOLD, 15);
    static final Font DETAIL = new Font(Font.SANS_SERIF, Font.PLAIN, 12);
    static final Font AXIS_LABEL = new Font(Font.SANS_SERIF, Font.PLAIN, 12);
    static final Font TICK = new Font(Font.SANS_SERIF, Font.PLAIN, 12);
    static final Font LEGEND = new Font(Font.SANS_SERIF, Font.PLAIN, 12);
    static final Font ITEM = new Font(Font.SANS_SERIF, Font.PLAIN, 12);
    static final Font MARKER = new Font(Font.SANS_SERIF, Font.BOLD, 12);

    static final Color DANGER_LIGHT = new Color(0xCF222E);
    static final Color DANGER_DARK = new Color(0xFF7B72);

    /** A title longer than this is split into a headline and a detail line at its first ": ", "; " or " (". */
    static final int LONG_TITLE_CHARS = 44;

    private ChartTheme() {}

    /** The detail line split off a long title; marked by its class so that a second pass finds it instead of splitting again. */
    static final class DetailTitle extends TextTitle {
        /** The title as the builder gave it, before the split. */
        final String original;

        DetailTitle(String text, String original) {
            super(text);
            this.original = original;
        }
    }

    /**
     * The chart's title as its builder gave it, whether or not it was split into headline and detail: for alt text and
     * file names. Null for a chart without a title.
     */
    public static String fullTitle(JFreeChart chart) {
        for (Title t : chart.getSubtitles()) {
            if (t instanceof DetailTitle d) {
                return d.original;
            }
        }
        return chart.getTitle() == null ? null : chart.getTitle().getText();
    }

    static Color background(boolean dark) {
        return dark ? new Color(0x0D1117) : Color.WHITE;
    }

    static Color foreground(boolean dark) {
        return dark ? new Color(0xC9D1D9) : new Color(0x1F2328);
    }

    static Color muted(boolean dark) {
        return dark ? new Color(0x9198A1) : new Color(0x59636E);
    }

    static Color grid(boolean dark) {
        return dark ? new Color(0x30363D) : new Color(0xD0D7DE);
    }

    static Color minorGrid(boolean dark) {
        return dark ? new Color(0x1C2128) : new Color(0xEEF1F4);
    }

    /** The colour of limits and targets: red with enough contrast for text on the theme's background. */
    public static Color danger(boolean dark) {
        return dark ? DANGER_DARK : DANGER_LIGHT;
    }

    /** Styles the chart for the theme: titles, legend, axes, gridlines, markers and item labels. */
    public static void apply(JFreeChart chart, boolean dark) {
        Color bg = background(dark);
        Color fg = foreground(dark);
        chart.setBackgroundPaint(bg);
        chart.setAntiAlias(true);
        chart.setTextAntiAlias(true);
        chart.setPadding(new RectangleInsets(6, 8, 8, 14)); // room for the last tick label on the right
        titles(chart, dark);
        for (Title t : chart.getSubtitles()) {
            if (t instanceof LegendTitle legend) {
                legend.setBackgroundPaint(bg);
                legend.setItemPaint(fg);
                legend.setItemFont(LEGEND);
                legend.setFrame(BlockBorder.NONE);
                legend.setItemLabelPadding(new RectangleInsets(2, 4, 2, 10));
            } else if (t instanceof PaintScaleLegend scale) {
                scale.setBackgroundPaint(bg);
                axis(scale.getAxis(), dark);
                scale.getAxis().setAxisLineVisible(false);
            }
        }
        Plot plot = chart.getPlot();
        plot.setBackgroundPaint(bg);
        plot.setOutlineVisible(false);
        plot.setNoDataMessagePaint(fg);
        plot.setNoDataMessageFont(AXIS_LABEL);
        if (plot instanceof XYPlot xy) {
            xy.setDomainGridlinePaint(grid(dark));
            xy.setRangeGridlinePaint(grid(dark));
            xy.setDomainMinorGridlinePaint(minorGrid(dark));
            xy.setRangeMinorGridlinePaint(minorGrid(dark));
            xy.setDomainMinorGridlineStroke(new BasicStroke(0.5f));
            xy.setRangeMinorGridlineStroke(new BasicStroke(0.5f));
            for (int i = 0; i < xy.getDomainAxisCount(); i++) {
                axis(xy.getDomainAxis(i), dark);
                if (i == 0 && xy.isDomainGridlinesVisible()) {
                    xy.setDomainMinorGridlinesVisible(xy.getDomainAxis(i) instanceof NiceLogAxis);
                }
            }
            for (int i = 0; i < xy.getRangeAxisCount(); i++) {
                axis(xy.getRangeAxis(i), dark);
                zeroFloor(xy.getRangeAxis(i), xy.getDataRange(xy.getRangeAxis(i)));
                if (i == 0 && xy.isRangeGridlinesVisible()) {
                    xy.setRangeMinorGridlinesVisible(xy.getRangeAxis(i) instanceof NiceLogAxis);
                }
            }
            markers(xy.getDomainMarkers(Layer.FOREGROUND), dark);
            markers(xy.getDomainMarkers(Layer.BACKGROUND), dark);
            markers(xy.getRangeMarkers(Layer.FOREGROUND), dark);
            markers(xy.getRangeMarkers(Layer.BACKGROUND), dark);
            for (int i = 0; i < xy.getRendererCount(); i++) {
                items(xy.getRenderer(i), dark);
            }
        } else if (plot instanceof CategoryPlot cp) {
            cp.setRangeGridlinePaint(grid(dark));
            for (int i = 0; i < cp.getDomainAxisCount(); i++) {
                axis(cp.getDomainAxis(i), dark);
            }
            for (int i = 0; i < cp.getRangeAxisCount(); i++) {
                axis(cp.getRangeAxis(i), dark);
                zeroFloor(cp.getRangeAxis(i), cp.getDataRange(cp.getRangeAxis(i)));
            }
            markers(cp.getRangeMarkers(Layer.FOREGROUND), dark);
            markers(cp.getRangeMarkers(Layer.BACKGROUND), dark);
            for (int i = 0; i < cp.getRendererCount(); i++) {
                items(cp.getRenderer(i), dark);
            }
        }
    }

    /**
     * The title in the theme's title font; a long one split at its first separator into a bold headline and a plain
     * detail line below it, so that the headline reads at a glance and neither crowds the plot. Both wrap to the
     * chart's width rather than being clipped.
     */
    private static void titles(JFreeChart chart, boolean dark) {
        TextTitle title = chart.getTitle();
        if (title == null || title.getText() == null || title.getText().isBlank()) {
            return;
        }
        DetailTitle detail = null;
        for (Title t : chart.getSubtitles()) {
            if (t instanceof DetailTitle d) {
                detail = d;
            }
        }
        if (detail == null) {
            String[] parts = splitTitle(title.getText());
            if (parts.length == 2) {
                detail = new DetailTitle(parts[1], title.getText());
                title.setText(parts[0]);
                chart.addSubtitle(0, detail);
            }
        }
        title.setFont(TITLE);
        title.setPaint(foreground(dark));
        title.setBackgroundPaint(null);
        title.setPosition(RectangleEdge.TOP);
        title.setHorizontalAlignment(HorizontalAlignment.CENTER);
        title.setTextAlignment(HorizontalAlignment.CENTER);
        title.setPadding(new RectangleInsets(2, 8, detail == null ? 8 : 2, 8));
        title.setMaximumLinesToDisplay(2);
        if (detail != null) {
            title.setToolTipText(detail.original); // on hover, the title as it was written
            detail.setToolTipText(detail.original);
            detail.setFont(DETAIL);
            detail.setPaint(muted(dark));
            detail.setPosition(RectangleEdge.TOP);
            detail.setHorizontalAlignment(HorizontalAlignment.CENTER);
            detail.setTextAlignment(HorizontalAlignment.CENTER);
            detail.setPadding(new RectangleInsets(0, 8, 8, 8));
        }
    }

    /**
     * {headline, detail} for a title longer than {@link #LONG_TITLE_CHARS}, else {title}. The split is at the first
     * ": " or "; " outside parentheses, or failing those at the first " (": "Memory per GPU on the most loaded stage:
     * 71.4 of 80 GB" → {"Memory per GPU on the most loaded stage", "71.4 of 80 GB"}; "GEMM efficiency by shape (share
     * of the ceiling)" → {"GEMM efficiency by shape", "share of the ceiling"} — a detail wholly in parentheses loses them.
     */
    static String[] splitTitle(String title) {
        if (title.length() <= LONG_TITLE_CHARS) {
            return new String[] {title};
        }
        int colon = -1;
        int paren = -1;
        int depth = 0;
        for (int i = 0; i < title.length() - 1 && colon < 0; i++) {
            char c = title.charAt(i);
            if (c == '(') {
                if (depth == 0 && paren < 0 && i > 8 && title.charAt(i - 1) == ' ') {
                    paren = i - 1;
                }
                depth++;
            } else if (c == ')') {
                depth = Math.max(0, depth - 1);
            } else if (depth == 0 && i >= 8 && (c == ':' || c == ';') && title.charAt(i + 1) == ' ') {
                colon = i;
            }
        }
        int at = colon >= 0 ? colon : paren;
        if (at < 0) {
            return new String[] {title};
        }
        String head = title.substring(0, at).strip();
        String rest = title.substring(at + 1).strip();
        if (rest.startsWith("(") && rest.endsWith(")") && rest.indexOf(')') == rest.length() - 1) {
            rest = rest.substring(1, rest.length() - 1);
        }
        return rest.isEmpty() ? new String[] {title} : new String[] {head, rest};
    }

    /**
     * A value axis over data that are all zero (no failures, nothing lost) runs from 0 up: left to itself it centres
     * on zero and labels ticks "-0.5" or "-0 %", values that cannot occur.
     */
    private static void zeroFloor(ValueAxis axis, Range data) {
        if (axis != null
                && !(axis instanceof NiceLogAxis)
                && axis.isAutoRange()
                && data != null
                && data.getLowerBound() == 0
                && data.getUpperBound() == 0) {
            axis.setRange(0, 1);
        }
    }

    private static void axis(Axis axis, boolean dark) {
        if (axis == null) {
            return;
        }
        axis.setLabelFont(AXIS_LABEL);
        axis.setLabelPaint(foreground(dark));
        axis.setTickLabelFont(TICK);
        axis.setTickLabelPaint(foreground(dark));
        axis.setAxisLinePaint(grid(dark));
        axis.setTickMarkPaint(grid(dark));
        if (axis instanceof CategoryAxis c) {
            c.setMaximumCategoryLabelLines(2);
        }
        if (axis instanceof ValueAxis v) {
            v.setMinorTickMarksVisible(v instanceof NiceLogAxis);
        }
    }

    /** Limits keep the danger colour of the current theme; every marker label is legible and sits on the background. */
    private static void markers(Collection<?> markers, boolean dark) {
        if (markers == null) {
            return;
        }
        for (Object o : new ArrayList<>(markers)) {
            Marker m = (Marker) o;
            boolean danger = DANGER_LIGHT.equals(m.getPaint()) || DANGER_DARK.equals(m.getPaint());
            if (danger) {
                m.setPaint(danger(dark));
            }
            m.setLabelFont(MARKER);
            m.setLabelPaint(danger ? danger(dark) : foreground(dark));
            Color bg = background(dark);
            m.setLabelBackgroundColor(new Color(bg.getRed(), bg.getGreen(), bg.getBlue(), 210));
            m.setLabelOffset(new RectangleInsets(4, 6, 4, 6));
        }
    }

    /** Item labels in the theme's item font; their colour too, unless the renderer picks one per item (heatmap cells). */
    private static void items(Object renderer, boolean dark) {
        if (renderer instanceof XYBarRenderer bars && bars.isDrawBarOutline()) {
            // outlines separate adjacent bars (pipeline passes) in the background's colour
            bars.setDefaultOutlinePaint(background(dark));
        }
        if (renderer instanceof AbstractRenderer r) {
            r.setDefaultItemLabelFont(ITEM);
            r.setDefaultItemLabelPaint(foreground(dark));
            r.setDefaultLegendTextFont(LEGEND);
            r.setDefaultLegendTextPaint(foreground(dark));
        }
    }
}
