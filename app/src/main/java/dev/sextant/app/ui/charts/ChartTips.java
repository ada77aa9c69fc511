package dev.sextant.app.ui.charts;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Locale;
import org.jfree.chart.labels.CategoryToolTipGenerator;
import org.jfree.chart.labels.XYToolTipGenerator;

/**
 * What a chart says on hover and in its cells: numbers to three significant digits, shares as per cent, and the
 * tooltip generators the builders share. {@code ChartViewer} shows the tooltips.
 */
final class ChartTips {

    private ChartTips() {}

    /** Three significant digits, thousands grouped from 1,000 up: 0.000123, 0.712, 12.3, 1,234. */
    static String number(double v) {
        if (!Double.isFinite(v)) {
            return "—";
        }
        if (v == 0) {
            return "0";
        }
        if (Math.abs(v) >= 1000) {
            return String.format(Locale.ROOT, "%,.0f", v);
        }
        return new BigDecimal(v).round(new MathContext(3)).stripTrailingZeros().toPlainString();
    }

    /**
     * A share in [0, 1] as a whole per cent, never rounded to a misleading extreme: 0.004 is "<1%", 0.996 is ">99%";
     * exactly 0 and 1 are "0%" and "100%".
     */
    static String percent(double share) {
        if (!Double.isFinite(share)) {
            return "—";
        }
        if (share > 0 && share < 0.01) {
            return "<1%";
        }
        if (share > 0.99 && share < 1) {
            return ">99%";
        }
        return Math.round(100 * share) + "%";
    }

    /** "{series}: {y} {yUnit} at {x} {xUnit}", units omitted when blank; a single unnamed series drops its name. */
    static XYToolTipGenerator xy(String xUnit, String yUnit, boolean withSeries) {
        return (data, series, item) ->
                (withSeries ? data.getSeriesKey(series) + ": " : "") + number(data.getYValue(series, item))
                        + unit(yUnit) + " at " + number(data.getXValue(series, item)) + unit(xUnit);
    }

    /** "{category}: {value} {unit}", or "{series}, {category}: …" when there are several series. */
    static CategoryToolTipGenerator category(String unit, boolean withSeries) {
        return (data, row, column) -> (withSeries ? data.getRowKey(row) + ", " : "") + data.getColumnKey(column) + ": "
                + number(
                        data.getValue(row, column) == null
                                ? Double.NaN
                                : data.getValue(row, column).doubleValue()) + unit(unit);
    }

    private static String unit(String unit) {
        return unit == null || unit.isBlank() ? "" : " " + unit;
    }
}
