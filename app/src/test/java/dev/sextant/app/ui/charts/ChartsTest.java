package dev.sextant.app.ui.charts;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.jfree.chart.ChartRenderingInfo;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.Axis;
import org.jfree.chart.axis.AxisState;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.ValueTick;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.Marker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.AbstractRenderer;
import org.jfree.chart.renderer.category.CategoryItemRenderer;
import org.jfree.chart.renderer.xy.XYItemRenderer;
import org.jfree.chart.title.LegendTitle;
import org.jfree.chart.title.PaintScaleLegend;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.title.Title;
import org.jfree.chart.ui.Layer;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.data.xy.XYZDataset;
import org.junit.jupiter.api.Test;

/** Every chart builder, light and dark, with representative data: readable text, theme colours, 1-2-5 log axes, tooltips. */
class ChartsTest {

    /** A tick label of a 1-2-5 log axis: 1, 20, 500k, 0.05, 2M. */
    private static final String ONE_TWO_FIVE = "(0\\.0*[125]|[125]0*[kMGTPE]?)";

    @Test
    void everyTextIsAtLeastElevenPointsInBothThemes() {
        for (boolean dark : new boolean[] {false, true}) {
            ChartSamples.all(dark).forEach((name, s) -> {
                draw(s);
                for (Font f : fonts(s.chart())) {
                    assertThat(f.getSize2D())
                            .as(name + (dark ? " dark" : " light") + ": " + f)
                            .isGreaterThanOrEqualTo(ChartTheme.MIN_FONT_PT);
                }
            });
        }
    }

    @Test
    void textTakesTheThemesColours() {
        for (boolean dark : new boolean[] {false, true}) {
            ChartSamples.all(dark).forEach((name, s) -> {
                JFreeChart chart = s.chart();
                assertThat(chart.getBackgroundPaint()).as(name).isEqualTo(ChartTheme.background(dark));
                if (chart.getTitle() != null) {
                    assertThat(chart.getTitle().getPaint()).as(name).isEqualTo(ChartTheme.foreground(dark));
                }
                for (Axis a : axes(chart)) {
                    assertThat(a.getTickLabelPaint()).as(name).isEqualTo(ChartTheme.foreground(dark));
                    assertThat(a.getLabelPaint()).as(name).isEqualTo(ChartTheme.foreground(dark));
                }
                for (Marker m : markers(chart)) {
                    if (m.getLabel() != null) {
                        assertThat(m.getLabelPaint())
                                .as(name + " marker " + m.getLabel())
                                .isIn(ChartTheme.foreground(dark), ChartTheme.danger(dark));
                    }
                }
            });
        }
    }

    @Test
    void aThemeSwitchRecoloursTargetsAndKeepsTheTitleSplitOnce() {
        ChartSamples.Sample ttft = ChartSamples.all(false).get("kv");
        JFreeChart kv = ttft.chart();
        assertThat(kv.getTitle().getText()).isEqualTo("KV cache at 6 requests/s");
        Charts.style(kv, true);
        Charts.style(kv, false);
        assertThat(kv.getTitle().getText()).isEqualTo("KV cache at 6 requests/s");
        assertThat(kv.getSubtitles().stream().filter(t -> t instanceof ChartTheme.DetailTitle))
                .hasSize(1)
                .first()
                .extracting(t -> ((TextTitle) t).getText())
                .asString()
                .startsWith("62% in use on average");
        assertThat(ChartTheme.fullTitle(kv))
                .isEqualTo("KV cache at 6 requests/s: 62% in use on average, 3 preemptions; P99 TTFT 1.42 s, "
                        + "TPOT 38 ms; 97% of requests within both targets");
        assertThat(ChartTheme.fullTitle(ChartSamples.all(false).get("ttft").chart()))
                .isEqualTo("Time to first token against the rate");

        JFreeChart latency = ChartSamples.all(false).get("ttft").chart();
        XYPlot plot = latency.getXYPlot();
        assertThat(plot.getRangeMarkers(Layer.FOREGROUND))
                .extracting(m -> ((Marker) m).getPaint())
                .containsOnly(ChartTheme.DANGER_LIGHT);
        Charts.style(latency, true);
        assertThat(plot.getRangeMarkers(Layer.FOREGROUND))
                .extracting(m -> ((Marker) m).getPaint())
                .containsOnly(ChartTheme.DANGER_DARK);
        assertThat(plot.getRangeMarkers(Layer.FOREGROUND))
                .extracting(m -> ((Marker) m).getLabelPaint())
                .containsOnly(ChartTheme.DANGER_DARK);
    }

    @Test
    void longTitlesSplitIntoAHeadlineAndADetail() {
        assertThat(ChartTheme.splitTitle("Memory per GPU on the most loaded stage: 71.4 of 80 GB"))
                .containsExactly("Memory per GPU on the most loaded stage", "71.4 of 80 GB");
        assertThat(ChartTheme.splitTitle(
                        "Communication on the critical path per step (of 4.31 s); bytes sent per GPU: TP 1 GB"))
                .containsExactly(
                        "Communication on the critical path per step (of 4.31 s)", "bytes sent per GPU: TP 1 GB");
        assertThat(ChartTheme.splitTitle(
                        "1F1B schedule, 4 stages (bubble 8.6% of the step; interleaved with v = 2 in the plan)"))
                .containsExactly(
                        "1F1B schedule, 4 stages", "bubble 8.6% of the step; interleaved with v = 2 in the plan");
        assertThat(ChartTheme.splitTitle("Time to first token against the rate"))
                .containsExactly("Time to first token against the rate");
        assertThat(ChartTheme.splitTitle("A title that is long enough to split but has no separator at all"))
                .containsExactly("A title that is long enough to split but has no separator at all");
    }

    @Test
    void logAxesAreTickedAtOneTwoFiveAsDrawn() {
        Map<String, ChartSamples.Sample> all = ChartSamples.all(true);
        List<NiceLogAxis> logAxes = new ArrayList<>();
        for (String name : List.of("ttft", "tpot", "roofline")) {
            ChartSamples.Sample s = all.get(name);
            XYPlot plot = s.chart().getXYPlot();
            ChartRenderingInfo info = draw(s);
            Rectangle2D area = info.getPlotInfo().getDataArea();
            Graphics2D g2 = new BufferedImage(10, 10, BufferedImage.TYPE_INT_ARGB).createGraphics();
            for (int i = 0; i < plot.getRangeAxisCount() + plot.getDomainAxisCount(); i++) {
                boolean range = i < plot.getRangeAxisCount();
                Axis axis = range ? plot.getRangeAxis(i) : plot.getDomainAxis(i - plot.getRangeAxisCount());
                if (!(axis instanceof LogAxis)) {
                    continue;
                }
                assertThat(axis).as(name).isInstanceOf(NiceLogAxis.class);
                logAxes.add((NiceLogAxis) axis);
                RectangleEdge edge = range ? plot.getRangeAxisEdge() : plot.getDomainAxisEdge();
                List<String> labels = new ArrayList<>();
                for (Object t : axis.refreshTicks(g2, new AxisState(), area, edge)) {
                    ValueTick tick = (ValueTick) t;
                    if (tick.getText() != null && !tick.getText().isEmpty()) {
                        labels.add(tick.getText());
                    }
                }
                assertThat(labels)
                        .as(name + " " + axis.getLabel())
                        .hasSizeGreaterThanOrEqualTo(3)
                        .allMatch(l -> l.matches(ONE_TWO_FIVE));
            }
        }
        assertThat(logAxes).hasSize(1 + 1 + 2);
        // the roofline's intensities run 0.5 to 20k FLOPs per byte: 1-2-5 fits across 900 pixels
        assertThat(logAxes.get(3).labelsFor(20))
                .startsWith("0.5", "1", "2", "5", "10")
                .endsWith("5k", "10k", "20k");
    }

    @Test
    void noLogAxisButTheOneTwoFiveOne() {
        noClasses()
                .that()
                .resideInAPackage("dev.sextant.app..")
                .and()
                .doNotHaveSimpleName("NiceLogAxis")
                .should()
                .callConstructor(LogAxis.class, String.class)
                .orShould()
                .callConstructor(LogAxis.class)
                .because("log axes are ticked at 1-2-5 with SI labels (NiceLogAxis)")
                .check(new ClassFileImporter()
                        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                        .importPackages("dev.sextant.app"));
    }

    @Test
    void heatmapCellsSayTheirValueInAContrastingColourAndOnHover() {
        for (boolean dark : new boolean[] {false, true}) {
            JFreeChart chart = ChartSamples.all(dark).get("rank-heatmap").chart();
            XYPlot plot = chart.getXYPlot();
            HeatmapRenderer r = (HeatmapRenderer) plot.getRenderer();
            XYZDataset data = (XYZDataset) plot.getDataset();
            int item = cell(data, 0, 4); // rank 1 of the top row
            assertThat(r.getDefaultToolTipGenerator().generateToolTip(data, 0, item))
                    .isEqualTo("llama-3.1-70b-instruct · rank 1: 62%");
            assertThat(r.getItemLabelGenerator(0, item).generateLabel(data, 0, item))
                    .isEqualTo("62%");
            assertThat(r.isItemLabelVisible(0, item)).isTrue();
            Color cellColour = (Color) r.getPaintScale().getPaint(0.62);
            assertThat(contrast((Color) r.getItemLabelPaint(0, item), cellColour))
                    .isGreaterThanOrEqualTo(4.5);
            for (double z = 0; z <= 1; z += 0.05) { // every colour of the scale
                Color c = (Color) r.getPaintScale().getPaint(z);
                assertThat(contrast(HeatmapRenderer.textOn(c), c))
                        .as("text on " + c)
                        .isGreaterThanOrEqualTo(4.5);
            }
            int small = cell(data, 2, 2); // mistral-large-2, rank 3
            assertThat(r.getDefaultToolTipGenerator().generateToolTip(data, 0, small))
                    .isEqualTo("mistral-large-2 · rank 3: 90%");
        }
        JFreeChart win = ChartSamples.all(false).get("winrate-heatmap").chart();
        HeatmapRenderer wr = (HeatmapRenderer) win.getXYPlot().getRenderer();
        XYZDataset wd = (XYZDataset) win.getXYPlot().getDataset();
        int item = cell(wd, 1, 4); // llama against qwen: 0.59
        assertThat(wr.getDefaultToolTipGenerator().generateToolTip(wd, 0, item))
                .isEqualTo("llama-3.1-70b-instruct · opponent qwen2.5-72b: 59%");
        assertThat(HeatmapRenderer.textOn(Color.WHITE)).isNotEqualTo(Color.WHITE);
        assertThat(HeatmapRenderer.textOn(new Color(0x0D1117))).isEqualTo(Color.WHITE);
        assertThat(ChartTips.percent(0.004)).isEqualTo("<1%");
        assertThat(ChartTips.percent(0.996)).isEqualTo(">99%");
        assertThat(ChartTips.percent(0)).isEqualTo("0%");
    }

    @Test
    void everyChartHasTooltipsOnItsItems() {
        ChartSamples.all(false).forEach((name, s) -> {
            draw(s);
            if (s.chart().getPlot() instanceof XYPlot xy) {
                for (int i = 0; i < xy.getRendererCount(); i++) {
                    XYItemRenderer r = xy.getRenderer(i);
                    if (r == null
                            || xy.getDataset(i) == null
                            || xy.getDataset(i).getItemCount(0) == 0) {
                        continue;
                    }
                    assertThat(r.getToolTipGenerator(0, 0)).as(name).isNotNull();
                    assertThat(r.getToolTipGenerator(0, 0).generateToolTip(xy.getDataset(i), 0, 0))
                            .as(name)
                            .isNotBlank()
                            .doesNotContain("null");
                }
            } else {
                CategoryPlot cp = (CategoryPlot) s.chart().getPlot();
                CategoryItemRenderer r = cp.getRenderer();
                assertThat(r.getToolTipGenerator(0, 0)).as(name).isNotNull();
                assertThat(r.getToolTipGenerator(0, 0).generateToolTip(cp.getDataset(), 0, 0))
                        .as(name)
                        .isNotBlank();
            }
        });
        JFreeChart ttft = ChartSamples.all(false).get("ttft").chart();
        var data = ttft.getXYPlot().getDataset();
        assertThat(ttft.getXYPlot().getRenderer().getToolTipGenerator(2, 0).generateToolTip(data, 2, 0))
                .isEqualTo("P99: " + ChartTips.number(data.getYValue(2, 0)) + " seconds at 0.5 requests/s");
        assertThat(ChartTips.number(0.71199)).isEqualTo("0.712");
        assertThat(ChartTips.number(12345.6)).isEqualTo("12,346");
        assertThat(ChartTips.number(0.000123456)).isEqualTo("0.000123");
    }

    // ------------------------------------------------------------------------------------------------ helpers

    private static ChartRenderingInfo draw(ChartSamples.Sample s) {
        ChartRenderingInfo info = new ChartRenderingInfo();
        s.chart().createBufferedImage(s.width(), s.height(), info);
        return info;
    }

    private static int cell(XYZDataset data, int column, int rowFromBottom) {
        for (int i = 0; i < data.getItemCount(0); i++) {
            if (data.getXValue(0, i) == column && data.getYValue(0, i) == rowFromBottom) {
                return i;
            }
        }
        throw new AssertionError("no cell " + column + ", " + rowFromBottom);
    }

    private static double contrast(Color a, Color b) {
        double la = luminance(a);
        double lb = luminance(b);
        return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
    }

    private static double luminance(Color c) {
        double[] ch = {c.getRed(), c.getGreen(), c.getBlue()};
        for (int i = 0; i < 3; i++) {
            double s = ch[i] / 255;
            ch[i] = s <= 0.04045 ? s / 12.92 : Math.pow((s + 0.055) / 1.055, 2.4);
        }
        return 0.2126 * ch[0] + 0.7152 * ch[1] + 0.0722 * ch[2];
    }

    private static List<Axis> axes(JFreeChart chart) {
        List<Axis> out = new ArrayList<>();
        if (chart.getPlot() instanceof XYPlot xy) {
            for (int i = 0; i < xy.getDomainAxisCount(); i++) {
                out.add(xy.getDomainAxis(i));
            }
            for (int i = 0; i < xy.getRangeAxisCount(); i++) {
                out.add(xy.getRangeAxis(i));
            }
        } else if (chart.getPlot() instanceof CategoryPlot cp) {
            out.add(cp.getDomainAxis());
            out.add(cp.getRangeAxis());
        }
        for (Title t : chart.getSubtitles()) {
            if (t instanceof PaintScaleLegend p) {
                out.add(p.getAxis());
            }
        }
        out.removeIf(a -> a == null);
        return out;
    }

    private static List<Marker> markers(JFreeChart chart) {
        List<Marker> out = new ArrayList<>();
        List<Collection<?>> all = new ArrayList<>();
        if (chart.getPlot() instanceof XYPlot xy) {
            all.add(xy.getDomainMarkers(Layer.FOREGROUND));
            all.add(xy.getDomainMarkers(Layer.BACKGROUND));
            all.add(xy.getRangeMarkers(Layer.FOREGROUND));
            all.add(xy.getRangeMarkers(Layer.BACKGROUND));
        } else if (chart.getPlot() instanceof CategoryPlot cp) {
            all.add(cp.getRangeMarkers(Layer.FOREGROUND));
            all.add(cp.getRangeMarkers(Layer.BACKGROUND));
        }
        for (Collection<?> c : all) {
            if (c != null) {
                c.forEach(m -> out.add((Marker) m));
            }
        }
        return out;
    }

    /** Every font a chart draws text in: titles, legend, axes, marker labels, item labels. */
    private static List<Font> fonts(JFreeChart chart) {
        List<Font> out = new ArrayList<>();
        if (chart.getTitle() != null) {
            out.add(chart.getTitle().getFont());
        }
        for (Title t : chart.getSubtitles()) {
            if (t instanceof TextTitle tt) {
                out.add(tt.getFont());
            } else if (t instanceof LegendTitle l) {
                out.add(l.getItemFont());
            }
        }
        for (Axis a : axes(chart)) {
            out.add(a.getLabelFont());
            out.add(a.getTickLabelFont());
        }
        for (Marker m : markers(chart)) {
            out.add(m.getLabelFont());
        }
        List<Object> renderers = new ArrayList<>();
        if (chart.getPlot() instanceof XYPlot xy) {
            for (int i = 0; i < xy.getRendererCount(); i++) {
                renderers.add(xy.getRenderer(i));
            }
        } else if (chart.getPlot() instanceof CategoryPlot cp) {
            renderers.add(cp.getRenderer());
        }
        for (Object r : renderers) {
            if (r instanceof AbstractRenderer ar) {
                out.add(ar.getDefaultItemLabelFont());
                out.add(ar.getDefaultLegendTextFont());
            }
        }
        out.removeIf(f -> f == null);
        return out;
    }
}
