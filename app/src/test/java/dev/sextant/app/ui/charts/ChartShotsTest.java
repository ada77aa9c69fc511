package dev.sextant.app.ui.charts;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import javax.imageio.ImageIO;
import org.jfree.chart.ChartRenderingInfo;
import org.junit.jupiter.api.Test;

/**
 * Draws every chart in both themes at the size the views use, to PNG files for looking at
 * ({@code -Dsextant.chartShots=/tmp/charts-shots}, otherwise a temporary folder), and checks that each drew.
 */
class ChartShotsTest {

    @Test
    void everyChartDrawsInBothThemes() throws Exception {
        String dir = System.getProperty("sextant.chartShots");
        Path out = dir == null ? Files.createTempDirectory("charts-shots") : Files.createDirectories(Path.of(dir));
        for (boolean dark : new boolean[] {false, true}) {
            for (Map.Entry<String, ChartSamples.Sample> e : ChartSamples.all(dark).entrySet()) {
                ChartSamples.Sample s = e.getValue();
                ChartRenderingInfo info = new ChartRenderingInfo();
                BufferedImage image = s.chart().createBufferedImage(s.width(), s.height(), info);
                ImageIO.write(image, "png", new File(out.toFile(), e.getKey() + (dark ? "-dark" : "-light") + ".png"));
                assertThat(info.getPlotInfo().getDataArea().getHeight()).as(e.getKey()).isGreaterThan(20);
            }
        }
    }
}
