package dev.sextant.app.ui.charts;

import java.awt.Color;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.Paint;
import java.awt.geom.Rectangle2D;
import java.util.List;
import java.util.function.DoubleFunction;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.labels.ItemLabelAnchor;
import org.jfree.chart.labels.ItemLabelPosition;
import org.jfree.chart.plot.CrosshairState;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.PlotRenderingInfo;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYBlockRenderer;
import org.jfree.chart.renderer.xy.XYItemRendererState;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.xy.XYDataset;
import org.jfree.data.xy.XYZDataset;

/**
 * Coloured cells that also say their value: written in the cell, in black or white whichever contrasts more with the
 * cell's colour, when the text fits; and on hover as "row · column: value". Cells sit at (column index, row index)
 * with the value as z, rows counted from the bottom as the row axis draws them.
 */
final class HeatmapRenderer extends XYBlockRenderer {

    private final List<String> rowsBottomUp;
    private final List<String> columns;
    private final String columnLabel;
    private final DoubleFunction<String> format;
    private final boolean blankZeros;
    /** The size of one cell as last drawn, pixels: labels that do not fit are left out. */
    private double cellWidthPx = Double.MAX_VALUE;

    private double cellHeightPx = Double.MAX_VALUE;

    /**
     * @param columnLabel what the columns are ("rank", "opponent"), named in the tooltip; may be null
     * @param blankZeros  leave the text out of cells that are exactly 0 (they keep the background colour as well)
     */
    HeatmapRenderer(
            List<String> rowsBottomUp,
            List<String> columns,
            String columnLabel,
            DoubleFunction<String> format,
            boolean blankZeros) {
        this.rowsBottomUp = List.copyOf(rowsBottomUp);
        this.columns = List.copyOf(columns);
        this.columnLabel = columnLabel;
        this.format = format;
        this.blankZeros = blankZeros;
        setDefaultToolTipGenerator((data, series, item) -> tooltip(data, series, item));
        setDefaultItemLabelGenerator((data, series, item) -> cellText(data, series, item));
        setDefaultItemLabelsVisible(true);
        setDefaultPositiveItemLabelPosition(new ItemLabelPosition(ItemLabelAnchor.CENTER, TextAnchor.CENTER));
        setDefaultNegativeItemLabelPosition(new ItemLabelPosition(ItemLabelAnchor.CENTER, TextAnchor.CENTER));
        setDefaultItemLabelFont(ChartTheme.ITEM);
    }

    /** "row · column: value", e.g. "qwen2.5-72b · rank 2: 58%". */
    String tooltip(XYDataset data, int series, int item) {
        String row = label(rowsBottomUp, data.getYValue(series, item));
        String column = label(columns, data.getXValue(series, item));
        String prefix = columnLabel == null || columnLabel.isBlank() ? "" : columnLabel + " ";
        return row + " · " + prefix + column + ": " + format.apply(z(data, series, item));
    }

    /** The text written in the cell, or null for none. */
    String cellText(XYDataset data, int series, int item) {
        double z = z(data, series, item);
        return blankZeros && z == 0 ? null : format.apply(z);
    }

    @Override
    public Paint getItemLabelPaint(int series, int item) {
        if (getPlot() != null && getPlot().getDataset() instanceof XYZDataset data && getPaintScale() != null) {
            Paint cell = getPaintScale().getPaint(data.getZValue(series, item));
            if (cell instanceof Color c) {
                return textOn(c);
            }
        }
        return super.getItemLabelPaint(series, item);
    }

    /**
     * White or the theme's near-black ink, whichever has the higher contrast ratio with {@code cell} (WCAG 2.1 relative
     * luminance); pure black where the ink would fall below 4.5:1. One of white and black always reaches 4.58:1.
     */
    static Color textOn(Color cell) {
        double l = luminance(cell);
        double onWhite = 1.05 / (l + 0.05);
        double onBlack = (l + 0.05) / 0.05;
        if (onWhite > onBlack) {
            return Color.WHITE;
        }
        Color ink = new Color(0x1F2328);
        return (l + 0.05) / (luminance(ink) + 0.05) >= 4.5 ? ink : Color.BLACK;
    }

    private static double luminance(Color c) {
        return 0.2126 * channel(c.getRed()) + 0.7152 * channel(c.getGreen()) + 0.0722 * channel(c.getBlue());
    }

    private static double channel(int v) {
        double s = v / 255.0;
        return s <= 0.04045 ? s / 12.92 : Math.pow((s + 0.055) / 1.055, 2.4);
    }

    @Override
    public void drawItem(
            Graphics2D g2,
            XYItemRendererState state,
            Rectangle2D dataArea,
            PlotRenderingInfo info,
            XYPlot plot,
            ValueAxis domainAxis,
            ValueAxis rangeAxis,
            XYDataset dataset,
            int series,
            int item,
            CrosshairState crosshairState,
            int pass) {
        cellWidthPx = Math.abs(domainAxis.lengthToJava2D(getBlockWidth(), dataArea, plot.getDomainAxisEdge()));
        cellHeightPx = Math.abs(rangeAxis.lengthToJava2D(getBlockHeight(), dataArea, plot.getRangeAxisEdge()));
        super.drawItem(
                g2, state, dataArea, info, plot, domainAxis, rangeAxis, dataset, series, item, crosshairState, pass);
    }

    @Override
    protected void drawItemLabel(
            Graphics2D g2,
            PlotOrientation orientation,
            XYDataset dataset,
            int series,
            int item,
            double x,
            double y,
            boolean negative) {
        String text = cellText(dataset, series, item);
        if (text == null) {
            return;
        }
        FontMetrics fm = g2.getFontMetrics(getItemLabelFont(series, item));
        if (fm.stringWidth(text) + 4 > cellWidthPx || fm.getAscent() + 2 > cellHeightPx) {
            return; // too small a cell: the colour and the tooltip say it
        }
        super.drawItemLabel(g2, orientation, dataset, series, item, x, y, negative);
    }

    private static double z(XYDataset data, int series, int item) {
        return data instanceof XYZDataset xyz ? xyz.getZValue(series, item) : Double.NaN;
    }

    private static String label(List<String> labels, double index) {
        int i = (int) Math.round(index);
        return i >= 0 && i < labels.size() ? labels.get(i) : String.valueOf(i);
    }
}
