package dev.sextant.app.logging;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.rolling.FixedWindowRollingPolicy;
import ch.qos.logback.core.rolling.RollingFileAppender;
import ch.qos.logback.core.rolling.SizeBasedTriggeringPolicy;
import ch.qos.logback.core.util.FileSize;
import java.nio.file.Path;
import org.slf4j.LoggerFactory;

/**
 * Sends the log to {@code logs/sextant.log} in the open workspace's folder (rolled at 5 MB, three kept), switching
 * file when the user switches workspace. Until a workspace is open only warnings reach stderr ({@link DefaultLogConfig}).
 */
public final class LogSetup {

    private static final String APPENDER = "workspace-file";
    public static final String FILE_NAME = "sextant.log";
    private static volatile Path current;

    private LogSetup() {}

    public static synchronized Path logToWorkspace(Path logDir) {
        if (!(LoggerFactory.getILoggerFactory() instanceof LoggerContext ctx)) {
            return null; // another SLF4J binding, e.g. in a test harness
        }
        Logger root = ctx.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        var old = root.getAppender(APPENDER);
        if (old != null) {
            root.detachAppender(old);
            old.stop();
        }
        Path file = logDir.resolve(FILE_NAME);

        PatternLayoutEncoder encoder = new PatternLayoutEncoder();
        encoder.setContext(ctx);
        encoder.setPattern("%d{yyyy-MM-dd HH:mm:ss.SSS} %-5level [%thread] %logger{36} - %msg%n");
        encoder.start();

        RollingFileAppender<ILoggingEvent> appender = new RollingFileAppender<>();
        appender.setContext(ctx);
        appender.setName(APPENDER);
        appender.setFile(file.toString());
        appender.setEncoder(encoder);

        FixedWindowRollingPolicy rolling = new FixedWindowRollingPolicy();
        rolling.setContext(ctx);
        rolling.setParent(appender);
        rolling.setFileNamePattern(logDir.resolve("sextant.%i.log").toString());
        rolling.setMinIndex(1);
        rolling.setMaxIndex(3);
        rolling.start();

        SizeBasedTriggeringPolicy<ILoggingEvent> trigger = new SizeBasedTriggeringPolicy<>();
        trigger.setContext(ctx);
        trigger.setMaxFileSize(FileSize.valueOf("5MB"));
        trigger.start();

        appender.setRollingPolicy(rolling);
        appender.setTriggeringPolicy(trigger);
        appender.start();
        root.addAppender(appender);
        current = file;
        return file;
    }

    /** The file the log goes to now, or null before one is set. */
    public static Path currentFile() {
        return current;
    }

    /**
     * Stops logging to the console: the command line owns stdout and stderr (one JSON document, one-line errors),
     * so its log goes to the file only.
     */
    public static synchronized void quietConsole() {
        if (DefaultLogConfig.quietUnlessConfigured()) {
            return; // logging is set up without the console when first used, if ever (setting it up costs ~80 ms)
        }
        if (LoggerFactory.getILoggerFactory() instanceof LoggerContext ctx) {
            Logger root = ctx.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
            var console = root.getAppender(DefaultLogConfig.CONSOLE);
            if (console != null) {
                root.detachAppender(console);
                console.stop();
            }
        }
    }
}
