package dev.sextant.workspaces;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Settings through the real settings file: remembered column widths, the currency, and files written before them. */
class SettingsTest {

    @TempDir
    Path tmp;

    @Test
    void columnWidthsAndCurrencyRoundTripThroughTheSettingsFile() {
        WorkspaceHome home = new WorkspaceHome(tmp.resolve("home"));
        home.save(home.settings()
                .withCurrency("EUR")
                .withColumnWidths(Map.of(Settings.columnKey("EvaluationView.summaryTable", "SE clustered"), 131.0)));
        home.save(home.settings()
                .withColumnWidths(Map.of(Settings.columnKey("TrainingView.plansTable", "Layout"), 240.0)));

        Settings read = new WorkspaceHome(tmp.resolve("home")).settings();
        assertThat(read.currency()).isEqualTo("EUR");
        assertThat(read.columnWidths())
                .containsEntry("EvaluationView.summaryTable/SE clustered", 131.0)
                .containsEntry("TrainingView.plansTable/Layout", 240.0); // added to, not replaced
        assertThat(read.withTheme("dark").columnWidths()).isEqualTo(read.columnWidths());
    }

    @Test
    void aSettingsFileFromBeforeWidthsAndCurrencyReadsWithTheDefaults() throws Exception {
        WorkspaceHome home = new WorkspaceHome(tmp.resolve("home"));
        Files.createDirectories(home.root());
        Files.writeString(
                home.settingsFile(), "{\"theme\":\"dark\",\"openLastWorkspace\":false,\"recentWorkspaces\":[]}");
        Settings s = home.settings();
        assertThat(s.theme()).isEqualTo("dark");
        assertThat(s.currency()).isEqualTo("$");
        assertThat(s.columnWidths()).isEmpty();
        assertThat(s.window()).isNull();
        assertThat(s.spark().master()).isEqualTo("local[*]");
        assertThat(s.spark().conf()).isEmpty();
    }

    @Test
    void theSparkMasterAndSettingsRoundTripAndTheirTextIsReadLineByLine() {
        WorkspaceHome home = new WorkspaceHome(tmp.resolve("home"));
        Map<String, String> conf =
                Settings.Spark.parseConf("# executors\nspark.executor.memory = 8g\n\nspark.executor.cores=4\n");
        assertThat(conf)
                .containsExactly(Map.entry("spark.executor.memory", "8g"), Map.entry("spark.executor.cores", "4"));
        home.save(home.settings().withSpark(new Settings.Spark(" spark://10.0.0.5:7077 ", conf)));
        home.save(home.settings().withTheme("dark"));
        Settings.Spark read = new WorkspaceHome(tmp.resolve("home")).settings().spark();
        assertThat(read.master()).isEqualTo("spark://10.0.0.5:7077");
        assertThat(read.conf()).isEqualTo(conf);
        assertThat(read.confText()).isEqualTo("spark.executor.cores=4\nspark.executor.memory=8g\n");
        assertThatThrownBy(() -> Settings.Spark.parseConf("spark.a=1\nnot a setting"))
                .hasMessage("line 2: expected key=value, got 'not a setting'");
    }

    @Test
    void theWindowsPlaceRoundTripsAndSurvivesOtherChanges() {
        WorkspaceHome home = new WorkspaceHome(tmp.resolve("home"));
        home.save(home.settings().withWindow(new Settings.Window(40, 30, 1200, 800, true)));
        home.save(home.settings().withCurrency("EUR").withTheme("dark"));
        Settings.Window w = new WorkspaceHome(tmp.resolve("home")).settings().window();
        assertThat(w).isEqualTo(new Settings.Window(40, 30, 1200, 800, true));
        assertThat(w.usable()).isTrue();
        assertThat(new Settings.Window(0, 0, 20, 800, false).usable()).isFalse();
        assertThat(new Settings.Window(Double.NaN, 0, 1200, 800, false).usable())
                .isFalse();
    }

    @Test
    void moneyIsMarkedBeforeWithASymbolAndAfterWithACode() {
        assertThat(Settings.defaults().money("%,.0f", 1234.4)).isEqualTo("$1,234");
        assertThat(Settings.defaults().withCurrency("€").money("%,.2f", 2.5)).isEqualTo("€2.50");
        assertThat(Settings.defaults().withCurrency("EUR").money("%,.0f", 680)).isEqualTo("680 EUR");
        assertThat(Settings.defaults().withCurrency(" ").currency()).isEqualTo("$");
    }
}
