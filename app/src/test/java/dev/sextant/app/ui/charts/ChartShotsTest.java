package dev.sextant.app.ui.charts;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import javax.imageio.ImageIO;
import org.jfree.chart.ChartRenderingInfo;
import org.jfree.chart.entity.TitleEntity;
import org.jfree.chart.title.TextTitle;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Draws every chart in both themes at the size the views use, to PNG files for looking at
 * ({@code -Dsextant.chartShots=/tmp/charts-shots}, otherwise a temporary folder), and checks that each drew with its
 * titles inside the picture and above the plot.
 */
class ChartShotsTest {

    @TempDir
    Path tmp;

    @Test
    void everyChartDrawsInBothThemes() throws Exception {
        String dir = System.getProperty("sextant.chartShots");
        Path out = dir == null ? tmp : Files.createDirectories(Path.of(dir));
        for (boolean dark : new boolean[] {false, true}) {
            for (Map.Entry<String, ChartSamples.Sample> e :
                    ChartSamples.all(dark).entrySet()) {
                ChartSamples.Sample s = e.getValue();
                String name = e.getKey() + (dark ? "-dark" : "-light");
                // the size the view gives it, and a narrow pane beside a form
                for (int width : new int[] {s.width(), 460}) {
                    ChartRenderingInfo info = new ChartRenderingInfo();
                    BufferedImage image = s.chart().createBufferedImage(width, s.height(), info);
                    if (width == s.width()) {
                        ImageIO.write(image, "png", new File(out.toFile(), name + ".png"));
                    }
                    Rectangle2D plot = info.getPlotInfo().getDataArea();
                    assertThat(plot.getHeight()).as(name).isGreaterThan(20);
                    int titles = 0;
                    for (Object o : info.getEntityCollection().getEntities()) {
                        if (o instanceof TitleEntity t && t.getTitle() instanceof TextTitle title) {
                            titles++;
                            Rectangle2D b = t.getArea().getBounds2D();
                            assertThat(b.getMinX())
                                    .as(name + " title clipped at " + width)
                                    .isGreaterThanOrEqualTo(0);
                            assertThat(b.getMaxX())
                                    .as(name + " title clipped at " + width)
                                    .isLessThanOrEqualTo(width);
                            assertThat(b.getMaxY())
                                    .as(name + " title over the plot at " + width + ": " + title.getText())
                                    .isLessThanOrEqualTo(plot.getMinY());
                        }
                    }
                    assertThat(titles)
                            .as(name)
                            .isEqualTo(
                                    s.chart().getTitle() == null
                                            ? 0
                                            : s.chart().getSubtitles().stream()
                                                            .filter(t -> t instanceof TextTitle)
                                                            .count()
                                                    + 1);
                }
            }
        }
    }
}
