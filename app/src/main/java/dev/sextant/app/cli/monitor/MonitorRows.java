package dev.sextant.app.cli.monitor;

import dev.sextant.model.monitoring.TrafficMonitor;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Alerts and drift as the monitor commands answer them (times ISO-8601 UTC) and print them, one way for all. */
final class MonitorRows {

    private MonitorRows() {}

    /** pValue: null for burn-rate alerts (a threshold, not a test); for them value is the window's burn, baseline the stretch's. */
    record AlertRow(
            String start,
            String end,
            String metric,
            Map<String, String> segment,
            double value,
            double baseline,
            TrafficMonitor.Effect effect,
            Double pValue,
            String severity,
            int windowRequests,
            List<String> requests) {}

    record DriftRow(
            String start,
            String end,
            String column,
            Map<String, String> segment,
            double psi,
            String severity,
            int windowRequests) {}

    static AlertRow alert(TrafficMonitor.Alert a) {
        return new AlertRow(
                Instant.ofEpochMilli(a.startMillis()).toString(),
                Instant.ofEpochMilli(a.endMillis()).toString(),
                a.metric(),
                a.segment(),
                a.value(),
                a.baseline(),
                a.effect(),
                Double.isNaN(a.pValue()) ? null : a.pValue(),
                a.severity(),
                a.windowRequests(),
                a.requests());
    }

    static DriftRow drift(TrafficMonitor.Drift d) {
        return new DriftRow(
                Instant.ofEpochMilli(d.startMillis()).toString(),
                Instant.ofEpochMilli(d.endMillis()).toString(),
                d.column(),
                d.segment(),
                d.psi(),
                d.severity(),
                d.windowRequests());
    }

    static String line(AlertRow a) {
        return String.format(
                Locale.ROOT,
                "%s  %-8s %-18s %s: %.4g against %.4g (change %.4g, %.4g to %.4g%s; %d requests), e.g. %s",
                a.start(),
                a.severity(),
                a.metric(),
                a.segment().isEmpty() ? "all" : a.segment(),
                a.value(),
                a.baseline(),
                a.effect().value(),
                a.effect().low(),
                a.effect().high(),
                a.pValue() == null ? "" : "; p " + p(a.pValue()),
                a.windowRequests(),
                String.join(
                        ", ", a.requests().subList(0, Math.min(3, a.requests().size()))));
    }

    /** A p-value as "= 0.0031", or "< 1e-16" where double precision has run out. */
    static String p(double p) {
        return p < 1e-16 ? "< 1e-16" : String.format(Locale.ROOT, "= %.2g", p);
    }

    static String line(DriftRow d) {
        return String.format(
                Locale.ROOT,
                "%s  drift    %-18s %s: PSI up to %.2f (%s) against the first windows, until %s",
                d.start(),
                d.column(),
                d.segment().isEmpty() ? "all" : d.segment(),
                d.psi(),
                d.severity(),
                d.end());
    }
}
