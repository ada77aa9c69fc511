package dev.sextant.app.logging;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.filter.ThresholdFilter;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.classic.spi.ConfiguratorRank;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.spi.ContextAwareBase;
import org.slf4j.Logger;

/**
 * The log's start-up configuration, in code rather than a {@code logback.xml} so that no XML parser is loaded for it
 * (a tenth of a second of every command's start): until a workspace is open, and always for warnings, stderr (never
 * stdout, which carries the command line's JSON); the database and Spark/Hadoop at warnings only, since Spark and Hadoop
 * say a few lines a task at INFO and a million-unit job would bury the workbench's own log. {@link LogSetup} adds the
 * workspace's file. Found by logback through {@code META-INF/services}, ahead of its own XML lookup.
 */
@ConfiguratorRank(ConfiguratorRank.CUSTOM_HIGH_PRIORITY)
public final class DefaultLogConfig extends ContextAwareBase implements Configurator {

    static final String CONSOLE = "STDERR";

    private static boolean configured;
    private static boolean quiet;

    /**
     * Before logging is set up: has it set up without the console, and answers true. After: false (the console
     * appender is then to be detached).
     */
    static synchronized boolean quietUnlessConfigured() {
        if (!configured) {
            quiet = true;
        }
        return !configured;
    }

    private static synchronized boolean configuredQuiet() {
        configured = true;
        return quiet;
    }

    @Override
    public ExecutionStatus configure(LoggerContext ctx) {
        boolean noConsole = configuredQuiet();
        PatternLayoutEncoder encoder = new PatternLayoutEncoder();
        encoder.setContext(ctx);
        encoder.setPattern("%d{HH:mm:ss} %-5level %logger{0} - %msg%n");
        encoder.start();

        ThresholdFilter warnings = new ThresholdFilter();
        warnings.setLevel("WARN");
        warnings.start();

        ConsoleAppender<ILoggingEvent> console = new ConsoleAppender<>();
        console.setContext(ctx);
        console.setName(CONSOLE);
        console.setTarget("System.err");
        console.setEncoder(encoder);
        console.addFilter(warnings);
        console.start();

        for (String quiet : new String[] {"h2database", "org.apache.spark", "org.apache.hadoop", "org.sparkproject"}) {
            ctx.getLogger(quiet).setLevel(Level.WARN);
        }
        ch.qos.logback.classic.Logger root = ctx.getLogger(Logger.ROOT_LOGGER_NAME);
        root.setLevel(Level.INFO);
        if (!noConsole) {
            root.addAppender(console);
        }
        return ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY;
    }
}
