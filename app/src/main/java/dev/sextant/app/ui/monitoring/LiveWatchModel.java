package dev.sextant.app.ui.monitoring;

import dev.sextant.app.Failures;
import dev.sextant.app.monitoring.OtlpReceiver;
import dev.sextant.app.monitoring.WatchSession;
import dev.sextant.app.study.MonitoringStudy;
import dev.sextant.app.study.TrafficWatch;
import dev.sextant.app.ui.shell.ShellModel;
import dev.sextant.model.BadInputException;
import dev.sextant.model.InputError;
import dev.sextant.model.monitoring.CanaryWatch;
import dev.sextant.model.monitoring.LiveMonitor;
import dev.sextant.model.monitoring.TrafficMonitor;
import dev.sextant.workspaces.Workspace;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * Monitoring ▸ Live: a log file followed or OTLP received while the user watches — each window's alerts as it closes,
 * newest first, and the canary's verdict against its rollback thresholds. Every judged window is kept in the project
 * (one import), so that after Stop it is analysed like any import. Runs on its own threads (not the job queue, which it
 * would hold for as long as it watches); what it reports reaches the FX thread through the job runner's delivery.
 */
public final class LiveWatchModel {

    /** Events listed at most (the oldest dropped). */
    static final int LISTED = 500;

    /** A line of the live list: a window closed, an alert, a drift, a verdict, a note. */
    public record Event(
            long atMillis, String kind, String metric, String segment, String value, String severity, String detail) {}

    private final ShellModel shell;
    private final Runnable onStopped;
    private final StringProperty source = new SimpleStringProperty("file");
    private final StringProperty file = new SimpleStringProperty("");
    private final StringProperty port = new SimpleStringProperty(Integer.toString(OtlpReceiver.DEFAULT_PORT));
    private final StringProperty window = new SimpleStringProperty("1m");
    private final StringProperty by = new SimpleStringProperty("route");
    private final StringProperty baseline = new SimpleStringProperty("route=stable");
    private final StringProperty canary = new SimpleStringProperty("route=canary");
    private final StringProperty rollback = new SimpleStringProperty("");
    private final StringProperty qualityProxy = new SimpleStringProperty("");
    private final BooleanProperty watching = new SimpleBooleanProperty(false);
    private final StringProperty status = new SimpleStringProperty("");
    private final StringProperty problem = new SimpleStringProperty("");
    private final StringProperty problemField = new SimpleStringProperty("");
    private final ObjectProperty<CanaryWatch.Verdict> verdict = new SimpleObjectProperty<>();
    private final ObservableList<Event> events = FXCollections.observableArrayList();
    private WatchSession session;
    private boolean skippedQuality;

    /** @param onStopped after a watch stops (the kept import is then listed) */
    public LiveWatchModel(ShellModel shell, Runnable onStopped) {
        this.shell = shell;
        this.onStopped = onStopped;
        shell.currentProjectProperty().addListener((o, a, b) -> stop());
        shell.workspaceProperty().addListener((o, a, b) -> stop());
    }

    /** Starts watching with the settings on the form; a setting that cannot be read is named and nothing starts. */
    public void start() {
        if (session != null) {
            return;
        }
        Workspace ws = shell.workspaceProperty().get();
        var project = shell.currentProjectProperty().get();
        try {
            InputError.require(
                    ws != null && project != null,
                    "monitor.project",
                    "Open a project first: the watched windows are kept in it.");
            long w = MonitoringStudy.windowMillis(window.get());
            List<String> cols = list(by.get());
            Map<String, String> group = segment("monitor.baseline", "Baseline group", baseline.get());
            Map<String, String> canarySeg = segment("monitor.canary", "Canary", canary.get());
            TrafficMonitor.Settings settings = new TrafficMonitor.Settings(w, cols, 12, group);
            skippedQuality = false;
            CanaryWatch canaryWatch = canarySeg == null ? null : canaryWatch(ws, project.id(), canarySeg, group);
            boolean otlp = source.get().equals("otlp");
            Integer otlpPort = null;
            if (otlp) {
                try {
                    otlpPort = Integer.parseInt(port.get().strip());
                    InputError.require(
                            otlpPort >= 0 && otlpPort < 65536, "monitor.port", "Port: a number from 0 to 65535");
                } catch (NumberFormatException e) {
                    throw new InputError(
                            "monitor.port", "Port: '" + port.get() + "' is not a port number (4318 is OTLP/HTTP's)");
                }
            } else {
                InputError.require(
                        file.get() != null && !file.get().isBlank(), "monitor.file", "Choose the log file to follow.");
            }
            String name = "watch "
                    + Instant.now()
                            .truncatedTo(ChronoUnit.SECONDS)
                            .toString()
                            .replace("T", " ")
                            .replace("Z", "");
            TrafficWatch watch = new TrafficWatch(
                    settings,
                    null,
                    Math.min(w / 2, 10_000),
                    canaryWatch,
                    listener(),
                    new TrafficWatch.Keep(ws, project.id(), name));
            session = new WatchSession(
                    watch,
                    otlp ? List.of() : List.of(Path.of(file.get().strip())),
                    false,
                    Map.of(),
                    "127.0.0.1",
                    otlpPort,
                    note -> shell.jobs()
                            .deliver(() -> add(new Event(System.currentTimeMillis(), "note", "", "", "", "", note))));
            events.clear();
            verdict.set(null);
            problem.set("");
            problemField.set("");
            watching.set(true);
            status.set(
                    otlp
                            ? "Receiving OTLP/HTTP at http://127.0.0.1:" + session.otlpPort() + "/v1/traces — kept as “"
                                    + name + "”"
                            : "Following " + file.get().strip() + " — kept as “" + name + "”");
            if (skippedQuality) {
                add(new Event(
                        System.currentTimeMillis(),
                        "note",
                        "",
                        "",
                        "",
                        "",
                        "the canary plan's quality threshold is not watched: name the " + "quality proxy it reads"));
            }
        } catch (InputError | BadInputException e) {
            problem.set(Failures.message(e));
            problemField.set(InputError.fieldOf(e));
        }
    }

    /** Stops watching: the last windows judged and kept (off the FX thread), then the kept import listed. */
    public void stop() {
        WatchSession s = session;
        if (s == null) {
            return;
        }
        session = null;
        status.set("Stopping: judging the last windows…");
        Thread t = new Thread(
                () -> {
                    String outcome;
                    try {
                        s.close();
                        TrafficWatch w = s.watch();
                        outcome = String.format(
                                Locale.ROOT,
                                "Watched %,d requests (%,d late); %,d kept in the project.",
                                w.received(),
                                w.late(),
                                w.kept());
                    } catch (RuntimeException e) {
                        outcome = "The watch stopped with a problem: " + Failures.message(e);
                    }
                    String done = outcome;
                    shell.jobs().deliver(() -> {
                        watching.set(false);
                        status.set(done);
                        onStopped.run();
                    });
                },
                "watch-stop");
        t.setDaemon(true);
        t.start();
    }

    private TrafficWatch.Listener listener() {
        return new TrafficWatch.Listener() {
            @Override
            public void window(LiveMonitor.Closed c) {
                List<Event> es = new ArrayList<>();
                es.add(new Event(
                        c.startMillis(),
                        "window",
                        "",
                        "",
                        String.format(Locale.ROOT, "%,d requests", c.requests()),
                        "",
                        c.alerts().isEmpty() && c.drift().isEmpty()
                                ? "no alerts"
                                : c.alerts().size() + " alerts, " + c.drift().size() + " drift"));
                for (TrafficMonitor.Alert a : c.alerts()) {
                    es.add(new Event(
                            a.startMillis(),
                            "alert",
                            a.metric(),
                            a.segment().isEmpty() ? "all" : a.segment().toString(),
                            String.format(Locale.ROOT, "%.4g (baseline %.4g)", a.value(), a.baseline()),
                            a.severity(),
                            "e.g. "
                                    + String.join(
                                            ", ",
                                            a.requests()
                                                    .subList(
                                                            0,
                                                            Math.min(
                                                                    3,
                                                                    a.requests().size())))));
                }
                for (TrafficMonitor.Drift d : c.drift()) {
                    es.add(new Event(
                            d.startMillis(),
                            "drift",
                            d.column(),
                            d.segment().isEmpty() ? "all" : d.segment().toString(),
                            String.format(Locale.ROOT, "PSI %.2f", d.psi()),
                            d.severity(),
                            "against the first windows"));
                }
                shell.jobs().deliver(() -> es.forEach(LiveWatchModel.this::add));
            }

            @Override
            public void verdict(CanaryWatch.Verdict v) {
                shell.jobs().deliver(() -> {
                    CanaryWatch.Verdict before = verdict.get();
                    verdict.set(v);
                    if (before == null || !before.verdict().equals(v.verdict())) {
                        add(new Event(
                                v.atMillis(),
                                "canary",
                                "",
                                "",
                                v.verdict(),
                                v.verdict().equals("roll back") ? "critical" : "",
                                v.reason()));
                    }
                });
            }

            @Override
            public void note(String message) {
                shell.jobs().deliver(() -> add(new Event(System.currentTimeMillis(), "note", "", "", "", "", message)));
            }
        };
    }

    private void add(Event e) {
        events.add(0, e);
        if (events.size() > LISTED) {
            events.remove(LISTED, events.size());
        }
    }

    private CanaryWatch canaryWatch(
            Workspace ws, UUID projectId, Map<String, String> canarySeg, Map<String, String> baselineSeg) {
        Map<String, String> given = new LinkedHashMap<>();
        if (rollback.get() != null && !rollback.get().isBlank()) {
            for (String part : rollback.get().split(",")) {
                String[] kv = part.split("=", 2);
                InputError.require(
                        kv.length == 2,
                        "monitor.rollback",
                        "Rollback thresholds: write METRIC=VALUE, e.g. error_rate=0.02");
                given.put(kv[0].strip(), kv[1].strip());
            }
        }
        try {
            MonitoringStudy.CanaryJudge judge =
                    MonitoringStudy.canaryJudge(ws, projectId, canarySeg, baselineSeg, given, 1000, qualityProxy.get());
            skippedQuality = judge.qualitySkipped();
            return judge.watch();
        } catch (InputError e) {
            throw new InputError(
                    e.field(),
                    (e.field().equals("monitor.rollback") ? "Rollback thresholds: " : "Quality proxy: ")
                            + e.getMessage());
        }
    }

    /** Comma-separated column names, lower case (the forms' "Segments by"). */
    static List<String> list(String text) {
        return text == null || text.isBlank()
                ? List.of()
                : Arrays.stream(text.split(","))
                        .map(x -> x.strip().toLowerCase(Locale.ROOT))
                        .filter(x -> !x.isEmpty())
                        .toList();
    }

    /** A form's COLUMN=VALUE[,…] segment (a baseline group, a canary); null when blank; an input error naming the field otherwise. */
    static Map<String, String> segment(String field, String label, String text) {
        if (text == null || text.isBlank()) {
            return null;
        }
        Map<String, String> out = new LinkedHashMap<>();
        for (String part : text.split(",")) {
            String[] kv = part.split("=", 2);
            InputError.require(
                    kv.length == 2 && !kv[0].isBlank(), field, label + ": write COLUMN=VALUE, e.g. route=canary");
            out.put(kv[0].strip().toLowerCase(Locale.ROOT), kv[1].strip());
        }
        return out;
    }

    public ShellModel shell() {
        return shell;
    }

    public boolean isWatching() {
        return watching.get();
    }

    public BooleanProperty watchingProperty() {
        return watching;
    }

    public StringProperty sourceProperty() {
        return source;
    }

    public StringProperty fileProperty() {
        return file;
    }

    public StringProperty portProperty() {
        return port;
    }

    public StringProperty windowProperty() {
        return window;
    }

    public StringProperty byProperty() {
        return by;
    }

    public StringProperty baselineProperty() {
        return baseline;
    }

    public StringProperty canaryProperty() {
        return canary;
    }

    public StringProperty rollbackProperty() {
        return rollback;
    }

    public StringProperty qualityProxyProperty() {
        return qualityProxy;
    }

    public StringProperty statusProperty() {
        return status;
    }

    public StringProperty problemProperty() {
        return problem;
    }

    public StringProperty problemFieldProperty() {
        return problemField;
    }

    public ObjectProperty<CanaryWatch.Verdict> verdictProperty() {
        return verdict;
    }

    public ObservableList<Event> events() {
        return events;
    }
}
