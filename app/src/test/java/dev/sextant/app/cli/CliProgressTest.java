package dev.sextant.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

class CliProgressTest {

    @Test
    void drawsPercentAndMessageInPlaceAndClearsWhenDone() {
        StringWriter s = new StringWriter();
        CliProgress p = new CliProgress(new PrintWriter(s), true);
        p.progress(0.25, "exporting PROJECT");
        p.progress(0.26, "throttled: within 200 ms of the last line");
        p.progress(1, "done");
        p.done();
        assertThat(s.toString()).isEqualTo("\r\033[2K[ 25%] exporting PROJECT\r\033[2K[100%] done\r\033[2K");
    }

    @Test
    void unknownTotalsShowNoPercentAndDisabledMeansSilent() {
        StringWriter s = new StringWriter();
        new CliProgress(new PrintWriter(s), true).progress(Double.NaN, "opening");
        assertThat(s.toString()).isEqualTo("\r\033[2K[ ... ] opening");
        StringWriter quiet = new StringWriter();
        CliProgress off = new CliProgress(new PrintWriter(quiet), false);
        off.progress(0.5, "x");
        off.done();
        assertThat(quiet.toString()).isEmpty();
    }
}
